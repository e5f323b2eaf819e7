#!/usr/bin/env bash
# The man page is a real one and says what --help says: the built and the
# installed poker.1 (gzipped) are what packaging/make_man_page.sh makes from the
# binary now; it has the sections a man page has; read back, its OPTIONS are
# `poker --help`'s options, word for word, and FORMATS has, for every
# subcommand the help lists, that subcommand's paragraph; every help lists
# 130 and 143 (man_page_exit_statuses_test.sh reads EXIT STATUS back against
# the helps); ENVIRONMENT names
# every variable the product's code reads but the tests' hooks; FILES and SEE ALSO name the
# documents where they are installed, and those installed are the ones
# named; rendered, no line passes 80 columns and groff warns of nothing.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}" "${POKER_VERSION:?}" "${POKER_DESCRIPTION:?}" "${POKER_DATADIR:?}" "${POKER_DOCDIR:?}"
: "${POKER_INSTALL_DOCDIR:?}" "${POKER_MAN_PAGE_EXIT_STATUSES:?}"

built=$POKER_BUILD_DIR/packaging/poker.1
fresh=$tmp/poker.1
documents=(README.md CHANGELOG.md)
for document in "$POKER_SOURCE_DIR"/docs/*.md; do
  [[ -f $document ]] && documents+=("docs/${document##*/}")
done
bash "$POKER_SOURCE_DIR/packaging/make_man_page.sh" "$POKER" "$POKER_MAN_PAGE_EXIT_STATUSES" "$POKER_VERSION" \
  "$POKER_DESCRIPTION" "$fresh" \
  "$POKER_DATADIR" "$POKER_DOCDIR" "$POKER_SOURCE_DIR" "${documents[@]}"
diff -u "$fresh" "$built" || fail "$built is not the page the binary's help makes now (rebuild)"
install_into "$tmp/root"
diff -u "$fresh" <(gzip -dc "$tmp/root/share/man/man1/poker.1.gz") || fail "the installed poker.1.gz differs"

for section in NAME SYNOPSIS DESCRIPTION FORMATS OPTIONS '"EXIT STATUS"' DIAGNOSTICS ENVIRONMENT FILES EXAMPLES \
  '"SEE ALSO"'; do
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

# The lines of section $1 (up to the next .SH).
section_text() {
  awk -v heading=".SH $1" '$0 == heading { on = 1; next } on && /^\.SH/ { exit } on { print }' "$fresh" | unroff
}

# EXIT STATUS: man_page_exit_statuses_test.sh reads it back against each
# help. Here: every help lists 130 and 143, which every command can end with.
# The "Exit status:" paragraphs of the help of `poker $*`, on one line.
help_exit_statuses() {
  # shellcheck disable=SC2068  # the words of a command
  "$POKER" $@ --help | awk '/^Exit status:/ { on = 1 } on && /^$|^Examples?:$/ { exit } on { printf "%s ", $0 }'
}
for command in "" $(help_subcommands); do
  help_exit_statuses "$command" | grep -q '130/143 stopped by SIGINT/SIGTERM' ||
    fail "'poker $command --help' does not list the statuses 130 and 143"
done

# ENVIRONMENT: every variable that cli/, engine/, io/ and bench/src/ read with getenv.
variables=$(grep -rhoE 'getenv\("[A-Z_]+"\)' "$POKER_SOURCE_DIR"/cli "$POKER_SOURCE_DIR"/engine "$POKER_SOURCE_DIR"/io "$POKER_SOURCE_DIR"/bench/src |
  cut -d'"' -f2 | sort -u)
[[ $variables == *POKER_SIMD* ]] || fail "no getenv of POKER_SIMD found in the sources"
environment=$(section_text ENVIRONMENT)
# But the hooks that exist for the tests alone, which users are not told of:
# POKER_BENCH_EXTRA_WORK slows `poker bench`'s repetitions down for the
# tests of --compare (bench/include/poker/bench/timing.h, tests/e2e/bench_test.cpp).
test_hooks=" POKER_BENCH_EXTRA_WORK "
for variable in $variables; do
  [[ $test_hooks == *" $variable "* ]] && continue
  grep -qw -- "$variable" <<<"$environment" || fail "ENVIRONMENT does not name $variable, which the code reads"
done

# FILES names the documents' folder; SEE ALSO names each document installed
# there, by its path under it, and no other.
section_text FILES | grep -qxF ".I $POKER_DOCDIR/" || fail "FILES does not name $POKER_DOCDIR/"
section_text '"SEE ALSO"' | grep -qF "$POKER_DOCDIR/" || fail "SEE ALSO does not name $POKER_DOCDIR/"
named=$(section_text '"SEE ALSO"' | sed -n 's/^\.I //p' | sort)
installed=$(cd "$tmp/root/$POKER_INSTALL_DOCDIR" && find . -name '*.md' | sed 's|^\./||' | sort)
[[ $named == *README.md* && $named == *CHANGELOG.md* ]] || fail "SEE ALSO does not name README.md and CHANGELOG.md"
[[ $named == "$installed" ]] || fail "SEE ALSO names '$named', but the documents installed are '$installed'"

if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$fresh" 2>&1)
  [[ -z $warnings ]] || fail "groff: $warnings"
  long=$(groff -man -Tascii -rLL=78n "$fresh" | sed 's/.\x08//g' | awk 'length($0) > 80')
  [[ -z $long ]] || fail "lines over 80 columns: $long"
fi
echo "ok: poker.1 has every section, the options of --help and the formats $(help_subcommands | tr '\n' ' ')"
