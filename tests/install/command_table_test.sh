#!/usr/bin/env bash
# Every format in cli/command_table.cpp reaches every list that must name it:
# the help (which drives the subcommands, the man page and the completions,
# tested on their own), verify's format subcommands, and the fuzz targets
# (tests/fuzz/CMakeLists.txt's list, format_fuzzer.cpp's formats, a seed
# corpus). A row added without them fails here.
source "$(dirname "$0")/common.sh"
: "${POKER_SOURCE_DIR:?}" "${POKER_COMMAND_TABLE_ROWS:?}"

# The rows that are formats, as poker_command_table_rows prints the table
# (command_table_rows.cpp: NAME format|command [verifiable]): "holdem" (the
# default judge) and the format subcommands; a command of its own (range,
# generate) is no format. Every format is verifiable.
table=$("$POKER_COMMAND_TABLE_ROWS") || fail "poker_command_table_rows failed"
rows=$(awk '$2 == "format" {print $1}' <<<"$table")
[[ $rows == *holdem* && $rows == *euler* ]] || fail "no format rows printed by poker_command_table_rows: $table"
unverifiable=$(awk '$2 == "format" && $3 != "verifiable" {print $1}' <<<"$table")
[[ -z $unverifiable ]] || fail "formats that 'poker verify' does not take: $unverifiable"
subcommands=$(help_subcommands)
verify_formats=$("$POKER" verify --help | help_subcommands_of)
fuzz_list=$(sed -n 's/^foreach(format \(.*\))$/\1/p' "$POKER_SOURCE_DIR/tests/fuzz/CMakeLists.txt")
for row in $rows; do
  if [[ $row != holdem ]]; then
    grep -qxF "$row" <<<"$subcommands" || fail "'$row' is not a subcommand in 'poker --help'"
    grep -qxF "$row" <<<"$verify_formats" || fail "'$row' is not a format of 'poker verify'"
  fi
  [[ " $fuzz_list " == *" $row "* ]] || fail "'$row' has no fuzz targets in tests/fuzz/CMakeLists.txt"
  grep -q "kFormat == \"$row\"" "$POKER_SOURCE_DIR/tests/fuzz/format_fuzzer.cpp" ||
    fail "tests/fuzz/format_fuzzer.cpp does not build the format '$row'"
  [[ -d $POKER_SOURCE_DIR/tests/fuzz/corpus/$row ]] || fail "no seed corpus tests/fuzz/corpus/$row"
done
echo "ok: $(tr '\n' ' ' <<<"$rows")are subcommands, verify formats and fuzz targets"
