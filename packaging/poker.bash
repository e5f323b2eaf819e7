# bash completion for poker: subcommands, options, and file names after
# -i/--input and -o/--output.
#
# Nothing is listed here: the subcommands and options are read from
# `poker --help` and `poker SUBCOMMAND --help` when TAB is pressed (a few
# milliseconds), so a new subcommand or option completes as soon as the
# binary has it. packaging/make_man_page.sh finds the subcommands through
# _poker_help_subcommands too, so the page and the completion agree.

# The subcommand names in a help text on stdin: the first word of each
# entry of its "Subcommands:" section (an entry's further lines are indented
# deeper).
_poker_help_subcommands() {
  sed -n '/^Subcommands:$/,/^$/s/^  \([[:alnum:]][^ ]*\).*/\1/p'
}

# The options in a help text on stdin, one line each: every name of the
# option ("-j" and "--threads" each on a line), then the type of its value,
# or "flag" when it takes none. CLI11 writes "  -j,--threads UINT..." for an
# option with a value and "  -q,--quiet   Description" for a flag.
_poker_help_options() {
  sed -n '/^Options:$/,/^$/{
    /^  -/!d
    s/^  \([^ ]*\) \([[:upper:]][[:upper:]]*\).*/\1 \2/
    t value
    s/^  \([^ ]*\).*/\1 flag/
    :value
    s/,/ /g
    p
  }' | while read -r -a words; do
    for name in "${words[@]:0:${#words[@]}-1}"; do echo "$name ${words[-1]}"; done
  done
}

# The type of option $1's value in the options list $2 (as
# _poker_help_options writes it): "flag", a type, or nothing if $1 is not one.
_poker_option_type() {
  awk -v name="$1" '$1 == name { print $2; exit }' <<<"$2"
}

_poker() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=""
  (( COMP_CWORD > 1 )) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  local poker=${COMP_WORDS[0]/#\~/$HOME}
  local help
  help=$("$poker" --help 2>/dev/null) || return 0

  # The subcommand typed so far, if any: a word that names one and is not
  # the value of the option before it.
  local subcommands options subcommand="" i
  subcommands=$(_poker_help_subcommands <<<"$help")
  options=$(_poker_help_options <<<"$help")
  for (( i = 1; i < COMP_CWORD; i++ )); do
    local word=${COMP_WORDS[i]} before_type=""
    (( i > 1 )) && before_type=$(_poker_option_type "${COMP_WORDS[i - 1]}" "$options")
    if grep -qxF -- "$word" <<<"$subcommands" && [[ -z $before_type || $before_type == flag ]]; then
      subcommand=$word
      options=$(_poker_help_options < <("$poker" "$subcommand" --help 2>/dev/null))
      break
    fi
  done

  # After an option that takes a value: a file name for TEXT (the input and
  # output files), nothing to offer for a number.
  local type
  type=$(_poker_option_type "$prev" "$options")
  if [[ -n $type && $type != flag ]]; then
    if [[ $type == TEXT ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    else
      COMPREPLY=()
    fi
    return 0
  fi

  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(cut -d' ' -f1 <<<"$options")" -- "$cur")
  elif [[ -z $subcommand ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur")
  else
    COMPREPLY=()
  fi
  return 0
}

complete -F _poker poker
