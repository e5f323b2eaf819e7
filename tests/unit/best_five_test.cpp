// best_five: the five cards of the hand in explain order (the specification,
// docs/specification.md, section 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "support/card_text.h"
#include "support/reference_evaluator.h"

namespace poker {
namespace {

using poker::testing::cards;
constexpr int kScale = poker::testing::kRandomCaseScale;

std::string text(const std::array<Card, 5>& five) {
  std::string out;
  for (Card c : five) {
    if (!out.empty()) out += ' ';
    out += card_name(c);
  }
  return out;
}

// "CATEGORY [c1 .. c5]" as explain mode prints it.
std::string explain(std::string_view hand) {
  const BestFive best = best_five(cards(hand));
  return std::string(category_name(best.value.category())) + " [" + text(best.cards) + "]";
}

TEST(BestFive, StraightFlushFromTheTop) {
  EXPECT_EQ(explain("Ts Js Qs Ks As"), "Straight flush [As Ks Qs Js Ts]");
  EXPECT_EQ(explain("9c 8c 7c 6c 5c 4c Ad"), "Straight flush [9c 8c 7c 6c 5c]");
  EXPECT_EQ(explain("Ah 2h 3h 4h 5h 9c Kd"), "Straight flush [5h 4h 3h 2h Ah]");  // steel wheel
}

TEST(BestFive, FourOfAKindThenKicker) {
  EXPECT_EQ(explain("9c 9d 9h 9s 2c Kd 3h"), "Four of a kind [9s 9h 9d 9c Kd]");
  EXPECT_EQ(explain("9c 9d 9h 9s Kc Kd"), "Four of a kind [9s 9h 9d 9c Kd]");
  EXPECT_EQ(explain("2c 2d 2h 2s Ac Ad Ah"), "Four of a kind [2s 2h 2d 2c Ah]");
}

TEST(BestFive, FullHouseTripsThenPair) {
  EXPECT_EQ(explain("Kc Kd 4s 4c Kh 2d"), "Full house [Kh Kd Kc 4s 4c]");
  // Two trips: the higher trips, the pair from the two highest suits.
  EXPECT_EQ(explain("Kc Kd Kh 4c 4d 4h"), "Full house [Kh Kd Kc 4h 4d]");
  EXPECT_EQ(explain("Qc Qd Qh 7c 7s 7h 2d"), "Full house [Qh Qd Qc 7s 7h]");
  // Trips and two pairs: the higher pair.
  EXPECT_EQ(explain("3c 3d 3h Qs Qc 9d 9h"), "Full house [3h 3d 3c Qs Qc]");
}

TEST(BestFive, FlushHighToLow) {
  EXPECT_EQ(explain("2d 7d 9d Jd Ad 3c"), "Flush [Ad Jd 9d 7d 2d]");
  EXPECT_EQ(explain("2d 7d 9d Jd Ad 3d Kd"), "Flush [Ad Kd Jd 9d 7d]");
}

TEST(BestFive, EqualFlushesPreferTheHigherSuit) {
  EXPECT_EQ(explain("Ac Kc Qc Jc 9c Ad Kd Qd Jd 9d"), "Flush [Ad Kd Qd Jd 9d]");
  EXPECT_EQ(explain("Ah Kh Qh Jh 9h Ad Kd Qd Jd 9d"), "Flush [Ah Kh Qh Jh 9h]");
  // A strictly better flush wins whatever its suit.
  EXPECT_EQ(explain("Ac Kc Qc Jc Tc 2c Ad Kd Qd Jd 9d 3h"), "Straight flush [Ac Kc Qc Jc Tc]");
  EXPECT_EQ(explain("Ac Kc Qc Jc 9c Ad Kd Qd Jd 8d"), "Flush [Ac Kc Qc Jc 9c]");
  EXPECT_EQ(explain("9c 8c 7c 6c 5c 9h 8h 7h 6h 5h"), "Straight flush [9h 8h 7h 6h 5h]");
}

TEST(BestFive, StraightFromTheTopDown) {
  EXPECT_EQ(explain("Tc Jd Qh Ks Ac 2c"), "Straight [Ac Ks Qh Jd Tc]");
  EXPECT_EQ(explain("Ac 2d 3h 4s 5c 9d"), "Straight [5c 4s 3h 2d Ac]");  // the wheel
  // Repeated ranks: the higher suit.
  EXPECT_EQ(explain("Ac Ad Kc Kd Qh Jh Ts"), "Straight [Ad Kd Qh Jh Ts]");
  EXPECT_EQ(explain("Ac As 2d 2h 3h 4s 5c"), "Straight [5c 4s 3h 2h As]");
}

TEST(BestFive, ThreeOfAKindThenKickers) {
  EXPECT_EQ(explain("7c 7d 7h Ks 2c 3d"), "Three of a kind [7h 7d 7c Ks 3d]");
  EXPECT_EQ(explain("7c 7d 7s Ks 2c Qd Jh"), "Three of a kind [7s 7d 7c Ks Qd]");
}

TEST(BestFive, TwoPairHighLowKicker) {
  EXPECT_EQ(explain("7c 7d Kh Ks 2c 2d Qc"), "Two pair [Ks Kh 7d 7c Qc]");
  // A kicker rank held twice gives its higher suit.
  EXPECT_EQ(explain("5c 5d 4c 4d 3c 3d 2h"), "Two pair [5d 5c 4d 4c 3d]");
  EXPECT_EQ(explain("5c 5d 4c 4d 3c 3s 2h"), "Two pair [5d 5c 4d 4c 3s]");
}

TEST(BestFive, PairThenThreeKickers) {
  EXPECT_EQ(explain("7c 7s Qh Ks 2c 9d"), "Pair [7s 7c Ks Qh 9d]");
  EXPECT_EQ(explain("Ac Ad 7c 8s 9d 2h"), "Pair [Ad Ac 9d 8s 7c]");
}

TEST(BestFive, HighCardHighToLow) {
  EXPECT_EQ(explain("7c 9d Qh Ks 2c"), "High card [Ks Qh 9d 7c 2c]");
  EXPECT_EQ(explain("7c 9d Qh Ks 2c 3d 4h"), "High card [Ks Qh 9d 7c 4h]");
}

TEST(BestFive, WholeDeck) {
  const CardMask deck = (CardMask{1} << kCardCount) - 1;
  const BestFive best = best_five(deck);
  EXPECT_EQ(text(best.cards), "As Ks Qs Js Ts");
  EXPECT_EQ(best.value, evaluate(deck));
  // Without the tens: the nine-high straight flush in spades.
  const BestFive nine = best_five(deck & ~cards("Tc Td Th Ts"));
  EXPECT_EQ(text(nine.cards), "9s 8s 7s 6s 5s");
}

// Checks a best_five result against its input from first principles.
void CheckBestFive(CardMask input) {
  const BestFive best = best_five(input);
  const std::string where = reference::describe(input);
  ASSERT_EQ(best.value, evaluate(input)) << where;

  // Five distinct cards of the input that make the value.
  CardMask five = 0;
  for (Card c : best.cards) {
    ASSERT_LT(c, kCardCount) << where;
    five |= mask_of(c);
  }
  ASSERT_EQ(card_count(five), 5) << where;
  ASSERT_EQ(five & ~input, 0u) << where;
  ASSERT_EQ(evaluate(five), best.value) << where;

  // Explain order.
  const Category category = best.value.category();
  std::array<int, 13> count{};
  for (Card c : best.cards) ++count[rank_of(c)];
  if (category == Category::kStraight || category == Category::kStraightFlush) {
    const int top = rank_of(best.cards[0]);
    for (int i = 0; i < 5; ++i) {
      const int expected = top - i >= 0 ? top - i : 12;
      EXPECT_EQ(rank_of(best.cards[i]), expected) << where << " -> " << text(best.cards);
    }
    EXPECT_TRUE(top >= 4 || (top == 3 && rank_of(best.cards[4]) == 12)) << where;
  } else {
    std::array<Card, 5> sorted = best.cards;
    std::sort(sorted.begin(), sorted.end(), [&](Card a, Card b) {
      if (count[rank_of(a)] != count[rank_of(b)]) return count[rank_of(a)] > count[rank_of(b)];
      return a > b;  // higher rank, then higher suit
    });
    EXPECT_EQ(text(best.cards), text(sorted)) << where;
  }

  // Suits.
  if (category == Category::kFlush || category == Category::kStraightFlush) {
    const int suit = suit_of(best.cards[0]);
    for (Card c : best.cards) EXPECT_EQ(suit_of(c), suit) << where;
    for (int higher = suit + 1; higher < 4; ++higher) {
      CardMask of_suit = 0;
      for (int r = 0; r < kRankCount; ++r) of_suit |= input & mask_of(make_card(r, higher));
      if (card_count(of_suit) >= 5) {
        EXPECT_LT(evaluate(of_suit), best.value) << where << ": suit " << higher << " ties";
      }
    }
  } else {
    for (int r = 0; r < kRankCount; ++r) {
      if (count[r] == 0) continue;
      // The count[r] highest suits of rank r held.
      int taken = 0;
      for (int s = 3; s >= 0; --s) {
        const CardMask card = mask_of(make_card(r, s));
        if ((input & card) == 0) continue;
        EXPECT_EQ((five & card) != 0, taken < count[r]) << where << " -> " << text(best.cards);
        ++taken;
      }
    }
  }
}

CardMask random_cards(std::mt19937_64& rng, int n) {
  CardMask mask = 0;
  std::uniform_int_distribution<int> pick(0, kCardCount - 1);
  while (card_count(mask) < n) mask |= mask_of(static_cast<Card>(pick(rng)));
  return mask;
}

TEST(BestFiveRandom, SizesFiveToTwenty) {
  std::mt19937_64 rng(0xBE575);
  for (int size = 5; size <= 20; ++size) {
    for (int i = 0; i < 20'000 / kScale; ++i) {
      const CardMask input = random_cards(rng, size);
      CheckBestFive(input);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(BestFiveRandom, CategoryAgreesWithBruteForce) {
  std::mt19937_64 rng(0xCA7);
  for (int i = 0; i < 20'000 / kScale; ++i) {
    const CardMask input = random_cards(rng, 5 + static_cast<int>(rng() % 6));
    EXPECT_EQ(best_five(input).value.category(), reference::best_of(input).as_category()) << reference::describe(input);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(BestFiveRandom, SuitRichHandsAndTies) {
  // Two suits with the same ranks (equal flushes), many repeated ranks, big hands.
  std::mt19937_64 rng(0x7135);
  for (int i = 0; i < 20'000 / kScale; ++i) {
    CardMask input = 0;
    const int s1 = static_cast<int>(rng() % 4), s2 = static_cast<int>(rng() % 4);
    for (int r = 0; r < kRankCount; ++r) {
      if (rng() % 3 == 0) input |= mask_of(make_card(r, s1)) | mask_of(make_card(r, s2));
    }
    input |= random_cards(rng, static_cast<int>(rng() % 30));
    if (card_count(input) < 5) continue;
    CheckBestFive(input);
    if (::testing::Test::HasFailure()) return;
  }
}

}  // namespace
}  // namespace poker
