// The CLI's words for an input error's line (poker/input_hint.h): a hint
// that suggests another format or player count names the command to type,
// with the input as it was given.
#ifndef POKER_CLI_INPUT_ERROR_HINT_H_
#define POKER_CLI_INPUT_ERROR_HINT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "poker/format.h"
#include "poker/input_hint.h"

namespace poker::cli {

// What to try to judge `input` (the operand as typed, "-" for standard
// input) as `guess`: "'poker euler examples/euler.txt'", or for standard
// input "'poker euler' on the same input".
std::string suggest_run(const FormatGuess& guess, const std::string& input);

// The error's line, its hints suggesting commands on `input`; `instance` as
// poker::input_error_line() takes it.
std::string input_error_line(const std::string& source, const Format& format, const InputError& error,
                             std::string_view head, const std::string& input, std::uint64_t instance = 0);

}  // namespace poker::cli

#endif  // POKER_CLI_INPUT_ERROR_HINT_H_
