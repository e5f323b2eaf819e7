// The one line an input error is reported in:
//   SOURCE:LINE:COLUMN: MESSAGE (instance N); hint: LIKELY CAUSE
// The engine's message says what is wrong where; this adds the 1-based
// instance (a grader's handle on a huge file) and, where one is likely, the
// cause a person would look for: another player count, another format's
// file, ten written "10", upper-case suits, a byte-order mark, blank lines
// between instances. Computed only once an error is reported: the hot path
// knows nothing of it.
#ifndef POKER_CLI_INPUT_ERROR_HINT_H_
#define POKER_CLI_INPUT_ERROR_HINT_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "options.h"
#include "poker/format.h"

namespace poker::cli {

// What the hint may look at: the run's options, the format's lines per
// instance, and the input's first bytes (empty when they cannot be read
// again: standard input).
struct ErrorContext {
  Command command = Command::kHoldem;
  int players = 2;
  std::size_t lines_per_instance = 1;
  std::string_view head;
};

// The likely cause of `error`, or nothing.
std::optional<std::string> input_error_hint(const InputError& error, const ErrorContext& context);

// `source:line:column: message (instance N)`, then `; hint: …` if one.
std::string input_error_line(const std::string& source, const InputError& error, const ErrorContext& context);

// Up to `limit` first bytes of the file `path` (nothing for standard input
// or a file that is not regular): what the hints read.
std::string read_head(const std::string& path, std::size_t limit = 64 * 1024);

}  // namespace poker::cli

#endif  // POKER_CLI_INPUT_ERROR_HINT_H_
