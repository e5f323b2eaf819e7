// Numbers written in text: one set of rules for the command line and the
// lines of query files, so that a value means the same wherever it is given.
//
//   whole numbers  decimal digits only: "8", "010" (ten); no sign, no "0x",
//                  no blanks, and never a value wrapped around (a number past
//                  2^64 - 1 is no number).
//   decimals       digits with at most one '.': "1", "0.25", ".5", "2.";
//                  no sign, exponent, "inf" or "nan".
//   counts         a whole number as above, or one written as people write
//                  big counts: a decimal then K, M, G or T (thousand,
//                  million, billion, trillion: "1M", "2.5K") or a decimal
//                  then e and a power of ten ("1e6", "2.5e3"), when the
//                  value is whole ("1.5" and "1e-3" are no counts).
//   amounts        a decimal as above, or one written as counts write big
//                  values: a decimal then e and a power of ten, which may
//                  be negative here ("1e0", "2.5e3", "1e-3"); no sign
//                  before it, "inf" or "nan".
//
// Ranges of allowed values are the caller's: these say only whether the text
// is a number and which.
//
// Thread safety: pure functions.
#ifndef POKER_NUMBER_TEXT_H_
#define POKER_NUMBER_TEXT_H_

#include <cstdint>
#include <optional>
#include <string_view>

namespace poker {

// The value of a whole number's text, or nothing.
std::optional<std::uint64_t> parse_whole_number(std::string_view text);

// The value of a count's text, or nothing (also past 2^64 - 1).
std::optional<std::uint64_t> parse_count(std::string_view text);

// The value of a decimal's text, or nothing (the nearest double).
std::optional<double> parse_decimal(std::string_view text);

// The value of an amount's text, or nothing (the nearest double).
std::optional<double> parse_amount(std::string_view text);

}  // namespace poker

#endif  // POKER_NUMBER_TEXT_H_
