#!/usr/bin/env bash
# The bash, zsh and fish completions read the help with one program,
# packaging/help.awk, written into each by the build, rather than each with a
# copy of its own: each installed completion holds the program word for word,
# and no completion's source holds awk code that reads the help's sections.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}"

install_into "$tmp/root"
reader=$POKER_SOURCE_DIR/packaging/help.awk
[[ -f $reader ]] || fail "no packaging/help.awk"
for installed in share/bash-completion/completions/poker share/zsh/vendor-completions/_poker \
  share/fish/vendor_completions.d/poker.fish; do
  [[ -f $tmp/root/$installed ]] || fail "no completion installed at $installed"
  grep -qF -- "$(cat "$reader")" "$tmp/root/$installed" ||
    fail "$installed does not hold packaging/help.awk"
  [[ $(grep -cF 'Arguments|Options|Subcommands' "$tmp/root/$installed") == 1 ]] ||
    fail "$installed reads the help's sections more than once"
done
for source in "$POKER_SOURCE_DIR"/packaging/poker.bash.in "$POKER_SOURCE_DIR"/packaging/_poker.in \
  "$POKER_SOURCE_DIR"/packaging/poker.fish.in "$POKER_SOURCE_DIR"/packaging/make_man_page.sh; do
  ! grep -qF 'Arguments|Options|Subcommands' "$source" ||
    fail "${source#"$POKER_SOURCE_DIR"/} reads the help's entries itself"
done
echo "ok: the bash, zsh and fish completions share packaging/help.awk"
