// A command of `poker`: the default hold'em judge, or a subcommand. A
// command owns its options (it adds them to its CLI11 subcommand and checks
// them once parsed) and plans its run (run/run_plan.h): a judge of the input
// through an engine Format, or a run of its own. A new command is a class
// of this kind in a file of its own and a row in command_table.cpp.
//
// Thread safety: used by main()'s thread only.
#ifndef POKER_CLI_COMMANDS_COMMAND_H_
#define POKER_CLI_COMMANDS_COMMAND_H_

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "poker/format.h"

namespace CLI {
class App;
}  // namespace CLI

namespace poker::cli {

struct SharedOptions;  // commands/shared_options.h
struct RunPlan;        // run/run_plan.h
class ValueChecks;     // command_line/value_checks.h
class Vocabulary;      // command_line/operand_words.h

// A usage error: what is wrong, and the command whose help says more
// ("range", "verify euler"; empty: poker's own).
struct Mistake {
  std::string what;
  std::string help_of;
};

// What a command's options are bound to and checked with while parsing.
struct Binding {
  SharedOptions& shared;  // the options every command takes
  ValueChecks& checks;
};

// What check() may consult: the words of the whole command line, for the
// "did you mean" of an operand.
struct CheckContext {
  SharedOptions& shared;
  const Vocabulary& words;
  // How usage errors name the command given ("euler", "verify euler").
  std::string name;
  bool verifying = false;  // under `poker verify`
};

class Command {
 public:
  virtual ~Command() = default;

  // Adds the command's own options and operands to `app`: its subcommand,
  // or poker's own for the default judge.
  virtual void add_options(CLI::App& app, Binding binding) = 0;

  // Once parsed: the usage error of what was given, or nothing. It may
  // settle the shared options (an operand FILE is the input).
  virtual std::optional<Mistake> check(CheckContext& context) = 0;

  // The run. REQUIRES: check() found nothing. The plan refers to the
  // command, which must outlive it.
  virtual RunPlan plan(const SharedOptions& shared) const = 0;
};

// A command that judges its input with an engine Format (hold'em, euler,
// eval, draw, equity's query files): the formats `poker verify` takes.
class FormatCommand : public Command {
 public:
  // The format; a computation that may take long stops with `stop` too.
  virtual std::unique_ptr<Format> make_format(const std::atomic<bool>& stop) const = 0;

  // What -v says the run judges: "hold'em, 2 players", "euler".
  virtual std::string judged() const = 0;

  // Whether --json writes its answers (equity's), not only -v's statistics.
  virtual bool answers_as_json() const { return false; }

  // Judges the input, the answers to the output.
  RunPlan plan(const SharedOptions& shared) const override;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_COMMAND_H_
