// The JSON text of the reports (poker/json_text.h): nlohmann's values
// written compact, any bytes as ASCII, floats with the decimals the schemas
// give them; and the equity answer's JSON, written with it.
#include "poker/json_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "poker/equity_query.h"

namespace poker {
namespace {

using Json = nlohmann::ordered_json;

// The bytes a JSON string read back holds by json_quote()'s convention: its
// characters, U+0000 to U+00FF, one byte each.
std::string bytes_read_back(const std::string& utf8) {
  std::string bytes;
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    const auto lead = static_cast<unsigned char>(utf8[i]);
    if (lead < 0x80) {
      bytes += utf8[i];
    } else {
      EXPECT_TRUE(lead == 0xC2 || lead == 0xC3) << "a character past U+00FF";
      bytes += static_cast<char>((lead & 0x03) << 6 | (static_cast<unsigned char>(utf8[++i]) & 0x3F));
    }
  }
  return bytes;
}

bool printable_ascii(const std::string& text) {
  for (const char c : text) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

TEST(JsonText, EveryByteIsReadBackFromPrintableAscii) {
  std::string all;
  for (int byte = 0; byte < 256; ++byte) all += static_cast<char>(byte);
  const std::string quoted = json_quote(all);
  EXPECT_TRUE(printable_ascii(quoted)) << quoted;
  EXPECT_EQ(bytes_read_back(Json::parse(quoted).get<std::string>()), all);
}

// Text that is no UTF-8 (a lone continuation byte, a cut sequence, bytes
// that never occur in UTF-8) and control bytes are each one escaped byte;
// UTF-8's own sequences are bytes like any other.
TEST(JsonText, InvalidUtf8AndControlBytesAreEscapedBytes) {
  EXPECT_EQ(json_quote("a\x80z\xc3(\xff\xfe"), R"("a\u0080z\u00c3(\u00ff\u00fe")");
  EXPECT_EQ(json_quote("caf\xc3\xa9"), R"("caf\u00c3\u00a9")");
  EXPECT_EQ(json_quote(std::string("\x00\x01\x1f\x7f", 4)), R"("\u0000\u0001\u001f\u007f")");
  EXPECT_EQ(json_quote("\t\n\r\b\f"), R"("\t\n\r\b\f")");
  EXPECT_EQ(json_quote("say \"hi\" \\ / end"), R"("say \"hi\" \\ / end")");
  EXPECT_EQ(json_quote(""), R"("")");
}

// Fields in the order set, no blank between tokens; keys are strings too.
TEST(JsonText, IsCompactInTheOrderBuilt) {
  const Json value = {{"zeta", 1},
                      {"alpha", {true, false, nullptr, "x", -3, 18446744073709551615u}},
                      {"k\xff", Json::object()},
                      {"empty", Json::array()}};
  EXPECT_EQ(json_text(value),
            R"({"zeta":1,"alpha":[true,false,null,"x",-3,18446744073709551615],"k\u00ff":{},"empty":[]})");
}

TEST(JsonText, FloatsKeepTheirDecimals) {
  const Json shares = {0.5, 0.0, 1.0, 0.2230444, 0.777777777, 1e-9};
  EXPECT_EQ(json_text(shares, 8), "[0.50000000,0.00000000,1.00000000,0.22304440,0.77777778,0.00000000]");
  EXPECT_EQ(json_text(Json{0.000655, 2.5, 1234567.0}, 6), "[0.000655,2.500000,1234567.000000]");
  EXPECT_EQ(json_text(Json{2.5, 7.0}, 0), "[2,7]");
  // Whole numbers stay whole numbers.
  EXPECT_EQ(json_text(Json{{"n", 7}}, 8), R"({"n":7})");
}

TEST(JsonText, FloatsWithoutDecimalsAreTheirShortestExactDecimal) {
  EXPECT_EQ(json_text(Json{0.5, 12.0, 33.3333, 0.0001, 1e20, 0.1 + 0.2}),
            "[0.5,12,33.3333,0.0001,100000000000000000000,0.30000000000000004]");
  // Gradescope's points: whole multiples of 1/10000 up to 10^6 points, each
  // written as its exact decimal.
  for (std::uint64_t units = 0; units <= 10000000000; units += units < 400000 ? 1 : 99991) {
    std::string exact = std::to_string(units / 10000);
    std::string fraction = std::to_string(10000 + units % 10000).substr(1);
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    if (!fraction.empty()) exact += "." + fraction;
    std::string text;
    append_json_number(text, static_cast<double>(units) / 10000, std::nullopt);
    ASSERT_EQ(text, exact) << units;
  }
}

// JSON has no infinity or NaN: null, as nlohmann's dump() writes them.
TEST(JsonText, FloatsThatAreNotFiniteAreNull) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(json_text(Json{inf, -inf, std::nan("")}, 6), "[null,null,null]");
  EXPECT_EQ(json_text(Json{inf}), "[null]");
}

TEST(JsonText, ExtremeFloatsAreWrittenWhole) {
  std::string text;
  append_json_number(text, std::numeric_limits<double>::max(), std::nullopt);
  EXPECT_EQ(text.size(), 309u);
  text.clear();
  append_json_number(text, std::numeric_limits<double>::denorm_min(), std::nullopt);
  EXPECT_EQ(text, "0." + std::string(323, '0') + "5");
  text.clear();
  append_json_number(text, -std::numeric_limits<double>::max(), 1000);
  EXPECT_EQ(text.size(), 1 + 309 + 1 + 340u);
}

// The equity answer's JSON: the schema's field order, shares with 8
// decimals, and a player's text (the notation's spelling of what was
// written) escaped whatever its bytes.
TEST(EquityJson, IsTheSchemasFieldsWithEightDecimals) {
  const std::string_view players[] = {"a\xff\x01k", "qq"};
  EquityEcho echo;
  echo.players = {players[0], players[1]};
  echo.board = {parse_card("Ts", Notation::kHoldem).value(), parse_card("9s", Notation::kHoldem).value()};
  EquityResult result;
  result.players = {{0.25, 0.5, 0.5, 0.000123456789}, {0.25, 0.5, 0.5, 1e-12}};
  result.boards = 1000;
  result.exact = false;
  std::string out = "before\n";
  append_equity_json(out, echo, result);
  EXPECT_EQ(
      out,
      "before\n"
      R"({"schema":"poker-equity/1","query":"A\u00ff\u0001K QQ --board Ts9s","game":"holdem","board":"Ts9s","dead":"",)"
      R"("players":[{"hand":"A\u00ff\u0001K","win":0.25000000,"tie":0.50000000,"equity":0.50000000,)"
      R"("std_error":0.00012346,"pots_won":250,"pots_tied":500},)"
      R"({"hand":"QQ","win":0.25000000,"tie":0.50000000,"equity":0.50000000,"std_error":0.00000000,)"
      R"("pots_won":250,"pots_tied":500}],"deals":1000,"method":"monte-carlo"})"
      "\n");
}

}  // namespace
}  // namespace poker
