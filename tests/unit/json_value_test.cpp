#include "json_value.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace poker::bench {
namespace {

using namespace std::string_view_literals;

// The message of the JsonError that parsing `text` throws, or "" when it parses.
std::string error_of(std::string_view text) {
  try {
    parse_json(text);
  } catch (const JsonError& error) {
    return error.what();
  }
  return "";
}

std::string string_of(std::string_view text) {
  const JsonValue value = parse_json(text);
  EXPECT_EQ(value.type, JsonValue::Type::kString) << text;
  return value.string;
}

double number_of(std::string_view text) {
  const JsonValue value = parse_json(text);
  EXPECT_EQ(value.type, JsonValue::Type::kNumber) << text;
  return value.number;
}

TEST(JsonValue, ReadsEveryType) {
  const JsonValue value =
      parse_json(" {\"a\": [1, -2.5, true, false, null, \"x\", {}, []],\n\t\"b\": {\"c\": \"d\"}} \r\n");
  ASSERT_EQ(value.type, JsonValue::Type::kObject);
  ASSERT_EQ(value.members.size(), 2u);
  EXPECT_EQ(value.members[0].key, "a");  // the text's order
  const JsonValue* a = value.find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->type, JsonValue::Type::kArray);
  ASSERT_EQ(a->array.size(), 8u);
  EXPECT_EQ(a->array[0].number, 1);
  EXPECT_EQ(a->array[1].number, -2.5);
  EXPECT_EQ(a->array[2].type, JsonValue::Type::kBoolean);
  EXPECT_TRUE(a->array[2].boolean);
  EXPECT_FALSE(a->array[3].boolean);
  EXPECT_EQ(a->array[4].type, JsonValue::Type::kNull);
  EXPECT_EQ(a->array[5].string, "x");
  EXPECT_EQ(a->array[6].type, JsonValue::Type::kObject);
  EXPECT_EQ(a->array[7].type, JsonValue::Type::kArray);
  ASSERT_NE(value.find("b"), nullptr);
  EXPECT_EQ(value.find("b")->find("c")->string, "d");
  EXPECT_EQ(value.find("c"), nullptr);
  EXPECT_EQ(a->find("x"), nullptr);  // no object
}

TEST(JsonValue, DecodesEveryEscape) {
  EXPECT_EQ(string_of(R"("\"\\\/\b\f\n\r\t")"), "\"\\/\b\f\n\r\t");
  EXPECT_EQ(string_of(R"("\u0041\u00e9\u20AC")"), "A\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(string_of(R"("\u0000")"), std::string(1, '\0'));
}

TEST(JsonValue, JoinsSurrogatePairs) {
  EXPECT_EQ(string_of(R"("\ud83d\ude00")"), "\xF0\x9F\x98\x80");  // U+1F600
  EXPECT_EQ(string_of(R"("\uDBFF\uDFFF")"), "\xF4\x8F\xBF\xBF");  // U+10FFFF
}

TEST(JsonValue, RejectsUnpairedSurrogates) {
  EXPECT_EQ(error_of(R"("\ud800")"), R"(1:2: invalid JSON: unpaired surrogate '\ud800' in a string)");
  EXPECT_EQ(error_of(R"("ab\udc00")"), R"(1:4: invalid JSON: unpaired surrogate '\udc00' in a string)");
  EXPECT_EQ(error_of(R"("\ud800\u0041")"), R"(1:2: invalid JSON: unpaired surrogate '\ud800' in a string)");
  EXPECT_EQ(error_of(R"("\ud800x")"), R"(1:2: invalid JSON: unpaired surrogate '\ud800' in a string)");
}

TEST(JsonValue, RejectsInvalidEscapes) {
  EXPECT_EQ(error_of(R"("a\x")"), R"(1:3: invalid JSON: invalid escape '\x' in a string)");
  EXPECT_EQ(error_of(R"("\u12G4")"),
            R"(1:2: invalid JSON: invalid escape '\u12G' in a string (\u takes four hex digits))");
  EXPECT_EQ(error_of(R"("\u12)"), R"(1:2: invalid JSON: invalid escape '\u12' in a string (\u takes four hex digits))");
  EXPECT_EQ(error_of("\"\\"), "1:3: invalid JSON: unterminated string");
}

TEST(JsonValue, KeepsValidUtf8) {
  EXPECT_EQ(string_of("\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\""), "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
}

// Each names the byte that breaks UTF-8's rules, at its column.
TEST(JsonValue, RejectsInvalidUtf8) {
  EXPECT_EQ(error_of("\"a\xFF\""), "1:3: invalid JSON: invalid UTF-8 byte '\\xff' in a string");
  EXPECT_EQ(error_of("\"\x80\""), "1:2: invalid JSON: invalid UTF-8 byte '\\x80' in a string");
  EXPECT_EQ(error_of("\"\xC0\x80\""), "1:2: invalid JSON: invalid UTF-8 byte '\\xc0' in a string");      // overlong
  EXPECT_EQ(error_of("\"\xE0\x80\x80\""), "1:3: invalid JSON: invalid UTF-8 byte '\\x80' in a string");  // overlong
  EXPECT_EQ(error_of("\"\xED\xA0\x80\""), "1:3: invalid JSON: invalid UTF-8 byte '\\xa0' in a string");  // surrogate
  EXPECT_EQ(error_of("\"\xF4\x90\x80\x80\""),
            "1:3: invalid JSON: invalid UTF-8 byte '\\x90' in a string");  // > U+10FFFF
  EXPECT_EQ(error_of("\"\xF5\x80\x80\x80\""), "1:2: invalid JSON: invalid UTF-8 byte '\\xf5' in a string");
  EXPECT_EQ(error_of("\"\xC3\""), "1:3: invalid JSON: invalid UTF-8 byte '\"' in a string");
  EXPECT_EQ(error_of("\"\xE2\x82"), "1:4: invalid JSON: invalid UTF-8 in a string: the text ends inside a character");
  EXPECT_EQ(error_of("\xC3\xA9"), "1:1: invalid JSON: expected a value, found '\\xc3'");  // outside a string
}

TEST(JsonValue, RejectsControlBytesInStrings) {
  EXPECT_EQ(error_of("\"a\nb\""), "1:3: invalid JSON: control byte '\\x0a' in a string (write it as an escape)");
  EXPECT_EQ(error_of("\"a\tb\""), "1:3: invalid JSON: control byte '\\x09' in a string (write it as an escape)");
}

TEST(JsonValue, ReadsNumbersByTheGrammar) {
  EXPECT_EQ(number_of("0"), 0);
  EXPECT_EQ(number_of("-0"), 0);
  EXPECT_EQ(number_of("1.5e3"), 1500);
  EXPECT_EQ(number_of("1E+2"), 100);
  EXPECT_EQ(number_of("25e-2"), 0.25);
  EXPECT_EQ(number_of("-12.25"), -12.25);
  EXPECT_EQ(number_of("0.1"), 0.1);
  EXPECT_EQ(number_of("1.7976931348623157e308"), 1.7976931348623157e308);
  EXPECT_EQ(error_of("01"), "1:2: invalid JSON: a number has no leading zeros");
  EXPECT_EQ(error_of("-01"), "1:3: invalid JSON: a number has no leading zeros");
  EXPECT_EQ(error_of("1."), "1:3: invalid JSON: expected a digit after '.', found the end of the input");
  EXPECT_EQ(error_of(".5"), "1:1: invalid JSON: expected a value, found '.'");
  EXPECT_EQ(error_of("+1"), "1:1: invalid JSON: expected a value, found '+'");
  EXPECT_EQ(error_of("-"), "1:2: invalid JSON: expected a digit after '-', found the end of the input");
  EXPECT_EQ(error_of("-x"), "1:2: invalid JSON: expected a digit after '-', found 'x'");
  EXPECT_EQ(error_of("1e"), "1:3: invalid JSON: expected a digit in the exponent, found the end of the input");
  EXPECT_EQ(error_of("1e+"), "1:4: invalid JSON: expected a digit in the exponent, found the end of the input");
  EXPECT_EQ(error_of("0x1"), "1:2: invalid JSON: unexpected 'x' after the JSON value");
  EXPECT_EQ(error_of("NaN"), "1:1: invalid JSON: expected a value, found 'N'");
  EXPECT_EQ(error_of("Infinity"), "1:1: invalid JSON: expected a value, found 'I'");
}

// A double holds no number past about 1.8e308; one too close to zero for a
// double is the zero it rounds to.
TEST(JsonValue, RejectsNumbersPastTheRangeOfADouble) {
  EXPECT_EQ(error_of("[1, 1e999]"), "1:5: invalid JSON: number out of the range of a double");
  EXPECT_EQ(error_of("-1e309"), "1:1: invalid JSON: number out of the range of a double");
  EXPECT_EQ(error_of(std::string("1").append(400, '0')), "1:1: invalid JSON: number out of the range of a double");
  EXPECT_EQ(error_of("0.001e400"), "1:1: invalid JSON: number out of the range of a double");  // 1e397
  EXPECT_EQ(error_of("1e99999999999999999999"), "1:1: invalid JSON: number out of the range of a double");
  EXPECT_EQ(number_of("1e-999"), 0);
  EXPECT_EQ(number_of("-1e-999"), 0);
  EXPECT_EQ(number_of("123e-1000"), 0);
  EXPECT_GT(number_of("1000e-326"), 0);  // 1e-323: a denormal double
  EXPECT_EQ(number_of("1000e-330"), 0);  // 1e-327: below every double
  EXPECT_EQ(number_of("1e-99999999999999999999"), 0);
  EXPECT_EQ(number_of(std::string("0.").append(400, '0').append("1")), 0);
  EXPECT_EQ(number_of(std::string("1").append(300, '0')), 1e300);
}

TEST(JsonValue, ReadsTheLiteralsOnly) {
  EXPECT_EQ(error_of("tru"), "1:1: invalid JSON: expected a value (true, false or null), found 'tru'");
  EXPECT_EQ(error_of("nulll"), "1:5: invalid JSON: unexpected 'l' after the JSON value");
  EXPECT_EQ(error_of("True"), "1:1: invalid JSON: expected a value, found 'T'");
}

TEST(JsonValue, ErrorsPointAtLineAndColumn) {
  EXPECT_EQ(error_of("{\n  \"a\": 1\n  \"b\": 2\n}"), "3:3: invalid JSON: expected ',' or '}', found '\"'");
  EXPECT_EQ(error_of("[1,\n2\n,,3]"), "3:2: invalid JSON: expected a value, found ','");
  EXPECT_EQ(error_of("{\"a\" 1}"), "1:6: invalid JSON: expected ':', found '1'");
  EXPECT_EQ(error_of("[1 2]"), "1:4: invalid JSON: expected ',' or ']', found '2'");
  EXPECT_EQ(error_of("{1: 2}"), "1:2: invalid JSON: expected a string key, found '1'");
}

TEST(JsonValue, RejectsTrailingCommas) {
  EXPECT_EQ(error_of("[1,]"), "1:4: invalid JSON: expected a value, found ']'");
  EXPECT_EQ(error_of("{\"a\": 1,}"), "1:9: invalid JSON: expected a string key, found '}'");
}

TEST(JsonValue, RejectsDuplicateKeys) {
  EXPECT_EQ(error_of("{\"a\": 1, \"a\": 2}"), "1:10: invalid JSON: duplicate key 'a'");
}

TEST(JsonValue, RejectsTruncatedText) {
  EXPECT_EQ(error_of(""), "1:1: invalid JSON: the input is empty");
  EXPECT_EQ(error_of(" \n "), "2:2: invalid JSON: expected a value, found the end of the input");
  EXPECT_EQ(error_of("{\"a\": [1, 2"), "1:12: invalid JSON: expected ',' or ']', found the end of the input");
  EXPECT_EQ(error_of("{\"a\""), "1:5: invalid JSON: expected ':', found the end of the input");
  EXPECT_EQ(error_of("{\"a"), "1:4: invalid JSON: unterminated string");
  EXPECT_EQ(error_of("{"), "1:2: invalid JSON: expected a string key, found the end of the input");
}

TEST(JsonValue, RejectsMoreThanOneValue) {
  EXPECT_EQ(error_of("{} {}"), "1:4: invalid JSON: unexpected '{' after the JSON value");
  EXPECT_EQ(error_of("1\0"sv), "1:2: invalid JSON: unexpected '\\x00' after the JSON value");
}

TEST(JsonValue, SkipsAByteOrderMark) {
  EXPECT_EQ(parse_json("\xEF\xBB\xBF{}").type, JsonValue::Type::kObject);
  EXPECT_EQ(error_of("\xEF\xBB\xBF"), "1:4: invalid JSON: expected a value, found the end of the input");
}

TEST(JsonValue, NestsAsDeepAsTheLimit) {
  const std::size_t depth = kJsonMaxDepth;
  EXPECT_EQ(parse_json(std::string(depth, '[') + std::string(depth, ']')).type, JsonValue::Type::kArray);
  EXPECT_EQ(error_of(std::string(depth + 1, '[') + std::string(depth + 1, ']')),
            "1:65: invalid JSON: arrays and objects nested deeper than 64");
}

// Hostile nesting is an error at the limit, not a stack overflow.
TEST(JsonValue, DeepNestingIsAnErrorNotACrash) {
  EXPECT_EQ(error_of(std::string(100000, '[')), "1:65: invalid JSON: arrays and objects nested deeper than 64");
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  EXPECT_EQ(error_of(objects), "1:321: invalid JSON: arrays and objects nested deeper than 64");
}

// Duplicate keys are found without comparing each key with every other.
TEST(JsonValue, HugeObjectsAreReadInLinearithmicTime) {
  std::string text = "{";
  for (int i = 0; i < 100000; ++i) {
    if (i > 0) text += ',';
    text.append("\"").append(std::to_string(i)).append("\":").append(std::to_string(i));
  }
  const JsonValue value = parse_json(text + "}");
  ASSERT_EQ(value.members.size(), 100000u);
  EXPECT_EQ(value.members.back().value.number, 99999);
  // The second "0" begins one byte past the comma after the text so far.
  EXPECT_EQ(error_of(text + ",\"0\":1}"),
            std::string("1:") + std::to_string(text.size() + 2) + ": invalid JSON: duplicate key '0'");
}

TEST(JsonValue, ErrorsCarryLineAndColumn) {
  try {
    parse_json("[\n\n  x]");
    FAIL() << "no error";
  } catch (const JsonError& error) {
    EXPECT_EQ(error.line(), 3u);
    EXPECT_EQ(error.column(), 3u);
  }
}

}  // namespace
}  // namespace poker::bench
