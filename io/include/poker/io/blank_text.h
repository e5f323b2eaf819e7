// Blanks, as the input grammar has them: the bytes a record may end the
// input with, unread, and the bytes between tokens.
//
// Thread safety: pure functions.
#ifndef POKER_IO_BLANK_TEXT_H_
#define POKER_IO_BLANK_TEXT_H_

#include <algorithm>
#include <string_view>

namespace poker::io {

// Space, \t, \v, \f, \r: a blank (a newline is not one).
constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

// Whether `bytes` holds only blanks and newlines.
inline bool is_blank_text(std::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == '\n' || is_blank(c); });
}

}  // namespace poker::io

#endif  // POKER_IO_BLANK_TEXT_H_
