// Prints the rows of the command table (cli/commands/command_table.cpp), one
// a line: the row's name, then "format" for a row that builds an engine
// Format or "command" for one that only runs on its own, then "verifiable"
// when `poker verify NAME` takes it. command_table_test.sh reads them,
// rather than the table's C++ initializers.
#include <cstdio>

#include "commands/command_table.h"

int main() {
  for (const poker::cli::CommandRow& row : poker::cli::command_table()) {
    if (row.kind == poker::cli::RowKind::kVerify) continue;  // verify is no format, and verifies them
    const bool format = row.kind == poker::cli::RowKind::kDefaultJudge || row.kind == poker::cli::RowKind::kFormat;
    std::printf("%s %s%s\n", row.help.name, format ? "format" : "command", row.verifiable() ? " verifiable" : "");
  }
  return 0;
}
