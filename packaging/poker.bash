# bash completion for poker: subcommands (verify's format subcommands too),
# options, file names for FILE operands and after the options whose value
# is a FILE (-i, -o, --answers), nothing after card and number options
# (--board, --dead, -j).
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
# (N, FILE, CARDS), or "flag" when it takes none. The help writes
# "  -j, --threads=N   Description", "      --chunk-size=SIZE" and
# "  -q, --quiet       Description".
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
    elif [[ ${entry##* } != -* ]]; then  # "-x VALUE": a short option only
      value=${entry##* } names=${entry% *}
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

  # After an option that takes a value: a file name for a FILE, nothing to
  # offer for a number or cards.
  local type
  type=$(_poker_option_type "$prev" "$options")
  if [[ -n $type && $type != flag ]]; then
    COMPREPLY=()
    if [[ $type == FILE ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi

  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(cut -d' ' -f1 <<<"$options")" -- "$cur")
    return 0
  fi
  COMPREPLY=()
  [[ -n $subcommands ]] && mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur")
  if _poker_takes_file "$help"; then
    compopt -o filenames 2>/dev/null
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}

complete -F _poker poker
