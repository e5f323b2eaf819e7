#!/usr/bin/env bash
# The installed bash completion, called as bash calls it on TAB (COMP_WORDS,
# COMP_CWORD): subcommands, options (those of the subcommand typed), file
# names after -i/-o; and every subcommand and long option that --help shows
# completes, so a new one cannot be forgotten.
source "$(dirname "$0")/common.sh"

install_into "$tmp/root"
script=$tmp/root/share/bash-completion/completions/poker
[[ -f $script ]] || fail "no completion installed at share/bash-completion/completions/poker"
[[ -x $tmp/root/bin/poker ]] || fail "no poker installed in bin/"
export PATH=$tmp/root/bin:$PATH

# complete_line $1 includes every word of $2 (and, with $3 = without, none of $3).
expect_all() {
  local got word
  got=$(complete_line "$1")
  for word in $2; do
    grep -qxF -- "$word" <<<"$got" || fail "'$1<TAB>' does not offer '$word' (it offers: ${got//$'\n'/ })"
  done
  for word in ${3:-}; do
    ! grep -qxF -- "$word" <<<"$got" || fail "'$1<TAB>' offers '$word', which does not belong there"
  done
}

# Subcommands.
expect "poker eu" "euler"
expect_all "poker e" "euler eval"  # and any later subcommand starting with e
expect_all "poker " "$(help_subcommands) README.md"  # and the FILE operand's files
expect "poker -j 2 dr" "draw"
expect_all "poker euler " "README.md" "euler eval"    # FILE, no second subcommand
expect "poker equity " ""                             # hands, no files

# verify's format subcommands, and their options.
expect_all "poker verify " "euler eval draw equity"
expect "poker verify eu" "euler"
expect "poker -j 2 verify dr" "draw"
expect_all "poker verify euler --" "--answers --all --summary"

# Options: the command's own, and a subcommand's once it is typed, wherever
# the shared ones stand.
expect_all "poker -" "--threads --input --output --explain --players --help --version -j -i"
expect "poker --th" "--threads"
expect "poker euler --s" "--summary"
expect "poker -j 2 euler --su" "--summary"
expect_all "poker euler -" "--threads --summary" "--explain --players"
expect "poker -i euler --su" ""  # euler is the input file here, not the subcommand

# Values: file names after -i/-o, nothing to offer after a number's option.
expect "poker -i examples/sample.t" "examples/sample.txt"
expect "poker euler --output examples/euler.t" "examples/euler.txt"
expect "poker -j " ""
expect "poker verify --answers examples/euler.e" "examples/euler.expected"
# Folders after a DIR (--gradescope), never files.
expect "poker verify --gradescope examples/jud" "examples/judges"
expect "poker verify --gradescope examples/sample.t" ""
expect_all "poker verify --" "--gradescope --tests-of --partial-credit --max-score --reveal-expected"
expect_all "poker verify --" "--cms --partial --prairielearn --visibility --strict"
expect "poker verify --prairielearn examples/jud" "examples/judges"
expect_all "poker verify --gradescope out --visibility " "visible hidden after_due_date after_published"
# An option of several file names: a file name for the first (the others
# stand where the FILE operand may).
expect "poker verify euler --kattis examples/euler.t" "examples/euler.txt"
expect "poker verify --testlib examples/sample.t" "examples/sample.txt"

# No files after card options.
expect "poker equity AhKh QsQd --board " ""
expect "poker equity AhKh QsQd --dead e" ""

# Values that the help lists ("one of: ..."): generate's FORMAT and the
# fault of --error-kind.
expect_all "poker generate " "holdem euler eval draw equity" "README.md"
expect "poker generate eu" "euler"
expect_all "poker generate --error-kind " "invalid-card duplicate crlf-line truncated" "README.md"
expect "poker generate --error-at 2 --error-kind cr" "crlf-line"

# Every subcommand and long option --help shows.
for name in $(help_subcommands); do
  expect_all "poker $name" "$name"
  expect_all "poker $name --" "$("$POKER" "$name" --help | help_long_options)"
done
for name in $("$POKER" verify --help | help_subcommands_of); do
  expect_all "poker verify $name --" "$("$POKER" verify "$name" --help | help_long_options)"
done
expect_all "poker --" "$("$POKER" --help | help_long_options)"
echo "ok: completes $(help_subcommands | tr '\n' ' ')and $("$POKER" --help | help_long_options | wc -l) long options"
