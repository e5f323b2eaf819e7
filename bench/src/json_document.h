// A report's JSON text read into a document by nlohmann's JSON parser
// (nlohmann/json.hpp), strictly (RFC 8259: no comments, trailing commas,
// single quotes, NaN or leading zeros), with the checks it does not make
// and an error of the project's own: no key twice in an object, no number
// beyond the range of a double (one too close to zero reads as the zero it
// rounds to), and no nesting deeper than kJsonMaxDepth, so that hostile
// input cannot exhaust the memory or the stack of what reads the document.
//
// Thread safety: parse_json_text is a pure function.
#ifndef POKER_BENCH_SRC_JSON_DOCUMENT_H_
#define POKER_BENCH_SRC_JSON_DOCUMENT_H_

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace poker::bench {

// Deeper than any report (a poker-bench report nests four deep).
inline constexpr std::size_t kJsonMaxDepth = 64;

// Why a text is no JSON: where (LINE and COLUMN count from 1, COLUMN in
// bytes, at the offending byte, or just past the last one when the text
// ends early) and what, in one line of printable ASCII: `expected ',' or
// '}', found 'x'`. nlohmann's own words are never shown.
struct JsonTextError {
  std::size_t line = 1;
  std::size_t column = 1;
  std::string what;
};

// The one JSON value `text` holds, with nothing but white space around it
// (a UTF-8 byte order mark at the start is skipped), or why it is none.
// The objects are nlohmann::json's, sorted by key: the reader looks keys up
// by name, and the key order that nlohmann::ordered_json keeps would cost
// a linear search per key, hours for a hostile object of a million keys.
std::variant<nlohmann::json, JsonTextError> parse_json_text(std::string_view text);

}  // namespace poker::bench

#endif  // POKER_BENCH_SRC_JSON_DOCUMENT_H_
