#include "poker/cards.h"

#include <gtest/gtest.h>

namespace poker {
namespace {

TEST(Cards, EncodingOrdersByRankThenSuit) {
  EXPECT_EQ(make_card(0, 0), 0);    // 2c
  EXPECT_EQ(make_card(12, 3), 51);  // As
  EXPECT_LT(*parse_card("Kh", Notation::kHoldem), *parse_card("Ac", Notation::kHoldem));
  EXPECT_LT(*parse_card("Ac", Notation::kHoldem), *parse_card("Ad", Notation::kHoldem));
  EXPECT_LT(*parse_card("Ad", Notation::kHoldem), *parse_card("Ah", Notation::kHoldem));
  EXPECT_LT(*parse_card("Ah", Notation::kHoldem), *parse_card("As", Notation::kHoldem));
}

TEST(Cards, EveryHoldemCardRoundTrips) {
  for (int card = 0; card < kCardCount; ++card) {
    const std::string name = card_name(static_cast<Card>(card));
    EXPECT_EQ(parse_card(name, Notation::kHoldem), card) << name;
    EXPECT_EQ(rank_of(static_cast<Card>(card)), card / 4);
    EXPECT_EQ(suit_of(static_cast<Card>(card)), card % 4);
  }
}

TEST(Cards, SuitCardsAreEveryRankOfThatSuit) {
  CardMask all = 0;
  for (int suit = 0; suit < kSuitCount; ++suit) {
    CardMask expected = 0;
    for (int rank = 0; rank < kRankCount; ++rank) expected |= mask_of(make_card(rank, suit));
    EXPECT_EQ(suit_cards(suit), expected) << suit;
    EXPECT_EQ(all & suit_cards(suit), 0u) << suit;
    all |= suit_cards(suit);
  }
  EXPECT_EQ(card_count(all), kCardCount);
}

TEST(Cards, HoldemParsingIsCaseSensitive) {
  EXPECT_EQ(parse_card("Ah", Notation::kHoldem), make_card(12, 2));
  EXPECT_EQ(parse_card("Td", Notation::kHoldem), make_card(8, 1));
  EXPECT_EQ(parse_card("2c", Notation::kHoldem), make_card(0, 0));
  for (const char* bad : {"ah", "AH", "aH", "10h", "1h", "Ax", "A", "", "Ahh", "0h", " A", "A\n", "\0h"}) {
    EXPECT_FALSE(parse_card(bad, Notation::kHoldem).has_value()) << bad;
  }
  EXPECT_FALSE(parse_card(std::string_view("A\0", 2), Notation::kHoldem).has_value());
}

TEST(Cards, EulerUsesUpperCaseSuits) {
  EXPECT_EQ(parse_card("8C", Notation::kEuler), make_card(6, 0));
  EXPECT_EQ(parse_card("TS", Notation::kEuler), make_card(8, 3));
  EXPECT_FALSE(parse_card("8c", Notation::kEuler).has_value());
  EXPECT_EQ(card_name(make_card(12, 1), Notation::kEuler), "AD");
}

TEST(Cards, EvalWritesTenAsZero) {
  EXPECT_EQ(parse_card("0s", Notation::kEval), make_card(8, 3));
  EXPECT_FALSE(parse_card("Ts", Notation::kEval).has_value());
  EXPECT_EQ(card_name(make_card(8, 2), Notation::kEval), "0h");
}

}  // namespace
}  // namespace poker
