// How the benchmark library reads a report's JSON text (bench/src/
// json_document.h): nlohmann's parser, strict, with the checks it does not
// make (keys given twice, nesting, numbers past a double, a NUL after the
// document) and every error in the project's words, at the LINE:COLUMN of
// the byte at fault, computed from nlohmann's byte offset.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>

#include "json_document.h"

namespace poker::bench {
namespace {

using namespace std::string_view_literals;
using Json = nlohmann::json;

// `LINE:COLUMN: WHAT` of the error parsing `text` gives, or "" when it parses.
std::string error_of(std::string_view text) {
  const auto parsed = parse_json_text(text);
  const JsonTextError* error = std::get_if<JsonTextError>(&parsed);
  if (error == nullptr) return "";
  return std::to_string(error->line) + ":" + std::to_string(error->column) + ": " + error->what;
}

Json document_of(std::string_view text) {
  auto parsed = parse_json_text(text);
  if (const JsonTextError* error = std::get_if<JsonTextError>(&parsed)) {
    ADD_FAILURE() << text << ": " << error->what;
    return Json();
  }
  return std::get<Json>(std::move(parsed));
}

double number_of(std::string_view text) { return document_of(text).get<double>(); }

// A text and the error parsing it gives ("": none).
struct Case {
  std::string_view text;
  std::string_view error;
};

void expect_errors(std::initializer_list<Case> cases) {
  for (const Case& each : cases) EXPECT_EQ(error_of(each.text), each.error) << each.text;
}

TEST(JsonText, ReadsEveryType) {
  const Json value =
      document_of(" {\"a\": [1, -2.5, true, false, null, \"x\", {}, []],\n\t\"b\": {\"c\": \"d\"}} \r\n");
  ASSERT_TRUE(value.is_object());
  const Json& a = value.at("a");
  ASSERT_EQ(a.size(), 8u);
  EXPECT_EQ(a[0].get<double>(), 1);
  EXPECT_EQ(a[1].get<double>(), -2.5);
  EXPECT_TRUE(a[2].get<bool>());
  EXPECT_FALSE(a[3].get<bool>());
  EXPECT_TRUE(a[4].is_null());
  EXPECT_EQ(a[5].get<std::string>(), "x");
  EXPECT_TRUE(a[6].is_object());
  EXPECT_TRUE(a[7].is_array());
  EXPECT_EQ(value.at("b").at("c").get<std::string>(), "d");
}

TEST(JsonText, DecodesEscapesAndSurrogatePairs) {
  EXPECT_EQ(document_of(R"("\"\\\/\b\f\n\r\t")").get<std::string>(), "\"\\/\b\f\n\r\t");
  EXPECT_EQ(document_of(R"("\u0041\u00e9\u20AC")").get<std::string>(), "A\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(document_of(R"("\ud83d\ude00")").get<std::string>(), "\xF0\x9F\x98\x80");  // U+1F600
}

// The byte at fault is named where it is, in the words of every message.
TEST(JsonText, ErrorsPointAtTheByteAtFault) {
  expect_errors({
      {"hello", "1:1: expected a value, found 'h'"},
      {"{\n  \"a\": 1\n  \"b\": 2\n}", "3:3: expected ',' or '}', found '\"'"},
      {"[1,\n2\n,,3]", "3:2: expected a value, found ','"},
      {"{\"a\" 1}", "1:6: expected ':', found '1'"},
      {"[1 2]", "1:4: expected ',' or ']', found '2'"},
      {"{1: 2}", "1:2: expected a string key, found '1'"},
      {"{\"a\": }", "1:7: expected a value, found '}'"},
      {"[1,]", "1:4: expected a value, found ']'"},
      {"{\"a\": 1,}", "1:9: expected a string key, found '}'"},
      {"[\n\n  x]", "3:3: expected a value, found 'x'"},
  });
}

TEST(JsonText, TruncatedText) {
  expect_errors({
      {"", "1:1: the input is empty"},
      {" \n ", "2:2: expected a value, found the end of the input"},
      {"{\"a\": [1, 2", "1:12: expected ',' or ']', found the end of the input"},
      {"{\"a\"", "1:5: expected ':', found the end of the input"},
      {"{\"a\":", "1:6: expected a value, found the end of the input"},
      {"{\"a", "1:4: unterminated string"},
      {"{", "1:2: expected a string key, found the end of the input"},
      {"\"\\", "1:3: unterminated string"},
  });
}

TEST(JsonText, NumbersByTheGrammar) {
  EXPECT_EQ(number_of("1.5e3"), 1500);
  EXPECT_EQ(number_of("1E+2"), 100);
  EXPECT_EQ(number_of("25e-2"), 0.25);
  EXPECT_EQ(number_of("-12.25"), -12.25);
  EXPECT_EQ(number_of("1.7976931348623157e308"), 1.7976931348623157e308);
  expect_errors({
      {"01", "1:2: a number has no leading zeros"},
      {"[-007]", "1:4: a number has no leading zeros"},
      {"[0, 10, 0.5, 0e1, 100]", ""},
      {"1.", "1:3: expected a digit after '.', found the end of the input"},
      {".5", "1:1: expected a value, found '.'"},
      {"+1", "1:1: expected a value, found '+'"},
      {"-", "1:2: expected a digit after '-', found the end of the input"},
      {"-x", "1:2: expected a digit after '-', found 'x'"},
      {"1e", "1:3: expected a digit in the exponent, found the end of the input"},
      {"1e+", "1:4: expected a digit in the exponent, found the end of the input"},
      {"0x1", "1:2: unexpected 'x' after the JSON value"},
      {"NaN", "1:1: expected a value, found 'N'"},
      {"Infinity", "1:1: expected a value, found 'I'"},
  });
}

// "-0" is the negative zero a double holds, not the integer 0 nlohmann
// reads: a corrupt report's median of -0 is shown as written.
TEST(JsonText, MinusZeroIsNegativeZero) {
  EXPECT_TRUE(std::signbit(number_of("-0")));
  EXPECT_FALSE(std::signbit(number_of("0")));
  EXPECT_EQ(number_of("-5"), -5);
}

// A double holds no number past about 1.8e308; one too close to zero for a
// double is the zero it rounds to.
TEST(JsonText, NumbersPastTheRangeOfADouble) {
  expect_errors({
      {"[1, 1e999]", "1:5: number out of the range of a double"},
      {"-1e309", "1:1: number out of the range of a double"},
      {std::string("1").append(400, '0'), "1:1: number out of the range of a double"},
      {"0.001e400", "1:1: number out of the range of a double"},
      {"{\"a\":\n  1e99999999999999999999}", "2:3: number out of the range of a double"},
  });
  EXPECT_EQ(number_of("1e-999"), 0);
  EXPECT_EQ(number_of("123e-1000"), 0);
  EXPECT_GT(number_of("1000e-326"), 0);  // 1e-323: a denormal double
  EXPECT_EQ(number_of(std::string("1").append(300, '0')), 1e300);
}

TEST(JsonText, LiteralsOnly) {
  expect_errors({
      {"tru", "1:1: expected a value (true, false or null), found 'tru'"},
      {"[true, fals]", "1:8: expected a value (true, false or null), found 'fals]'"},
      {"nulll", "1:5: unexpected 'l' after the JSON value"},
      {"[truee]", "1:6: expected ',' or ']', found 'e'"},
      {"[1 true]", "1:4: expected ',' or ']', found 't'"},
      {"{\"a\" null}", "1:6: expected ':', found 'n'"},
      {"True", "1:1: expected a value, found 'T'"},
  });
}

TEST(JsonText, InvalidStrings) {
  expect_errors({
      {R"("a\x")", R"(1:3: invalid escape '\x' in a string)"},
      {R"("\u12G4")", R"(1:2: invalid escape '\u12G' in a string (\u takes four hex digits))"},
      {R"("\u12)", R"(1:2: invalid escape '\u12' in a string (\u takes four hex digits))"},
      {R"("\ud800")", R"(1:2: unpaired surrogate '\ud800' in a string)"},
      {R"("ab\udc00")", R"(1:4: unpaired surrogate '\udc00' in a string)"},
      {R"("\ud800\u0041")", R"(1:2: unpaired surrogate '\ud800' in a string)"},
      {R"("\ud800\ud800")", R"(1:2: unpaired surrogate '\ud800' in a string)"},
      {R"("\ud800x")", R"(1:2: unpaired surrogate '\ud800' in a string)"},
      {"\"a\nb\"", "1:3: control byte '\\x0a' in a string (write it as an escape)"},
      {"\"a\tb\"", "1:3: control byte '\\x09' in a string (write it as an escape)"},
  });
}

// Each names the byte that breaks UTF-8's rules, at its column.
TEST(JsonText, InvalidUtf8) {
  EXPECT_EQ(document_of("\"caf\xC3\xA9 \xF0\x9F\x98\x80\"").get<std::string>(), "caf\xC3\xA9 \xF0\x9F\x98\x80");
  expect_errors({
      {"\"a\xFF\"", "1:3: invalid UTF-8 byte '\\xff' in a string"},
      {"\"\x80\"", "1:2: invalid UTF-8 byte '\\x80' in a string"},
      {"\"\xC0\x80\"", "1:2: invalid UTF-8 byte '\\xc0' in a string"},          // overlong
      {"\"\xE0\x80\x80\"", "1:3: invalid UTF-8 byte '\\x80' in a string"},      // overlong
      {"\"\xED\xA0\x80\"", "1:3: invalid UTF-8 byte '\\xa0' in a string"},      // a surrogate
      {"\"\xF4\x90\x80\x80\"", "1:3: invalid UTF-8 byte '\\x90' in a string"},  // > U+10FFFF
      {"\"\xE2\x82", "1:4: invalid UTF-8 in a string: the text ends inside a character"},
      {"\xC3\xA9", "1:1: expected a value, found '\\xc3'"},  // outside a string
  });
}

// nlohmann takes a NUL for the end of the text; here it is a byte no JSON
// text holds, where it stands.
TEST(JsonText, NulIsNoEndOfTheText) {
  expect_errors({
      {"\0"sv, "1:1: expected a value, found '\\x00'"},
      {"[1,\0]"sv, "1:4: expected a value, found '\\x00'"},
      {"{}\0"sv, "1:3: unexpected '\\x00' after the JSON value"},
      {"{} \n\0 {}"sv, "2:1: unexpected '\\x00' after the JSON value"},
  });
}

TEST(JsonText, OneValueOnly) {
  expect_errors({
      {"{} {}", "1:4: unexpected '{' after the JSON value"},
      {"1 2", "1:3: unexpected '2' after the JSON value"},
  });
}

TEST(JsonText, SkipsAByteOrderMark) {
  EXPECT_TRUE(document_of("\xEF\xBB\xBF{}").is_object());
  expect_errors({
      {"\xEF\xBB\xBF", "1:4: expected a value, found the end of the input"},
      {"\xEF\xBB{}", "1:1: expected a value, found '\\xef'"},
  });
}

TEST(JsonText, RefusesDuplicateKeys) {
  expect_errors({
      {"{\"a\": 1, \"a\": 2}", "1:10: duplicate key 'a'"},
      {"{\"a\\\"\": 1,\n \"a\\\"\": 2}", "2:2: duplicate key 'a\"'"},
      {"{\"a\": {\"a\": 1}, \"b\": {\"a\": 2}}", ""},  // each object its own
  });
}

TEST(JsonText, NestsAsDeepAsTheLimit) {
  const std::size_t depth = kJsonMaxDepth;
  EXPECT_TRUE(document_of(std::string(depth, '[') + std::string(depth, ']')).is_array());
  EXPECT_EQ(error_of(std::string(depth + 1, '[') + std::string(depth + 1, ']')),
            "1:65: arrays and objects nested deeper than 64");
}

// Hostile nesting is an error at the limit, not a stack overflow.
TEST(JsonText, DeepNestingIsAnErrorNotACrash) {
  EXPECT_EQ(error_of(std::string(100000, '[')), "1:65: arrays and objects nested deeper than 64");
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  EXPECT_EQ(error_of(objects), "1:321: arrays and objects nested deeper than 64");
}

// Keys given twice are found without comparing each key with every other:
// an object of a million keys (a third of a hostile report's 48 MiB) takes a second,
// not hours.
TEST(JsonText, HugeObjectsAreReadInLinearithmicTime) {
  std::string text = "{";
  for (int i = 0; i < 1000000; ++i) {
    if (i > 0) text += ',';
    text.append("\"").append(std::to_string(i)).append("\":").append(std::to_string(i));
  }
  const auto start = std::chrono::steady_clock::now();
  const Json value = document_of(text + "}");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  ASSERT_EQ(value.size(), 1000000u);
  EXPECT_EQ(value.at("999999").get<double>(), 999999);
  // The second "0" begins one byte past the comma after the text so far.
  EXPECT_EQ(error_of(text + ",\"0\":1}"), "1:" + std::to_string(text.size() + 2) + ": duplicate key '0'");
}

}  // namespace
}  // namespace poker::bench
