// `poker generate [FORMAT]`: seeded random instances of any format
// (poker/generate.h), its own subcommand with its own options.
#ifndef POKER_CLI_COMMANDS_GENERATE_COMMAND_H_
#define POKER_CLI_COMMANDS_GENERATE_COMMAND_H_

#include <cstdint>
#include <optional>
#include <string>

#include "commands/command.h"
#include "poker/generate.h"

namespace CLI {
class Option;
}  // namespace CLI

namespace poker::cli {

class StopSignals;

class GenerateCommand final : public Command {
 public:
  // Its -o writes to the shared output, the variable the other commands'
  // -o uses, so that `poker -o F generate` works too.
  void add_options(CLI::App& app, Binding binding) override;
  // The generator's options from the words given, or the usage error.
  std::optional<Mistake> check(CheckContext& context) override;
  RunPlan plan(const SharedOptions& shared) const override;

 private:
  std::optional<std::string> settle();
  std::optional<std::string> settle_format();
  std::optional<std::string> settle_fault();
  // Writes the instances to `output`: the exit status.
  int write(const std::string& output, const StopSignals& signals) const;

  std::string format_;          // FORMAT as given: a player count, holdem, omaha, shortdeck, euler, eval, draw, equity
  std::optional<int> players_;  // -p/--players
  std::optional<int> hole_;     // omaha: --hole
  std::string hand_size_;       // eval: N or MIN-MAX
  std::uint64_t instances_ = 0;
  std::uint64_t bytes_ = 0;
  std::string error_kind_ = "invalid-card";
  GenerateOptions generator_;  // settled from the above
  const CLI::Option* instances_option_ = nullptr;
  const CLI::Option* bytes_option_ = nullptr;
  const CLI::Option* error_at_option_ = nullptr;
  const CLI::Option* error_kind_option_ = nullptr;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_GENERATE_COMMAND_H_
