// The checks of the command line's numbers, in the command line's own words
// (`-j: expected a whole number from 1 to 4096, found '0'`), not the option
// library's: shared by the options of every subcommand, so that one mistake
// has one wording. Each is a CLI11 transform that reads the text by the
// rules of poker/number_text.h and hands CLI11 the plain decimal value.
//
// Thread safety: the validators are values; CLI11 calls them while it parses.
#ifndef POKER_CLI_OPTION_CHECKS_H_
#define POKER_CLI_OPTION_CHECKS_H_

#include <cstdint>

// Declared, not included: CLI11's header costs seconds of compilation per
// file, and only the files that add options need it.
namespace CLI {
class Validator;
}

namespace poker::cli {

// A whole number from `min` to `max` ("010" is ten, not octal eight):
// `expected a whole number from 1 to 4096, found 'x'`.
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max);

// A fraction from `min` to `max`, written as a decimal ("0.05", ".5"; no
// sign, exponent, "inf" or "nan"): `expected a fraction from 0 to 10, like
// 0.05, found 'nan'`. REQUIRES: 0 <= min <= max, both finite.
CLI::Validator fraction(double min, double max);

}  // namespace poker::cli

#endif  // POKER_CLI_OPTION_CHECKS_H_
