// `poker range RANGE...`: the range as the 13x13 grid of starting hands
// (poker/range_grid.h), in color on a terminal; and the options that
// `poker range` and `poker equity` share: --order, the preflop order of
// percentage ranges.
#ifndef POKER_CLI_RANGE_COMMAND_H_
#define POKER_CLI_RANGE_COMMAND_H_

#include <string>
#include <vector>

#include "options.h"
#include "poker/range.h"

namespace CLI {
class App;
}

namespace poker::cli {

// Adds `poker range`'s operands and options to its subcommand.
void add_range_options(CLI::App& app, Options& options);

// Adds --order=pokerstove|equity to `app` (a subcommand), which
// sets `order`.
void add_percent_order_option(CLI::App& app, PercentOrder& order);

// The words of `poker range` as one range: "AA" "KK" is "AA,KK"; a word
// that ends or starts with a comma is joined as it stands ("QQ+," "AKs").
std::string join_range_words(const std::vector<std::string>& words);

// Prints the grid of the range on stdout; returns the exit status: 2 for
// an invalid range (its one-line message on stderr), 3 when stdout cannot be
// written.
int run_range_command(const Options& options);

// Whether a picture for stdout gets ANSI colors: stdout is a terminal,
// NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb".
bool color_on_stdout();

}  // namespace poker::cli

#endif  // POKER_CLI_RANGE_COMMAND_H_
