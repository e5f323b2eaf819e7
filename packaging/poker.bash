# bash completion for poker: subcommands (verify's format subcommands too),
# options, file names for FILE operands and after the options whose value
# is a FILE (-i, -o, --answers), folder names after one whose value is a DIR
# (--gradescope), the values an option or operand takes when its help lists
# them ("one of: a, b, c": generate's FORMAT, --error-kind), nothing after
# card and number options (--board, --dead, -j).
#
# Nothing is listed here: the subcommands and options are read from
# `poker --help` and `poker SUBCOMMAND --help` when TAB is pressed (a few
# milliseconds), so a new subcommand or option completes as soon as the
# binary has it. packaging/make_man_page.sh and the zsh and fish
# completions read the help by the same rules.

# The subcommand names in a help text on stdin: the first word of each
# entry of its "Subcommands:" section.
_poker_help_subcommands() {
  sed -n '/^Subcommands:$/,/^$/s/^  \([[:alnum:]][^ ]*\).*/\1/p'
}

# The options in a help text on stdin, one line each: every name of the
# option ("-j" and "--threads" each on a line), then the name of its value
# (N, FILE, CARDS; "INPUT,OUTPUT,ANSWER" for one of several values), or
# "flag" when it takes none. The help writes "  -j, --threads=N
# Description", "      --chunk-size=SIZE", "  -q, --quiet       Description"
# and "      --testlib INPUT OUTPUT ANSWER".
_poker_help_options() {
  sed -n '/^Options:$/,/^$/{
    /^ *-/!d
    s/^ *//
    s/  .*//
    p
  }' | while IFS= read -r entry; do
    local value=flag names=$entry
    if [[ $entry == *=* ]]; then
      value=${entry#*=} names=${entry%%=*}
    elif [[ ${entry##* } != -* ]]; then  # "-x VALUE", "--name V1 V2 V3": the names, then the values
      names=${entry%% [!-]*} value=${entry#"${entry%% [!-]*} "}
      value=${value// /,}
    fi
    local name
    for name in ${names//,/ }; do echo "$name $value"; done
  done
}

# The type of option $1's value in the options list $2 (as
# _poker_help_options writes it): "flag", a value name, or nothing if $1 is
# not one.
_poker_option_type() {
  awk -v name="$1" '$1 == name { print $2; exit }' <<<"$2"
}

# The entries of a help text on stdin, one line each, a description whose
# help wraps it joined into one line: "SECTION<tab>NAMES<tab>DESCRIPTION",
# SECTION being Arguments, Options or Subcommands. An entry starts within
# the first columns; its wrapped lines start at column 25.
_poker_help_entries() {
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
}

# The values that the option or operand $1 takes, one a line, from the help
# entries on stdin (_poker_help_entries): those its description lists after
# "one of: ". $1 empty: those of every operand.
_poker_help_values() {
  awk -F '\t' -v name="$1" '
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
}

# Whether the help text $1 takes a FILE operand.
_poker_takes_file() {
  sed -n '/^Arguments:$/,/^$/p' <<<"$1" | grep -q '^  FILE '
}

_poker() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=""
  (( COMP_CWORD > 1 )) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  local poker=${COMP_WORDS[0]/#\~/$HOME}
  local help
  help=$("$poker" --help 2>/dev/null) || return 0

  # The subcommands typed so far (`verify euler`): each a word that names
  # one of the command typed before it and is not the value of an option.
  local subcommands options path=() i
  subcommands=$(_poker_help_subcommands <<<"$help")
  options=$(_poker_help_options <<<"$help")
  for (( i = 1; i < COMP_CWORD; i++ )); do
    local word=${COMP_WORDS[i]} before_type=""
    (( i > 1 )) && before_type=$(_poker_option_type "${COMP_WORDS[i - 1]}" "$options")
    if [[ -n $subcommands ]] && grep -qxF -- "$word" <<<"$subcommands" &&
       [[ -z $before_type || $before_type == flag ]]; then
      path+=("$word")
      help=$("$poker" "${path[@]}" --help 2>/dev/null)
      subcommands=$(_poker_help_subcommands <<<"$help")
      options=$(_poker_help_options <<<"$help")
    fi
  done

  # After an option that takes a value: a file name for a FILE, a directory
  # for a DIR, the values its help lists, nothing to offer for a number or
  # cards.
  local type
  type=$(_poker_option_type "$prev" "$options")
  if [[ -n $type && $type != flag ]]; then
    COMPREPLY=()
    # The options of several values (--kattis, --testlib) take file names.
    if [[ $type == FILE || $type == *,* ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    elif [[ $type == DIR ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -W "$(_poker_help_entries <<<"$help" | _poker_help_values "$prev")" -- "$cur")
    fi
    return 0
  fi

  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(cut -d' ' -f1 <<<"$options")" -- "$cur")
    return 0
  fi
  COMPREPLY=()
  [[ -n $subcommands ]] && mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur")
  mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$(_poker_help_entries <<<"$help" | _poker_help_values "")" -- "$cur")
  if _poker_takes_file "$help"; then
    compopt -o filenames 2>/dev/null
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}

complete -F _poker poker
