// The checks of option values, in the command line's own words
// (`--threads: expected a whole number from 1 to 4096, found '0'`), never
// the option library's: CLI11 learns only that a value failed, and the
// parse reports the mistake recorded here. Shared by every command, so that
// one mistake has one wording.
//
// Thread safety: one ValueChecks per parse, used by the thread that parses.
#ifndef POKER_CLI_COMMAND_LINE_VALUE_CHECKS_H_
#define POKER_CLI_COMMAND_LINE_VALUE_CHECKS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

// Declared, not included: CLI11's header costs seconds of compilation per
// file, and only the files that add options need it.
namespace CLI {
class Option;
}

namespace poker::cli {

// What is wrong with a value, or nothing. A check may rewrite the value it
// accepts into the form its option's variable reads ("010" into "10").
using ValueCheck = std::function<std::optional<std::string>(std::string& value)>;

class ValueChecks {
 public:
  ValueChecks() = default;
  ValueChecks(const ValueChecks&) = delete;
  ValueChecks& operator=(const ValueChecks&) = delete;

  // Checks each value of `option` with `check`; a mistake is recorded as
  // `NAME: what is wrong` (the option's long name).
  void add(CLI::Option& option, ValueCheck check);

  // Records a mistake that an option's own callback found (`--mc: …`) and
  // throws the CLI11 error that ends the parse.
  [[noreturn]] void fail(std::string mistake);

  // The mistake that ended the parse, if a check found one.
  const std::optional<std::string>& mistake() const { return mistake_; }

 private:
  std::optional<std::string> mistake_;
};

// A whole number from `min` to `max`, read by poker/number_text.h's rules
// ("010" is ten, not octal eight).
ValueCheck whole_number(std::uint64_t min, std::uint64_t max);
// Any whole number a std::uint64_t holds.
ValueCheck whole_number();

// A fraction from `min` to `max`, written as a decimal ("0.05", ".5"; no
// sign, exponent, "inf" or "nan"). REQUIRES: 0 <= min <= max, both finite.
ValueCheck fraction(double min, double max);

// A tolerance of numbers compared: a finite number in any of C's
// notations ("1e-6", "0.001").
ValueCheck tolerance();

// A size in bytes from `min` to `max`: a whole number, then optionally K,
// M, G or T (powers of 1024; also KB, KiB and the like, in any case).
ValueCheck byte_size(std::uint64_t min, std::uint64_t max);

// A Gradescope score: a decimal from 0.0001, the results' unit, to a
// million.
ValueCheck points();

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_VALUE_CHECKS_H_
