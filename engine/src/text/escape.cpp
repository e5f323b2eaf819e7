#include "poker/escape.h"

namespace poker {

std::string escape_bytes(std::string_view bytes, std::string_view also) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  text.reserve(bytes.size());
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F && c != '\\' && also.find(c) == std::string_view::npos) {
      text += c;
    } else {
      text += "\\x";
      text += kHex[byte >> 4];
      text += kHex[byte & 0xF];
    }
  }
  return text;
}

std::string quote_token(std::string_view token) {
  constexpr std::size_t kMaxQuoted = 40;
  const bool cut = token.size() > kMaxQuoted;
  if (cut) token = token.substr(0, kMaxQuoted);
  std::string quoted = "'";
  quoted += escape_bytes(token, "'");
  quoted += '\'';
  if (cut) quoted += "...";
  return quoted;
}

}  // namespace poker
