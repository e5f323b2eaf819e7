// Bytes from outside (tokens, answer lines, file names) made safe to print in
// a one-line message: a newline cannot split it, nor ESC or invalid UTF-8
// reach a terminal.
#ifndef POKER_ESCAPE_H_
#define POKER_ESCAPE_H_

#include <string>
#include <string_view>

namespace poker {

// `bytes` as printable ASCII: each byte outside 0x20..0x7E, the backslash
// (which would make the text ambiguous) and each byte of `also` as \xNN.
std::string escape_bytes(std::string_view bytes, std::string_view also = {});

// `token` in single quotes, safe to print on one line: bytes outside printable
// ASCII (and the quote and backslash) are escaped as \xNN, and a token longer
// than 40 bytes is cut, with "..." after the closing quote. Every message
// that quotes a bad token quotes it with this.
std::string quote_token(std::string_view token);

}  // namespace poker

#endif  // POKER_ESCAPE_H_
