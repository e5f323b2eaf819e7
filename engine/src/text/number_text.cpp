#include "poker/number_text.h"

#include <charconv>

namespace poker {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Digits with at most one '.', and at least one digit. std::from_chars
// alone would also take a sign, an exponent, "inf" and "nan".
bool is_plain_decimal(std::string_view text) {
  bool digit = false;
  bool point = false;
  for (const char c : text) {
    if (is_digit(c)) {
      digit = true;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      return false;
    }
  }
  return digit;
}

}  // namespace

std::optional<std::uint64_t> parse_whole_number(std::string_view text) {
  if (text.empty()) return std::nullopt;
  for (const char c : text) {
    if (!is_digit(c)) return std::nullopt;  // from_chars would take a '-' and wrap it around
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;  // past 2^64 - 1
  return value;
}

std::optional<double> parse_decimal(std::string_view text) {
  if (!is_plain_decimal(text)) return std::nullopt;
  double value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace poker
