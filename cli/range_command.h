// `poker range RANGE`: the range as the 13x13 grid of starting hands
// (poker/range_grid.h), in colour on a terminal.
#ifndef POKER_CLI_RANGE_COMMAND_H_
#define POKER_CLI_RANGE_COMMAND_H_

#include <string>

namespace poker::cli {

// Prints the grid of `range_text` on stdout; returns the exit status: 2 for
// an invalid range (its one-line message on stderr), 3 when stdout cannot be
// written.
int run_range_command(const std::string& range_text);

// Whether a picture for stdout gets ANSI colours: stdout is a terminal,
// NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb".
bool colour_on_stdout();

}  // namespace poker::cli

#endif  // POKER_CLI_RANGE_COMMAND_H_
