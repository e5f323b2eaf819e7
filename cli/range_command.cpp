#include "range_command.h"

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "exit_status.h"
#include "messages.h"
#include "poker/escape.h"
#include "poker/range_grid.h"

namespace poker::cli {

void add_percent_order_option(CLI::App& app, PercentOrder& order) {
  app.add_option_function<std::string>(
         "--order",
         [&order](const std::string& value) {
           if (value == "pokerstove") {
             order = PercentOrder::kPokerStove;
           } else if (value == "equity") {
             order = PercentOrder::kEquity;
           } else {
             throw CLI::ValidationError("--order: expected pokerstove or equity, not " + quote_token(value));
           }
         },
         "The order of percentage ranges (10%): pokerstove (PokerStove's and Equilab's, the default) or equity "
         "(by equity against a random hand)")
      ->type_name("ORDER");
}

void add_range_options(CLI::App& app, Options& options) {
  app.add_option("RANGE", options.range, "The range, like QQ+,AKs,T9s-65s or 10%; several words are joined by commas")
      ->required()
      ->type_name("RANGE");
  add_percent_order_option(app, options.range_order);
  app.add_option_function<std::string>(
         "--color",
         [&options](const std::string& value) {
           if (value == "always") {
             options.color = Color::kAlways;
           } else if (value == "never") {
             options.color = Color::kNever;
           } else if (value == "auto") {
             options.color = Color::kAuto;
           } else {
             throw CLI::ValidationError("--color: expected always, never or auto, not " + quote_token(value));
           }
         },
         "Colour the grid: always (for less -R), never, or auto (the default: on a terminal, unless NO_COLOR is set)")
      ->type_name("WHEN");
}

std::string join_range_words(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty() && !text.ends_with(',') && !word.starts_with(',')) text += ',';
    text += word;
  }
  return text;
}

bool color_on_stdout() {
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) == 1 && (no_color == nullptr || *no_color == '\0') &&
         !(term != nullptr && std::string_view(term) == "dumb");
}

int run_range_command(const Options& options) {
  const auto parsed = parse_range(join_range_words(options.range), options.range_order);
  if (const auto* error = std::get_if<RangeError>(&parsed)) {
    return usage_error(error->message, "range");
  }
  const bool color = options.color == Color::kAuto ? color_on_stdout() : options.color == Color::kAlways;
  const std::string grid = range_grid(std::get<Range>(parsed), color);
  errno = 0;
  const bool written = std::fwrite(grid.data(), 1, grid.size(), stdout) == grid.size() && std::fflush(stdout) == 0;
  // A reader that closed the pipe had what it wanted, as for the judge.
  if (!written && errno != EPIPE) {
    report(io::IoError{io::IoError::Action::kWrite, "-", errno != 0 ? errno : EIO});
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace poker::cli
