#!/usr/bin/env bash
# The man page is a real one and says what --help says: the built and the
# installed poker.1 are what packaging/make_man_page.sh makes from the
# binary now; it has the sections a man page has; read back, its OPTIONS are
# `poker --help`'s options, word for word, and FORMATS has, for every
# subcommand the help lists, that subcommand's paragraph; rendered, no line
# passes 80 columns and groff warns of nothing.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}" "${POKER_VERSION:?}" "${POKER_DESCRIPTION:?}"

built=$POKER_BUILD_DIR/packaging/poker.1
fresh=$tmp/poker.1
bash "$POKER_SOURCE_DIR/packaging/make_man_page.sh" "$POKER" "$POKER_VERSION" "$POKER_DESCRIPTION" "$fresh"
diff -u "$fresh" "$built" || fail "$built is not the page the binary's help makes now (rebuild)"
install_into "$tmp/root"
diff -u "$fresh" "$tmp/root/share/man/man1/poker.1" || fail "the installed poker.1 differs"

for section in NAME SYNOPSIS DESCRIPTION FORMATS OPTIONS '"EXIT STATUS"' EXAMPLES '"SEE ALSO"'; do
  grep -qxF ".SH $section" "$fresh" || fail "no section $section"
done

# Roff text back to the text it prints: \e a backslash, \- a minus, a
# leading \& nothing (\e first, through a byte that help text never holds,
# so that "\e-" stays a backslash and a minus).
unroff() {
  sed -e 's/\\e/\x01/g' -e 's/\\-/-/g' -e 's/^\\&//' -e 's/\x01/\\/g'
}

# The tagged paragraphs of section $1 (up to the next .SH), "TAG<tab>TEXT".
section_entries() {
  awk -v heading=".SH $1" '$0 == heading { on = 1; next } on && /^\.SH/ { exit }
                           on && $0 == ".TP" { getline tag; getline text; sub(/^\.B /, "", tag); print tag "\t" text }' \
    "$fresh" | unroff
}

# The options of a help on stdin, "NAMES<tab>DESCRIPTION" (lines joined).
help_options() {
  awk '/^Options:$/ { on = 1; next } on && $0 == "" { exit }
       on && match($0, /^ +/) && RLENGTH <= 6 { if (tag != "") print tag "\t" text; line = $0; sub(/^ +/, "", line)
         at = index(line, "  "); if (at == 0) { tag = line; text = "" } else { tag = substr(line, 1, at - 1);
         text = substr(line, at); sub(/^ +/, "", text) }; next }
       on { line = $0; sub(/^ +/, "", line); text = (text == "" ? line : text " " line) }
       END { if (tag != "") print tag "\t" text }'
}

diff -u <("$POKER" --help | help_options) <(section_entries OPTIONS) || fail "OPTIONS is not 'poker --help''s options"

# The paragraph after .SS "poker NAME", joined.
format_paragraph() {
  awk -v heading=".SS \"poker $1\"" '$0 == heading { on = 1; next } on && /^\./ { exit } on { printf "%s%s", sep, $0; sep = " " }
                                     END { print "" }' "$fresh" | unroff
}
for name in $(help_subcommands); do
  grep -qxF ".SS \"poker $name\"" "$fresh" || fail "FORMATS has no section for the subcommand '$name'"
  expected=$("$POKER" "$name" --help | awk 'NR > 1 && !/^   or: / { if ($0 == "") exit; printf "%s%s", sep, $0; sep = " " }
                                          END { print "" }')
  [[ $(format_paragraph "$name") == "$expected" ]] || fail "the section of '$name' does not say what its --help says"
done

if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$fresh" 2>&1)
  [[ -z $warnings ]] || fail "groff: $warnings"
  long=$(groff -man -Tascii -rLL=78n "$fresh" | sed 's/.\x08//g' | awk 'length($0) > 80')
  [[ -z $long ]] || fail "lines over 80 columns: $long"
fi
echo "ok: poker.1 has every section, the options of --help and the formats $(help_subcommands | tr '\n' ' ')"
