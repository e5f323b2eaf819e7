// A small, strict JSON reader (RFC 8259) for the reports the command line
// reads back (`poker bench --compare`): objects, arrays, strings (every
// escape, \uXXXX with surrogate pairs, valid UTF-8 only), numbers, true,
// false and null; a UTF-8 byte order mark at the start is skipped. Nothing
// else is accepted: no comments, trailing commas, single quotes, NaN or
// leading zeros, no duplicate keys in an object, and no number outside the
// range of a double.
//
// Hostile input cannot exhaust the stack: arrays and objects nest at most
// kJsonMaxDepth deep, and the reader is linear in the input's size.
//
// Thread safety: parse_json is a pure function; a JsonValue is a plain value.
#ifndef POKER_BENCH_SRC_JSON_VALUE_H_
#define POKER_BENCH_SRC_JSON_VALUE_H_

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace poker::bench {

// Deeper than any report (a poker-bench/1 report nests four deep).
inline constexpr std::size_t kJsonMaxDepth = 64;

struct JsonMember;

// One JSON value. Only the fields of its type are meaningful.
struct JsonValue {
  enum class Type { kNull, kBoolean, kNumber, kString, kArray, kObject };

  // Defined below JsonMember, which must be complete where they are.
  JsonValue();
  JsonValue(const JsonValue&);
  JsonValue(JsonValue&&) noexcept;
  JsonValue& operator=(const JsonValue&);
  JsonValue& operator=(JsonValue&&) noexcept;
  ~JsonValue();

  Type type = Type::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;  // UTF-8, escapes decoded
  std::vector<JsonValue> array;
  std::vector<JsonMember> members;  // in the text's order, keys distinct

  // The member named `key` of an object, or null (also when this is no object).
  const JsonValue* find(std::string_view key) const;
};

// One member of an object.
struct JsonMember {
  std::string key;
  JsonValue value;
};

inline JsonValue::JsonValue() = default;
inline JsonValue::JsonValue(const JsonValue&) = default;
inline JsonValue::JsonValue(JsonValue&&) noexcept = default;
inline JsonValue& JsonValue::operator=(const JsonValue&) = default;
inline JsonValue& JsonValue::operator=(JsonValue&&) noexcept = default;
inline JsonValue::~JsonValue() = default;

// The type as messages name it: "null", "a boolean", "a number", "a string",
// "an array", "an object".
const char* json_type_name(JsonValue::Type type);

// Text that is not JSON. what(): `LINE:COLUMN: invalid JSON: WHAT`, one line
// of printable ASCII; LINE and COLUMN count from 1, COLUMN in bytes, and point
// at the offending byte (or just past the last one when the text ends early).
class JsonError : public std::runtime_error {
 public:
  JsonError(std::size_t line, std::size_t column, const std::string& what);

  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }

 private:
  std::size_t line_;
  std::size_t column_;
};

// The one JSON value `text` holds, with nothing but white space around it.
// Throws JsonError.
JsonValue parse_json(std::string_view text);

}  // namespace poker::bench

#endif  // POKER_BENCH_SRC_JSON_VALUE_H_
