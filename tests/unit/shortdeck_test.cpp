// Short-deck evaluation (poker/shortdeck.h) against a brute force written
// here from the rules: every five-card hand of the 36-card deck, every
// seven-card hand (a tenth of them under sanitizers) against the best of its
// 21 five-card choices, random seven-card hands against the rules' own best
// of 21, and the rules players get wrong, one test each.
//
// The rules are the specification's (docs/specification.md, section 7),
// which are those the major online rooms and the Triton series publish for
// six-plus hold'em: a flush beats a full house, three of a kind beats a
// straight, A-6-7-8-9 is the lowest straight. No public test data was
// converted: the cases below are written from those rules.
//
// POKER_SHORTDECK_RANDOM_HANDS=N checks N random seven-card hands against
// the rules instead of the default (100,000, a tenth under sanitizers).
#include "poker/shortdeck.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "poker/cards.h"
#include "support/card_text.h"
#include "support/shortdeck_rules.h"

namespace poker {
namespace {

using poker::testing::cards;
constexpr int kScale = poker::testing::kRandomCaseScale;

using testing::best_rule_key;
using testing::rule_category;
using testing::rule_key;
using namespace testing::rule_categories;

// The 36 cards of the deck.
std::vector<Card> deck() {
  std::vector<Card> out;
  for (int card = kShortDeckLowestCard; card < kCardCount; ++card) out.push_back(static_cast<Card>(card));
  return out;
}

// Calls visit(hand) for every five-card hand of the deck, its cards in
// the deck's order.
template <typename Visit>
void for_each_five_card_hand(Visit&& visit) {
  const std::vector<Card> d = deck();
  std::array<std::size_t, 5> i{};
  for (i[0] = 0; i[0] < d.size(); ++i[0])
    for (i[1] = i[0] + 1; i[1] < d.size(); ++i[1])
      for (i[2] = i[1] + 1; i[2] < d.size(); ++i[2])
        for (i[3] = i[2] + 1; i[3] < d.size(); ++i[3])
          for (i[4] = i[3] + 1; i[4] < d.size(); ++i[4])
            visit(std::array<Card, 5>{d[i[0]], d[i[1]], d[i[2]], d[i[3]], d[i[4]]});
}

std::array<Card, 5> five_of(std::string_view text) {
  std::array<Card, 5> out{};
  CardMask mask = cards(text);
  for (Card& c : out) {
    c = static_cast<Card>(std::countr_zero(mask));
    mask &= mask - 1;
  }
  return out;
}

ShortDeckValue eval5(std::string_view text) { return shortdeck_evaluate5(five_of(text).data()); }
ShortDeckValue eval(std::string_view text) { return shortdeck_evaluate(cards(text)); }

std::string text_of(const std::array<Card, 5>& hand) {
  std::string out;
  for (const Card c : hand) {
    if (!out.empty()) out += ' ';
    append_card(out, c, Notation::kHoldem);
  }
  return out;
}

// ---- exhaustive -------------------------------------------------------------

// Every five-card hand: the values order the hands exactly as the rules do
// (equal rule keys, equal values; a larger key, a larger value), and the
// category is the rules' category.
TEST(ShortDeckExhaustive, EveryFiveCardHandOrdersAsTheRules) {
  std::vector<std::pair<std::uint32_t, std::uint16_t>> judged;
  judged.reserve(376992);
  for_each_five_card_hand([&](const std::array<Card, 5>& hand) {
    const ShortDeckValue value = shortdeck_evaluate5(hand.data());
    const std::uint32_t key = rule_key(hand);
    ASSERT_EQ(static_cast<int>(value.category()), rule_category(key)) << text_of(hand);
    ASSERT_EQ(shortdeck_evaluate(mask_of(hand[0]) | mask_of(hand[1]) | mask_of(hand[2]) | mask_of(hand[3]) |
                                 mask_of(hand[4])),
              value)
        << text_of(hand);
    judged.emplace_back(key, value.raw());
  });
  ASSERT_EQ(judged.size(), 376992u);
  std::sort(judged.begin(), judged.end());
  for (std::size_t k = 1; k < judged.size(); ++k) {
    if (judged[k].first == judged[k - 1].first) {
      ASSERT_EQ(judged[k].second, judged[k - 1].second) << "rule key " << judged[k].first;
    } else {
      ASSERT_GT(judged[k].second, judged[k - 1].second) << "rule key " << judged[k].first;
    }
  }
}

// How many five-card hands each category holds, counted by the rules: the
// order of the categories follows their rarity where it is decided by it.
// A flush (480 hands) is rarer than a full house (1,728); three of a kind
// (16,128) is more common than a straight (6,120) among five cards, which
// is why the order of those two is a rule and not a count (docs/faq.md).
TEST(ShortDeckExhaustive, FiveCardCategoryCountsAreTheDecksCombinatorics) {
  std::array<int, 9> counts{};
  for_each_five_card_hand([&](const std::array<Card, 5>& hand) {
    ++counts[static_cast<std::size_t>(shortdeck_evaluate5(hand.data()).category())];
  });
  // 6 straights of 5 ranks (A-6-7-8-9 to T-J-Q-K-A); C(9, 5) = 126 rank sets.
  EXPECT_EQ(counts[kStraightFlush], 6 * 4);
  EXPECT_EQ(counts[kQuads], 9 * 32);
  EXPECT_EQ(counts[kFlush], (126 - 6) * 4);
  EXPECT_EQ(counts[kFullHouse], 9 * 4 * 8 * 6);
  EXPECT_EQ(counts[kTrips], 9 * 4 * 28 * 16);
  EXPECT_EQ(counts[kStraight], 6 * (1024 - 4));
  EXPECT_EQ(counts[kTwoPair], 36 * 36 * 7 * 4);
  EXPECT_EQ(counts[kPair], 9 * 6 * 56 * 64);
  EXPECT_EQ(counts[kHighCard], (126 - 6) * (1024 - 4));
}

// Every seven-card hand (every kScale-th under sanitizers): the 7-card
// evaluation equals the best of its 21 five-card evaluations (which the
// test above holds to the rules).
TEST(ShortDeckExhaustive, EverySevenCardHandIsTheBestOfItsFives) {
  const std::vector<Card> d = deck();
  std::array<std::size_t, 7> i{};
  std::uint64_t seen = 0;
  std::uint64_t checked = 0;
  // Of every seven-card hand: how many hold a straight, three of a kind
  // (or more of a rank), and each category as their best hand.
  std::uint64_t with_straight = 0;
  std::uint64_t with_trips = 0;
  std::array<std::uint64_t, 9> best_counts{};
  const auto count = [&](const std::array<Card, 7>& seven) {
    unsigned ranks = 0;
    std::array<int, kRankCount> held{};
    bool trips = false;
    for (const Card c : seven) {
      ranks |= 1u << rank_of(c);
      trips = trips || ++held[static_cast<std::size_t>(rank_of(c))] >= 3;
    }
    const bool run = (ranks & (ranks >> 1) & (ranks >> 2) & (ranks >> 3) & (ranks >> 4)) != 0;
    with_straight += run || (ranks & 0x10F0) == 0x10F0 ? 1 : 0;  // or A-6-7-8-9
    with_trips += trips ? 1 : 0;
    ++best_counts[static_cast<std::size_t>(shortdeck_evaluate7(seven.data(), seven[5], seven[6]).category())];
  };
  for (i[0] = 0; i[0] < d.size(); ++i[0])
    for (i[1] = i[0] + 1; i[1] < d.size(); ++i[1])
      for (i[2] = i[1] + 1; i[2] < d.size(); ++i[2])
        for (i[3] = i[2] + 1; i[3] < d.size(); ++i[3])
          for (i[4] = i[3] + 1; i[4] < d.size(); ++i[4])
            for (i[5] = i[4] + 1; i[5] < d.size(); ++i[5])
              for (i[6] = i[5] + 1; i[6] < d.size(); ++i[6]) {
                const std::array<Card, 7> seven = {d[i[0]], d[i[1]], d[i[2]], d[i[3]], d[i[4]], d[i[5]], d[i[6]]};
                count(seven);
                if (seen++ % kScale != 0) continue;
                const ShortDeckValue best = testing::best_of_fives(
                    seven, ShortDeckValue(),
                    [](const std::array<Card, 5>& five) { return shortdeck_evaluate5(five.data()); });
                ASSERT_EQ(shortdeck_evaluate7(seven.data(), seven[5], seven[6]), best);
                ++checked;
              }
  EXPECT_EQ(seen, 8347680u);  // C(36, 7)
  EXPECT_GT(checked, 0u);
  // The figures docs/faq.md gives: a straight is a little rarer than three
  // or more of a rank among seven cards, as among five.
  EXPECT_EQ(with_straight, 1213440u);
  EXPECT_EQ(with_trips, 1322784u);
  const std::array<std::uint64_t, 9> expected_best = {233100, 2316600, 3157056, 1139580, 637560,
                                                      633024, 175560,  44640,   10560};
  EXPECT_EQ(best_counts, expected_best);
}

// ---- random seven-card hands against the rules --------------------------------

int random_hands() {
  if (const char* text = std::getenv("POKER_SHORTDECK_RANDOM_HANDS")) return std::max(1, std::atoi(text));
  return 100000 / kScale;
}

std::array<Card, 7> random_seven(std::mt19937_64& rng) {
  std::vector<Card> d = deck();
  std::array<Card, 7> out{};
  for (std::size_t k = 0; k < 7; ++k) {
    std::uniform_int_distribution<std::size_t> pick(k, d.size() - 1);
    std::swap(d[k], d[pick(rng)]);
    out[k] = d[k];
  }
  return out;
}

// The 7-card value against the rules' best of 21 through the order: two
// random hands compare as their rule keys do, and each value's category is
// the rule's; best_five's cards are five of the seven worth the value.
TEST(ShortDeckRandom, SevenCardHandsCompareAsTheRulesBestOfTwentyOne) {
  std::mt19937_64 rng(47);
  const int hands = random_hands();
  std::array<Card, 7> previous = random_seven(rng);
  std::uint32_t previous_key = best_rule_key(previous);
  ShortDeckValue previous_value = shortdeck_evaluate7(previous.data(), previous[5], previous[6]);
  for (int n = 0; n < hands; ++n) {
    const std::array<Card, 7> seven = random_seven(rng);
    const std::uint32_t key = best_rule_key(seven);
    const ShortDeckValue value = shortdeck_evaluate7(seven.data(), seven[5], seven[6]);
    ASSERT_EQ(static_cast<int>(value.category()), rule_category(key));
    ASSERT_EQ(key < previous_key, value < previous_value);
    ASSERT_EQ(key == previous_key, value == previous_value);
    CardMask mask = 0;
    for (const Card c : seven) mask |= mask_of(c);
    ASSERT_EQ(shortdeck_evaluate(mask), value);
    const ShortDeckBestFive best = shortdeck_best_five(mask);
    ASSERT_EQ(best.value, value);
    ASSERT_EQ(shortdeck_evaluate5(best.cards.data()), value);
    ASSERT_EQ(rule_key(best.cards), key);
    for (const Card c : best.cards) ASSERT_NE(mask & mask_of(c), 0u);
    previous_key = key;
    previous_value = value;
  }
}

// ---- the rules players get wrong ----------------------------------------------

TEST(ShortDeckRules, TripsBeatAStraight) {
  EXPECT_EQ(eval5("6c 6d 6h 7s 8d").category(), ShortDeckCategory::kThreeOfAKind);
  EXPECT_EQ(eval5("Ts Jd Qh Kc Ad").category(), ShortDeckCategory::kStraight);
  EXPECT_GT(eval5("6c 6d 6h 7s 8d"), eval5("Ts Jd Qh Kc Ad"));
  // With seven cards holding both, the trips are the hand.
  EXPECT_EQ(eval("9c 9d 9h Ts Jd Qh Kc").category(), ShortDeckCategory::kThreeOfAKind);
  // On one board: 9-9 (trips) beats J-T (a straight 9 to K).
  const std::array<Card, 5> board = five_of("9s Qd Kh 6c 7d");
  const std::array<Card, 4> holes = {*parse_card("9c", Notation::kHoldem), *parse_card("9d", Notation::kHoldem),
                                     *parse_card("Jc", Notation::kHoldem), *parse_card("Tc", Notation::kHoldem)};
  EXPECT_EQ(shortdeck_winner(board.data(), holes.data(), 2), 0);
}

TEST(ShortDeckRules, FlushBeatsAFullHouse) {
  EXPECT_EQ(eval5("6h 7h 9h Jh Kh").category(), ShortDeckCategory::kFlush);
  EXPECT_EQ(eval5("Ac Ad Ah Ks Kd").category(), ShortDeckCategory::kFullHouse);
  EXPECT_GT(eval5("6h 7h 9h Jh Kh"), eval5("Ac Ad Ah Ks Kd"));
  EXPECT_LT(eval5("6h 7h 9h Jh Kh"), eval5("6c 6d 6h 6s 7d"));  // four of a kind beats a flush
  // On one board: A-K (a full house, aces over kings) loses to two hearts.
  const std::array<Card, 5> board = five_of("Ah Ad Kh 9h 6s");
  const std::array<Card, 4> holes = {*parse_card("Ac", Notation::kHoldem), *parse_card("Kd", Notation::kHoldem),
                                     *parse_card("7h", Notation::kHoldem), *parse_card("8h", Notation::kHoldem)};
  EXPECT_EQ(shortdeck_winner(board.data(), holes.data(), 2), 1);
}

TEST(ShortDeckRules, TheWheelIsAceSixSevenEightNine) {
  const ShortDeckValue wheel = eval5("As 6d 7c 8h 9s");
  EXPECT_EQ(wheel.category(), ShortDeckCategory::kStraight);
  // The lowest straight: below 6 to T, above every two pair.
  EXPECT_LT(wheel, eval5("6s 7d 8c 9h Ts"));
  EXPECT_GT(wheel, eval5("Ac Ad Kh Ks Qd"));
  // Its top card is the nine: it does not play as ace high.
  EXPECT_LT(wheel, eval5("Ts Jd Qh Kc Ad"));
  // Suited, the lowest straight flush, above four of a kind.
  const ShortDeckValue steel = eval5("Ah 6h 7h 8h 9h");
  EXPECT_EQ(steel.category(), ShortDeckCategory::kStraightFlush);
  EXPECT_LT(steel, eval5("6h 7h 8h 9h Th"));
  EXPECT_GT(steel, eval5("Ac Ad Ah As Kd"));
  // Written 9 8 7 6 A by explain.
  const ShortDeckBestFive best = shortdeck_best_five(cards("As 6d 7c 8h 9s Kd Qc"));
  EXPECT_EQ(text_of(best.cards), "9s 8h 7c 6d As");
}

TEST(ShortDeckRules, NoAceTwoThreeFourFive) {
  // The deck has no 2 to 5: 36 cards from 6c up.
  int in_deck = 0;
  for (int card = 0; card < kCardCount; ++card) in_deck += is_shortdeck_card(static_cast<Card>(card)) ? 1 : 0;
  EXPECT_EQ(in_deck, kShortDeckCardCount);
  EXPECT_FALSE(is_shortdeck_card(*parse_card("5s", Notation::kHoldem)));
  EXPECT_TRUE(is_shortdeck_card(*parse_card("6c", Notation::kHoldem)));
  // The ace does not play low in any other way: A-6-7-8-T and K-A-6-7-8 are
  // no straights.
  EXPECT_EQ(eval5("As 6d 7c 8h Ts").category(), ShortDeckCategory::kHighCard);
  EXPECT_EQ(eval5("Ks As 6d 7c 8h").category(), ShortDeckCategory::kHighCard);
  EXPECT_EQ(eval5("Qs Ks As 6d 7c").category(), ShortDeckCategory::kHighCard);
}

TEST(ShortDeckRules, TiesAreBrokenAsInHoldem) {
  EXPECT_EQ(eval5("Kc Kd 9h 8s 7d"), eval5("Kh Ks 9c 8d 7s"));  // suits never break ties
  EXPECT_GT(eval5("Kc Kd Ah 8s 7d"), eval5("Kh Ks Qc Jd Ts"));  // kicker
  EXPECT_GT(eval5("Ac Ad 7h 7s 6d"), eval5("Kh Ks Qc Qd Ts"));  // high pair first
  EXPECT_GT(eval5("9c 9d 9h 6s 6d"), eval5("8h 8s 8c Ad As"));  // full house: trips first
  EXPECT_GT(eval5("Ah Kh Qh Jh 9h"), eval5("Ac Kc Qc Jc 8c"));  // flush card by card
  // Only the best five count: the sixth and seventh cards do not.
  EXPECT_EQ(eval("Ac Ad Kh Ks Qd 6c 7c"), eval("Ah As Kc Kd Qs 8h 9h"));
}

TEST(ShortDeckRules, CategoryNamesAreTheSpecifications) {
  EXPECT_EQ(category_name(ShortDeckCategory::kStraightFlush), "Straight flush");
  EXPECT_EQ(category_name(ShortDeckCategory::kFourOfAKind), "Four of a kind");
  EXPECT_EQ(category_name(ShortDeckCategory::kFlush), "Flush");
  EXPECT_EQ(category_name(ShortDeckCategory::kFullHouse), "Full house");
  EXPECT_EQ(category_name(ShortDeckCategory::kThreeOfAKind), "Three of a kind");
  EXPECT_EQ(category_name(ShortDeckCategory::kStraight), "Straight");
  EXPECT_EQ(category_name(ShortDeckCategory::kTwoPair), "Two pair");
  EXPECT_EQ(category_name(ShortDeckCategory::kPair), "Pair");
  EXPECT_EQ(category_name(ShortDeckCategory::kHighCard), "High card");
}

TEST(ShortDeckBestFive, GroupsComeFirstAndHigherSuitsAreChosen) {
  EXPECT_EQ(text_of(shortdeck_best_five(cards("Kc Kd Kh Ks 6c 6d 6h")).cards), "Ks Kh Kd Kc 6h");
  EXPECT_EQ(text_of(shortdeck_best_five(cards("9c 9d 9h 7s 7d 7c Ah")).cards), "9h 9d 9c 7s 7d");
  EXPECT_EQ(text_of(shortdeck_best_five(cards("Ah Kh Qh 6h 7h 8h 9c")).cards), "Ah Kh Qh 8h 7h");
  EXPECT_EQ(text_of(shortdeck_best_five(cards("Tc Jd Qh Ks Ad Ac 6c")).cards), "Ad Ks Qh Jd Tc");
  EXPECT_EQ(shortdeck_best_five(cards("Tc Jd Qh Ks Ad Ac 6c")).value.category(), ShortDeckCategory::kStraight);
}

// Several players on one board: the single best, or a draw when two or
// more share the best.
TEST(ShortDeckWinner, FindsTheBestOrADraw) {
  const std::array<Card, 5> board = five_of("Ts Jd Qh Kc Ad");  // a straight on the board
  std::vector<Card> holes;
  for (const char* c : {"6c", "7d", "6d", "7c", "8s", "8h"}) holes.push_back(*parse_card(c, Notation::kHoldem));
  EXPECT_EQ(shortdeck_winner(board.data(), holes.data(), 3), 3);  // all play the board
  holes.push_back(*parse_card("Ac", Notation::kHoldem));
  holes.push_back(*parse_card("Ah", Notation::kHoldem));
  EXPECT_EQ(shortdeck_winner(board.data(), holes.data(), 4), 3);  // trips aces beat the straight
  EXPECT_EQ(shortdeck_winner(board.data(), holes.data(), 1), 0);
}

TEST(ShortDeckWinner, AgreesWithTheValuesOnRandomDeals) {
  std::mt19937_64 rng(4747);
  for (int n = 0; n < 200000 / kScale; ++n) {
    std::vector<Card> d = deck();
    std::shuffle(d.begin(), d.end(), rng);
    const int players = 2 + static_cast<int>(n % 14);  // 2..15
    const Card* board = d.data();
    const Card* holes = d.data() + 5;
    ShortDeckValue best;
    int winner = players;
    for (int p = 0; p < players; ++p) {
      const ShortDeckValue v = shortdeck_evaluate7(board, holes[2 * p], holes[2 * p + 1]);
      if (v > best) {
        best = v;
        winner = p;
      } else if (v == best) {
        winner = players;
      }
    }
    ASSERT_EQ(shortdeck_winner(board, holes, players), winner) << n;
  }
}

}  // namespace
}  // namespace poker
