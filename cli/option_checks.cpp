#include "option_checks.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <optional>
#include <string>

#include "poker/escape.h"
#include "poker/number_text.h"

namespace poker::cli {
namespace {

// A bound as the messages write it: 0, 10, 0.5.
std::string bound_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const std::optional<std::uint64_t> value = parse_whole_number(text);
        if (!value || *value < min || *value > max) {
          return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", found '" +
                 escape_bytes(text) + "'";
        }
        text = std::to_string(*value);
        return {};
      },
      "NUMBER");
}

CLI::Validator fraction(double min, double max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        // parse_decimal takes no "nan", "inf", sign or exponent: what it
        // reads is finite and not negative, and the bounds do the rest.
        const std::optional<double> value = parse_decimal(text);
        if (!value || *value < min || *value > max) {
          return "expected a fraction from " + bound_text(min) + " to " + bound_text(max) + ", like 0.05, found '" +
                 escape_bytes(text) + "'";
        }
        return {};
      },
      "FRACTION");
}

}  // namespace poker::cli
