// The evaluator: hand-written cases for every category and tie-break rule,
// then random hands checked against the independent reference evaluator.
#include "poker/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "support/card_text.h"
#include "support/reference_evaluator.h"

namespace poker {
namespace {

using poker::testing::cards;
constexpr int kScale = poker::testing::kRandomCaseScale;

HandValue eval(std::string_view text) { return evaluate(cards(text)); }

// A random set of n distinct cards.
CardMask random_cards(std::mt19937_64& rng, int n) {
  CardMask mask = 0;
  std::uniform_int_distribution<int> pick(0, kCardCount - 1);
  while (card_count(mask) < n) mask |= mask_of(static_cast<Card>(pick(rng)));
  return mask;
}

TEST(CategoryName, MatchesSpec) {
  EXPECT_EQ(category_name(Category::kStraightFlush), "Straight flush");
  EXPECT_EQ(category_name(Category::kFourOfAKind), "Four of a kind");
  EXPECT_EQ(category_name(Category::kFullHouse), "Full house");
  EXPECT_EQ(category_name(Category::kFlush), "Flush");
  EXPECT_EQ(category_name(Category::kStraight), "Straight");
  EXPECT_EQ(category_name(Category::kThreeOfAKind), "Three of a kind");
  EXPECT_EQ(category_name(Category::kTwoPair), "Two pair");
  EXPECT_EQ(category_name(Category::kPair), "Pair");
  EXPECT_EQ(category_name(Category::kHighCard), "High card");
}

TEST(HandValue, EncodesCategoryInTheTopBits) {
  const HandValue v((6 << 12) | 100);
  EXPECT_EQ(v.category(), Category::kFullHouse);
  EXPECT_EQ(v.raw(), (6 << 12) | 100);
  EXPECT_LT(HandValue((5 << 12) | 1277), HandValue((6 << 12) | 1));
}

struct CategoryCase {
  const char* hand;
  Category category;
};

TEST(Evaluate, EveryCategoryFromExamples) {
  const CategoryCase cases[] = {
      {"As Ks Qs Js Ts", Category::kStraightFlush},
      {"5h 4h 3h 2h Ah", Category::kStraightFlush},
      {"9c 9d 9h 9s 2c", Category::kFourOfAKind},
      {"Kc Kd Kh 4s 4c", Category::kFullHouse},
      {"2d 7d 9d Jd Ad", Category::kFlush},
      {"Tc Jd Qh Ks Ac", Category::kStraight},
      {"Ac 2d 3h 4s 5c", Category::kStraight},
      {"7c 7d 7h Ks 2c", Category::kThreeOfAKind},
      {"7c 7d Kh Ks 2c", Category::kTwoPair},
      {"7c 7d Qh Ks 2c", Category::kPair},
      {"7c 9d Qh Ks 2c", Category::kHighCard},
      {"Kc Ac 2d 3h 4s", Category::kHighCard},  // no wrap-around straight
      // Six and seven cards.
      {"9c 9d 9h 9s 2c 2d", Category::kFourOfAKind},
      {"2h 3h 4h 5h 6h 7h", Category::kStraightFlush},
      {"Ac Kc Qc Jc 9c 8c 7d", Category::kFlush},
      {"Ac Ad Ah Kc Kd Kh 2s", Category::kFullHouse},
      {"Ac Ad Kc Kd Qc Qd 2s", Category::kTwoPair},
      {"2c 3d 4h 5s 6c 7d 8h", Category::kStraight},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(eval(c.hand).category(), c.category) << c.hand;
    EXPECT_EQ(reference::best_of(cards(c.hand)).as_category(), c.category) << c.hand;
  }
}

TEST(Evaluate, KickersThatCount) {
  EXPECT_GT(eval("Ac Ad Kh Qs Jc"), eval("Ac Ad Kh Qs Tc"));  // pair, third kicker
  EXPECT_GT(eval("Ac Kd 9h 7s 3c"), eval("Ac Kd 9h 7s 2d"));  // high card, last card
  EXPECT_GT(eval("7c 7d 7h As 2c"), eval("7s 7d 7h Ks Qc"));  // trips, first kicker
  EXPECT_GT(eval("9c 9d 5h 5s Kc"), eval("9h 9s 5c 5d Qc"));  // two pair kicker
  EXPECT_GT(eval("9c 9d 9h 9s Ac"), eval("9c 9d 9h 9s Kc"));  // quads kicker
  EXPECT_GT(eval("Kc Kd 3h 3s 2c"), eval("Qc Qd Jh Js Ac"));  // high pair first
  EXPECT_GT(eval("Kc Kd 4h 4s 2c"), eval("Kh Ks 3h 3s Ac"));  // then the low pair
}

TEST(Evaluate, KickersThatDoNotCount) {
  // Only the best five cards count: a sixth or seventh card never matters.
  EXPECT_EQ(eval("Ac Ad Kc Kd Qh 3s 2c"), eval("Ac Ad Kc Kd Qh 4s 3c"));
  EXPECT_EQ(eval("Ac Kd Qh Js 9c 3d 2h"), eval("Ac Kd Qh Js 9c 8d 7h"));
  EXPECT_EQ(eval("Tc Jd Qh Ks Ac 2c 2d"), eval("Tc Jd Qh Ks Ac 3c 4d"));
  // Suits never break ties.
  EXPECT_EQ(eval("Ac Kc Qc Jc 9c"), eval("As Ks Qs Js 9s"));
  EXPECT_EQ(eval("Ac Ad Kh Qs Jc"), eval("Ah As Kc Qd Js"));
}

TEST(Evaluate, StraightsAndTheWheel) {
  EXPECT_LT(eval("Ac 2d 3h 4s 5c"), eval("2c 3d 4h 5s 6c"));        // wheel < six-high
  EXPECT_GT(eval("Ac 2d 3h 4s 5c"), eval("Ac Ad Ah Ks 2c"));        // wheel > trips
  EXPECT_GT(eval("Tc Jd Qh Ks Ac"), eval("9c Td Jh Qs Kc"));        // A-high > K-high
  EXPECT_EQ(eval("Ac 2d 3h 4s 5c 9h Kd"), eval("Ad 2c 3s 4h 5d"));  // extras ignored
  EXPECT_EQ(eval("Ac 2d 3h 4s 5c 6h"), eval("2c 3d 4h 5s 6c"));     // six beats wheel
  // Steel wheel: a straight flush, the lowest one, above every four of a kind.
  EXPECT_EQ(eval("5h 4h 3h 2h Ah").category(), Category::kStraightFlush);
  EXPECT_LT(eval("5h 4h 3h 2h Ah"), eval("6d 5d 4d 3d 2d"));
  EXPECT_GT(eval("5h 4h 3h 2h Ah"), eval("Ac Ad Ah As Kc"));
  EXPECT_EQ(eval("As Ks Qs Js Ts").raw(), (8 << 12) | 10);  // the top value
  EXPECT_EQ(eval("5h 4h 3h 2h Ah").raw(), (8 << 12) | 1);
}

TEST(Evaluate, TwoPairFromThreePairs) {
  // A A K K Q Q J: A A K K with a queen kicker.
  EXPECT_EQ(eval("Ac Ad Kc Kd Qc Qd Js"), eval("Ah As Kh Ks Qh"));
  EXPECT_GT(eval("Ac Ad Kc Kd Qc Qd Js"), eval("Ah As Kh Ks Jh 2d 3d"));
  // 5 5 4 4 3 3 A: the ace kicker beats the third pair.
  EXPECT_EQ(eval("5c 5d 4c 4d 3c 3d Ah"), eval("5h 5s 4h 4s Ac"));
}

TEST(Evaluate, FullHouseFromTwoTrips) {
  EXPECT_EQ(eval("Kc Kd Kh 4s 4c 4d 2h"), eval("Kc Kd Kh 4s 4c"));
  EXPECT_GT(eval("Kc Kd Kh 4s 4c 4d 2h"), eval("4s 4c 4d Kc Kd"));
  EXPECT_EQ(eval("Kc Kd Kh 4s 4c 4d"), eval("Kc Kd Kh 4s 4c"));
  // Trips plus two pairs: the higher pair joins.
  EXPECT_EQ(eval("3c 3d 3h Qs Qc 9d 9h"), eval("3c 3d 3h Qs Qc"));
  EXPECT_GT(eval("Kc Kd Kh 4s 4c"), eval("Qc Qd Qh As Ac"));  // trips first
  EXPECT_GT(eval("Kc Kd Kh 5s 5c"), eval("Kc Kd Kh 4s 4c"));
}

TEST(Evaluate, QuadsWithKickerOnBoard) {
  // Board 9 9 9 9 K: hole cards below the king do not matter, an ace does.
  const std::string board = "9c 9d 9h 9s Kc ";
  EXPECT_EQ(eval(board + "Qd Jd"), eval(board + "2d 3d"));
  EXPECT_EQ(eval(board + "Qd Jd"), eval(board));
  EXPECT_GT(eval(board + "Ad 2d"), eval(board + "Qd Jd"));
}

TEST(Evaluate, FlushComparedCardByCard) {
  EXPECT_GT(eval("Ac Kc Qc Jc 9c"), eval("Ad Kd Qd Jd 8d"));
  EXPECT_GT(eval("Ac Kc 5c 4c 2c"), eval("Ad Qd Jd Td 8d"));
  EXPECT_GT(eval("Ac Kc Qc 4c 3c"), eval("Ad Kd Jd Td 8d"));
  EXPECT_GT(eval("Ac 9c 7c 5c 3c"), eval("Ad 9d 7d 5d 2d"));
  // Seven clubs: the best five count.
  EXPECT_EQ(eval("Ac Kc Qc Jc 9c 3c 2c"), eval("Ad Kd Qd Jd 9d"));
  // Flush beats straight, loses to full house.
  EXPECT_GT(eval("2c 3c 4c 5c 7c"), eval("Tc Jd Qh Ks Ac"));
  EXPECT_LT(eval("Ac Kc Qc Jc 9c"), eval("2c 2d 2h 3s 3c"));
}

TEST(Evaluate, CategoriesAreTotallyOrdered) {
  // The best hand of each category loses to the worst of the next.
  const char* worst_best[][2] = {
      {"Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c"},  // high card < pair
      {"Ac Ad Kh Qs Jc", "3c 3d 2h 2s 4c"},  // pair < two pair
      {"Ac Ad Kh Ks Qc", "2c 2d 2h 3s 4c"},  // two pair < trips
      {"Ac Ad Ah Ks Qc", "Ac 2d 3h 4s 5c"},  // trips < straight
      {"Tc Jd Qh Ks Ac", "2c 3c 4c 5c 7c"},  // straight < flush
      {"Ac Kc Qc Jc 9c", "2c 2d 2h 3s 3c"},  // flush < full house
      {"Ac Ad Ah Ks Kc", "2c 2d 2h 2s 3c"},  // full house < quads
      {"Ac Ad Ah As Kc", "5h 4h 3h 2h Ah"},  // quads < straight flush
  };
  for (const auto& pair : worst_best) {
    EXPECT_LT(eval(pair[0]), eval(pair[1])) << pair[0] << " vs " << pair[1];
    EXPECT_EQ(static_cast<int>(eval(pair[0]).category()) + 1, static_cast<int>(eval(pair[1]).category()));
  }
}

TEST(Evaluate, ManyCardTrickyCases) {
  // Flushes in two suits: the better one counts, whichever suit.
  EXPECT_EQ(eval("Ac Kc 9c 7c 5c 2c Ad Qd Jd 9d 4d 3d"), eval("Ah Kh 9h 7h 5h"));
  EXPECT_EQ(eval("Ad Kd 9c 8c 7c 6c 2c Qd Jd 3d"), eval("Ah Kh Qh Jh 3h"));
  EXPECT_EQ(eval("Ac Kc Qc 2c 3c Ad Kd Qd Jd 3d"), eval("Ah Kh Qh Jh 3h"));
  // A straight among repeated ranks.
  EXPECT_EQ(eval("Ac Ad Kc Kd Qh Jh Ts"), eval("Tc Jd Qh Ks Ac"));
  EXPECT_EQ(eval("Ac Ad Kc Kd Qh Qs Jh Jc Ts 9s"), eval("Tc Jd Qh Ks Ac"));
  // Ace-low straight with extras.
  EXPECT_EQ(eval("Ac Ad Ah 2c 3d 4h 5s 5c Kd"), eval("Ac Ad Ah 5s 5c"));  // full house wins
  EXPECT_EQ(eval("Ac Ad 2c 3d 4h 5s 5c Kd Qh"), eval("Ac 2d 3h 4s 5c"));
  // A straight flush hidden in a bigger flush.
  EXPECT_EQ(eval("Ah Kh 9h 8h 7h 6h 5h 2h Ac"), eval("9h 8h 7h 6h 5h"));
  EXPECT_EQ(eval("Ah Kh 9h 8h 7h 6h 4h 3h 2h"), eval("Ah Kh 9h 8h 7h"));  // no SF: flush
  EXPECT_EQ(eval("As 2s 3s 4s 5s 7s 8s Kd Kh Kc Ks"), eval("As 2s 3s 4s 5s"));
  // Two trips (and more) make a full house from the higher trips.
  EXPECT_EQ(eval("Qc Qd Qh 7c 7d 7h 2c 2d 3s"), eval("Qc Qd Qh 7c 7d"));
  EXPECT_EQ(eval("Qc Qd Qh 7c 7d 7h 8c 8d 3s"), eval("Qc Qd Qh 8c 8d"));
  // Quads and a straight flush elsewhere: the straight flush.
  EXPECT_EQ(eval("Ac Ad Ah As 2d 3d 4d 5d 6d"), eval("6d 5d 4d 3d 2d"));
  // Quads and a full house: quads with the best kicker.
  EXPECT_EQ(eval("3c 3d 3h 3s Kc Kd Kh 2c"), eval("3c 3d 3h 3s Kc"));
}

TEST(Evaluate, FiftyTwoCardsMakeARoyalFlush) {
  const CardMask deck = (CardMask{1} << kCardCount) - 1;
  EXPECT_EQ(evaluate(deck), eval("As Ks Qs Js Ts"));
  EXPECT_EQ(evaluate(deck).raw(), (8 << 12) | 10);
  // Every straight holds a five or a ten; without them: four aces, king kicker.
  CardMask no_straight = deck;
  for (int suit = 0; suit < 4; ++suit) {
    no_straight &= ~mask_of(make_card(3, suit)) & ~mask_of(make_card(8, suit));
  }
  EXPECT_EQ(evaluate(no_straight), eval("Ac Ad Ah As Kc"));
  // Without the tens, the best is the nine-high straight flush.
  const CardMask no_tens = deck & ~cards("Tc Td Th Ts");
  EXPECT_EQ(evaluate(no_tens), eval("9s 8s 7s 6s 5s"));
  // 48 cards without the aces: a king-high straight flush.
  const CardMask no_aces = deck & ~cards("Ac Ad Ah As");
  EXPECT_EQ(evaluate(no_aces), eval("Ks Qs Js Ts 9s"));
}

// A hand, our value of it and the reference's.
struct Judged {
  CardMask cards = 0;
  HandValue value;
  reference::RefValue ref;
};

Judged judge(CardMask cards, HandValue value) { return {cards, value, reference::best_of(cards)}; }

// The categories agree with the reference, and so does the order of the two
// hands.
::testing::AssertionResult AgreesWithReference(const Judged& a, const Judged& b) {
  if (a.value.category() != a.ref.as_category() || b.value.category() != b.ref.as_category() ||
      reference::order(a.value, b.value) != reference::order(a.ref, b.ref)) {
    return ::testing::AssertionFailure() << reference::describe(a.cards) << " = " << a.value.raw() << " ("
                                         << reference::describe(a.ref) << ") vs " << reference::describe(b.cards)
                                         << " = " << b.value.raw() << " (" << reference::describe(b.ref) << ")";
  }
  return ::testing::AssertionSuccess();
}

TEST(EvaluateRandom, SevenCardPairsAgreeWithReference) {
  std::mt19937_64 rng(0x5EED7);
  const int pairs = 2'000'000 / kScale;
  // Each hand is compared with the one before it.
  const CardMask first = random_cards(rng, 7);
  Judged previous = judge(first, Hand::from(first).evaluate());
  int failures = 0;
  for (int i = 0; i < pairs && failures < 10; ++i) {
    const CardMask hand = random_cards(rng, 7);
    const Judged current = judge(hand, Hand::from(hand).evaluate());
    const auto result = AgreesWithReference(previous, current);
    if (!result) ++failures;
    EXPECT_TRUE(result);
    previous = current;
  }
}

TEST(EvaluateRandom, CloseSevenCardPairsAgreeWithReference) {
  // Random pairs are mostly far apart; pairs sharing a board (hold'em) are
  // close, and test the tie-breaks.
  std::mt19937_64 rng(0xB0A4D);
  const int boards = 500'000 / kScale;
  int failures = 0;
  for (int i = 0; i < boards && failures < 10; ++i) {
    const CardMask all = random_cards(rng, 9);
    const std::vector<Card> c = reference::cards_of(all);
    std::array<Card, 9> order{};
    std::copy(c.begin(), c.end(), order.begin());
    std::shuffle(order.begin(), order.end(), rng);
    Hand board;
    for (int k = 0; k < 5; ++k) board.add(order[k]);
    const Hand a = board.plus(order[5]).plus(order[6]);
    const Hand b = board.plus(order[7]).plus(order[8]);
    const auto result = AgreesWithReference(judge(a.cards(), a.evaluate()), judge(b.cards(), b.evaluate()));
    if (!result) ++failures;
    EXPECT_TRUE(result);
  }
}

TEST(EvaluateRandom, IncrementalHandEqualsEvaluateOfMask) {
  std::mt19937_64 rng(0x1AC4);
  for (int i = 0; i < 200'000 / kScale; ++i) {
    const std::vector<Card> c = reference::cards_of(random_cards(rng, 11));
    std::vector<Card> order = c;
    std::shuffle(order.begin(), order.end(), rng);
    Hand board;
    for (int k = 0; k < 5; ++k) board.add(order[k]);
    ASSERT_EQ(board.evaluate(), evaluate(board.cards()));
    for (int player = 0; player < 3; ++player) {
      const Card x = order[5 + 2 * player], y = order[6 + 2 * player];
      const Hand six = board.plus(x);
      const Hand seven = six.plus(y);
      ASSERT_EQ(six.cards(), board.cards() | mask_of(x));
      ASSERT_EQ(seven.cards(), six.cards() | mask_of(y));
      ASSERT_EQ(six.evaluate(), evaluate(six.cards()));
      ASSERT_EQ(seven.evaluate(), evaluate(seven.cards()));
      ASSERT_EQ(seven.evaluate(), Hand::from(seven.cards()).evaluate());
    }
  }
}

TEST(EvaluateRandom, Evaluate5EqualsHandFlushesIncluded) {
  // Half the hands drawn from one or two suits, so that flushes are common.
  std::mt19937_64 rng(0xE5A1);
  for (int i = 0; i < 200'000 / kScale; ++i) {
    std::array<Card, 5> five{};
    const int suits = i % 2 == 0 ? 4 : 1 + i % 4 / 2;
    CardMask used = 0;
    std::uniform_int_distribution<int> rank(0, kRankCount - 1), suit(0, suits - 1);
    for (Card& card : five) {
      do {
        card = make_card(rank(rng), suit(rng));
      } while (used & mask_of(card));
      used |= mask_of(card);
    }
    ASSERT_EQ(evaluate5(five.data()), Hand::from(used).evaluate()) << reference::describe(used);
  }
}

TEST(EvaluateRandom, Evaluate7EqualsHand) {
  // Random orders (evaluate7 must not care), and a share of flush-heavy hands
  // (cards of few suits) so that its flush path is well exercised.
  std::mt19937_64 rng(0xE7A1);
  for (int i = 0; i < 400'000 / kScale; ++i) {
    std::array<Card, 7> seven{};
    if (i % 2 == 0) {
      const std::vector<Card> c = reference::cards_of(random_cards(rng, 7));
      std::copy(c.begin(), c.end(), seven.begin());
    } else {
      const int suits = 1 + i % 3;  // cards of 1..3 suits
      CardMask used = 0;
      std::uniform_int_distribution<int> rank(0, kRankCount - 1), suit(0, suits - 1);
      for (Card& card : seven) {
        do {
          card = make_card(rank(rng), suit(rng));
        } while (used & mask_of(card));
        used |= mask_of(card);
      }
    }
    std::shuffle(seven.begin(), seven.end(), rng);
    Hand hand;
    for (Card c : seven) hand.add(c);
    ASSERT_EQ(evaluate7(seven), hand.evaluate()) << reference::describe(hand.cards());
    ASSERT_EQ(evaluate7(seven.data()), evaluate(hand.cards()));
  }
}

TEST(EvaluateRandom, NoFlushPathEqualsEvaluate) {
  std::mt19937_64 rng(0xF1A5);
  for (int i = 0; i < 200'000 / kScale; ++i) {
    const std::vector<Card> c = reference::cards_of(random_cards(rng, 7));
    std::vector<Card> order = c;
    std::shuffle(order.begin(), order.end(), rng);
    Hand hand;
    std::array<int, 4> per_suit{};
    for (int n = 1; n <= 7; ++n) {
      hand.add(order[n - 1]);
      ++per_suit[suit_of(order[n - 1])];
      const int most = *std::max_element(per_suit.begin(), per_suit.end());
      for (int more = 0; n + more <= 7; ++more) {
        ASSERT_EQ(hand.flush_possible_after(more), most + more >= 5) << n << " cards, " << more;
      }
    }
    if (!hand.flush_possible_after(0)) {
      ASSERT_EQ(hand.evaluate_no_flush(), hand.evaluate());
    }
  }
}

TEST(EvaluateRandom, AnySizeAgreesWithBruteForce) {
  std::mt19937_64 rng(0x51235);
  int failures = 0;
  for (int size = 5; size <= 15; ++size) {
    const int hands = (size <= 7 ? 40'000 : 3'000) / kScale;
    const CardMask first = random_cards(rng, size);
    Judged previous = judge(first, evaluate(first));
    for (int i = 0; i < hands && failures < 10; ++i) {
      // Mix sizes: compare with a hand of this size or one smaller.
      const CardMask hand = random_cards(rng, size - (i % 3 == 0 && size > 5 ? 1 : 0));
      const Judged current = judge(hand, evaluate(hand));
      const auto result = AgreesWithReference(previous, current);
      if (!result) ++failures;
      EXPECT_TRUE(result) << "size " << size;
      previous = current;
    }
  }
}

TEST(EvaluateRandom, ManyCardHandsPreferFlushesAndStraightFlushes) {
  // Hands rich in one suit, where flushes and straight flushes in several
  // suits compete; checked against brute force.
  std::mt19937_64 rng(0xF1054);
  int failures = 0;
  for (int i = 0; i < 4'000 / kScale && failures < 10; ++i) {
    CardMask hand = 0;
    const int suits = 1 + static_cast<int>(rng() % 2);
    for (int s = 0; s < suits; ++s) {
      const int suit = static_cast<int>(rng() % 4);
      for (int r = 0; r < kRankCount; ++r) {
        if (rng() % 2) hand |= mask_of(make_card(r, suit));
      }
    }
    hand |= random_cards(rng, 2);
    const int size = card_count(hand);
    if (size < 5 || size > 16) continue;
    const CardMask other = random_cards(rng, 7);
    const auto result = AgreesWithReference(judge(hand, evaluate(hand)), judge(other, evaluate(other)));
    if (!result) ++failures;
    EXPECT_TRUE(result);
  }
}

// stronger_of_two() against the plain comparison, on pairs of values from
// every category (equal ones included) and with two tie codes.
TEST(StrongerOfTwo, MatchesThePlainComparison) {
  std::vector<HandValue> values;
  for (unsigned raw = 0; raw <= 0x8FFF; raw += 97) values.push_back(HandValue(static_cast<std::uint16_t>(raw)));
  values.push_back(HandValue(0x8FFF));
  for (const int tie : {2, 23}) {
    for (const HandValue a : values) {
      for (const HandValue b : values) {
        const int expected = a > b ? 0 : (b > a ? 1 : tie);
        ASSERT_EQ(stronger_of_two(a, b, tie), expected) << a.raw() << " vs " << b.raw();
      }
    }
  }
}

// The hold'em verdict by a plain loop over Hand values: the index of the
// single best hand, or `players` when two or more share it.
int plain_holdem_winner(const Card* board, const Card* holes, int players) {
  Hand shared;
  for (int i = 0; i < 5; ++i) shared.add(board[i]);
  std::vector<HandValue> values;
  for (int p = 0; p < players; ++p) values.push_back(shared.plus(holes[2 * p]).plus(holes[2 * p + 1]).evaluate());
  const HandValue best = *std::max_element(values.begin(), values.end());
  const auto holders = std::count(values.begin(), values.end(), best);
  return holders > 1 ? players : static_cast<int>(std::find(values.begin(), values.end(), best) - values.begin());
}

// holdem_winner() against the plain loop on random deals.
TEST(HoldemWinner, MatchesThePlainComparisonOfHands) {
  std::mt19937_64 rng(7);
  std::array<Card, kCardCount> deck{};
  for (int card = 0; card < kCardCount; ++card) deck[static_cast<std::size_t>(card)] = static_cast<Card>(card);
  for (const int players : {1, 2, 3, 8, 23}) {
    for (int deal = 0; deal < 20000; ++deal) {
      std::shuffle(deck.begin(), deck.end(), rng);
      const Card* board = deck.data();
      const Card* holes = deck.data() + 5;
      ASSERT_EQ(holdem_winner(board, holes, players), plain_holdem_winner(board, holes, players))
          << players << " players, deal " << deal;
    }
  }
}

// Two players on boards of three or four cards of one suit, holding cards of
// that suit often: holdem_winner() tests both players' keys for a flush at
// once, and the deals cover a flush for neither, either one and both.
TEST(HoldemWinner, MatchesThePlainComparisonWhenEitherOfTwoPlayersMayFlush) {
  std::mt19937_64 rng(17);
  std::array<int, 4> flushes_seen{};  // by (first flushes) + 2 * (second flushes)
  for (int deal = 0; deal < 40000; ++deal) {
    const int suit = static_cast<int>(rng() % kSuitCount);
    std::vector<Card> suited;
    std::vector<Card> others;
    for (int card = 0; card < kCardCount; ++card) {
      (suit_of(static_cast<Card>(card)) == suit ? suited : others).push_back(static_cast<Card>(card));
    }
    std::shuffle(suited.begin(), suited.end(), rng);
    std::shuffle(others.begin(), others.end(), rng);
    // The board: 3 or 4 suited cards; then the holes: 0 to 4 more suited.
    const std::size_t board_suited = 3 + rng() % 2;
    const std::size_t hole_suited = rng() % 5;
    std::vector<Card> cards(suited.begin(), suited.begin() + static_cast<std::ptrdiff_t>(board_suited));
    cards.insert(cards.end(), others.begin(), others.begin() + static_cast<std::ptrdiff_t>(5 - board_suited));
    std::vector<Card> holes(suited.begin() + static_cast<std::ptrdiff_t>(board_suited),
                            suited.begin() + static_cast<std::ptrdiff_t>(board_suited + hole_suited));
    holes.insert(holes.end(), others.begin() + 5, others.begin() + 5 + static_cast<std::ptrdiff_t>(4 - hole_suited));
    std::shuffle(holes.begin(), holes.end(), rng);
    cards.insert(cards.end(), holes.begin(), holes.end());
    const Card* board = cards.data();
    const Card* hole_cards = cards.data() + 5;
    ASSERT_EQ(holdem_winner(board, hole_cards, 2), plain_holdem_winner(board, hole_cards, 2)) << "deal " << deal;
    const auto flushes = [&](int player) {  // five or more of the suit among the player's seven cards
      const auto of_suit = [suit](Card card) { return suit_of(card) == suit ? 1 : 0; };
      return board_suited +
                 static_cast<std::size_t>(of_suit(hole_cards[2 * player]) + of_suit(hole_cards[2 * player + 1])) >=
             5;
    };
    ++flushes_seen[static_cast<std::size_t>((flushes(0) ? 1 : 0) + (flushes(1) ? 2 : 0))];
  }
  for (const int seen : flushes_seen) EXPECT_GT(seen, 100);
}

// Deals where every player holds the same two ranks, in other suits: most
// end in a draw, and a flush or a board pair decides the rest, so the first
// two players tie or differ and later players tie, beat or lose to them in
// every combination (the first comparison is made without a branch, the
// later ones with selects).
TEST(HoldemWinner, MatchesThePlainComparisonWhenPlayersHoldTheSameRanks) {
  std::mt19937_64 rng(11);
  int draws = 0;
  int deals = 0;
  for (const int players : {2, 3, 4}) {
    for (int deal = 0; deal < 20000; ++deal, ++deals) {
      std::uniform_int_distribution<int> rank_of_card(0, kRankCount - 1);
      const int low = rank_of_card(rng);
      int high = rank_of_card(rng);
      while (high == low) high = rank_of_card(rng);
      std::array<Card, 8> holes{};
      for (int p = 0; p < players; ++p) {
        holes[static_cast<std::size_t>(2 * p)] = make_card(low, p);
        holes[static_cast<std::size_t>(2 * p + 1)] = make_card(high, (p + 1) % kSuitCount);
      }
      std::vector<Card> rest;
      for (int card = 0; card < kCardCount; ++card) {
        if (rank_of(static_cast<Card>(card)) != low && rank_of(static_cast<Card>(card)) != high) {
          rest.push_back(static_cast<Card>(card));
        }
      }
      std::shuffle(rest.begin(), rest.end(), rng);
      const int expected = plain_holdem_winner(rest.data(), holes.data(), players);
      ASSERT_EQ(holdem_winner(rest.data(), holes.data(), players), expected) << players << " players, deal " << deal;
      draws += expected == players ? 1 : 0;
    }
  }
  // The deals test ties: most of them must be draws, and not all.
  EXPECT_GT(draws, deals / 2);
  EXPECT_LT(draws, deals);
}

}  // namespace
}  // namespace poker

namespace poker {
namespace {

// Sums of up to seven rank keys, `left` more to add from rank `from` on.
void for_each_rank_key_sum(int from, int left, std::uint32_t sum, const std::function<void(std::uint32_t)>& visit) {
  visit(sum);
  if (left == 0) return;
  for (int rank = from; rank < kRankCount; ++rank) {
    for_each_rank_key_sum(rank, left - 1, sum + static_cast<std::uint32_t>(detail::card_keys[make_card(rank, 0)]),
                          visit);
  }
}

TEST(RankValues, AnySumOfSevenRankKeysIndexesInsideTheTable) {
  // Repeated ranks included (a judge may look up a rejected instance's key
  // before it knows): every such key's rank_index() is below
  // kRankValueSlots, and the slots past the hand values hold 0.
  std::uint32_t largest = 0;
  for_each_rank_key_sum(0, 7, 0, [&](std::uint32_t key) { largest = std::max(largest, detail::rank_index(key)); });
  EXPECT_LT(largest, detail::kRankValueSlots);
  for (std::size_t i = detail::kRankValueCount; i < detail::kRankValueSlots; ++i) {
    ASSERT_EQ(detail::rank_values[i], 0) << i;
  }
}

}  // namespace
}  // namespace poker
