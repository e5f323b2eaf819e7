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

#include "commands/command.h"

namespace poker::cli {

// What the help, the completions and the man page say of a command.
struct CommandHelp {
  // The subcommand's name; for the default judge (not a subcommand) the
  // name of its fuzz targets and corpus.
  const char* name;
  const char* summary;         // one line in the help's list of subcommands and in completions
  const char* description;     // the help's paragraph, unwrapped
  const char* example;         // the arguments after `poker NAME `
  const char* verify_example;  // the arguments after `poker verify NAME `; null: verify does not take it
  // The help's "Exit status:" paragraph: the statuses this command can
  // return, and no other (the man page gathers them all).
  const char* exit_statuses;
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

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_COMMAND_TABLE_H_
