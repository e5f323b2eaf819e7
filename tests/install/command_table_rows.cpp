// Prints the rows of the command table (cli/command_table.cpp), one a line:
// the row's name, then "format" for a row that builds an engine Format or
// "command" for one that only runs on its own, then "verifiable" when
// `poker verify NAME` takes it. command_table_test.sh reads them, rather
// than the table's C++ initialisers.
#include <cstdio>

#include "command_table.h"

int main() {
  for (const poker::cli::CommandRow& row : poker::cli::command_table()) {
    std::printf("%s %s%s\n", row.name, row.make_format != nullptr ? "format" : "command",
                row.verifiable ? " verifiable" : "");
  }
  return 0;
}
