#include "value_checks.h"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <utility>

#include "poker/escape.h"
#include "poker/number_text.h"
#include "poker/token_verify.h"

namespace poker::cli {
namespace {

// A bound as the messages write it: 0, 10, 0.5.
std::string bound_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string found(const std::string& text) { return ", found '" + escape_bytes(text) + "'"; }

}  // namespace

void ValueChecks::add(CLI::Option& option, ValueCheck check) {
  const std::string name = option.get_name();
  option.transform(CLI::Validator(
      [this, name, check = std::move(check)](std::string& value) -> std::string {
        const std::optional<std::string> mistake = check(value);
        if (!mistake) return {};
        if (!mistake_) mistake_ = name + ": " + *mistake;
        return *mistake_;  // CLI11 throws; the parse reports mistake_ itself
      },
      option.get_type_name()));
}

void ValueChecks::fail(std::string mistake) {
  if (!mistake_) mistake_ = std::move(mistake);
  throw CLI::ValidationError(*mistake_);
}

ValueCheck whole_number(std::uint64_t min, std::uint64_t max) {
  return [min, max](std::string& text) -> std::optional<std::string> {
    const std::optional<std::uint64_t> value = parse_whole_number(text);
    if (!value || *value < min || *value > max) {
      return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max) + found(text);
    }
    text = std::to_string(*value);
    return std::nullopt;
  };
}

ValueCheck whole_number() {
  return [](std::string& text) -> std::optional<std::string> {
    const std::optional<std::uint64_t> value = parse_whole_number(text);
    if (!value) return "expected a whole number" + found(text);
    text = std::to_string(*value);
    return std::nullopt;
  };
}

ValueCheck fraction(double min, double max) {
  return [min, max](std::string& text) -> std::optional<std::string> {
    // parse_decimal takes no "nan", "inf", sign or exponent: what it reads
    // is finite and not negative, and the bounds do the rest.
    const std::optional<double> value = parse_decimal(text);
    if (!value || *value < min || *value > max) {
      return "expected a fraction from " + bound_text(min) + " to " + bound_text(max) + ", like 0.05" + found(text);
    }
    return std::nullopt;
  };
}

ValueCheck tolerance() {
  return [](std::string& text) -> std::optional<std::string> {
    // As problemtools reads its flags' values (a negative one compares
    // nothing as numbers).
    double value = 0;
    if (!read_checker_number(text, value)) return "expected a tolerance, a number like 1e-6 or 0.001" + found(text);
    return std::nullopt;
  };
}

ValueCheck byte_size(std::uint64_t min, std::uint64_t max) {
  return [min, max](std::string& text) -> std::optional<std::string> {
    const std::size_t digits = text.find_first_not_of("0123456789");
    const std::optional<std::uint64_t> number = parse_whole_number(std::string_view(text).substr(0, digits));
    std::string unit = digits == std::string::npos ? "" : text.substr(digits);
    for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    constexpr std::pair<std::string_view, int> kUnits[] = {
        {"", 0},     {"b", 0},  {"k", 10},  {"kb", 10},  {"kib", 10}, {"m", 20},  {"mb", 20},
        {"mib", 20}, {"g", 30}, {"gb", 30}, {"gib", 30}, {"t", 40},   {"tb", 40}, {"tib", 40}};
    int shift = -1;
    for (const auto& [name, bits] : kUnits) {
      if (unit == name) shift = bits;
    }
    if (!number || shift < 0 || *number > (max >> shift) || (*number << shift) < min) {
      return "expected a size in bytes from " + std::to_string(min) + " to " + std::to_string(max) +
             ", like 64K or 1M" + found(text);
    }
    text = std::to_string(*number << shift);
    return std::nullopt;
  };
}

ValueCheck points() {
  return [](std::string& text) -> std::optional<std::string> {
    const std::optional<double> value = parse_decimal(text);
    if (!value || *value < 1e-4 || *value > 1e6) return "expected points from 0.0001 to 1000000" + found(text);
    return std::nullopt;
  };
}

}  // namespace poker::cli
