#!/usr/bin/env bash
# What the installed completions offer after an option whose help lists its
# values, and what they never offer: the values of range's --order and
# --color ("one of: ..."), bench's --workloads ("list of: ...", each after the
# comma of those typed); no word of a wrapped description line that starts
# with an option's name ("--gradescope:", verify's --max-score) as an option.
# bash's, then fish's and zsh's where they are installed.
source "$(dirname "$0")/common.sh"

install_into "$tmp/root"
export PATH=$tmp/root/bin:$PATH
script=$tmp/root/share/bash-completion/completions/poker

# The workloads bench's help names, read here from the help made one line.
workloads=$("$POKER" bench --help | tr -s ' \n' ' ' | sed -n 's/.*--workloads=LIST .* list of: \([^(]*\) (default all.*/\1/p' |
  sed 's/ *$//; s/, /\n/g' | sort)
[[ $workloads == *holdem-2*newline-count* ]] || fail "'poker bench --help' lists no workloads: '$workloads'"
expect "poker range --order " $'equity\npokerstove'
expect "poker range QQ+ --color " $'always\nauto\nnever'
expect "poker equity --order p" "pokerstove"
expect "poker bench --workloads " "$workloads"
expect "poker bench --workloads eu" "euler"
expect "poker bench --workloads holdem-2,equity-e" "holdem-2,equity-exact"
expect "poker bench -j " ""
for command in "" verify "verify euler" bench range generate equity; do
  # shellcheck disable=SC2086  # a command of two words
  stray=$(complete_line "poker${command:+ $command} --" | grep -v -- '^--[[:alnum:]][[:alnum:]-]*$' || true)
  [[ -z $stray ]] || fail "bash: 'poker $command --<TAB>' offers what is no option: ${stray//$'\n'/ }"
done

tested=bash
if command -v fish >/dev/null; then
  fish_script=$tmp/root/share/fish/vendor_completions.d/poker.fish
  fish_complete() {
    fish -c "source '$fish_script'; complete -C '$1'" | cut -f1 | sort
  }
  [[ $(fish_complete "poker range --color ") == $'always\nauto\nnever' ]] || fail "fish: range --color: $(fish_complete "poker range --color ")"
  [[ $(fish_complete "poker range --order ") == $'equity\npokerstove' ]] || fail "fish: range --order"
  got=$(fish_complete "poker bench --workloads holdem-2,")
  grep -qxF "holdem-2,euler" <<<"$got" || fail "fish: bench --workloads holdem-2,<TAB> offers: ${got//$'\n'/ }"
  stray=$(fish_complete "poker verify --" | grep -v -- '^--[[:alnum:]][[:alnum:]-]*$' || true)
  [[ -z $stray ]] || fail "fish: 'poker verify --<TAB>' offers what is no option: ${stray//$'\n'/ }"
  tested+=" fish"
fi
echo "ok: $tested offer the values of --order, --color and --workloads, and no stray option words"
