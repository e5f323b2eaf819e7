#!/usr/bin/env bash
# The man page's EXIT STATUS says what each command's --help says of its
# statuses, and nothing else, both being made from the command table: for
# every command (poker's own, each subcommand, a format under verify), each
# "N MEANING" of its help's "Exit status:" paragraph is the line "COMMANDS:
# MEANING." under the tagged paragraph N, COMMANDS naming it; the notes after
# them (verify's checker protocols) are there word for word; the page lists
# no status or meaning that no help gives, but 130 and 143, every command's.
# And its .TH has a date: SOURCE_DATE_EPOCH's when it is set.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}" "${POKER_MAN_PAGE_EXIT_STATUSES:?}"

page=$POKER_BUILD_DIR/packaging/poker.1
[[ -f $page ]] || fail "no man page at $page (build the target poker_man_page)"

# Roff text back to the text it prints (man_page_test.sh's unroff).
unroff() {
  sed -e 's/\\e/\x01/g' -e 's/\\-/-/g' -e 's/^\\&//' -e 's/\x01/\\/g'
}

# The page's statuses, "STATUS<tab>COMMAND<tab>MEANING" a command each
# ("notes" for a paragraph after the statuses).
page_statuses() {
  awk '$0 == ".SH \"EXIT STATUS\"" { on = 1; next } on && /^\.SH/ { exit } on { print }' "$page" | unroff |
    awk '$0 == ".TP" { getline; status = $0; next } $0 == ".br" { next } $0 == ".PP" { status = "notes"; next }
         status != "" { at = index($0, ": "); print status "\t" substr($0, 1, at - 1) "\t" substr($0, at + 2) }' |
    while IFS=$'\t' read -r status commands meaning; do
      while IFS= read -r command; do printf '%s\t%s\t%s\n' "$status" "$command" "$meaning"; done < <(sed 's/, /\n/g' <<<"$commands")
    done
}

# The same from the help of `poker $1` (a command of one or two words), named
# "poker $2" ("poker verify" for a format under verify: its statuses are
# verify's).
help_statuses() {
  local paragraph statuses notes
  # shellcheck disable=SC2086  # a command of two words
  paragraph=$("$POKER" $1 --help | awk '/^Exit status:/ { on = 1 } on && /^$|^Examples?:$/ { exit }
                                         on { printf "%s%s", sep, $0; sep = " " }')
  [[ $paragraph == "Exit status: "*", 130/143 stopped by SIGINT/SIGTERM."* ]] ||
    fail "'poker $1 --help' has no 'Exit status:' paragraph ending with 130/143: '$paragraph'"
  statuses=${paragraph#Exit status: }
  statuses=${statuses%%, 130/143 stopped by SIGINT/SIGTERM.*}
  # What follows them of the statuses of the command's modes ("With
  # --kattis: ..."); poker's own help goes on with a paragraph of another
  # subject, which the filled text does not set apart.
  notes=${paragraph#*130/143 stopped by SIGINT/SIGTERM.}
  [[ $notes == " With "* ]] || notes=""
  sed 's/, \([0-9][0-9]*\) /\n\1 /g' <<<"$statuses" | while read -r status meaning; do
    printf '%s\t%s\t%s.\n' "$status" "poker${2:+ $2}" "$meaning"
  done
  [[ -z $notes ]] || printf 'notes\t%s\t%s\n' "poker${2:+ $2}" "${notes# }"
}

expected=$(
  help_statuses "" ""
  for name in $(help_subcommands); do help_statuses "$name" "$name"; done
  help_statuses "verify euler" verify
  printf '130\tevery command\tstopped by SIGINT.\n143\tevery command\tstopped by SIGTERM.\n'
)
diff -u <(sort -u <<<"$expected") <(page_statuses | sort) ||
  fail "EXIT STATUS (+) does not say what the helps (-) say of the statuses"
# verify's invalid input is no report: the judge's message and status 1.
grep -qF $'1\tpoker verify\tinvalid input (an instance file that does not judge cleanly' <(page_statuses) ||
  fail "EXIT STATUS does not say what status 1 of poker verify means"

# The date.
grep -qE '^\.TH POKER 1 "[0-9]{4}-[0-9]{2}-[0-9]{2}" ' "$page" || fail "the .TH of $page has no date: $(grep '^\.TH' "$page")"
SOURCE_DATE_EPOCH=86400 bash "$POKER_SOURCE_DIR/packaging/make_man_page.sh" "$POKER" "$POKER_MAN_PAGE_EXIT_STATUSES" \
  0.0.0 description "$tmp/poker.1" /usr/share /usr/share/doc/poker "$POKER_SOURCE_DIR" README.md
grep -q '^\.TH POKER 1 "1970-01-02" "poker 0.0.0" ' "$tmp/poker.1" ||
  fail "the .TH is not SOURCE_DATE_EPOCH's date: $(grep '^\.TH' "$tmp/poker.1")"
echo "ok: EXIT STATUS says what every help says of $(wc -l <<<"$expected") statuses; the page is dated"
