// The one table of what `poker` can do: the default hold'em judge and every
// subcommand, a row each, with what the help, the completions and the man
// page say of it and how to make its command (commands/command.h). The
// command line (command_line/command_line.cpp) builds the subcommands and
// verify's formats from it; the help lists the rows, and the bash, zsh and
// fish completions, the man page and the test of the fuzz targets read the
// help or the table (tests/install/command_table_test.sh, through the rows
// that tests/install/command_table_rows.cpp prints), so a new format is one
// engine file, one command file and one row here.
#ifndef POKER_CLI_COMMANDS_COMMAND_TABLE_H_
#define POKER_CLI_COMMANDS_COMMAND_TABLE_H_

#include <memory>
#include <span>
#include <string>

#include "commands/command.h"

namespace poker::cli {

// A status a command can return, and what it means for that command.
struct ExitStatusMeaning {
  int status;
  const char* meaning;  // "all instances valid", "usage error"
};

// What the help, the completions and the man page say of a command.
struct CommandHelp {
  // The subcommand's name; for the default judge (not a subcommand) the
  // name of its fuzz targets and corpus.
  const char* name;
  const char* summary;         // one line in the help's list of subcommands and in completions
  const char* description;     // the help's paragraph, unwrapped
  const char* example;         // the arguments after `poker NAME `
  const char* verify_example;  // the arguments after `poker verify NAME `; null: verify does not take it
  // The statuses this command can return, and no other, in order: the
  // help's "Exit status:" paragraph (exit_status_paragraph()) and the man
  // page's EXIT STATUS (packaging/man_page_exit_statuses.cpp) are made from
  // them. 130 and 143, which every command can end with, are not listed.
  std::span<const ExitStatusMeaning> exit_statuses;
  // What the paragraph says after them of the statuses of the command's
  // modes (verify's checker protocols), or null.
  const char* exit_status_notes;
};

enum class RowKind {
  kDefaultJudge,  // poker's own command: the hold'em judge
  kFormat,        // a subcommand that judges its input with a Format: it takes the shared options
  kOwnRun,        // a subcommand with a run of its own and options of its own
  kVerify,        // `poker verify`, which takes the verifiable formats as its subcommands
};

struct CommandRow {
  CommandHelp help;
  RowKind kind;
  std::unique_ptr<Command> (*make)();
  bool verifiable() const { return help.verify_example != nullptr; }
};

// Every row, the default judge first.
std::span<const CommandRow> command_table();

// The statuses that every command can return, the same for each: stopped
// by SIGINT or SIGTERM (the shell's 128 + the signal's number).
inline constexpr ExitStatusMeaning kStoppedBySignal[] = {{130, "stopped by SIGINT"}, {143, "stopped by SIGTERM"}};

// The help's paragraph on the statuses of `help`: "Exit status: 0 MEANING,
// 1 MEANING, ..., 130/143 stopped by SIGINT/SIGTERM." and the notes.
std::string exit_status_paragraph(const CommandHelp& help);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_COMMAND_TABLE_H_
