// Internal: the pieces of error messages that every format words alike.
#ifndef POKER_ENGINE_ERROR_TEXT_H_
#define POKER_ENGINE_ERROR_TEXT_H_

#include <string>
#include <string_view>

namespace poker {

// `token` in single quotes, safe to print on one line: bytes outside printable
// ASCII (and the quote and backslash) are escaped as \xNN, and a token longer
// than 40 bytes is cut, with "..." after the closing quote.
std::string quote_token(std::string_view token);

}  // namespace poker

#endif  // POKER_ENGINE_ERROR_TEXT_H_
