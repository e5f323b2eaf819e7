#include "poker/json_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

namespace poker {

std::string json_quote(std::string_view bytes) {
  // Each byte becomes the character of its number, in UTF-8 (two bytes from
  // 0x80 on), which nlohmann's dump() with ensure_ascii escapes as \u00NN:
  // text that is no UTF-8 then quotes without error, and every byte can be
  // read back.
  std::string characters;
  characters.reserve(bytes.size());
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      characters += c;
    } else {
      characters += static_cast<char>(0xC0 | byte >> 6);
      characters += static_cast<char>(0x80 | (byte & 0x3F));
    }
  }
  return nlohmann::json(std::move(characters)).dump(-1, ' ', /*ensure_ascii=*/true);
}

void append_json_number(std::string& out, double value, std::optional<int> decimals) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  // Room for any double: 309 whole digits (1.8e308), or 326 characters for
  // the shortest form of the smallest (0.000...0005, 5e-324); decimals past
  // 340 would only add zeros.
  constexpr int kMostDecimals = 340;
  std::array<char, 700> text;
  const auto [end, error] =
      decimals ? std::to_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed,
                               std::clamp(*decimals, 0, kMostDecimals))
               : std::to_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc()) {
    out += "null";  // unreachable: the buffer holds any double so written
    return;
  }
  out.append(text.data(), end);
}

}  // namespace poker
