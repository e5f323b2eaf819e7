// The draw puzzle's solver (poker/draw_solver.h): the specification's sample,
// the rounds-to-hold formula against the real game played out by BFS, edge
// cases of the "contains" rules, and a few decks against the brute force (the
// thousands are in draw_solver_exhaustive_test.cpp).
#include "poker/draw_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "support/card_text.h"
#include "support/draw_reference.h"

namespace poker::draw {
namespace {

using testing::bfs_least_rounds;
using testing::brute_force_least_rounds;
using testing::deck_from_text;
using testing::deck_with_hand;
using testing::greedy_least_rounds;

constexpr int kScale = poker::testing::kRandomCaseScale;
constexpr std::uint8_t kR = 0, kS = 1, kH = 2, kK = 3;

// The sample deck of the specification (docs/specification.md, section 5):
// examples/draw.txt.
constexpr const char* kSampleDeck =
    "R 1\nS 10\nH 10\nK 8\nR 3\nK 4\nS 3\nK 1\nR 6\nS 9\nH 3\nR 8\nS 5\nS 12\n"
    "R 10\nS 2\nK 9\nH 11\nH 4\nR 5\nH 6\nR 11\nK 12\nH 12\nS 7\nH 2\nK 10\n"
    "R 13\nR 4\nK 13\nS 4\nS 1\nH 9\nS 13\nK 7\nH 13\nH 5\nK 3\nR 2\nK 5\nH 8\n"
    "K 2\nK 11\nH 1\nR 7\nS 11\nS 6\nS 8\nK 6\nR 9\nH 7\nR 12\n";

std::uint64_t positions(std::initializer_list<int> list) {
  std::uint64_t mask = 0;
  for (int p : list) mask |= std::uint64_t{1} << p;
  return mask;
}

TEST(DrawSolver, SampleDeckOfTheSpec) {
  const RoundCounts expected = {0, 1, 2, 4, 3, 3, 7, 11};
  EXPECT_EQ(least_rounds(deck_from_text(kSampleDeck)), expected);
}

TEST(DrawSolver, SampleDeckMatchesBruteForce) {
  const Deck deck = deck_from_text(kSampleDeck);
  EXPECT_EQ(least_rounds(deck), brute_force_least_rounds(deck));
}

TEST(DrawRoundsToHold, TargetsInTheStartingHandTakeNoRound) {
  EXPECT_EQ(least_rounds_to_hold(positions({0, 1, 2, 3, 4})), 0);
  EXPECT_EQ(least_rounds_to_hold(positions({4})), 0);
}

TEST(DrawRoundsToHold, FiveCardsARoundWhileNothingIsHeld) {
  EXPECT_EQ(least_rounds_to_hold(positions({5})), 1);
  EXPECT_EQ(least_rounds_to_hold(positions({9})), 1);
  EXPECT_EQ(least_rounds_to_hold(positions({10})), 2);
  EXPECT_EQ(least_rounds_to_hold(positions({51})), 10);
}

// The header's example: holding a card early takes a slot for longer.
TEST(DrawRoundsToHold, AnEarlierCardCanBeSlower) {
  EXPECT_EQ(least_rounds_to_hold(positions({6, 40})), 9);
  EXPECT_EQ(least_rounds_to_hold(positions({30, 40})), 8);
  EXPECT_EQ(least_rounds_to_hold(positions({0, 40})), 9);  // one in the starting hand
  EXPECT_EQ(least_rounds_to_hold(positions({40, 41})), 8);
}

TEST(DrawRoundsToHold, LastCardOfTheDeck) {
  // Four cards held from the start: one lane, 47 deck cards to go through.
  EXPECT_EQ(least_rounds_to_hold(positions({0, 1, 2, 3, 51})), 47);
  EXPECT_EQ(least_rounds_to_hold(positions({47, 48, 49, 50, 51})), 10);
}

// The formula, and the test-only greedy simulation, against the real game.
TEST(DrawRoundsToHold, MatchesTheGamePlayedOutByBfs) {
  std::mt19937_64 rng(0xD7A3);
  const int cases = 400 / kScale;
  for (int i = 0; i < cases; ++i) {
    const int size = 1 + static_cast<int>(rng() % 5);
    const int span = i % 2 == 0 ? 14 : 22;  // often some cards in the starting hand
    std::uint64_t target = 0;
    while (std::popcount(target) < size) target |= std::uint64_t{1} << (rng() % span);
    const int expected = bfs_least_rounds(target, 30);
    ASSERT_EQ(least_rounds_to_hold(target), expected) << "target " << std::hex << target;
    ASSERT_EQ(greedy_least_rounds(target), expected) << "target " << std::hex << target;
  }
}

TEST(DrawRoundsToHold, MatchesTheGreedySimulationEverywhere) {
  std::mt19937_64 rng(0x6EED);
  for (int i = 0; i < 200000 / kScale; ++i) {
    const int size = 1 + static_cast<int>(rng() % 5);
    std::uint64_t target = 0;
    while (std::popcount(target) < size) target |= std::uint64_t{1} << (rng() % 52);
    ASSERT_EQ(least_rounds_to_hold(target), greedy_least_rounds(target)) << std::hex << target;
  }
}

// The types a starting hand already has (0 rounds), in output order; the
// whole answer is checked against the brute force on the way.
std::vector<int> types_held_from_the_start(const std::vector<DrawCard>& hand) {
  const Deck deck = deck_with_hand(hand);
  const RoundCounts got = least_rounds(deck);
  EXPECT_EQ(got, brute_force_least_rounds(deck));
  std::vector<int> types;
  for (int t = 0; t < kHandTypeCount; ++t) {
    if (got[t] == 0) types.push_back(t);
  }
  return types;
}

using Types = std::vector<int>;

TEST(DrawSolver, StartingHandAlreadyHasIt) {
  EXPECT_EQ(types_held_from_the_start({{kR, 2}, {kS, 2}, {kH, 2}, {kR, 9}, {kS, 9}}),
            (Types{kPair, kTwoPair, kThreeOfAKind, kFullHouse}));
}

TEST(DrawSolver, QuadsAreNotTwoPair) {
  EXPECT_EQ(types_held_from_the_start({{kR, 7}, {kS, 7}, {kH, 7}, {kK, 7}, {kR, 1}}),
            (Types{kPair, kThreeOfAKind, kFourOfAKind}));
}

TEST(DrawSolver, AceHighRunIsNotAStraight) {
  EXPECT_EQ(types_held_from_the_start({{kR, 10}, {kS, 11}, {kH, 12}, {kK, 13}, {kR, 1}}), Types{});
}

TEST(DrawSolver, AceLowRunIsAStraight) {
  EXPECT_EQ(types_held_from_the_start({{kR, 1}, {kS, 2}, {kH, 3}, {kK, 4}, {kR, 5}}), Types{kStraight});
}

TEST(DrawSolver, AceHighStraightFlushIsOnlyAFlush) {
  EXPECT_EQ(types_held_from_the_start({{kH, 10}, {kH, 11}, {kH, 12}, {kH, 13}, {kH, 1}}), Types{kFlush});
}

TEST(DrawSolver, StraightFlushInTheStartingHand) {
  EXPECT_EQ(types_held_from_the_start({{kK, 9}, {kK, 10}, {kK, 11}, {kK, 12}, {kK, 13}}),
            (Types{kStraight, kFlush, kStraightFlush}));
}

// Decks with extreme structure: new-deck order by suit or by value, and reversed.
TEST(DrawSolver, OrderedDecksMatchBruteForce) {
  Deck by_suit;
  Deck by_value;
  for (int i = 0; i < kDeckSize; ++i) {
    by_suit[i] = {static_cast<std::uint8_t>(i / 13), static_cast<std::uint8_t>(i % 13 + 1)};
    by_value[i] = {static_cast<std::uint8_t>(i % 4), static_cast<std::uint8_t>(i / 4 + 1)};
  }
  for (Deck deck : {by_suit, by_value}) {
    EXPECT_EQ(least_rounds(deck), brute_force_least_rounds(deck));
    std::reverse(deck.begin(), deck.end());
    EXPECT_EQ(least_rounds(deck), brute_force_least_rounds(deck));
  }
}

TEST(DrawSolver, RandomDecksMatchBruteForce) {
  std::mt19937_64 rng(0x5EED);
  const int decks = kScale == 1 ? 20 : 3;
  for (int i = 0; i < decks; ++i) {
    const Deck deck = testing::random_deck(rng);
    ASSERT_EQ(least_rounds(deck), brute_force_least_rounds(deck)) << "deck " << i;
  }
}

}  // namespace
}  // namespace poker::draw
