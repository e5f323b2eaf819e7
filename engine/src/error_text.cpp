#include "error_text.h"

namespace poker {

std::string quote_token(std::string_view token) {
  constexpr std::size_t kMaxQuoted = 40;
  constexpr char kHex[] = "0123456789abcdef";
  const bool cut = token.size() > kMaxQuoted;
  if (cut) token = token.substr(0, kMaxQuoted);
  std::string quoted = "'";
  for (const char c : token) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F && c != '\'' && c != '\\') {
      quoted += c;
    } else {
      quoted += "\\x";
      quoted += kHex[byte >> 4];
      quoted += kHex[byte & 0xF];
    }
  }
  quoted += '\'';
  if (cut) quoted += "...";
  return quoted;
}

}  // namespace poker
