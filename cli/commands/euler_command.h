// `poker euler`: Project Euler 54, player 1's five cards against player 2's
// on each line; --summary prints only the counts.
#ifndef POKER_CLI_COMMANDS_EULER_COMMAND_H_
#define POKER_CLI_COMMANDS_EULER_COMMAND_H_

#include "commands/command.h"
#include "commands/file_operand.h"

namespace poker::cli {

class EulerCommand final : public FormatCommand {
 public:
  void add_options(CLI::App& app, Binding binding) override;
  std::optional<Mistake> check(CheckContext& context) override { return file_.settle(context); }
  std::unique_ptr<Format> make_format(const std::atomic<bool>& stop) const override;
  std::string judged() const override { return "euler"; }

 private:
  FileOperand file_;
  bool summary_ = false;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_EULER_COMMAND_H_
