# fish completion for poker: subcommands (verify's format subcommands too)
# and options with their whole descriptions, file names for FILE operands and
# after -i, -o and --answers, folder names after --gradescope (a DIR), the values an option or operand takes when its
# help lists them ("one of: a, b, c"), nothing after card and number options. Read from
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

# "SECTION<tab>NAMES<tab>DESCRIPTION" for each entry of the help on stdin,
# a description the help wraps joined into one line (packaging/poker.bash:
# _poker_help_entries).
function __poker_help_entries
    awk '
      function flush() { if (names != "") print section "\t" names "\t" text; names = ""; text = "" }
      /^(Arguments|Options|Subcommands):$/ { flush(); section = substr($0, 1, length($0) - 1); next }
      /^$/ || /^[^ ]/ { flush(); section = ""; next }
      section == "" { next }
      /^                        / { sub(/^ +/, ""); text = text (text == "" ? "" : " ") $0; next }
      {
        flush(); sub(/^ +/, "")
        gap = index($0, "  ")
        if (gap == 0) { names = $0; next }
        names = substr($0, 1, gap - 1); text = substr($0, gap); sub(/^ +/, "", text)
      }
      END { flush() }'
end

# The values that option or operand $argv[1] takes (every operand's when it
# is empty), from the entries on stdin: those listed after "one of: ".
function __poker_help_values
    awk -F '\t' -v name="$argv[1]" '
      {
        found = name == "" && $1 == "Arguments"
        n = split($2, names, /, /)
        for (i = 1; i <= n; i++) { sub(/[= ].*/, "", names[i]); if (names[i] == name) found = 1 }
        at = index($3, "one of: ")
        if (!found || at == 0) next
        list = substr($3, at + 8); sub(/[;.(].*/, "", list); gsub(/ or /, ", ", list); gsub(/ /, "", list)
        n = split(list, values, /,/)
        for (i = 1; i <= n; i++) if (values[i] != "") print values[i]
      }'
end

# "NAME<tab>description" for the subcommands, or for each name of the
# options ($argv[1]: Subcommands or Options), of the entries on stdin.
function __poker_described
    awk -F '\t' -v section="$argv[1]" '
      $1 == section {
        n = split($2, names, /, /)
        for (i = 1; i <= n; i++) { sub(/[= ].*/, "", names[i]); print names[i] "\t" $3 }
      }'
end

# "NAME VALUE" for each option name of the help on stdin (VALUE: flag, N, FILE, CARDS...;
# "INPUT,OUTPUT,ANSWER" for an option of several values).
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
            # "-x VALUE", "--name V1 V2 V3": the names, then the values
            set -l words (string split ' ' -- $entry)
            set names (string join ' ' -- (string match -- '-*' $words))
            set value (string join , -- (string match -v -- '-*' $words))
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
    set -l help (__poker_help)
    if test -n "$value" -a "$value" != flag
        # The options of several values (--kattis, --testlib) take file names.
        if test "$value" = FILE; or string match -q -- '*,*' $value
            __fish_complete_path (commandline -ct)
        else if test "$value" = DIR
            __fish_complete_directories (commandline -ct)
        else
            set -l tokens (commandline -opc)
            printf '%s\n' $help | __poker_help_entries | __poker_help_values $tokens[-1]
        end
        return
    end
    set -l entries (printf '%s\n' $help | __poker_help_entries)
    if string match -q -- '-*' (commandline -ct)
        printf '%s\n' $entries | __poker_described Options
        return
    end
    printf '%s\n' $entries | __poker_described Subcommands
    printf '%s\n' $entries | __poker_help_values ''
    if printf '%s\n' $help | sed -n '/^Arguments:$/,/^$/p' | string match -q -r '^  FILE '
        __fish_complete_path (commandline -ct)
    end
end

complete -c poker -e
complete -c poker -f -a '(__poker_candidates)'
