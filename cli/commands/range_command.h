// `poker range RANGE...`: the range as the 13x13 grid of starting hands
// (poker/range_grid.h), in color on a terminal.
#ifndef POKER_CLI_COMMANDS_RANGE_COMMAND_H_
#define POKER_CLI_COMMANDS_RANGE_COMMAND_H_

#include <string>
#include <vector>

#include "commands/command.h"
#include "poker/range.h"

namespace poker::cli {

class StopSignals;

class RangeCommand final : public Command {
 public:
  void add_options(CLI::App& app, Binding binding) override;
  std::optional<Mistake> check(CheckContext& context) override;
  RunPlan plan(const SharedOptions& shared) const override;

 private:
  // When the grid is colored (--color).
  enum class Color { kAuto, kAlways, kNever };

  // Prints the grid on stdout: the exit status (2 for an invalid range).
  int show(const StopSignals& signals) const;

  std::vector<std::string> words_;  // joined by commas
  PercentOrder order_ = PercentOrder::kPokerStove;
  Color color_ = Color::kAuto;
};

// The words of `poker range` as one range: "AA" "KK" is "AA,KK"; a word
// that ends or starts with a comma is joined as it stands ("QQ+," "AKs").
std::string join_range_words(const std::vector<std::string>& words);

// Whether a picture for stdout gets ANSI colors: stdout is a terminal,
// NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb".
bool color_on_stdout();

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_RANGE_COMMAND_H_
