#include "poker/number_text.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string_view>

namespace poker {
namespace {

TEST(NumberText, WholeNumbersAreDecimalDigitsOnly) {
  EXPECT_EQ(parse_whole_number("8"), 8u);
  EXPECT_EQ(parse_whole_number("010"), 10u);  // decimal, never octal
  EXPECT_EQ(parse_whole_number("0"), 0u);
  EXPECT_EQ(parse_whole_number("18446744073709551615"), UINT64_MAX);
  for (const std::string_view text : {"", "0x8", "+8", "-1", " 8", "8 ", "8.0", "1e6", "0b1", "8k", "nan", "inf"}) {
    EXPECT_EQ(parse_whole_number(text), std::nullopt) << "'" << text << "'";
  }
}

TEST(NumberText, WholeNumbersNeverWrapAround) {
  EXPECT_EQ(parse_whole_number("18446744073709551616"), std::nullopt);
  EXPECT_EQ(parse_whole_number("99999999999999999999999999"), std::nullopt);
}

TEST(NumberText, DecimalsAreDigitsWithAtMostOnePoint) {
  EXPECT_EQ(parse_decimal("1"), 1.0);
  EXPECT_EQ(parse_decimal("0.25"), 0.25);
  EXPECT_EQ(parse_decimal(".5"), 0.5);
  EXPECT_EQ(parse_decimal("2."), 2.0);
  EXPECT_EQ(parse_decimal("007.5"), 7.5);
  for (const std::string_view text :
       {"", ".", "1.2.3", "nan", "NaN", "inf", "-1", "+1", "1e-9", "1E3", "0x1p3", " 1", "1 ", "1,5"}) {
    EXPECT_EQ(parse_decimal(text), std::nullopt) << "'" << text << "'";
  }
}

// Amounts (equity's --time) take powers of ten as counts do ("1e6"), and
// negative ones, which a count cannot have.
TEST(NumberText, AmountsTakePowersOfTenAsCountsDo) {
  EXPECT_EQ(parse_amount("1e0"), 1.0);
  EXPECT_EQ(parse_amount("1E3"), 1000.0);
  EXPECT_EQ(parse_amount("2.5e-3"), 0.0025);
  EXPECT_EQ(parse_amount("1e-3"), 0.001);
  EXPECT_EQ(parse_amount(".5e1"), 5.0);
  EXPECT_EQ(parse_amount("0.25"), 0.25);
  EXPECT_EQ(parse_amount("30"), 30.0);
  for (const std::string_view text : {"", "e3", "1e", "1e-", "1e+3", "1e--3", "1e3.5", "-1e3", "+1e3", "nan", "inf",
                                      "1e99999", "0x1p3", " 1e0", "1e0 ", "1M", "1,5e3"}) {
    EXPECT_EQ(parse_amount(text), std::nullopt) << "'" << text << "'";
  }
}

}  // namespace
}  // namespace poker

TEST(NumberText, CountsTakeSuffixesAndPowersOfTen) {
  EXPECT_EQ(poker::parse_count("1000"), 1000u);
  EXPECT_EQ(poker::parse_count("1M"), 1000000u);
  EXPECT_EQ(poker::parse_count("1m"), 1000000u);
  EXPECT_EQ(poker::parse_count("2.5K"), 2500u);
  EXPECT_EQ(poker::parse_count("1e6"), 1000000u);
  EXPECT_EQ(poker::parse_count("2.5e3"), 2500u);
  EXPECT_EQ(poker::parse_count("1.50e2"), 150u);
  EXPECT_EQ(poker::parse_count("1T"), 1000000000000u);
  EXPECT_EQ(poker::parse_count("18446744073709551615"), UINT64_MAX);
}

TEST(NumberText, CountsAreWholeAndNeverWrapAround) {
  for (const char* text : {"", "M", "e6", "1.5", "1e-3", "1.2345K", "-1M", "+1e6", "1e", "1M5", "1 M", "0x10", "1e20",
                           "18446744073709551616", "20e18", "1e41", "1.0.0K", "1KK"}) {
    EXPECT_EQ(poker::parse_count(text), std::nullopt) << text;
  }
}
