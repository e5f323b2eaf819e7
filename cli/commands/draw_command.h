// `poker draw`: the card-exchange puzzle, the least rounds to each category.
#ifndef POKER_CLI_COMMANDS_DRAW_COMMAND_H_
#define POKER_CLI_COMMANDS_DRAW_COMMAND_H_

#include "commands/command.h"
#include "commands/file_operand.h"

namespace poker::cli {

class DrawCommand final : public FormatCommand {
 public:
  void add_options(CLI::App& app, Binding) override { file_.add(app); }
  std::optional<Mistake> check(CheckContext& context) override { return file_.settle(context); }
  std::unique_ptr<Format> make_format(const std::atomic<bool>& stop) const override;
  std::string judged() const override { return "draw"; }

 private:
  FileOperand file_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_DRAW_COMMAND_H_
