#!/usr/bin/env bash
# The man page says what --help says: the built and the installed poker.1 are
# what packaging/make_man_page.sh makes from the binary now; read back, the
# page holds `poker --help` and, in a section of its own, `poker NAME --help`
# for every subcommand the help lists.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}" "${POKER_VERSION:?}" "${POKER_DESCRIPTION:?}"

built=$POKER_BUILD_DIR/packaging/poker.1
fresh=$tmp/poker.1
bash "$POKER_SOURCE_DIR/packaging/make_man_page.sh" "$POKER" "$POKER_VERSION" "$POKER_DESCRIPTION" "$fresh"
diff -u "$fresh" "$built" || fail "$built is not the page the binary's help makes now (rebuild)"
install_into "$tmp/root"
diff -u "$fresh" "$tmp/root/share/man/man1/poker.1" || fail "the installed poker.1 differs"

# The no-fill block after the heading line $1, as the text it prints:
# \e is a backslash, \- a minus, and a leading \& nothing (\e first, through
# a byte that help text never holds, so that "\e-" stays a backslash and a
# minus).
block_text() {
  awk -v heading="$1" '$0 == heading { found = 1; next }
                       found && $0 == ".nf" { on = 1; next }
                       on && $0 == ".fi" { exit }
                       on { print }' "$fresh" |
    sed -e 's/\\e/\x01/g' -e 's/\\-/-/g' -e 's/^\\&//' -e 's/\x01/\\/g'
}

diff -u <("$POKER" --help) <(block_text ".SH DESCRIPTION") ||
  fail "DESCRIPTION is not 'poker --help'"
for name in $(help_subcommands); do
  grep -qxF ".SS \"poker $name\"" "$fresh" || fail "no section for the subcommand '$name'"
  diff -u <("$POKER" "$name" --help) <(block_text ".SS \"poker $name\"") ||
    fail "the section of '$name' is not 'poker $name --help'"
done

# Where groff is installed, the page must format without a warning.
if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$fresh" 2>&1)
  [[ -z $warnings ]] || fail "groff: $warnings"
fi
echo "ok: poker.1 holds the help of poker and of: $(help_subcommands | tr '\n' ' ')"
