#include "json_document.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "poker/escape.h"

namespace poker::bench {
namespace {

using Json = nlohmann::json;

// A pointer into the text that records in `*reached` how far nlohmann's
// reader has read it: its parse events carry no position, and the error of
// a bracket nested too deep, or of a key given twice, names its place.
class TrackedChar {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackedChar() = default;
  TrackedChar(const char* at, const char** reached) : at_(at), reached_(reached) {}
  reference operator*() const { return *at_; }
  TrackedChar& operator++() {
    *reached_ = ++at_;
    return *this;
  }
  TrackedChar operator++(int) {
    const TrackedChar before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackedChar& other) const { return at_ == other.at_; }

 private:
  const char* at_ = nullptr;
  const char** reached_ = nullptr;
};

// nlohmann's failures inside a token, told apart by its message's words,
// which are never shown: each is worded below, in the project's words.
enum class TokenFault {
  kNone,  // no fault inside a token: a whole token where the grammar wants another
  kUtf8,
  kControlByte,
  kEscape,
  kHexDigits,
  kLowSurrogate,
  kHighSurrogate,
  kUnterminated,
  kMinus,
  kFraction,
  kExponent,
  kLiteral,
  kByteOrderMark,
};

TokenFault token_fault(std::string_view message) {
  // A fault inside a token ends with the bytes read ("; last read: ...").
  const std::size_t read = message.find("; last read: ");
  if (read == std::string_view::npos) return TokenFault::kNone;
  static constexpr std::pair<std::string_view, TokenFault> kFaults[] = {
      {"ill-formed UTF-8 byte", TokenFault::kUtf8},
      {"control character U+", TokenFault::kControlByte},
      {"forbidden character after backslash", TokenFault::kEscape},
      {"must be followed by 4 hex digits", TokenFault::kHexDigits},
      {"must follow U+D800..U+DBFF", TokenFault::kLowSurrogate},
      {"must be followed by U+DC00..U+DFFF", TokenFault::kHighSurrogate},
      {"missing closing quote", TokenFault::kUnterminated},
      {"expected digit after '-'", TokenFault::kMinus},
      {"expected digit after '.'", TokenFault::kFraction},
      {"after exponent", TokenFault::kExponent},
      {"invalid BOM", TokenFault::kByteOrderMark},
  };
  for (const auto& [words, fault] : kFaults) {
    if (message.substr(0, read).find(words) != std::string_view::npos) return fault;
  }
  return TokenFault::kLiteral;  // "invalid literal": a byte no token begins with, or a literal misspelt
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The bytes of true, false and null.
bool is_letter(char c) { return c >= 'a' && c <= 'z'; }

// The tokens of one byte; NUL too, which nlohmann takes for the end of the text.
bool is_one_byte_token(char c) { return c == '\0' || std::string_view("[]{}:,").find(c) != std::string_view::npos; }

// What a failure came to: the byte it points at, and what is wrong there.
struct Fault {
  std::size_t at = 0;
  std::string what;
};

// Builds the document from nlohmann's parse events (its SAX interface), as
// its own DOM parser does, with the checks that parser does not make; at a
// failure, nlohmann's or its own, it keeps the Fault and ends the parse.
class DocumentBuilder {
 public:
  // `reached`: how far nlohmann has read `text` (a TrackedChar's record).
  DocumentBuilder(std::string_view text, const char* const& reached) : text_(text), reached_(reached) {}

  bool null() { return add(Json(nullptr)); }
  bool boolean(bool value) { return add(Json(value)); }
  // A negative whole number, or "-0", which nlohmann reads as the integer
  // 0 (a number without '-' is unsigned) and a double tells from 0.
  bool number_integer(Json::number_integer_t value) { return add(value == 0 ? Json(-0.0) : Json(value)); }
  bool number_unsigned(Json::number_unsigned_t value) { return add(Json(value)); }
  bool number_float(Json::number_float_t value, const Json::string_t&) { return add(Json(value)); }
  bool string(Json::string_t& value) { return add(Json(std::move(value))); }
  bool binary(Json::binary_t&) { return false; }  // no JSON text holds one
  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(Json::string_t& key);
  bool parse_error(std::size_t position, const std::string& last_token, const Json::exception& error);

  Json& document() { return root_; }
  const std::optional<Fault>& fault() const { return fault_; }

 private:
  bool add(Json value) {
    place(std::move(value));
    return true;
  }
  Json* place(Json value);
  bool open(Json container);
  bool close() {
    open_.pop_back();
    return true;
  }
  bool fail(std::size_t at, std::string what) {
    fault_ = Fault{at, std::move(what)};
    return false;
  }
  std::size_t read() const { return static_cast<std::size_t>(reached_ - text_.data()); }
  std::size_t key_start() const;
  std::size_t token_start(std::size_t end, std::size_t shown_size) const;
  std::size_t letters_start(std::size_t end) const;
  std::string expected(std::size_t at) const;
  Fault misplaced(std::size_t at) const;
  Fault describe(std::size_t position, std::size_t shown_size, const Json::exception& error) const;
  Fault describe_in_string(TokenFault fault, std::size_t last) const;
  Fault describe_literal(std::size_t last) const;
  std::string found(std::size_t at) const {
    return at >= text_.size() ? "the end of the input" : quote_token(text_.substr(at, 1));
  }
  // The escape in text_[start, end) (its backslash at `start`) as messages
  // show it: '\u12G4'.
  std::string escape_text(std::size_t start, std::size_t end) const {
    return "'\\" + escape_bytes(text_.substr(start + 1, end - start - 1)) + "'";
  }

  std::string_view text_;
  const char* const& reached_;
  Json root_;
  bool started_ = false;     // a value was added: past the root's end is no place for another
  std::vector<Json*> open_;  // the arrays and objects being filled, innermost last
  std::string key_;          // the key of the value to come, in an object
  bool after_key_ = false;   // a key was read, its value not yet
  std::optional<Fault> fault_;
};

// Adds `value` where the text puts it; the place it took, which stays put
// while the values inside it are added (the containers around it get none).
Json* DocumentBuilder::place(Json value) {
  started_ = true;
  after_key_ = false;
  if (open_.empty()) {
    root_ = std::move(value);
    return &root_;
  }
  Json& parent = *open_.back();
  if (parent.is_array()) {
    parent.push_back(std::move(value));
    return &parent.back();
  }
  return &(parent[key_] = std::move(value));
}

bool DocumentBuilder::open(Json container) {
  // The bracket just read is the one too deep.
  if (open_.size() == kJsonMaxDepth)
    return fail(read() - 1, "arrays and objects nested deeper than " + std::to_string(kJsonMaxDepth));
  open_.push_back(place(std::move(container)));
  return true;
}

bool DocumentBuilder::key(Json::string_t& key) {
  // A set of keys, not a list: a huge object is no quadratic search.
  if (open_.back()->contains(key)) return fail(key_start(), "duplicate key " + quote_token(key));
  key_ = std::move(key);
  after_key_ = true;
  return true;
}

// The opening quote of the key just read, whose closing quote is the last
// byte read: the last quote before that no backslash escapes.
std::size_t DocumentBuilder::key_start() const {
  for (std::size_t at = read() - 1; at > 0;) {
    --at;
    if (text_[at] != '"') continue;
    std::size_t backslashes = 0;
    while (backslashes < at && text_[at - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return at;
  }
  return 0;
}

// Where the token that ends at `end` begins: nlohmann shows its bytes with
// each control byte as "<U+000A>", `shown_size` in all.
std::size_t DocumentBuilder::token_start(std::size_t end, std::size_t shown_size) const {
  std::size_t start = end;
  for (std::size_t shown = 0; start > 0 && shown < shown_size;) {
    --start;
    shown += static_cast<unsigned char>(text_[start]) < 0x20 ? 8 : 1;
  }
  return start;
}

// Where the letters before `end` begin: a literal's start. nlohmann shows
// no literal's bytes alone: it keeps those read since the last string or
// number.
std::size_t DocumentBuilder::letters_start(std::size_t end) const {
  while (end > 0 && is_letter(text_[end - 1])) --end;
  return end;
}

// What the grammar wants at `at`: "a value", "':'", "',' or '}'"...; empty
// past the end of the whole document.
std::string DocumentBuilder::expected(std::size_t at) const {
  if (open_.empty()) return started_ ? "" : "a value";
  std::size_t before = at;
  while (before > 0 && is_blank(text_[before - 1])) --before;
  const char previous = before > 0 ? text_[before - 1] : '\0';
  if (open_.back()->is_array()) return previous == '[' || previous == ',' ? "a value" : "',' or ']'";
  if (after_key_) return previous == ':' ? "a value" : "':'";
  return previous == '{' || previous == ',' ? "a string key" : "',' or '}'";
}

// The token at `at` where the grammar wants another.
Fault DocumentBuilder::misplaced(std::size_t at) const {
  const std::string wanted = expected(at);
  if (wanted.empty()) return Fault{at, "unexpected " + found(at) + " after the JSON value"};
  return Fault{at, "expected " + wanted + ", found " + found(at)};
}

bool DocumentBuilder::parse_error(std::size_t position, const std::string& last_token, const Json::exception& error) {
  fault_ = describe(position, last_token.size(), error);
  return false;
}

// nlohmann's failure in the project's words: `position` counts the bytes
// it read (the end of the text as one more), `shown_size` is the size of
// the token's bytes as it shows them.
Fault DocumentBuilder::describe(std::size_t position, std::size_t shown_size, const Json::exception& error) const {
  const std::size_t end = std::min(position, text_.size());                          // past the last byte read
  const std::size_t last = std::min(position > 0 ? position - 1 : 0, text_.size());  // the byte it failed at
  if (error.id == 406) return Fault{token_start(end, shown_size), "number out of the range of a double"};
  const TokenFault fault = token_fault(error.what());
  switch (fault) {
    case TokenFault::kNone: {
      // A token of one byte is the last byte read; a string, number or
      // literal ends there.
      if (last >= text_.size() || is_one_byte_token(text_[last])) return misplaced(last);
      const std::size_t start = is_letter(text_[last]) ? letters_start(end) : token_start(end, shown_size);
      // A number right after a number: nlohmann ends "0" and "-0" before a
      // digit, the one way two numbers meet.
      if (start > 0 && text_[start - 1] == '0' && text_[start] >= '0' && text_[start] <= '9')
        return Fault{start, "a number has no leading zeros"};
      return misplaced(start);
    }
    case TokenFault::kMinus: return Fault{last, "expected a digit after '-', found " + found(last)};
    case TokenFault::kFraction: return Fault{last, "expected a digit after '.', found " + found(last)};
    case TokenFault::kExponent: return Fault{last, "expected a digit in the exponent, found " + found(last)};
    case TokenFault::kLiteral: return describe_literal(last);
    case TokenFault::kByteOrderMark: return misplaced(0);
    default: return describe_in_string(fault, last);
  }
}

// A fault inside a string, whose byte `last` nlohmann failed at.
Fault DocumentBuilder::describe_in_string(TokenFault fault, std::size_t last) const {
  const bool at_end = last >= text_.size();
  switch (fault) {
    case TokenFault::kUtf8:
      if (at_end) return Fault{last, "invalid UTF-8 in a string: the text ends inside a character"};
      return Fault{last, "invalid UTF-8 byte " + found(last) + " in a string"};
    case TokenFault::kControlByte:
      return Fault{last, "control byte " + found(last) + " in a string (write it as an escape)"};
    case TokenFault::kEscape:
      if (at_end) break;
      return Fault{last - 1, "invalid escape " + escape_text(last - 1, last + 1) + " in a string"};
    case TokenFault::kHexDigits: {
      const std::size_t at = std::min(text_.rfind("\\u", last >= 2 ? last - 2 : 0), last);
      return Fault{at, "invalid escape " + escape_text(at, std::min(last + 1, text_.size())) +
                           " in a string (\\u takes four hex digits)"};
    }
    case TokenFault::kLowSurrogate: {
      const std::size_t at = last >= 5 ? last - 5 : 0;  // `last` is its fourth digit
      return Fault{at, "unpaired surrogate " + escape_text(at, at + 6) + " in a string"};
    }
    case TokenFault::kHighSurrogate: {
      // The last \uD800 to \uDBFF whose six bytes end before the failure.
      std::size_t at = text_.rfind("\\u", last);
      while (at != std::string_view::npos &&
             !(at + 6 <= last && (text_[at + 2] == 'd' || text_[at + 2] == 'D') &&
               std::string_view("89abAB").find(text_[at + 3]) != std::string_view::npos)) {
        at = at == 0 ? std::string_view::npos : text_.rfind("\\u", at - 1);
      }
      if (at == std::string_view::npos) at = last;
      return Fault{at, "unpaired surrogate " + escape_text(at, std::min(at + 6, text_.size())) + " in a string"};
    }
    default: break;
  }
  return Fault{text_.size(), "unterminated string"};
}

// A byte that begins no token, or a literal misspelt ("tru", "nul,"), at
// whose byte `last` nlohmann failed.
Fault DocumentBuilder::describe_literal(std::size_t last) const {
  const std::size_t start = letters_start(last);
  const std::string_view read = text_.substr(start, last - std::min(start, last));
  for (const std::string_view literal : {"true", "false", "null"}) {
    if (read.empty() || read.size() >= literal.size() || !literal.starts_with(read)) continue;
    const std::string wanted = expected(start);
    return Fault{start, "expected " + (wanted == "a value" ? "a value (true, false or null)" : wanted) + ", found " +
                            quote_token(text_.substr(start, 5))};
  }
  return misplaced(last);
}

// `offset` in the text as a line and a column, each from 1.
JsonTextError error_at(std::string_view text, std::size_t offset, std::string what) {
  const std::string_view before = text.substr(0, offset);
  const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  const auto lines = static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  return JsonTextError{lines + 1, offset - line_start + 1, std::move(what)};
}

}  // namespace

std::variant<nlohmann::json, JsonTextError> parse_json_text(std::string_view text) {
  if (text.empty()) return error_at(text, 0, "the input is empty");
  const char* reached = text.data();
  DocumentBuilder builder(text, reached);
  const bool parsed =
      Json::sax_parse(TrackedChar(text.data(), &reached), TrackedChar(text.data() + text.size(), &reached), &builder,
                      Json::input_format_t::json, true, false);
  if (!parsed) {
    const Fault fault = builder.fault().value_or(Fault{text.size(), "not JSON"});
    return error_at(text, fault.at, fault.what);
  }
  // nlohmann takes a NUL for the end of the text: one after the document
  // (before it, it is a fault in a string or out of place) is text after it.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    return error_at(text, nul, "unexpected '\\x00' after the JSON value");
  return std::move(builder.document());
}

}  // namespace poker::bench
