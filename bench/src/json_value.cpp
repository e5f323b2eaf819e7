#include "json_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <set>
#include <system_error>

#include "poker/escape.h"

namespace poker::bench {

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const JsonMember& member : members) {
    if (member.key == key) return &member.value;
  }
  return nullptr;
}

const char* json_type_name(JsonValue::Type type) {
  switch (type) {
    case JsonValue::Type::kNull: return "null";
    case JsonValue::Type::kBoolean: return "a boolean";
    case JsonValue::Type::kNumber: return "a number";
    case JsonValue::Type::kString: return "a string";
    case JsonValue::Type::kArray: return "an array";
    case JsonValue::Type::kObject: return "an object";
  }
  return "a value";
}

JsonError::JsonError(std::size_t line, std::size_t column, const std::string& what)
    : std::runtime_error(std::to_string(line) + ":" + std::to_string(column) + ": invalid JSON: " + what),
      line_(line),
      column_(column) {}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

// Recursive descent over the text; `depth_` bounds the recursion.
// Invariant: `at_` <= text_.size().
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  JsonValue parse_document() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") at_ = 3;
    if (text_.empty()) fail("the input is empty");
    skip_white_space();
    JsonValue value = parse_value();
    skip_white_space();
    if (at_ < text_.size()) fail("unexpected " + found() + " after the JSON value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { fail_at(at_, what); }

  [[noreturn]] void fail_at(std::size_t offset, const std::string& what) const {
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i) {
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    throw JsonError(line, offset - line_start + 1, what);
  }

  // The byte at `at_` as messages show it.
  std::string found() const {
    if (at_ >= text_.size()) return "the end of the input";
    return quote_token(text_.substr(at_, 1));
  }

  bool at_end() const { return at_ >= text_.size(); }
  // The byte at `at_`, NUL at the end: every test of peek() is for a byte
  // other than NUL, and a NUL in the text is an error wherever it is.
  char peek() const { return at_end() ? '\0' : text_[at_]; }

  void skip_white_space() {
    while (!at_end() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) ++at_;
  }

  void expect(char c, const char* what) {
    if (peek() != c) fail(std::string("expected ") + what + ", found " + found());
    ++at_;
  }

  JsonValue parse_value() {
    if (at_end()) fail("expected a value, found the end of the input");
    switch (text_[at_]) {
      case '{': return parse_object();
      case '[': return parse_array();
      case '"': {
        JsonValue value;
        value.type = JsonValue::Type::kString;
        value.string = parse_string();
        return value;
      }
      case 't':
      case 'f':
      case 'n': return parse_literal();
      default:
        if (text_[at_] == '-' || is_digit(text_[at_])) return parse_number();
        fail("expected a value, found " + found());
    }
  }

  void enter() {
    if (++depth_ > kJsonMaxDepth) fail("arrays and objects nested deeper than " + std::to_string(kJsonMaxDepth));
  }

  JsonValue parse_object() {
    enter();
    JsonValue value;
    value.type = JsonValue::Type::kObject;
    std::set<std::string> keys;  // a set, so that a huge object is no quadratic search
    ++at_;                       // '{'
    skip_white_space();
    if (peek() == '}') {
      ++at_;
      --depth_;
      return value;
    }
    while (true) {
      if (peek() != '"') fail("expected a string key, found " + found());
      const std::size_t key_at = at_;
      std::string key = parse_string();
      if (!keys.insert(key).second) fail_at(key_at, "duplicate key " + quote_token(key));
      skip_white_space();
      expect(':', "':'");
      skip_white_space();
      JsonValue member = parse_value();
      value.members.push_back(JsonMember{std::move(key), std::move(member)});
      skip_white_space();
      if (peek() == ',') {
        ++at_;
        skip_white_space();
        continue;
      }
      expect('}', "',' or '}'");
      --depth_;
      return value;
    }
  }

  JsonValue parse_array() {
    enter();
    JsonValue value;
    value.type = JsonValue::Type::kArray;
    ++at_;  // '['
    skip_white_space();
    if (peek() == ']') {
      ++at_;
      --depth_;
      return value;
    }
    while (true) {
      value.array.push_back(parse_value());
      skip_white_space();
      if (peek() == ',') {
        ++at_;
        skip_white_space();
        continue;
      }
      expect(']', "',' or ']'");
      --depth_;
      return value;
    }
  }

  JsonValue parse_literal() {
    JsonValue value;
    for (const std::string_view word : {"true", "false", "null"}) {
      if (text_.substr(at_, word.size()) == word) {
        at_ += word.size();
        value.type = word == "null" ? JsonValue::Type::kNull : JsonValue::Type::kBoolean;
        value.boolean = word == "true";
        return value;
      }
    }
    fail("expected a value (true, false or null), found " + quote_token(text_.substr(at_, 5)));
  }

  // RFC 8259's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  JsonValue parse_number() {
    const std::size_t start = at_;
    if (peek() == '-') ++at_;
    if (!is_digit(peek())) fail("expected a digit after '-', found " + found());
    if (peek() == '0') {
      ++at_;
      if (is_digit(peek())) fail("a number has no leading zeros");
    } else {
      while (is_digit(peek())) ++at_;
    }
    if (peek() == '.') {
      ++at_;
      if (!is_digit(peek())) fail("expected a digit after '.', found " + found());
      while (is_digit(peek())) ++at_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!is_digit(peek())) fail("expected a digit in the exponent, found " + found());
      while (is_digit(peek())) ++at_;
    }
    JsonValue value;
    value.type = JsonValue::Type::kNumber;
    const char* first = text_.data() + start;
    const char* last = text_.data() + at_;
    const auto [end, error] = std::from_chars(first, last, value.number);
    // Underflow reads as the zero it is closest to; overflow has no double.
    if (error == std::errc::result_out_of_range) {
      if (!is_tiny(std::string_view(first, static_cast<std::size_t>(last - first)))) {
        fail_at(start, "number out of the range of a double");
      }
      value.number = *first == '-' ? -0.0 : 0.0;
    } else if (error != std::errc() || end != last || !std::isfinite(value.number)) {
      fail_at(start, "number out of the range of a double");
    }
    return value;
  }

  // Whether a number's text that from_chars finds out of range is one too
  // close to zero rather than too large: the power of ten of its first
  // significant digit is negative. `number` follows the grammar above.
  static bool is_tiny(std::string_view number) {
    if (number.front() == '-') number.remove_prefix(1);
    const std::size_t integer_end = std::min(number.find_first_of(".eE"), number.size());
    long long power = 0;
    if (number.front() != '0') {
      power = static_cast<long long>(integer_end) - 1;
    } else if (integer_end < number.size() && number[integer_end] == '.') {
      const std::size_t significant = number.find_first_of("123456789", integer_end);
      const std::size_t exponent_at = number.find_first_of("eE");
      if (significant == std::string_view::npos || significant > exponent_at) return true;  // zero
      power = -static_cast<long long>(significant - integer_end);
    }
    const std::size_t e = number.find_first_of("eE");
    if (e != std::string_view::npos) {
      // Clamped: past a million the sign alone decides.
      long long exponent = 0;
      std::size_t digit = e + 1;
      const bool negative = number[digit] == '-';
      if (number[digit] == '-' || number[digit] == '+') ++digit;
      for (; digit < number.size() && exponent < 1000000; ++digit) exponent = exponent * 10 + (number[digit] - '0');
      power += negative ? -exponent : exponent;
    }
    return power < 0;
  }

  // A string at `at_` (its opening quote), decoded; `at_` ends past its
  // closing quote.
  std::string parse_string() {
    ++at_;  // '"'
    std::string out;
    while (true) {
      if (at_end()) fail("unterminated string");
      const auto byte = static_cast<unsigned char>(text_[at_]);
      if (byte == '"') {
        ++at_;
        return out;
      }
      if (byte == '\\') {
        parse_escape(out);
      } else if (byte < 0x20) {
        fail("control byte " + found() + " in a string (write it as an escape)");
      } else if (byte < 0x80) {
        out += static_cast<char>(byte);
        ++at_;
      } else {
        const std::size_t length = utf8_sequence_length();
        out.append(text_.substr(at_, length));
        at_ += length;
      }
    }
  }

  // The length of the valid UTF-8 sequence at `at_` (a lead byte >= 0x80);
  // fails at its first byte that breaks the rules (overlong forms, UTF-16
  // surrogates and code points past U+10FFFF are no UTF-8).
  std::size_t utf8_sequence_length() const {
    const auto lead = static_cast<unsigned char>(text_[at_]);
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      fail("invalid UTF-8 byte " + found() + " in a string");
    }
    for (std::size_t i = 1; i < length; ++i) {
      if (at_ + i >= text_.size()) fail_at(at_ + i, "invalid UTF-8 in a string: the text ends inside a character");
      const auto byte = static_cast<unsigned char>(text_[at_ + i]);
      const unsigned char min = i == 1 ? low : 0x80;
      const unsigned char max = i == 1 ? high : 0xBF;
      if (byte < min || byte > max) {
        fail_at(at_ + i, "invalid UTF-8 byte " + quote_token(text_.substr(at_ + i, 1)) + " in a string");
      }
    }
    return length;
  }

  // The escape at `at_` (its backslash), decoded onto `out`.
  void parse_escape(std::string& out) {
    const std::size_t start = at_;
    ++at_;
    if (at_end()) fail("unterminated string");
    const char c = text_[at_];
    ++at_;
    switch (c) {
      case '"':
      case '\\':
      case '/': out += c; return;
      case 'b': out += '\b'; return;
      case 'f': out += '\f'; return;
      case 'n': out += '\n'; return;
      case 'r': out += '\r'; return;
      case 't': out += '\t'; return;
      case 'u': break;
      default: fail_at(start, "invalid escape " + escape_text(start, at_) + " in a string");
    }
    std::uint32_t code_point = parse_hex4(start);
    if (code_point >= 0xDC00 && code_point <= 0xDFFF) {
      fail_at(start, "unpaired surrogate " + escape_text(start, start + 6) + " in a string");
    }
    if (code_point >= 0xD800 && code_point <= 0xDBFF) {
      if (text_.substr(at_, 2) != "\\u") {
        fail_at(start, "unpaired surrogate " + escape_text(start, start + 6) + " in a string");
      }
      const std::size_t low_start = at_;
      at_ += 2;
      const std::uint32_t low = parse_hex4(low_start);
      if (low < 0xDC00 || low > 0xDFFF) {
        fail_at(start, "unpaired surrogate " + escape_text(start, start + 6) + " in a string");
      }
      code_point = 0x10000 + ((code_point - 0xD800) << 10) + (low - 0xDC00);
    }
    append_utf8(out, code_point);
  }

  // The escape in text_[start, end) (its backslash at `start`) as messages
  // show it: '\u12G4'.
  std::string escape_text(std::size_t start, std::size_t end) const {
    return "'\\" + escape_bytes(text_.substr(start + 1, end - start - 1)) + "'";
  }

  // The four hex digits at `at_` of the \u escape at `start`.
  std::uint32_t parse_hex4(std::size_t start) {
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      const int digit = at_end() ? -1 : hex_value(text_[at_]);
      if (digit < 0) {
        fail_at(start, "invalid escape " + escape_text(start, std::min(at_ + 1, text_.size())) +
                           " in a string (\\u takes four hex digits)");
      }
      value = value * 16 + static_cast<std::uint32_t>(digit);
      ++at_;
    }
    return value;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t depth_ = 0;
};

}  // namespace

JsonValue parse_json(std::string_view text) { return Parser(text).parse_document(); }

}  // namespace poker::bench
