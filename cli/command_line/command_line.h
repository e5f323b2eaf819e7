// The command line, parsed into the command to run: poker's own (the hold'em
// judge) or a subcommand of the command table (commands/command_table.h),
// with its options checked. Every mistake is worded here or by the command
// that owns the option, never in the option library's words: CLI11's
// errors are told apart by their types, and the values by the project's own
// checks (command_line/value_checks.h).
//
// Thread safety: used by main()'s thread only.
#ifndef POKER_CLI_COMMAND_LINE_COMMAND_LINE_H_
#define POKER_CLI_COMMAND_LINE_COMMAND_LINE_H_

#include <memory>
#include <string>

#include "commands/command.h"
#include "commands/shared_options.h"
#include "run/run_plan.h"

namespace poker::cli {

class CommandLine;

// What parsing the command line came to: a command to plan and run, or an
// exit now with `exit_status`: after a usage error, already reported on
// stderr (2, or testlib's checker failure under --testlib), or after --help
// or --version, whose text is `standard_output`, for the caller to write and
// check (a failed write is an I/O error, not a success).
class ParsedCommandLine {
 public:
  ParsedCommandLine(ParsedCommandLine&&) noexcept;
  ParsedCommandLine& operator=(ParsedCommandLine&&) noexcept;
  ~ParsedCommandLine();

  bool runs() const { return command_ != nullptr; }
  int exit_status() const { return exit_status_; }
  const std::string& standard_output() const { return standard_output_; }

  // The run of the command given. REQUIRES: runs(). The plan refers to this
  // object, which must outlive it.
  RunPlan plan() const;

 private:
  friend ParsedCommandLine parse_command_line(int argc, char** argv);
  ParsedCommandLine(int status, std::string text);
  ParsedCommandLine(std::unique_ptr<CommandLine> line, Command& command);

  std::unique_ptr<CommandLine> line_;  // owns the commands and the options
  Command* command_ = nullptr;
  int exit_status_ = 0;
  std::string standard_output_;
};

ParsedCommandLine parse_command_line(int argc, char** argv);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_COMMAND_LINE_H_
