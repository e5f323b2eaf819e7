// `poker equity`: how often hands and ranges win. With hands on the command
// line, one query answered with a table (a run of its own); with one
// operand (the query file) or none, a query a line from the input, through
// the pipeline like every format, the command line's --board, --dead and
// settings being every line's defaults.
#ifndef POKER_CLI_COMMANDS_EQUITY_COMMAND_H_
#define POKER_CLI_COMMANDS_EQUITY_COMMAND_H_

#include <string>
#include <vector>

#include "commands/command.h"
#include "poker/equity.h"

namespace CLI {
class Option;
}  // namespace CLI

namespace poker::cli {

class StopSignals;

class EquityCommand final : public FormatCommand {
 public:
  void add_options(CLI::App& app, Binding binding) override;
  std::optional<Mistake> check(CheckContext& context) override;
  RunPlan plan(const SharedOptions& shared) const override;
  std::unique_ptr<Format> make_format(const std::atomic<bool>& stop) const override;
  std::string judged() const override { return "equity queries"; }
  bool answers_as_json() const override { return true; }

 private:
  // The query on the command line, answered: the exit status.
  int answer_query(const SharedOptions& shared, const StopSignals& signals) const;
  // What -i, `poker verify` or the options cannot take with the operands.
  std::optional<std::string> conflict(const CheckContext& context) const;

  const SharedOptions* shared_ = nullptr;  // bound in add_options()
  std::vector<std::string> hands_;         // hands or ranges; empty: the queries are read from the input
  std::string board_;
  std::string dead_;
  std::string game_;  // --game, empty when not given
  EquitySettings settings_;
  // --exact, --mc and --time, which choose the method: one at most.
  std::vector<const CLI::Option*> methods_;
};

// Adds --order=pokerstove|equity, the preflop order of percentage ranges,
// which sets `order` (`poker range` takes it too).
void add_percent_order_option(CLI::App& app, Binding binding, PercentOrder& order);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_EQUITY_COMMAND_H_
