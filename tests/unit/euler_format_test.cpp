#include "poker/euler_format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <span>
#include <string>

#include "poker/cards.h"
#include "support/card_text.h"
#include "support/format_runs.h"
#include "support/reference_evaluator.h"

namespace poker {
namespace {

using testing::expect_chunk_error;
using testing::process_chunk;
using testing::run_format;

const auto kAnswers = make_euler_format(EulerOptions{false});
const auto kSummary = make_euler_format(EulerOptions{true});

// The five examples of the problem statement, and who wins each.
constexpr const char* kProblemExamples =
    "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n"   // pair of fives vs pair of eights: 2
    "5D 8C 9S JS AC 2C 5C 7D 8S QH\n"   // ace high vs queen high: 1
    "2D 9C AS AH AC 3D 6D 7D TD QD\n"   // three aces vs a diamond flush: 2
    "4D 6S 9H QH QC 3D 6D 7H QD QS\n"   // queens, nine high vs queens, seven high: 1
    "2H 2D 4C 4D 4S 3C 3D 3S 9S 9D\n";  // fours full vs threes full: 1

constexpr const char* kInvalidCardHelp =
    ": expected a rank (2-9, T, J, Q, K, A) then a suit (H, D, S, C), like 'AH' or 'TD'";

TEST(EulerFormat, OneLinePerInstance) { EXPECT_EQ(kAnswers->lines_per_instance(), 1u); }

TEST(EulerFormat, ProblemExamples) {
  const ChunkResult result = process_chunk(*kAnswers, kProblemExamples);
  EXPECT_FALSE(result.error.has_value());
  EXPECT_EQ(result.answers, "Player 2\nPlayer 1\nPlayer 2\nPlayer 1\nPlayer 1\n");
  EXPECT_EQ(result.instances, 5u);
  EXPECT_EQ(result.tally, (Tally{3, 2, 0}));
}

TEST(EulerFormat, EqualHandsAreADraw) {
  EXPECT_EQ(process_chunk(*kAnswers, "2H 3D 4S 5C 7H 2D 3S 4C 5H 7D\n").answers, "Draw\n");
  // Suits never break ties, even between flushes.
  EXPECT_EQ(process_chunk(*kAnswers, "2H 3H 4H 5H 7H 2S 3S 4S 5S 7S\n").answers, "Draw\n");
}

TEST(EulerFormat, SummaryCountsWithoutAnswers) {
  const ChunkResult result =
      process_chunk(*kSummary, std::string(kProblemExamples) + "2H 3D 4S 5C 7H 2D 3S 4C 5H 7D\n");
  EXPECT_EQ(result.answers, "");
  EXPECT_EQ(result.instances, 6u);
  EXPECT_EQ(result.tally, (Tally{3, 2, 1}));
  EXPECT_EQ(kSummary->summary(result.tally), "Player 1: 3\nPlayer 2: 2\nDraw: 1\n");
  EXPECT_EQ(kSummary->summary(Tally{}), "Player 1: 0\nPlayer 2: 0\nDraw: 0\n");
  EXPECT_EQ(kAnswers->summary(result.tally), "");
}

TEST(EulerFormat, BlanksAndCrLfAreAccepted) {
  EXPECT_EQ(process_chunk(*kAnswers, " 5H\t5C 6S  7S KD 2C 3S 8S 8D TD \r\n").answers, "Player 2\n");
}

TEST(EulerFormat, LowerCaseSuitsAreInvalid) {
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S Kd 2C 3S 8S 8D TD\n", 1, 13,
                     "invalid card 'Kd'" + std::string(kInvalidCardHelp));
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D 10D\n", 1, 28,
                     "invalid card '10D'" + std::string(kInvalidCardHelp));
}

TEST(EulerFormat, TooFewCards) {
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D\n", 1, 27,
                     "expected 10 cards for players 1 and 2, found 9 before the end of the line");
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D", 1, 27,
                     "expected 10 cards for players 1 and 2, found 9 before the end of the input");
}

TEST(EulerFormat, TooManyCards) {
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D TD AH\n", 1, 31,
                     "expected the end of the line after 10 cards for players 1 and 2, found 'AH'");
}

TEST(EulerFormat, DuplicateAcrossTheTwoHands) {
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D 5H\n", 1, 28,
                     "duplicate card '5H': already at line 1, column 1");
}

TEST(EulerFormat, MissingNewlineAtTheEnd) {
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D TD", 1, 30, "missing newline at the end of the input");
}

TEST(EulerFormat, AnswersBeforeTheErrorAreKept) {
  expect_chunk_error(*kAnswers, "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n\n5H 5C 6S 7S KD 2C 3S 8S 8D TD\n", 2, 1,
                     "expected 10 cards for players 1 and 2, found 0 before the end of the line", "Player 2\n");
}

// Random hands, answered by the reference evaluator, through the pipeline
// with several thread counts and chunk sizes; the summary adds up per chunk.
TEST(Tally, AddsEachCountToItsOwn) {
  Tally total{1, 2, 3};
  total += Tally{10, 20, 30};
  EXPECT_EQ(total.player1_wins, 11u);
  EXPECT_EQ(total.player2_wins, 22u);
  EXPECT_EQ(total.draws, 33u);
  EXPECT_EQ(total, (Tally{11, 22, 33}));
  EXPECT_NE(total, (Tally{11, 33, 22}));
}

TEST(EulerFormat, RandomHandsMatchReferenceThroughThePipeline) {
  std::mt19937_64 random(54);
  std::string input;
  std::string expected;
  std::array<std::uint64_t, 3> counts{};  // player 1 wins, player 2 wins, draws
  for (int i = 0; i < 3000 / testing::kRandomCaseScale; ++i) {
    std::array<Card, kCardCount> deck{};
    for (int c = 0; c < kCardCount; ++c) deck[static_cast<std::size_t>(c)] = static_cast<Card>(c);
    std::shuffle(deck.begin(), deck.end(), random);
    if (i % 3 == 0) {  // player 2 holds player 1's ranks in other suits: many draws
      CardMask used = 0;
      for (int c = 0; c < 5; ++c) used |= mask_of(deck[static_cast<std::size_t>(c)]);
      CardMask mirrored = 0;
      for (int c = 0; c < 5; ++c)
        mirrored |= mask_of(static_cast<Card>((deck[static_cast<std::size_t>(c)] & ~3) |
                                              ((deck[static_cast<std::size_t>(c)] + 1) & 3)));
      if ((used & mirrored) == 0) {
        for (int c = 0; c < 5; ++c) {
          const Card card = deck[static_cast<std::size_t>(c)];
          deck[static_cast<std::size_t>(5 + c)] = static_cast<Card>((card & ~3) | ((card + 1) & 3));
        }
      }
    }
    for (int c = 0; c < 10; ++c)
      input += card_name(deck[static_cast<std::size_t>(c)], Notation::kEuler) + (c == 9 ? "\n" : " ");
    const auto a = reference::evaluate5(std::span<const Card, 5>(deck.data(), 5));
    const auto b = reference::evaluate5(std::span<const Card, 5>(deck.data() + 5, 5));
    const std::size_t outcome = a > b ? 0 : (b > a ? 1 : 2);
    ++counts[outcome];
    expected += outcome == 0 ? "Player 1\n" : (outcome == 1 ? "Player 2\n" : "Draw\n");
  }
  EXPECT_GT(counts[2], 0u);
  const std::string summary = "Player 1: " + std::to_string(counts[0]) + "\nPlayer 2: " + std::to_string(counts[1]) +
                              "\nDraw: " + std::to_string(counts[2]) + "\n";
  for (const auto& [threads, chunk] :
       {std::pair{1, std::size_t{1}}, {2, std::size_t{100}}, {2, std::size_t{1 << 16}}}) {
    EXPECT_TRUE(run_format(*kAnswers, input, threads, chunk).output == expected) << threads << " " << chunk;
    EXPECT_EQ(run_format(*kSummary, input, threads, chunk).output, summary);
  }
}

TEST(EulerFormat, SummaryIsNotPrintedAfterAnError) {
  const std::string input = std::string(kProblemExamples) + "5H 5C 6S 7S KD 2C 3S 8S 8D TX\n";
  for (const int threads : {1, 2}) {
    const testing::PipelineRun run = run_format(*kSummary, input, threads, 7);
    EXPECT_EQ(run.output, "");
    EXPECT_EQ(run.outcome.status, RunOutcome::Status::kInvalidInput);
    EXPECT_EQ(run.outcome.input_error->line, 6u);
  }
}

}  // namespace
}  // namespace poker
