// A format whose subcommand takes no options of its own, only its input
// FILE (`poker eval`, `poker draw`).
#ifndef POKER_CLI_COMMANDS_PLAIN_FORMAT_COMMAND_H_
#define POKER_CLI_COMMANDS_PLAIN_FORMAT_COMMAND_H_

#include "commands/command.h"
#include "commands/file_operand.h"

namespace poker::cli {

class PlainFormatCommand final : public FormatCommand {
 public:
  // `name`: what -v says is judged; `make`: the engine's factory of the format.
  PlainFormatCommand(const char* name, std::unique_ptr<Format> (*make)()) : name_(name), make_(make) {}

  void add_options(CLI::App& app, Binding) override { file_.add(app); }
  std::optional<Mistake> check(CheckContext& context) override { return file_.settle(context); }
  std::unique_ptr<Format> make_format(const std::atomic<bool>&) const override { return make_(); }
  std::string judged() const override { return name_; }

 private:
  const char* const name_;
  std::unique_ptr<Format> (*const make_)();
  FileOperand file_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_PLAIN_FORMAT_COMMAND_H_
