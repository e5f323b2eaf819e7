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
  for (const std::string_view text : {"", ".", "1.2.3", "nan", "NaN", "inf", "-1", "+1", "1e-9", "1E3", "0x1p3",
                                      " 1", "1 ", "1,5"}) {
    EXPECT_EQ(parse_decimal(text), std::nullopt) << "'" << text << "'";
  }
}

}  // namespace
}  // namespace poker
