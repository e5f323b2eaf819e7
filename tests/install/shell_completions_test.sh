#!/usr/bin/env bash
# The installed zsh and fish completions, each run by its shell: subcommands,
# verify's formats, options, files after -i and for FILE operands, nothing
# after card and number options. A shell that is not installed skips its
# part (scripts/setup.sh installs both); exit 77 (skipped) if neither is.
source "$(dirname "$0")/common.sh"

install_into "$tmp/root"
export PATH=$tmp/root/bin:$PATH
zsh_script=$tmp/root/share/zsh/vendor-completions/_poker
fish_script=$tmp/root/share/fish/vendor_completions.d/poker.fish
[[ -f $zsh_script ]] || fail "no zsh completion installed at share/zsh/vendor-completions/_poker"
[[ -f $fish_script ]] || fail "no fish completion installed at share/fish/vendor_completions.d/poker.fish"
tested=0

# $1: the shell's completions of a line, one per line; $2: words that must be
# among them; $3: words that must not.
check() {
  local got=$1 line=$2 word
  for word in $3; do
    grep -qxF -- "$word" <<<"$got" || fail "$shell: '$line<TAB>' does not offer '$word' (it offers: ${got//$'\n'/ })"
  done
  for word in ${4:-}; do
    ! grep -qxF -- "$word" <<<"$got" || fail "$shell: '$line<TAB>' offers '$word'"
  done
}

if command -v zsh >/dev/null; then
  shell=zsh
  zsh -n "$zsh_script" || fail "zsh: syntax error in $zsh_script"
  # The completion system's functions stubbed: each prints what it would offer.
  zsh_complete() {
    zsh -c '
      compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }
      _files() { print -- "<files>" }
      _describe() { local -a list; list=(${(P)4}); print -l -- ${list%%:*} }
      _call_program() { shift; "$@" }
      words=(${(z)1}); [[ $1 == *" " ]] && words+=("")
      CURRENT=${#words}
      source "$2"' zsh "$1" "$zsh_script"
  }
  check "$(zsh_complete "poker ")" "poker " "euler eval draw equity verify <files>"
  check "$(zsh_complete "poker verify ")" "poker verify " "euler eval draw equity" "verify"
  check "$(zsh_complete "poker verify euler --")" "poker verify euler --" "--answers --all --summary" "--explain"
  check "$(zsh_complete "poker -i ")" "poker -i " "<files>" "euler"
  check "$(zsh_complete "poker verify --kattis ")" "poker verify --kattis " "<files>" "euler"
  check "$(zsh_complete "poker equity AhKh QsQd --board ")" "poker equity AhKh QsQd --board " "" "<files>"
  check "$(zsh_complete "poker -j ")" "poker -j " "" "<files> euler"
  check "$(zsh_complete "poker generate ")" "poker generate " "holdem euler eval draw equity"
  check "$(zsh_complete "poker generate --error-kind ")" "poker generate --error-kind " "invalid-card crlf-line"
  check "$(zsh_complete "poker range --color ")" "poker range --color " "always never auto" "<files>"
  check "$(zsh_complete "poker verify --")" "poker verify --" "--gradescope --max-score" "--gradescope:"
  tested=$((tested + 1))
fi

if command -v fish >/dev/null; then
  shell=fish
  fish --no-execute "$fish_script" || fail "fish: syntax error in $fish_script"
  fish_complete() {
    (cd "$POKER_SOURCE_DIR" && fish -c "source '$fish_script'; complete -C '$1'" | cut -f1)
  }
  check "$(fish_complete "poker ")" "poker " "euler eval draw equity verify README.md"
  check "$(fish_complete "poker verify ")" "poker verify " "euler eval draw equity" "verify"
  check "$(fish_complete "poker verify euler --")" "poker verify euler --" "--answers --all --summary" "--explain"
  check "$(fish_complete "poker -i examples/sample.t")" "poker -i examples/sample.t" "examples/sample.txt"
  check "$(fish_complete "poker verify --testlib examples/sample.t")" "poker verify --testlib examples/sample.t" \
    "examples/sample.txt"
  check "$(fish_complete "poker equity AhKh QsQd --board ")" "poker equity AhKh QsQd --board " "" "README.md"
  check "$(fish_complete "poker -j ")" "poker -j " "" "README.md euler"
  check "$(fish_complete "poker generate ")" "poker generate " "holdem euler eval draw equity"
  check "$(fish_complete "poker generate --error-kind ")" "poker generate --error-kind " "invalid-card crlf-line"
  # Descriptions whole, though the help wraps them (generate's summary
  # passes the 80 columns).
  described=$(cd "$POKER_SOURCE_DIR" && fish -c "source '$fish_script'; complete -C 'poker gen'")
  [[ $described == "generate"$'\t'"Seeded random instances of any format, for tests and benchmarks" ]] ||
    fail "fish: the description of generate is cut: '$described'"
  poker --help | grep -q '^  generate .*for tests and$' || fail "the help no longer wraps generate's summary: test another"
  tested=$((tested + 1))
fi

(( tested > 0 )) || { echo "skipped: neither zsh nor fish is installed (scripts/setup.sh installs them)"; exit 77; }
echo "ok: the zsh and fish completions ($tested shells tested)"
