// JSON text for the machine-readable reports (`--json`): strings quoted
// with every control byte and every byte that is not ASCII escaped as
// \u00NN, so that any input's bytes (a binary candidate's included) make
// valid JSON in pure ASCII, one line.
//
// Thread safety: stateless.
#ifndef POKER_JSON_TEXT_H_
#define POKER_JSON_TEXT_H_

#include <cstdio>
#include <string>
#include <string_view>

namespace poker {

inline std::string json_quote(std::string_view bytes) {
  std::string out = "\"";
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte >= 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
      out += escaped;
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

}  // namespace poker

#endif  // POKER_JSON_TEXT_H_
