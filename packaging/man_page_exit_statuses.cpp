// Prints the statuses of every command of the command table
// (cli/commands/command_table.cpp), the table that each command's help
// writes its "Exit status:" paragraph from, for make_man_page.sh's EXIT
// STATUS: one line per status and meaning, "STATUS<tab>COMMANDS<tab>MEANING",
// the statuses in ascending order and, for each, the commands that give it
// one meaning together ("poker, poker euler"); then the statuses every
// command can end with (130, 143); then "notes<tab>COMMAND<tab>TEXT" for a
// command that says more of its modes' statuses.
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "commands/command_table.h"

namespace {

// "poker" for the default judge, "poker NAME" for a subcommand.
std::string command_name(const poker::cli::CommandRow& row) {
  return row.kind == poker::cli::RowKind::kDefaultJudge ? "poker" : std::string("poker ") + row.help.name;
}

}  // namespace

int main() {
  // status -> its meanings in the table's order, each with its commands.
  std::map<int, std::vector<std::pair<std::string, std::string>>> statuses;
  for (const poker::cli::CommandRow& row : poker::cli::command_table()) {
    for (const poker::cli::ExitStatusMeaning& status : row.help.exit_statuses) {
      auto& meanings = statuses[status.status];
      auto same = meanings.begin();
      while (same != meanings.end() && same->first != status.meaning) ++same;
      if (same == meanings.end()) {
        meanings.emplace_back(status.meaning, command_name(row));
      } else {
        same->second += ", " + command_name(row);
      }
    }
  }
  for (const auto& [status, meanings] : statuses) {
    for (const auto& [meaning, commands] : meanings)
      std::printf("%d\t%s\t%s\n", status, commands.c_str(), meaning.c_str());
  }
  for (const poker::cli::ExitStatusMeaning& status : poker::cli::kStoppedBySignal) {
    std::printf("%d\tevery command\t%s\n", status.status, status.meaning);
  }
  for (const poker::cli::CommandRow& row : poker::cli::command_table()) {
    if (row.help.exit_status_notes != nullptr) {
      std::printf("notes\t%s\t%s\n", command_name(row).c_str(), row.help.exit_status_notes);
    }
  }
  return 0;
}
