// Omaha evaluation (poker/omaha.h) against brute force: every choice of
// two hole cards and three board cards judged one by one, the high hand by
// the five-card evaluator and the low by a plain reading of the rules. Then
// the rules players get wrong, one test each.
//
// POKER_OMAHA_RANDOM_DEALS=N runs N random deals per test instead of the
// default (230,000 in all, a tenth under sanitizers).
#include "poker/omaha.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "support/card_text.h"
#include "support/omaha_rules.h"

namespace poker {
namespace {

std::vector<Card> card_list(std::string_view text) {
  std::vector<Card> out;
  std::istringstream in{std::string(text)};
  std::string token;
  while (in >> token) {
    const auto card = parse_card(token, Notation::kHoldem);
    EXPECT_TRUE(card.has_value()) << token;
    if (card) out.push_back(*card);
  }
  return out;
}

std::string text_of(const std::vector<Card>& cards) {
  std::string out;
  for (const Card c : cards) out += card_name(c) + " ";
  return out;
}

int random_deals(int default_count) {
  if (const char* text = std::getenv("POKER_OMAHA_RANDOM_DEALS")) return std::max(1, std::atoi(text));
  return default_count / testing::kRandomCaseScale;
}

// ---- the brute-force references --------------------------------------------
// Every choice of two hole cards and three board cards (tests/support/
// omaha_rules.h): the high hand by the five-card evaluator, the low by a
// plain reading of the rules.

HandValue brute_force_high(const std::vector<Card>& board, const std::vector<Card>& hole) {
  return testing::best_omaha_high(board.data(), hole.data(), static_cast<int>(hole.size()), HandValue(),
                                  [](const std::array<Card, 5>& five) { return evaluate5(five.data()); });
}

// The best low as its five ranks on the ace-low scale (1 = ace .. 8),
// highest first; empty if there is none.
std::vector<int> brute_force_low(const std::vector<Card>& board, const std::vector<Card>& hole) {
  const testing::RuleLow low = testing::best_omaha_low(board.data(), hole.data(), static_cast<int>(hole.size()));
  return low.qualifies ? std::vector<int>(low.ranks.begin(), low.ranks.end()) : std::vector<int>();
}

// A LowValue written as brute_force_low() writes a low.
std::vector<int> ranks_of(LowValue low) {
  std::vector<int> ranks;
  for (int bit = 7; bit >= 0; --bit) {
    if ((low.ranks() >> bit) & 1) ranks.push_back(bit + 1);
  }
  return ranks;
}

// `count` deals of a board and `hole_count` hole cards from the cards of
// `suits` suits, checked against both references.
void check_random_deals(int hole_count, int suits, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Card> deck;
  for (int card = 0; card < kCardCount; ++card) {
    if (suit_of(static_cast<Card>(card)) < suits) deck.push_back(static_cast<Card>(card));
  }
  for (int deal = 0; deal < count; ++deal) {
    for (int i = 0; i < 5 + hole_count; ++i) {
      std::uniform_int_distribution<std::size_t> pick(static_cast<std::size_t>(i), deck.size() - 1);
      std::swap(deck[static_cast<std::size_t>(i)], deck[pick(rng)]);
    }
    const std::vector<Card> board(deck.begin(), deck.begin() + 5);
    const std::vector<Card> hole(deck.begin() + 5, deck.begin() + 5 + hole_count);
    const OmahaBoard prepared(board.data());
    ASSERT_EQ(prepared.high(hole.data(), hole_count), brute_force_high(board, hole))
        << "board " << text_of(board) << "hole " << text_of(hole);
    ASSERT_EQ(ranks_of(prepared.low(hole.data(), hole_count)), brute_force_low(board, hole))
        << "board " << text_of(board) << "hole " << text_of(hole);
  }
}

// ---- against the references ------------------------------------------------

TEST(OmahaHigh, MatchesBruteForceOnRandomDeals) {
  for (const int hole : {4, 5, 6}) check_random_deals(hole, 4, random_deals(40000), 0x0A4A + hole);
}

// Two suits only: flushes and straight flushes on most boards, which a
// random deal of four suits seldom tests.
TEST(OmahaHigh, MatchesBruteForceOnFlushHeavyDeals) {
  for (const int hole : {4, 5, 6}) check_random_deals(hole, 2, random_deals(20000), 0xF1A5 + hole);
  check_random_deals(6, 1, random_deals(10000), 0x5017);  // one suit: every five cards a flush
}

// Fewer hole cards than Omaha deals go through the loop that is not
// unrolled; it judges by the same rules.
TEST(OmahaHigh, MatchesBruteForceWithTwoOrThreeHoleCards) {
  for (const int hole : {2, 3}) {
    check_random_deals(hole, 4, random_deals(10000), 0x23 + hole);
    check_random_deals(hole, 2, random_deals(10000), 0x32 + hole);
  }
}

// Every board of five ranks (6,175) with every pair of hole ranks the deck
// still holds: two hole cards, so the hand's value is the one pair's. The
// k-th card of rank r has suit (k + r) % 4 (distinct cards; few flushes).
TEST(OmahaHigh, MatchesBruteForceOnEveryBoardRankSetAndHolePair) {
  int checked = 0;
  int seen = 0;
  std::array<int, 5> b{};
  for (b[0] = 0; b[0] < kRankCount; ++b[0]) {
    for (b[1] = b[0]; b[1] < kRankCount; ++b[1]) {
      for (b[2] = b[1]; b[2] < kRankCount; ++b[2]) {
        for (b[3] = b[2]; b[3] < kRankCount; ++b[3]) {
          for (b[4] = std::max(b[3], b[0] + 1); b[4] < kRankCount; ++b[4]) {
            if (seen++ % testing::kRandomCaseScale != 0) continue;
            std::array<int, kRankCount> copies{};
            const auto next_card = [&](int rank) { return make_card(rank, (copies[rank]++ + rank) % 4); };
            std::vector<Card> board;
            for (const int rank : b) board.push_back(next_card(rank));
            const OmahaBoard prepared(board.data());
            const std::array<int, kRankCount> on_board = copies;
            for (int hi = 0; hi < kRankCount; ++hi) {
              for (int lo = 0; lo <= hi; ++lo) {
                copies = on_board;
                if (copies[hi] + 1 + (lo == hi ? 1 : 0) > 4 || copies[lo] + 1 > 4) continue;
                const std::vector<Card> hole{next_card(hi), next_card(lo)};
                ASSERT_EQ(prepared.high(hole.data(), 2), brute_force_high(board, hole))
                    << "board " << text_of(board) << "hole " << text_of(hole);
                ++checked;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 500000 / testing::kRandomCaseScale);
}

// Every set of three to five board ranks of one suit (the board completed
// with a deuce and a trey of other suits) with every pair of hole ranks of
// that suit: each flush and straight flush Omaha allows.
TEST(OmahaHigh, MatchesBruteForceOnEverySuitedBoardAndHolePair) {
  int checked = 0;
  for (unsigned suited = 0; suited < (1u << kRankCount); ++suited) {
    const int count = std::popcount(suited);
    if (count < 3 || count > 5) continue;
    std::vector<Card> board;
    for (int rank = 0; rank < kRankCount; ++rank) {
      if ((suited >> rank) & 1) board.push_back(make_card(rank, 3));
    }
    for (int extra = 0; static_cast<int>(board.size()) < 5; ++extra) board.push_back(make_card(extra, 1 + extra));
    const OmahaBoard prepared(board.data());
    for (int hi = 0; hi < kRankCount; ++hi) {
      for (int lo = 0; lo < hi; ++lo) {
        if (((suited >> hi) & 1) || ((suited >> lo) & 1)) continue;
        const std::vector<Card> hole{make_card(hi, 3), make_card(lo, 3), make_card(lo, 0), make_card(hi, 0)};
        ASSERT_EQ(prepared.high(hole.data(), 4), brute_force_high(board, hole))
            << "board " << text_of(board) << "hole " << text_of(hole);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 286 * 45 + 715 * 36 + 1287 * 28);
}

TEST(OmahaHigh, FreeFunctionsAgreeWithThePreparedBoard) {
  const std::vector<Card> board = card_list("Ah Kh 7h 7c 2d");
  const std::vector<Card> hole = card_list("Qh Jh 7d 3s 4s");
  EXPECT_EQ(omaha_high(board.data(), hole.data(), 5), OmahaBoard(board.data()).high(hole.data(), 5));
  EXPECT_EQ(omaha_low(board.data(), hole.data(), 5), OmahaBoard(board.data()).low(hole.data(), 5));
  EXPECT_EQ(omaha_high(board.data(), hole.data(), 5).category(), Category::kFlush);
}

// Every set of low ranks of a board and four hole cards: the ranks 9 to K
// are one class for a low, so a board is five of nine classes and the hole
// four (the suits do not matter). Sanitized builds check every tenth.
TEST(OmahaLow, MatchesBruteForceOnEveryRankSetWithFourHoleCards) {
  constexpr int kClasses = 9;  // A, 2, ..., 8, and "9 or higher"
  int checked = 0;
  int seen = 0;
  std::array<int, 9> b{};  // board classes b[0..4], hole classes b[5..8], each run non-decreasing
  const auto deal = [&](std::vector<Card>& board, std::vector<Card>& hole) {
    std::array<int, kClasses> used{};
    for (int i = 0; i < 9; ++i) {
      const int cls = b[static_cast<std::size_t>(i)];
      const int n = used[static_cast<std::size_t>(cls)]++;
      if (cls < 8 && n >= 4) return false;
      const int rank = cls == 0 ? 12 : (cls < 8 ? cls - 1 : 7 + n / 4);  // 9, T, J, Q, K for the high class
      (i < 5 ? board : hole).push_back(make_card(rank, n % 4));
    }
    return true;
  };
  const auto visit = [&] {
    if (seen++ % testing::kRandomCaseScale != 0) return;
    std::vector<Card> board, hole;
    if (!deal(board, hole)) return;
    ASSERT_EQ(ranks_of(OmahaBoard(board.data()).low(hole.data(), 4)), brute_force_low(board, hole))
        << "board " << text_of(board) << "hole " << text_of(hole);
    ++checked;
  };
  // Nested non-decreasing runs: b[0] <= .. <= b[4], b[5] <= .. <= b[8].
  const auto run = [&](auto&& self, int at) -> void {
    if (at == 9) return visit();
    const int from = (at == 0 || at == 5) ? 0 : b[static_cast<std::size_t>(at - 1)];
    for (int cls = from; cls < kClasses; ++cls) {
      b[static_cast<std::size_t>(at)] = cls;
      self(self, at + 1);
      if (::testing::Test::HasFatalFailure()) return;
    }
  };
  run(run, 0);
  EXPECT_GT(checked, 500000 / testing::kRandomCaseScale);
}

TEST(OmahaLow, OrdersEveryLowFromTheHighestCardDown) {
  std::vector<std::uint8_t> lows;
  for (unsigned ranks = 0; ranks < 256; ++ranks) {
    if (std::popcount(ranks) == 5) lows.push_back(static_cast<std::uint8_t>(ranks));
  }
  ASSERT_EQ(lows.size(), 56u);
  for (const std::uint8_t a : lows) {
    EXPECT_TRUE(LowValue::of_ranks(a).qualifies());
    EXPECT_EQ(LowValue::of_ranks(a).ranks(), a);
    EXPECT_LT(LowValue(), LowValue::of_ranks(a));
    for (const std::uint8_t b : lows) {
      // Highest card first, lower better: the reversed vectors' order.
      const bool a_better = ranks_of(LowValue::of_ranks(a)) < ranks_of(LowValue::of_ranks(b));
      EXPECT_EQ(LowValue::of_ranks(a) > LowValue::of_ranks(b), a_better);
    }
  }
  EXPECT_FALSE(LowValue().qualifies());
  EXPECT_EQ(LowValue().ranks(), 0);
}

// ---- the rules players get wrong ------------------------------------------

HandValue high(std::string_view board, std::string_view hole) {
  const std::vector<Card> b = card_list(board);
  const std::vector<Card> h = card_list(hole);
  const HandValue value = omaha_high(b.data(), h.data(), static_cast<int>(h.size()));
  EXPECT_EQ(value, brute_force_high(b, h)) << board << " / " << hole;
  return value;
}

LowValue low(std::string_view board, std::string_view hole) {
  const std::vector<Card> b = card_list(board);
  const std::vector<Card> h = card_list(hole);
  const LowValue value = omaha_low(b.data(), h.data(), static_cast<int>(h.size()));
  EXPECT_EQ(ranks_of(value), brute_force_low(b, h)) << board << " / " << hole;
  return value;
}

// Ace-low ranks (A = 1) as a LowValue.
LowValue low_of(std::initializer_list<int> ranks) {
  unsigned mask = 0;
  for (const int r : ranks) mask |= 1u << (r - 1);
  return LowValue::of_ranks(static_cast<std::uint8_t>(mask));
}

TEST(OmahaHigh, BoardFourFlushAndOneHoleCardOfTheSuitIsNoFlush) {
  // Hold'em would be the ace-high flush; Omaha plays two hole cards.
  const HandValue value = high("Kh 9h 6h 2h Jc", "Ah 8c 5d 3s");
  EXPECT_EQ(value.category(), Category::kHighCard);
  EXPECT_EQ(value, evaluate5(card_list("Ah Kh Jc 9h 8c").data()));
}

TEST(OmahaHigh, FlushNeedsTwoHoleCardsAndThreeBoardCardsOfTheSuit) {
  EXPECT_EQ(high("Kh 9h 6h 2c Jc", "Ah 3h 5d 4s").category(), Category::kFlush);
  // Two hole cards of the suit, but the board holds two only.
  EXPECT_EQ(high("Kh 9h 6c 2c Jd", "Ah 3h 5h 4s").category(), Category::kHighCard);
  // A four-flush in the hand and a rainbow board: no flush either.
  EXPECT_EQ(high("Kh 9d 6c 2s Jd", "Ah 3h 5h 7h").category(), Category::kHighCard);
}

TEST(OmahaHigh, BoardStraightNeedsTwoHoleCardsThatKeepIt) {
  // 5-6-7-8-9 on the board plays for nobody: the best is a pair of aces.
  const HandValue aces = high("5c 6d 7h 8s 9c", "Ac Ad Kh Ks");
  EXPECT_EQ(aces.category(), Category::kPair);
  EXPECT_EQ(aces, evaluate5(card_list("Ac Ad 9c 8s 7h").data()));
  // One connector is not enough: 4 + three board cards make no straight.
  EXPECT_EQ(high("5c 6d 7h 8s Kc", "4c Jd Qh 2s").category(), Category::kHighCard);
  // Two that continue it are: T-J with 7-8-9.
  EXPECT_EQ(high("5c 6d 7h 8s 9c", "Tc Jd 2h 2s"), evaluate5(card_list("Jd Tc 9c 8s 7h").data()));
}

TEST(OmahaHigh, HolePairCountsAsOnePairOnly) {
  // A-A-K-K in the hand on a board that pairs neither is one pair, not two.
  EXPECT_EQ(high("2c 5d 9h Js 3c", "Ac Ad Kh Ks").category(), Category::kPair);
  // Three aces in the hand are still a pair: only two of them play.
  EXPECT_EQ(high("2c 5d 9h Js 3c", "Ac Ad Ah Ks").category(), Category::kPair);
  // With a board ace, the hole pair makes three of a kind.
  EXPECT_EQ(high("2c 5d 9h Js As", "Ac Ad Kh Ks").category(), Category::kThreeOfAKind);
  // A hole pair and a board pair make two pair.
  EXPECT_EQ(high("2c 2d 9h Js 4s", "Ac Ad Kh Qs").category(), Category::kTwoPair);
}

TEST(OmahaHigh, BoardFourOfAKindPlaysAsThreeOfAKindAtMost) {
  EXPECT_EQ(high("7c 7d 7h 7s Kc", "2c 4d 9h Js").category(), Category::kThreeOfAKind);
  // Three of them and a hole pair: a full house, sevens full of aces.
  EXPECT_EQ(high("7c 7d 7h 7s Kc", "Ac Ad 9h Js"), evaluate5(card_list("7c 7d 7h Ac Ad").data()));
}

// pokerkit's documentation (docs/evaluation.rst, "Creating Hands",
// github.com/uoftcprg/pokerkit): hole 6c7c8c9c on a board of 8s9sTc makes
// 6c7c8s9sTc. Two more board cards that change nothing complete the board.
TEST(OmahaHigh, PublishedExampleStraightOfTwoHoleCards) {
  EXPECT_EQ(high("8s 9s Tc 2d 3h", "6c 7c 8c 9c"), evaluate5(card_list("6c 7c 8s 9s Tc").data()));
}

TEST(OmahaLow, NeedsThreeDistinctLowBoardRanks) {
  EXPECT_FALSE(low("2c 2d 3h Ks Qc", "Ac 4d 5h 6s").qualifies());
  // The board's three low ranks all play: 7-3-2 and the hand's A-4.
  EXPECT_EQ(low("2c 7d 3h Ks Qc", "Ac 4d 5h 6s"), low_of({7, 4, 3, 2, 1}));
}

TEST(OmahaLow, NeedsTwoDistinctLowHoleRanks) {
  EXPECT_FALSE(low("2c 7d 3h Ks Qc", "Ac Ad Kh Ks").qualifies());
  // A-A-2-K: the ace counts once, with the deuce.
  EXPECT_EQ(low("4c 7d 3h Ks Qc", "Ac Ad 2h Ks"), low_of({7, 4, 3, 2, 1}));
}

TEST(OmahaLow, BoardRankMatchingTheHoleLowsLeavesTooFewBoardLows) {
  // A-2 in the hand; the board's low ranks are A, 2, 3, 4, but with A-2 the
  // board cards must be three other low ranks, and there are two.
  EXPECT_FALSE(low("Ac 2d 3h 4s Kc", "Ad 2c Kh Ks").qualifies());
  EXPECT_EQ(low("Ac 2d 3h 4s Kc", "Ad 5c Kh Ks"), low_of({5, 4, 3, 2, 1}));
}

TEST(OmahaLow, WheelIsTheBestLowAndAStraight) {
  const std::vector<Card> board = card_list("3c 4d 5h Ks Qc");
  const std::vector<Card> hole = card_list("Ac 2d Kh 9s");
  const OmahaBoard prepared(board.data());
  EXPECT_EQ(prepared.low(hole.data(), 4), low_of({5, 4, 3, 2, 1}));
  EXPECT_EQ(prepared.high(hole.data(), 4), evaluate5(card_list("Ac 2d 3c 4d 5h").data()));
  EXPECT_EQ(prepared.high(hole.data(), 4).category(), Category::kStraight);
  // A flush does not spoil it either.
  EXPECT_EQ(low("3c 4c 5c Ks Qd", "Ac 2c Kh 9s"), low_of({5, 4, 3, 2, 1}));
}

TEST(OmahaLow, ComparesFromTheHighestCardDown) {
  const LowValue seven_five = low("2c 3d 4h Ks Qc", "7c 5d Kh Ks");
  const LowValue seven_six = low("2c 3d Ah Ks Qc", "7c 6d Kh Ks");
  EXPECT_EQ(seven_five, low_of({7, 5, 4, 3, 2}));
  EXPECT_EQ(seven_six, low_of({7, 6, 3, 2, 1}));
  EXPECT_GT(seven_five, seven_six);
  // The best of the hand's pairs: A-3 beats 7-8 here (6-5-4-3-A over 8-7-6-5-4).
  EXPECT_EQ(low("4c 5d 6h Ks Qc", "Ac 3d 7h 8s"), low_of({6, 5, 4, 3, 1}));
}

TEST(OmahaLow, NineOrHigherIsNoLow) {
  EXPECT_FALSE(low("2c 3d 9h Ks Qc", "Ac 4d 5h 6s").qualifies());
  EXPECT_EQ(low("2c 3d 8h Ks Qc", "Ac 4d 5h 6s"), low_of({8, 4, 3, 2, 1}));
}

// pokerkit's documentation (docs/evaluation.rst, "Creating Hands"): hole
// As2s3s4s on a board of 2c3c4c5c6c has the low Ad2d3d4d5d.
TEST(OmahaLow, PublishedExampleWheel) { EXPECT_EQ(low("2c 3c 4c 5c 6c", "As 2s 3s 4s"), low_of({5, 4, 3, 2, 1})); }

}  // namespace
}  // namespace poker
