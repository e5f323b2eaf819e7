// The short-deck judge (poker/shortdeck_format.h): its answers against the
// rules read plainly (tests/support/shortdeck_rules.h) on random deals of
// 2, 3 and 15 players through the whole pipeline in several chunkings; ten
// million random instances of 2, 3 and 15 players (a tenth under
// sanitizers, a hundredth without optimization) against the best of each
// hand's 21 five-card evaluations; the errors (a card ranked 2 to 5,
// repeated cards, short lines) and their hints; the explain lines.
//
// POKER_SHORTDECK_FORMAT_INSTANCES=N judges N random instances in the long
// check instead of the default.
#include "poker/shortdeck_format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "poker/cards.h"
#include "poker/input_hint.h"
#include "poker/shortdeck.h"
#include "support/card_text.h"
#include "support/format_runs.h"
#include "support/sanitizers.h"
#include "support/shortdeck_rules.h"

namespace poker {
namespace {

constexpr int kScale = testing::kRandomCaseScale;

ChunkResult process(std::string_view input, int players = 2, bool explain = false) {
  return testing::process_chunk(*make_shortdeck_format(HoldemOptions{players, explain}), input);
}

void expect_error(std::string_view input, std::uint64_t line, std::uint64_t column, const std::string& message,
                  const std::string& answers_before = "", int players = 2) {
  testing::expect_chunk_error(*make_shortdeck_format(HoldemOptions{players, false}), input, line, column, message,
                              answers_before);
}

constexpr const char* kLowCard = ": short deck has no 2 to 5 (ranks 6 to A)";

// A random deal of `players` players from the 36 cards: cards[0..2p) the
// hole cards, then the board's five.
std::vector<Card> random_deal(std::mt19937_64& rng, int players) {
  std::vector<Card> deck;
  for (int card = kShortDeckLowestCard; card < kCardCount; ++card) deck.push_back(static_cast<Card>(card));
  std::shuffle(deck.begin(), deck.end(), rng);
  deck.resize(static_cast<std::size_t>(2 * players + 5));
  return deck;
}

void append_deal(std::string& text, const std::vector<Card>& deal, int players) {
  for (int p = 0; p < players; ++p) {
    text += card_name(deal[2 * p]) + " " + card_name(deal[2 * p + 1]) + "\n";
  }
  for (int i = 0; i < 5; ++i) text += card_name(deal[2 * players + i]) + (i == 4 ? "\n" : " ");
}

// The rules' answer to a deal: the best rule key of each player's seven.
std::string rules_answer(const std::vector<Card>& deal, int players) {
  return testing::rules_answer(deal.data(), players);
}

TEST(ShortDeckFormat, FramesPlayersPlusOneLines) {
  EXPECT_EQ(make_shortdeck_format(HoldemOptions{2, false})->lines_per_instance(), 3u);
  EXPECT_EQ(make_shortdeck_format(HoldemOptions{kMaxShortDeckPlayers, false})->lines_per_instance(), 16u);
}

TEST(ShortDeckFormat, AnswersByShortDecksRules) {
  const ChunkResult result = process(
      "Kc Kd\nJc Tc\n9s Qd Ks 6c 7d\n"    // trips beat the straight 9 to K
      "Ac Kd\n7h 8h\nAh Ad Kh Th 6h\n"    // a flush beats a full house
      "As 6d\nKc Kd\n7c 8h 9s Jd Qc\n"    // A-6-7-8-9 is a straight: it beats a pair
      "6s 7s\n6h 7h\n8c 9d Tc Jd Qc\n");  // the same straight, 8 to Q: a draw
  EXPECT_FALSE(result.error.has_value());
  EXPECT_EQ(result.answers, "Player 1\nPlayer 2\nPlayer 1\nDraw\n");
  EXPECT_EQ(result.instances, 4u);
}

TEST(ShortDeckFormat, ExplainWritesShortDecksCategoriesAndTheWheelNineFirst) {
  EXPECT_EQ(process("As 6d\nKc Kd\n7c 8h 9s Ks Qc\n", 2, true).answers,
            "Player 1: Straight [9s 8h 7c 6d As]\n"
            "Player 2: Three of a kind [Ks Kd Kc Qc 9s]\n"
            "Player 2\n");
  EXPECT_EQ(process("Ah Ad\n7h 8h\nAc Kh Kd 9h 6h\n", 2, true).answers,
            "Player 1: Full house [Ah Ad Ac Kh Kd]\n"
            "Player 2: Flush [Kh 9h 8h 7h 6h]\n"
            "Player 2\n");
  EXPECT_EQ(process("Ah 6h\n6c 7c\n7h 8h 9h Tc Jc\n", 2, true).answers,
            "Player 1: Straight flush [9h 8h 7h 6h Ah]\n"
            "Player 2: Straight [Jc Tc 9h 8h 7h]\n"
            "Player 1\n");
}

// The verdicts of explain and of the judge follow one rule.
TEST(ShortDeckFormat, ExplainVerdictIsTheJudgesOnEveryDeal) {
  std::mt19937_64 rng(61);
  for (const int players : {2, 3, 15}) {
    std::string input;
    for (int deal = 0; deal < 300; ++deal) append_deal(input, random_deal(rng, players), players);
    const std::string answers(process(input, players).answers.view());
    std::string verdicts;
    const std::string explained(process(input, players, true).answers.view());
    for (std::size_t at = 0; at < explained.size();) {
      const std::size_t end = explained.find('\n', at);
      const std::string_view line(explained.data() + at, end - at);
      if (line.find(':') == std::string_view::npos) verdicts.append(line).append("\n");
      at = end + 1;
    }
    EXPECT_EQ(verdicts, answers) << players;
  }
}

TEST(ShortDeckFormat, ACardRankedTwoToFiveIsAnInvalidCard) {
  expect_error("5h Kd\n6c 7c\n8c 9c Tc Jd Qc\n", 1, 1, "invalid card '5h'" + std::string(kLowCard));
  expect_error("Ah Kd\n6c 7c\n8c 9c Tc Jd 2s\n", 3, 13, "invalid card '2s'" + std::string(kLowCard));
  // Off the canonical layout (tabs, blanks), line by line.
  expect_error("Ah\tKd\n6c  3c\n8c 9c Tc Jd Qc\n", 2, 5, "invalid card '3c'" + std::string(kLowCard));
  // Not a card at all: the usual message.
  expect_error("Ah 1d\n", 1, 4,
               "invalid card '1d': expected a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or 'Td'");
}

// A low card among canonical instances is found where it stands: the
// instances before it are answered, in a run decoded at once or not.
TEST(ShortDeckFormat, ALowCardInARunOfCanonicalInstancesStopsThere) {
  std::mt19937_64 rng(62);
  for (const int bad : {0, 1, 31, 32, 33, 100}) {
    std::string input;
    std::string answers;
    for (int deal = 0; deal < bad; ++deal) {
      const std::vector<Card> cards = random_deal(rng, 2);
      append_deal(input, cards, 2);
      answers += rules_answer(cards, 2);
    }
    const std::size_t line = static_cast<std::size_t>(3 * bad) + 3;
    input += "Ah Kd\n6c 7c\n8c 9c 4d Jd Qc\n";
    for (int deal = 0; deal < 40; ++deal) append_deal(input, random_deal(rng, 2), 2);
    expect_error(input, line, 7, "invalid card '4d'" + std::string(kLowCard), answers);
  }
}

// Two players' canonical instances are judged by the kernel that decodes
// as it judges (formats/holdem2_kernel.h), a group at a time: a low card
// inside a group it would judge, at each of an instance's nine cards, stops
// the run at its line with short deck's message, every answer before it
// written.
TEST(ShortDeckFormat, ALowCardInsideAGroupTheKernelJudgesIsReportedAtItsLine) {
  std::mt19937_64 rng(65);
  constexpr int kBad = 39;  // the 40th of 64
  // Each card's line and column in an instance: 1 1, 1 4, 2 1, 2 4, 3 1, ...
  constexpr std::array<std::pair<int, int>, 9> kAt = {
      {{0, 1}, {0, 4}, {1, 1}, {1, 4}, {2, 1}, {2, 4}, {2, 7}, {2, 10}, {2, 13}}};
  for (std::size_t card = 0; card < kAt.size(); ++card) {
    std::string input;
    std::string answers;
    std::size_t at = 0;
    for (int deal = 0; deal < 64; ++deal) {
      const std::vector<Card> cards = random_deal(rng, 2);
      if (deal == kBad) at = input.size() + 3 * card;  // each card 3 bytes on
      append_deal(input, cards, 2);
      if (deal < kBad) answers += rules_answer(cards, 2);
    }
    input.replace(at, 2, "5c");
    const auto [line, column] = kAt[card];
    expect_error(input, static_cast<std::uint64_t>(3 * kBad + line + 1), static_cast<std::uint64_t>(column),
                 "invalid card '5c'" + std::string(kLowCard), answers);
  }
}

TEST(ShortDeckFormat, RepeatedCardsAndShortLines) {
  expect_error("Ah Ah\n", 1, 4, "duplicate card 'Ah': already at line 1, column 1");
  expect_error("Ah Kh\n6c 7d\nQh Jh Th 9c Kh\n", 3, 13, "duplicate card 'Kh': already at line 1, column 4");
  expect_error("Ah Kh\n6c\n", 2, 3, "expected 2 cards for player 2, found 1 before the end of the line");
  expect_error("Ah Kh\n6c 7d\nQh Jh Th\n", 3, 9, "expected 5 cards for the board, found 3 before the end of the line");
  expect_error("Ah Kh Qh\n", 1, 7, "expected the end of the line after 2 cards for player 1, found 'Qh'");
  expect_error("Ah Kh\n6c 7d\nQh Jh", 3, 6, "expected 5 cards for the board, found 2 before the end of the input");
}

// What a hint suggests, in words a test can compare.
std::string suggested(const FormatGuess& guess) {
  std::string words = "<";
  words.append(guess.format).append(" ").append(std::to_string(guess.players));
  return words.append(">");
}

TEST(ShortDeckFormat, AHoldemInputIsHintedAt) {
  const auto format = make_shortdeck_format(HoldemOptions{2, false});
  const std::string input = "Ah Kd\n6c 7c\n8c 9c 4d Jd Qc\n";
  const ChunkResult result = testing::process_chunk(*format, input);
  ASSERT_TRUE(result.error.has_value());
  const std::optional<std::string> hint = input_error_hint(*format, *result.error, input, &suggested);
  ASSERT_TRUE(hint.has_value());
  EXPECT_EQ(*hint, "cards ranked 2 to 5 are hold'em's: for a hold'em input, try <holdem 2>");
  // Another player count is suggested as short deck.
  const std::string three = "Ah Kd\n6c 7c\n8d 8h\n9c Tc Jd Qc Ks\n";
  const ChunkResult short_line = testing::process_chunk(*format, three);
  ASSERT_TRUE(short_line.error.has_value());
  EXPECT_EQ(input_error_hint(*format, *short_line.error, three, &suggested).value_or(""),
            "the input seems to hold at least 3 players per instance: try <shortdeck 3>");
}

// Random deals of 2, 3 and 15 players through the pipeline, in chunks of
// several sizes and on 1 and 3 threads, against the rules.
TEST(ShortDeckFormat, RandomDealsAgreeWithTheRulesInEveryChunking) {
  std::mt19937_64 rng(63);
  for (const int players : {2, 3, 15}) {
    std::string input;
    std::string expected;
    for (int deal = 0; deal < 3000 / kScale; ++deal) {
      const std::vector<Card> cards = random_deal(rng, players);
      append_deal(input, cards, players);
      expected += rules_answer(cards, players);
    }
    const auto format = make_shortdeck_format(HoldemOptions{players, false});
    EXPECT_EQ(testing::process_chunk(*format, input).answers, expected) << players;
    for (const std::size_t chunk_size : {std::size_t{128}, std::size_t{4096}, std::size_t{1} << 16}) {
      for (const int threads : {1, 3}) {
        const testing::PipelineRun run = testing::run_format(*format, input, threads, chunk_size, 777);
        EXPECT_EQ(run.output, expected) << players << " players, chunks of " << chunk_size << ", " << threads;
      }
    }
  }
}

std::uint64_t long_check_instances() {
  if (const char* text = std::getenv("POKER_SHORTDECK_FORMAT_INSTANCES")) {
    return std::max<std::uint64_t>(1, std::strtoull(text, nullptr, 10));
  }
  // Without optimization, a hundredth: the brute force runs many times slower.
  return (testing::kOptimized ? 10'000'000 : 100'000) / kScale;
}

// Ten million random instances, a third each of 2 players, 3 and 15 (in
// blocks of one player count), judged by the format a block at a time,
// against the best of each hand's 21 five-card evaluations (which
// tests/unit/shortdeck_test.cpp holds to the rules for every hand).
TEST(ShortDeckFormat, TenMillionRandomInstancesAgreeWithTheBestOfTwentyOne) {
  std::mt19937_64 rng(64);
  std::array<Card, kShortDeckCardCount> deck{};
  for (int i = 0; i < kShortDeckCardCount; ++i) deck[i] = static_cast<Card>(kShortDeckLowestCard + i);
  const auto best_of_21 = [](const Card* board, Card a, Card b) {
    const std::array<Card, 7> seven = {board[0], board[1], board[2], board[3], board[4], a, b};
    return testing::best_of_fives(seven, ShortDeckValue(),
                                  [](const std::array<Card, 5>& five) { return shortdeck_evaluate5(five.data()); });
  };
  const std::uint64_t total = long_check_instances();
  constexpr std::uint64_t kBlock = 100000;
  constexpr std::array<int, 3> kPlayers = {2, 3, 15};
  std::string input;
  std::string expected;
  std::vector<ShortDeckValue> values;
  for (std::uint64_t done = 0; done < total; done += kBlock) {
    const int players = kPlayers[(done / kBlock) % kPlayers.size()];
    const std::size_t dealt = static_cast<std::size_t>(2 * players + 5);
    input.clear();
    expected.clear();
    for (std::uint64_t n = 0; n < std::min(kBlock, total - done); ++n) {
      for (std::size_t i = 0; i < dealt; ++i) {
        std::uniform_int_distribution<std::size_t> pick(i, deck.size() - 1);
        std::swap(deck[i], deck[pick(rng)]);
      }
      for (std::size_t i = 0; i < dealt; ++i) {
        const std::array<char, 2> card = card_chars(deck[i], Notation::kHoldem);
        input.append(card.data(), card.size());
        input += (i < dealt - 5 && i % 2 == 0) || (i >= dealt - 5 && i + 1 < dealt) ? ' ' : '\n';
      }
      values.clear();
      for (int p = 0; p < players; ++p) values.push_back(best_of_21(&deck[dealt - 5], deck[2 * p], deck[2 * p + 1]));
      const auto best = std::max_element(values.begin(), values.end());
      expected += std::count(values.begin(), values.end(), *best) > 1
                      ? std::string("Draw\n")
                      : "Player " + std::to_string(best - values.begin() + 1) + "\n";
    }
    const ChunkResult result = testing::process_chunk(*make_shortdeck_format(HoldemOptions{players, false}), input);
    ASSERT_FALSE(result.error.has_value()) << result.error->message;
    ASSERT_EQ(result.answers, expected) << players << " players, in the block from instance " << done;
  }
}

}  // namespace
}  // namespace poker
