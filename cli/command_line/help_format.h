// The help text, GNU style: `-j, --threads=N` and the description beside
// it, every paragraph wrapped to the terminal's width (80 columns when
// stdout is no terminal, as for the man page and the completions, which
// read the help), and nothing of CLI11's validators in it.
#ifndef POKER_CLI_COMMAND_LINE_HELP_FORMAT_H_
#define POKER_CLI_COMMAND_LINE_HELP_FORMAT_H_

#include <CLI/CLI.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace poker::cli {

// The width help is wrapped to: the terminal's on stdout, else 80.
std::size_t help_width();

// `text` wrapped to `width` columns: its lines (split at '\n') filled word
// by word, the first line indented by `first`, the others by `rest`.
std::string wrap(std::string_view text, std::size_t width, std::size_t first = 0, std::size_t rest = 0);

// An option's value as help writes it (`N`, `FILE`, `INPUT OUTPUT ANSWER`;
// empty for a flag).
std::string value_name(const CLI::Option& option);

// The formatter every command's help goes through.
std::shared_ptr<CLI::FormatterBase> make_help_formatter(std::size_t width);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_HELP_FORMAT_H_
