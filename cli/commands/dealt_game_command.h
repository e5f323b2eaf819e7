// The default judge, `poker [PLAYERS] [FILE]`: Texas Hold'em. Its operands
// and options stand on poker's own command and on `poker verify`'s; a number
// is PLAYERS, any other word the input FILE, as coreutils read theirs.
#ifndef POKER_CLI_COMMANDS_HOLDEM_COMMAND_H_
#define POKER_CLI_COMMANDS_HOLDEM_COMMAND_H_

#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"

namespace CLI {
class Option;
}  // namespace CLI

namespace poker::cli {

class HoldemCommand final : public FormatCommand {
 public:
  void add_options(CLI::App& app, Binding binding) override;
  std::optional<Mistake> check(CheckContext& context) override;
  std::unique_ptr<Format> make_format(const std::atomic<bool>& stop) const override;
  std::string judged() const override;

  // Whether any of its operands or options was given, at any level (they
  // belong to no subcommand).
  bool given() const;

  // The first operand of each level where one was given: the word a
  // mistyped subcommand would have left there.
  std::vector<std::string> first_operands() const;

 private:
  // The operands of one level (poker's own, `verify`'s).
  struct Operands {
    std::optional<std::string> first, second;
  };
  // Reads one level's operands into `players` and the input.
  std::optional<std::string> read(const Operands& operands, std::optional<int>& players,
                                  std::optional<std::string>& input_operand, CheckContext& context) const;

  std::deque<Operands> operands_;  // a level each, in order
  std::optional<int> option_players_;
  bool explain_ = false;
  int players_ = 2;
  std::vector<const CLI::Option*> options_;  // every level's, for given()
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_HOLDEM_COMMAND_H_
