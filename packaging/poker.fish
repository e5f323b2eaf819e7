# fish completion for poker: subcommands (verify's format subcommands too),
# options with their descriptions, file names for FILE operands and after
# -i, -o and --answers, nothing after card and number options. Read from
# `poker --help` and `poker SUBCOMMAND --help` as the bash completion reads
# them (packaging/poker.bash), so a new subcommand or option needs nothing here.

# The help of the command typed so far (`poker verify euler --help`).
function __poker_help
    set -l tokens (commandline -opc)
    set -l path
    set -l help (command $tokens[1] --help 2>/dev/null)
    for token in $tokens[2..-1]
        if contains -- $token (printf '%s\n' $help | __poker_subcommand_names)
            set -a path $token
            set help (command $tokens[1] $path --help 2>/dev/null)
        end
    end
    printf '%s\n' $help
end

function __poker_subcommand_names
    sed -n '/^Subcommands:$/,/^$/s/^  \([[:alnum:]][^ ]*\).*/\1/p'
end

# "NAME<tab>description" for the subcommands of the help on stdin.
function __poker_subcommand_entries
    sed -n '/^Subcommands:$/,/^$/s/^  \([[:alnum:]][^ ]*\)  *\(.*\)/\1\t\2/p'
end

# "NAME VALUE" for each option name of the help on stdin (VALUE: flag, N, FILE, CARDS...).
function __poker_option_types
    sed -n '/^Options:$/,/^$/{
      /^ *-/!d
      s/^ *//
      s/  .*//
      p
    }' | while read -l entry
        set -l value flag
        set -l names $entry
        if string match -q '*=*' -- $entry
            set value (string split -m1 = -- $entry)[2]
            set names (string split -m1 = -- $entry)[1]
        else if not string match -q -- '-*' (string split ' ' -- $entry)[-1]
            set value (string split ' ' -- $entry)[-1]
            set names (string split ' ' -- $entry)[1]
        end
        for name in (string split ', ' -- $names)
            echo "$name $value"
        end
    end
end

# The value name of the option before the cursor, if it takes one.
function __poker_previous_value
    set -l tokens (commandline -opc)
    set -l previous $tokens[-1]
    __poker_help | __poker_option_types | string match -r -- "^"(string escape --style=regex -- $previous)" (.*)\$" |
        tail -n 1 | string replace -r -- '^.* ' ''
end

function __poker_candidates
    set -l value (__poker_previous_value)
    if test -n "$value" -a "$value" != flag
        test "$value" = FILE; and __fish_complete_path (commandline -ct)
        return
    end
    set -l help (__poker_help)
    if string match -q -- '-*' (commandline -ct)
        printf '%s\n' $help | __poker_option_types | string replace -r ' .*' ''
        return
    end
    printf '%s\n' $help | __poker_subcommand_entries
    if printf '%s\n' $help | sed -n '/^Arguments:$/,/^$/p' | string match -q -r '^  FILE '
        __fish_complete_path (commandline -ct)
    end
end

complete -c poker -e
complete -c poker -f -a '(__poker_candidates)'
