#include "poker/number_text.h"

#include <charconv>
#include <cstdint>
#include <string>

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

std::optional<std::uint64_t> parse_count(std::string_view text) {
  if (std::optional<std::uint64_t> whole = parse_whole_number(text)) return whole;
  // The mantissa's digits (without its point) and the power of ten that
  // scales them: exact integer arithmetic, no rounding through a double.
  int exponent = 0;
  std::string_view mantissa = text;
  if (const std::size_t e = text.find_first_of("eE"); e != std::string_view::npos) {
    const std::optional<std::uint64_t> power = parse_whole_number(text.substr(e + 1));
    if (!power || *power > 40) return std::nullopt;
    exponent = static_cast<int>(*power);
    mantissa = text.substr(0, e);
  } else if (!text.empty()) {
    constexpr std::string_view kSuffixes = "KMGT";
    const std::size_t suffix = kSuffixes.find(static_cast<char>(text.back() & ~0x20));  // either case
    if (suffix == std::string_view::npos || is_digit(text.back())) return std::nullopt;
    exponent = 3 * static_cast<int>(suffix + 1);
    mantissa = text.substr(0, text.size() - 1);
  }
  if (!is_plain_decimal(mantissa)) return std::nullopt;
  // The mantissa's digits as an integer, its fraction's length taken off
  // the exponent; trailing zeros need not fit, they cancel a fraction digit.
  const std::size_t point = mantissa.find('.');
  if (point != std::string_view::npos) {
    while (mantissa.size() > point + 1 && mantissa.back() == '0') mantissa.remove_suffix(1);
    exponent -= static_cast<int>(mantissa.size() - point - 1);
  }
  if (exponent < 0) return std::nullopt;  // not whole
  std::uint64_t value = 0;
  for (const char c : mantissa) {
    if (c == '.') continue;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  for (int i = 0; i < exponent; ++i) {
    if (value > UINT64_MAX / 10) return std::nullopt;
    value *= 10;
  }
  return value;
}

std::optional<double> parse_decimal(std::string_view text) {
  if (!is_plain_decimal(text)) return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> parse_amount(std::string_view text) {
  const std::size_t e = text.find_first_of("eE");
  if (e == std::string_view::npos) return parse_decimal(text);
  std::string_view power = text.substr(e + 1);
  if (power.starts_with('-')) power.remove_prefix(1);
  if (!is_plain_decimal(text.substr(0, e)) || !parse_whole_number(power)) return std::nullopt;
  double value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::scientific);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;  // out of a double's range
  return value;
}

}  // namespace poker
