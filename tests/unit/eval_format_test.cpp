#include "poker/eval_format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "support/card_text.h"
#include "support/format_runs.h"
#include "support/reference_evaluator.h"

namespace poker {
namespace {

using testing::expect_chunk_error;
using testing::process_chunk;
using testing::run_format;

const auto kEval = make_eval_format();

constexpr const char* kInvalidCardHelp =
    ": expected a rank (2-9, 0 for ten, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or '0d'";

// The three answer lines for one instance line.
std::string judge(const std::string& line) {
  const ChunkResult result = process_chunk(*kEval, line + "\n");
  EXPECT_FALSE(result.error.has_value()) << line << ": " << (result.error ? result.error->message : "");
  return std::string(result.answers.view());
}

// Hand 1's explain line alone, against a fixed weak hand 2.
std::string hand1(const std::string& cards) {
  const std::string answers = judge(cards + " ; 2c 3d 4h 5s 7c");
  return answers.substr(0, answers.find('\n'));
}

TEST(EvalFormat, OneLinePerInstance) { EXPECT_EQ(kEval->lines_per_instance(), 1u); }

TEST(EvalFormat, AnswersBothHandsThenTheWinner) {
  EXPECT_EQ(judge("Ah Kh Qh Jh 0h ; 2c 2d 2h 2s 3c"),
            "Hand 1: Straight flush [Ah Kh Qh Jh 0h]\nHand 2: Four of a kind [2s 2h 2d 2c 3c]\nHand 1 wins\n");
  EXPECT_EQ(judge("2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d"),
            "Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [8d 5c 4s 3h 2d]\nHand 2 wins\n");
  EXPECT_EQ(judge("2c 3d 4h 5s 7c ; 2d 3h 4s 5c 7d"),
            "Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [7d 5c 4s 3h 2d]\nTie\n");
}

TEST(EvalFormat, TheHandsMayShareCards) {
  EXPECT_EQ(judge("Ah Kh Qh Jh 0h ; Ah Kh Qh Jh 0h 9h"),
            "Hand 1: Straight flush [Ah Kh Qh Jh 0h]\nHand 2: Straight flush [Ah Kh Qh Jh 0h]\nTie\n");
}

TEST(EvalFormat, FlushesInTwoSuitsTheBetterOneCounts) {
  EXPECT_EQ(hand1("Ah Kh Qh 9h 2h As Ks Qs Js 3s"), "Hand 1: Flush [As Ks Qs Js 3s]");
  EXPECT_EQ(hand1("Ah Kh Qh 9h 3h As Ks Qs 9s 2s"), "Hand 1: Flush [Ah Kh Qh 9h 3h]");
  // Equal flushes: the higher suit's cards are shown.
  EXPECT_EQ(hand1("Ad Kd Qd 9d 3d Ac Kc Qc 9c 3c"), "Hand 1: Flush [Ad Kd Qd 9d 3d]");
}

TEST(EvalFormat, StraightAmongRepeatedRanks) {
  EXPECT_EQ(hand1("Ah Ad Kh Kd Qc Js 0c"), "Hand 1: Straight [Ah Kh Qc Js 0c]");
}

TEST(EvalFormat, AceLowStraightWithExtraCards) {
  EXPECT_EQ(hand1("Ah 2c 3d 4s 5h 9c 9d Kc"), "Hand 1: Straight [5h 4s 3d 2c Ah]");
}

TEST(EvalFormat, StraightFlushHiddenInABiggerFlush) {
  EXPECT_EQ(hand1("2h 3h 4h 5h 6h Kh Ah 9h"), "Hand 1: Straight flush [6h 5h 4h 3h 2h]");
  EXPECT_EQ(hand1("Ah 2h 3h 4h 5h Kh Qh Jh 9h 8h"), "Hand 1: Straight flush [5h 4h 3h 2h Ah]");
}

TEST(EvalFormat, FullHouseFromTwoTrips) {
  EXPECT_EQ(hand1("Ks Kh Kd 9s 9h 9d 2c"), "Hand 1: Full house [Ks Kh Kd 9s 9h]");
}

TEST(EvalFormat, QuadsBeatAFlushInTheSameHand) {
  EXPECT_EQ(hand1("9c 9d 9h 9s Ah Kh Qh Jh 2h"), "Hand 1: Four of a kind [9s 9h 9d 9c Ah]");
}

TEST(EvalFormat, TheWholeDeck) {
  std::string deck;
  for (int card = 0; card < kCardCount; ++card) deck += card_name(static_cast<Card>(card), Notation::kEval) + " ";
  EXPECT_EQ(judge(deck + "; " + deck),
            "Hand 1: Straight flush [As Ks Qs Js 0s]\nHand 2: Straight flush [As Ks Qs Js 0s]\nTie\n");
}

TEST(EvalFormat, BlanksAroundTheSeparator) {
  EXPECT_EQ(process_chunk(*kEval, " 2c\t3d 4h 5s 7c\t;\t2d 3h 4s 5c 8d \r\n").answers,
            "Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [8d 5c 4s 3h 2d]\nHand 2 wins\n");
}

TEST(EvalFormat, TenIsWrittenZero) {
  expect_chunk_error(*kEval, "Th 2c 3d 4h 5s ; 2d 3h 4s 5c 8d\n", 1, 1,
                     "invalid card 'Th'" + std::string(kInvalidCardHelp));
  expect_chunk_error(*kEval, "10h 2c 3d 4h 5s ; 2d 3h 4s 5c 8d\n", 1, 1,
                     "invalid card '10h'" + std::string(kInvalidCardHelp));
}

TEST(EvalFormat, SeparatorMustBeATokenOfItsOwn) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c; 2d 3h 4s 5c 8d\n", 1, 13,
                     "invalid card '7c;'" + std::string(kInvalidCardHelp));
}

TEST(EvalFormat, DuplicateInsideAHand) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s 3d ; 2d 3h 4s 5c 8d\n", 1, 13,
                     "duplicate card '3d': already at line 1, column 4");
  // In hand 2, the first copy is hand 2's own, not hand 1's.
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c ; 2d 3d 4s 5c 3d\n", 1, 30,
                     "duplicate card '3d': already at line 1, column 21");
}

TEST(EvalFormat, TooFewCards) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s ; 2d 3h 4s 5c 8d\n", 1, 13,
                     "expected at least 5 cards for hand 1, found 4 before ';'");
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c ; 2d 3h 4s\n", 1, 26,
                     "expected at least 5 cards for hand 2, found 3 before the end of the line");
  expect_chunk_error(*kEval, "\n2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d\n", 1, 1,
                     "expected at least 5 cards for hand 1, found 0 before the end of the line");
  expect_chunk_error(*kEval, "2c 3d 4h", 1, 9,
                     "expected at least 5 cards for hand 1, found 3 before the end of the input");
}

TEST(EvalFormat, MissingSeparator) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c 2d 3h 4s 5c 8d\n", 1, 30,
                     "expected ';' then the cards of hand 2, found the end of the line");
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c ", 1, 16,
                     "expected ';' then the cards of hand 2, found the end of the input");
}

TEST(EvalFormat, SecondSeparator) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d ; 9c\n", 1, 33,
                     "expected a card or the end of the line for hand 2, found ';'");
}

TEST(EvalFormat, MissingNewlineAtTheEnd) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d", 1, 32, "missing newline at the end of the input");
}

TEST(EvalFormat, AnswersBeforeTheErrorAreKept) {
  expect_chunk_error(*kEval, "2c 3d 4h 5s 7c ; 2d 3h 4s 5c 7d\n2c 3d 4h 5s 7c ; 2d 3h 4s 5c 7x\n", 2, 30,
                     "invalid card '7x'" + std::string(kInvalidCardHelp),
                     "Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [7d 5c 4s 3h 2d]\nTie\n");
}

// ---- Against the independent reference evaluator -----------------------------

std::string eval_text(CardMask hand) {
  std::string out;
  for (const Card card : reference::cards_of(hand)) out += card_name(card, Notation::kEval) + " ";
  return out;
}

// A random hand of `size` cards; often drawn from a few ranks or two suits,
// so that repeated ranks, double flushes and straight flushes are common.
CardMask random_hand(int size, std::mt19937_64& random) {
  std::vector<Card> pool;
  const int style = static_cast<int>(random() % 3);
  const int low_rank = static_cast<int>(random() % 6);
  for (int card = 0; card < kCardCount; ++card) {
    const bool take =
        style == 0 || (style == 1 && suit_of(static_cast<Card>(card)) >= 2) ||
        (style == 2 && rank_of(static_cast<Card>(card)) >= low_rank && rank_of(static_cast<Card>(card)) < low_rank + 7);
    if (take) pool.push_back(static_cast<Card>(card));
  }
  if (static_cast<int>(pool.size()) < size) pool.clear();
  if (pool.empty()) {
    for (int card = 0; card < kCardCount; ++card) pool.push_back(static_cast<Card>(card));
  }
  std::shuffle(pool.begin(), pool.end(), random);
  CardMask hand = 0;
  for (int i = 0; i < size; ++i) hand |= mask_of(pool[static_cast<std::size_t>(i)]);
  return hand;
}

// The same ranks with the suits rotated: an equally strong hand unless suits matter.
CardMask rotate_suits(CardMask hand) {
  CardMask out = 0;
  for (const Card card : reference::cards_of(hand)) out |= mask_of(make_card(rank_of(card), (suit_of(card) + 1) % 4));
  return out;
}

// Checks one explain line against the reference: the category, and five
// distinct cards of the hand whose value is the hand's best.
void check_explain_line(const std::string& line, int hand_number, CardMask hand, const reference::RefValue& best) {
  SCOPED_TRACE(line + " for " + reference::describe(hand));
  const std::string prefix = "Hand " + std::to_string(hand_number) + ": ";
  ASSERT_EQ(line.rfind(prefix, 0), 0u);
  const std::size_t bracket = line.find(" [");
  ASSERT_NE(bracket, std::string::npos);
  EXPECT_EQ(line.substr(prefix.size(), bracket - prefix.size()), category_name(best.as_category()));
  std::istringstream cards(line.substr(bracket + 2, line.size() - bracket - 3));
  std::array<Card, 5> five{};
  CardMask seen = 0;
  std::string token;
  for (Card& card : five) {
    ASSERT_TRUE(cards >> token);
    const auto parsed = parse_card(token, Notation::kEval);
    ASSERT_TRUE(parsed.has_value()) << token;
    EXPECT_NE(hand & mask_of(*parsed), 0u) << token << " is not in the hand";
    EXPECT_EQ(seen & mask_of(*parsed), 0u) << token << " twice";
    seen |= mask_of(*parsed);
    card = *parsed;
  }
  EXPECT_FALSE(cards >> token) << "more than five cards";
  EXPECT_EQ(reference::evaluate5(five), best) << reference::describe(reference::evaluate5(five));
}

void check_against_reference(const std::vector<std::pair<CardMask, CardMask>>& pairs, int threads,
                             std::size_t chunk_size) {
  std::string input;
  for (const auto& [first, second] : pairs) input += eval_text(first) + "; " + eval_text(second) + "\n";
  const testing::PipelineRun run = run_format(*kEval, input, threads, chunk_size);
  ASSERT_EQ(run.outcome.status, RunOutcome::Status::kOk);
  std::istringstream output(run.output);
  std::size_t ties = 0;
  for (const auto& [first, second] : pairs) {
    const reference::RefValue a = reference::best_of(first);
    const reference::RefValue b = reference::best_of(second);
    std::string line1, line2, verdict;
    ASSERT_TRUE(std::getline(output, line1) && std::getline(output, line2) && std::getline(output, verdict));
    check_explain_line(line1, 1, first, a);
    check_explain_line(line2, 2, second, b);
    EXPECT_EQ(verdict, a > b ? "Hand 1 wins" : (b > a ? "Hand 2 wins" : "Tie")) << line1 << " / " << line2;
    ties += a == b ? 1 : 0;
  }
  EXPECT_GT(ties, 0u);
  std::string rest;
  EXPECT_FALSE(std::getline(output, rest)) << rest;
}

TEST(EvalFormat, RandomHandsOfEverySizeMatchReference) {
  std::mt19937_64 random(55);
  for (int size = 5; size <= 15; ++size) {
    SCOPED_TRACE("hands of " + std::to_string(size) + " cards");
    std::vector<std::pair<CardMask, CardMask>> pairs;
    for (int i = 0; i < 200 / testing::kRandomCaseScale; ++i) {
      const CardMask first = random_hand(size, random);
      const int other_size = 5 + static_cast<int>(random() % 11);
      pairs.emplace_back(first, i % 4 == 0 ? rotate_suits(first) : random_hand(other_size, random));
    }
    check_against_reference(pairs, 1 + size % 2, size % 3 == 0 ? 1 : 4096);
  }
}

TEST(EvalFormat, FiftyTwoCardHandsMatchReference) {
  std::mt19937_64 random(52);
  const CardMask deck = (CardMask{1} << kCardCount) - 1;
  const CardMask royal_spades = testing::cards("As Ks Qs Js Ts");
  std::vector<std::pair<CardMask, CardMask>> pairs = {{deck, royal_spades}};
  if (testing::kRandomCaseScale == 1) pairs.emplace_back(random_hand(12, random), deck);  // ~1 s each
  check_against_reference(pairs, 2, 64);
}

TEST(EvalFormat, CanonicalLinesAnswerLikeTheGeneralGrammar) {
  // The fast path reads single-spaced lines; the same hands spaced with
  // tabs and doubled blanks take the general grammar: same answers, for
  // hands of 5 to 9 cards each (the two hands may share cards).
  std::mt19937_64 rng(0xE7A15);
  std::vector<Card> deck(kCardCount);
  for (int card = 0; card < kCardCount; ++card) deck[static_cast<std::size_t>(card)] = static_cast<Card>(card);
  std::string canonical;
  std::string spaced;
  for (int instance = 0; instance < 300; ++instance) {
    for (int hand = 0; hand < 2; ++hand) {
      std::shuffle(deck.begin(), deck.end(), rng);
      const int cards = 5 + static_cast<int>(rng() % 5);
      for (int i = 0; i < cards; ++i) {
        const std::string name = card_name(deck[static_cast<std::size_t>(i)], Notation::kEval);
        canonical += (i == 0 ? "" : " ") + name;
        spaced += (i == 0 ? "" : " \t ") + name;
      }
      canonical += hand == 0 ? " ; " : "\n";
      spaced += hand == 0 ? "  ;\t" : " \n";
    }
  }
  const ChunkResult fast = testing::process_chunk(*kEval, canonical);
  const ChunkResult general = testing::process_chunk(*kEval, spaced);
  ASSERT_FALSE(fast.error.has_value());
  ASSERT_FALSE(general.error.has_value());
  EXPECT_EQ(fast.instances, 300u);
  EXPECT_EQ(fast.answers, general.answers.view());
}

}  // namespace
}  // namespace poker
