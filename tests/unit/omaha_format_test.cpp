// The Omaha judge (poker/omaha_format.h) against an independent brute force:
// every choice of two hole cards and three board cards judged by the
// five-card evaluator for the high hand, and by a plain reading of the rules
// for the low, on random instances read whole and in chunks through the
// pipeline. Then the rules players get wrong, one test each, the errors and
// the hints.
//
// The long check (OmahaFormatLong) is one test a variant (4, 5 and 6 hole
// cards, high and hi-lo), each ten million random instances of 2 players, 3
// and the most in an optimized build, ten thousand under sanitizers or
// without optimization; POKER_OMAHA_FORMAT_INSTANCES=N runs N a variant.
#include "poker/omaha_format.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "poker/holdem_format.h"
#include "poker/input_hint.h"
#include "support/format_runs.h"
#include "support/omaha_rules.h"
#include "support/sanitizers.h"

namespace poker {
namespace {

// ---- the brute-force reference ----------------------------------------------

// The answer line the rules give an instance (`cards`: the players' hole
// cards, then the board): every choice of two hole cards and three board
// cards, the high hand judged by the five-card evaluator, the low by a plain
// reading of the rules (tests/support/omaha_rules.h).
std::string reference_answer(const Card* cards, int players, int hole, bool hilo) {
  return testing::omaha_answer(cards, players, hole, hilo, HandValue(),
                               [](const std::array<Card, 5>& five) { return evaluate5(five.data()); });
}

// ---- random instances ---------------------------------------------------------

struct Instances {
  std::string text;
  std::string answers;  // the reference's
};

// `count` random instances; half of them deal player 2 the ranks of player
// 1 in other suits (so that the best hands are often shared), and one in
// eight is written with other blanks (read line by line, not by the
// canonical decoder).
Instances random_instances(int players, int hole, bool hilo, int count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  Instances out;
  std::array<Card, kCardCount> deck{};
  std::iota(deck.begin(), deck.end(), Card{0});
  const std::size_t dealt = static_cast<std::size_t>(players * hole + 5);
  std::vector<Card> cards(dealt);
  for (int deal = 0; deal < count; ++deal) {
    // The first `dealt` steps of a Fisher-Yates shuffle: as random as the
    // whole deck's, for the cards dealt.
    for (std::size_t i = 0; i < dealt; ++i) {
      std::uniform_int_distribution<std::size_t> pick(i, deck.size() - 1);
      std::swap(deck[i], deck[pick(random)]);
    }
    std::copy_n(deck.begin(), dealt, cards.begin());
    if (deal % 2 == 0) {  // player 2 mirrors player 1's ranks where a card of the rank is free
      for (int k = 0; k < hole; ++k) {
        for (int shift = 1; shift < 4; ++shift) {
          const Card mirror = make_card(rank_of(cards[k]), (suit_of(cards[k]) + shift) % 4);
          const auto at = std::find(cards.begin(), cards.end(), mirror);
          if (at != cards.end() && at - cards.begin() < hole + k) continue;  // player 1's, or placed already
          if (at != cards.end())
            std::swap(*at, cards[hole + k]);
          else
            cards[hole + k] = mirror;
          break;
        }
      }
    }
    const bool spaced = random() % 8 == 0;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      const bool line_end =
          i + 1 == cards.size() || (i < static_cast<std::size_t>(players * hole) &&
                                    i % static_cast<std::size_t>(hole) == static_cast<std::size_t>(hole - 1));
      const std::array<char, 2> name = card_chars(cards[i], Notation::kHoldem);
      out.text.append(name.data(), name.size());
      out.text += line_end ? (spaced ? " \r\n" : "\n") : (spaced ? "\t " : " ");
    }
    out.answers += reference_answer(cards.data(), players, hole, hilo);
  }
  return out;
}

std::string judge(const OmahaOptions& options, std::string_view input) {
  const ChunkResult result = testing::process_chunk(*make_omaha_format(options), input);
  EXPECT_FALSE(result.error.has_value()) << result.error->message;
  return std::string(result.answers.view());
}

// Every player count of a hole count that the tests run: 2, 3 and the most.
std::vector<int> player_counts(int hole) { return {2, 3, max_omaha_players(hole)}; }

TEST(OmahaFormat, MatchesBruteForceOnRandomInstancesInEveryChunking) {
  for (const bool hilo : {false, true}) {
    for (const int hole : {4, 5, 6}) {
      for (const int players : player_counts(hole)) {
        SCOPED_TRACE(std::to_string(players) + " players, " + std::to_string(hole) + " hole cards" +
                     (hilo ? ", hi-lo" : ""));
        const Instances instances = random_instances(players, hole, hilo, 400, 1000u * hole + players + hilo);
        const auto format = make_omaha_format(OmahaOptions{players, hole, hilo, false});
        EXPECT_EQ(judge(OmahaOptions{players, hole, hilo, false}, instances.text), instances.answers);
        for (const std::size_t chunk : {std::size_t{64}, std::size_t{1000}, std::size_t{1} << 16}) {
          for (const int threads : {1, 3}) {
            const testing::PipelineRun run = testing::run_format(*format, instances.text, threads, chunk, 777);
            EXPECT_EQ(run.outcome.status, RunOutcome::Status::kOk);
            EXPECT_EQ(run.output, instances.answers) << "chunks of " << chunk << ", " << threads << " threads";
          }
        }
      }
    }
  }
}

// The random instances hold every verdict the lines can say.
TEST(OmahaFormat, RandomInstancesHoldDrawsAndMissingLows) {
  const Instances instances = random_instances(2, 4, true, 2000, 5);
  EXPECT_NE(instances.answers.find("Draw / "), std::string::npos);
  EXPECT_NE(instances.answers.find(" / Draw"), std::string::npos);
  EXPECT_NE(instances.answers.find(" / No low"), std::string::npos);
  EXPECT_NE(instances.answers.find("Player 2 / Player 1"), std::string::npos);
}

// ---- the long check -------------------------------------------------------------

std::uint64_t long_check_instances() {
  if (const char* text = std::getenv("POKER_OMAHA_FORMAT_INSTANCES"))
    return std::max(1ULL, std::strtoull(text, nullptr, 10));
  return testing::kOptimized && !testing::kUnderSanitizer ? 10'000'000 : 10'000;
}

// long_check_instances() random instances of one variant (a hole count,
// high or hi-lo), a third each of 2 players, 3 and the most, in blocks
// judged on all cores against the brute force. One test a variant, so
// that ctest runs them side by side.
void check_variant_at_length(int hole, bool hilo) {
  const std::vector<int> players = player_counts(hole);
  constexpr int kBlock = 5000;
  const std::uint64_t total = long_check_instances();
  const std::size_t blocks = static_cast<std::size_t>((total + kBlock - 1) / kBlock);
  std::atomic<int> failures{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks), [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t block = range.begin(); block != range.end() && failures.load() < 3; ++block) {
      const int count = static_cast<int>(std::min<std::uint64_t>(kBlock, total - block * kBlock));
      const int n = players[block % players.size()];
      const Instances instances = random_instances(n, hole, hilo, count, 77 + block + 1'000'000'007ULL * hole + hilo);
      const ChunkResult result =
          testing::process_chunk(*make_omaha_format(OmahaOptions{n, hole, hilo, false}), instances.text);
      if (result.error || result.answers.view() != instances.answers) {
        ++failures;
        ADD_FAILURE() << "block " << block << ": " << n << " players";
      }
    }
  });
  EXPECT_EQ(failures.load(), 0);
}

// Ten million random instances a variant in an optimized build (ten
// thousand under sanitizers or without optimization).
TEST(OmahaFormatLong, OmahaMatchesBruteForceOnMillionsOfInstances) { check_variant_at_length(4, false); }
TEST(OmahaFormatLong, Omaha5MatchesBruteForceOnMillionsOfInstances) { check_variant_at_length(5, false); }
TEST(OmahaFormatLong, Omaha6MatchesBruteForceOnMillionsOfInstances) { check_variant_at_length(6, false); }
TEST(OmahaFormatLong, OmahaHiloMatchesBruteForceOnMillionsOfInstances) { check_variant_at_length(4, true); }
TEST(OmahaFormatLong, Omaha5HiloMatchesBruteForceOnMillionsOfInstances) { check_variant_at_length(5, true); }
TEST(OmahaFormatLong, Omaha6HiloMatchesBruteForceOnMillionsOfInstances) { check_variant_at_length(6, true); }

// ---- the rules players get wrong, through the judge ---------------------------

std::string high(std::string_view input, int players = 2) {
  return judge(OmahaOptions{players, 4, false, false}, input);
}
std::string hilo(std::string_view input, int players = 2) {
  return judge(OmahaOptions{players, 4, true, false}, input);
}

TEST(OmahaRules, FourFlushOnTheBoardAndOneHoleCardOfTheSuitIsNoFlush) {
  // Player 1 holds one heart to the board's four: no flush, a pair of
  // queens; player 2's three sevens win (read as hold'em, player 1 would
  // have a flush).
  EXPECT_EQ(high("Qh Qc 4d 5s\n7c 7d 3s 4s\nAh Kh 7h 2h 9c\n"), "Player 2\n");
  // Two hearts in the hand make the flush.
  EXPECT_EQ(high("Qh 3h 4d 5s\n7c 7d 3s 4s\nAh Kh 7h 2h 9c\n"), "Player 1\n");
}

TEST(OmahaRules, BoardStraightNeedsTwoHoleCardsThatKeepIt) {
  // 5-6-7-8-9 on the board: player 2's ten alone makes no straight, so
  // player 1's aces win; with T and J in the hand it is a straight.
  EXPECT_EQ(high("Ah Ad Kc Qd\nTs 2d 3c Kd\n5c 6d 7h 8s 9c\n"), "Player 1\n");
  EXPECT_EQ(high("Ah Ad Kc Qd\nTs Jd 3c Kd\n5c 6d 7h 8s 9c\n"), "Player 2\n");
}

TEST(OmahaRules, LowNeedsThreeDistinctLowBoardRanks) {
  // The board's low ranks are 2 and 7 only: nobody has a low, whatever the
  // hand (player 1's A-3-4-5 included).
  EXPECT_EQ(hilo("Ac 3d 4h 5s\n9c 9d Th Js\n2c 2d 7h Ks Qc\n"), "Player 2 / No low\n");
  // A third low rank on the board gives player 1 the low.
  EXPECT_EQ(hilo("Ac 3d 4h 5s\n9c 9d Th Js\n2c 6d 7h Ks Qc\n"), "Player 2 / Player 1\n");
}

TEST(OmahaRules, WheelIsBothTheBestLowAndAStraight) {
  // A-2 with 3-4-5 on the board: a straight for the high and 5-4-3-2-A for
  // the low, the whole pot.
  EXPECT_EQ(hilo("Ac 2d 9h 9s\nKd Kh Jc Td\n3c 4d 5h Kc Qs\n"), "Player 1 / Player 1\n");
  // A higher straight takes the high; the wheel keeps the low.
  EXPECT_EQ(hilo("Ac 2d 9h 9s\nKd Kh 6c 7d\n3c 4d 5h Kc Qs\n"), "Player 2 / Player 1\n");
}

TEST(OmahaRules, BoardFourOfAKindPlaysAsThreeOfAKindAtMost) {
  // Four nines on the board: every hand uses three of them. Player 2's
  // pair of deuces makes a full house; player 1's ace-king is three nines
  // (read as hold'em, four nines with an ace would win).
  EXPECT_EQ(high("Ac Kd 3h 4s\n2d 2h 5c 6d\n9c 9d 9h 9s 2c\n"), "Player 2\n");
}

TEST(OmahaRules, AcesAndKingsInTheHandArePairOfAcesUnlessTheBoardHelps) {
  // A-A-K-K is one pair of aces: player 2's nines and sevens (two pair)
  // beat it.
  EXPECT_EQ(high("Ah Ad Kh Kd\n9c 7c 3h 5s\n2c 7d 9h Js 4c\n"), "Player 2\n");
  // A king on the board makes three kings.
  EXPECT_EQ(high("Ah Ad Kh Kd\n9c 7c 3h 5s\n2c 7d 9h Ks 4c\n"), "Player 1\n");
}

TEST(OmahaRules, SharedBestHandIsADrawOnEitherHalf) {
  // The board plays for both highs through the same ranks; the lows tie.
  EXPECT_EQ(hilo("Ac 2d Kh Qs\nAd 2c Kd Qh\n3c 4d 5h 9c Ts\n"), "Draw / Draw\n");
}

TEST(OmahaRules, FiveAndSixHoleCardsUseExactlyTwoOfThem) {
  // Five hearts in a five-card hand and two on the board: no flush (three
  // board cards of the suit are needed); player 2's trips win.
  EXPECT_EQ(judge(OmahaOptions{2, 5, false, false}, "Ah Kh Qh Jh 9h\n8c 8d 2s 3s 4s\n8s 2h 3h Tc 4c\n"), "Player 2\n");
  EXPECT_EQ(judge(OmahaOptions{2, 6, false, false}, "Ah Kh Qh Jh 9h 7h\n8c 8d 2s 3s 4s 5d\n8s 2h 3h Tc 4c\n"),
            "Player 2\n");
}

// ---- explain ---------------------------------------------------------------------

TEST(OmahaFormat, ExplainWritesEachPlayersBestFiveAndWithHiloTheirLow) {
  const std::string input = "Ac 2d 9h 9s\nKd Kh 6c 7d\n3c 4d 5h Kc Qs\n";
  EXPECT_EQ(judge(OmahaOptions{2, 4, false, true}, input),
            "Player 1: Straight [5h 4d 3c 2d Ac]\n"
            "Player 2: Straight [7d 6c 5h 4d 3c]\n"
            "Player 2\n");
  EXPECT_EQ(judge(OmahaOptions{2, 4, true, true}, input),
            "Player 1: Straight [5h 4d 3c 2d Ac] / Low [5h 4d 3c 2d Ac]\n"
            "Player 2: Straight [7d 6c 5h 4d 3c] / Low [7d 6c 5h 4d 3c]\n"
            "Player 2 / Player 1\n");
  // Two hole cards and three board cards, never the hand's other cards;
  // no low for a hand without two low cards.
  EXPECT_EQ(judge(OmahaOptions{2, 4, true, true}, "Ah Ad Kh Kd\n9c 7c 3h 5s\n2c 7d 9h Js 4c\n"),
            "Player 1: Pair [Ah Ad Js 9h 7d] / No low\n"
            "Player 2: Two pair [9h 9c 7d 7c Js] / Low [7d 5s 4c 3h 2c]\n"
            "Player 2 / Player 2\n");
}

// The explain mode's verdict is the judge's, and its cards are two of the
// player's and three of the board's, worth what the brute force says.
TEST(OmahaFormat, ExplainVerdictAndCardsAgreeWithTheJudge) {
  for (const bool hilo_mode : {false, true}) {
    for (const int hole : {4, 6}) {
      const int players = 3;
      const Instances instances = random_instances(players, hole, hilo_mode, 300, 99u + hole);
      const std::string explained = judge(OmahaOptions{players, hole, hilo_mode, true}, instances.text);
      std::istringstream answers(instances.answers);
      std::istringstream lines(explained);
      std::string answer;
      std::string line;
      while (std::getline(answers, answer)) {
        for (int player = 1; player <= players; ++player) {
          ASSERT_TRUE(std::getline(lines, line));
          EXPECT_EQ(line.rfind("Player " + std::to_string(player) + ": ", 0), 0u) << line;
          EXPECT_EQ(line.find(" / ") != std::string::npos, hilo_mode) << line;
        }
        ASSERT_TRUE(std::getline(lines, line));
        EXPECT_EQ(line, answer);
      }
      EXPECT_FALSE(std::getline(lines, line));
    }
  }
}

// ---- errors and hints -------------------------------------------------------------

constexpr const char* kInvalidCardHelp =
    ": expected a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or 'Td'";

void expect_error(std::string_view input, std::uint64_t line, std::uint64_t column, const std::string& message,
                  const std::string& answers_before = "", int hole = 4) {
  testing::expect_chunk_error(*make_omaha_format(OmahaOptions{2, hole, false, false}), input, line, column, message,
                              answers_before);
}

const std::string kInstance = "Ah Kh Qh Jh\n2c 3c 4c 5c\n9d 9s 8d 7s 6d\n";

TEST(OmahaFormat, ErrorsAreTheHoldemJudgesInInputOrder) {
  expect_error(kInstance + "Ah Kh Qh 1h\n", 4, 10, "invalid card '1h'" + std::string(kInvalidCardHelp), "Player 2\n");
  expect_error("Ah Kh Qh Jh\n2c 3c 4c Ah\n", 2, 10, "duplicate card 'Ah': already at line 1, column 1");
  expect_error("Ah Kh Qh Jh\n2c 3c 4c 5c\n9d 9s 8d 7s Kh\n", 3, 13, "duplicate card 'Kh': already at line 1, column 4");
  expect_error("Ah Kh Qh\n", 1, 9, "expected 4 cards for player 1, found 3 before the end of the line");
  expect_error("Ah Kh Qh Jh Th\n", 1, 13, "expected the end of the line after 4 cards for player 1, found 'Th'");
  expect_error("Ah Kh Qh Jh Th 9h\n", 1, 16, "expected the end of the line after 5 cards for player 1, found '9h'", "",
               5);
  expect_error("Ah Kh Qh Jh\n2c 3c 4c 5c\n9d 9s 8d 7s\n", 3, 12,
               "expected 5 cards for the board, found 4 before the end of the line");
  expect_error(kInstance + "Ah Kh", 4, 6, "expected 4 cards for player 1, found 2 before the end of the input",
               "Player 2\n");
}

std::string suggested(const FormatGuess& guess) {
  std::string words = "<";
  words.append(guess.format);
  if (guess.players > 0) words.append(" ").append(std::to_string(guess.players));
  if (guess.hole > 0) words.append(" hole ").append(std::to_string(guess.hole));
  return words.append(">");
}

std::string hint_of(const Format& format, std::string_view input) {
  const ChunkResult result = testing::process_chunk(format, input);
  EXPECT_TRUE(result.error.has_value()) << input;
  if (!result.error) return "";
  return input_error_hint(format, *result.error, input, &suggested).value_or("");
}

TEST(OmahaFormat, HintsNameTheHoleCardsAndPlayersTheInputShows) {
  const std::string three = "Ah Kh Qh Jh\n2c 3c 4c 5c\nAs Ks Qs Js\n9d 9s 8d 7s 6d\n";
  EXPECT_EQ(hint_of(*make_omaha_format(OmahaOptions{2, 4, false, false}), three),
            "the input seems to hold at least 3 players per instance: try <omaha 3 hole 4>");
  EXPECT_EQ(hint_of(*make_omaha_format(OmahaOptions{3, 4, false, false}), kInstance + kInstance),
            "the input seems to hold 2 players per instance: try <omaha 2 hole 4>");
  EXPECT_EQ(hint_of(*make_omaha_format(OmahaOptions{2, 5, false, false}), kInstance),
            "the input seems to hold 4 hole cards a player: try <omaha 2 hole 4>");
  EXPECT_EQ(
      hint_of(*make_omaha_format(OmahaOptions{2, 4, false, false}), "Ah Kh Qh Jh Th\n2c 3c 4c 5c 6c\n9d 9s 8d 7s 6d\n"),
      "the input seems to hold 5 hole cards a player: try <omaha hole 5>");
  EXPECT_EQ(hint_of(*make_omaha_format(OmahaOptions{2, 6, false, false}), "Ah Kh Qh\n"),
            "an instance is one line of 6 hole cards per player (2 here) then the board: are PLAYERS and --hole "
            "right?");
}

TEST(OmahaFormat, HoldemInputGivenToOmahaAndOmahaInputGivenToHoldemAreNamed) {
  EXPECT_EQ(hint_of(*make_omaha_format(OmahaOptions{2, 4, false, false}), "Ah Kh\n2c 3c\n9d 9s 8d 7s 6d\n"),
            "this looks like a hold'em input of 2 players: try <holdem 2>");
  EXPECT_EQ(hint_of(*make_holdem_format(HoldemOptions{2, false}), kInstance),
            "this looks like an Omaha input of 2 players with 4 hole cards a player: try <omaha 2 hole 4>");
  EXPECT_EQ(hint_of(*make_holdem_format(HoldemOptions{2, false}), "Ah Kh Qh Jh 9c 8c\n2c 3c 4c 5c 6c 7c\n"),
            "this looks like an Omaha input with 6 hole cards a player: try <omaha hole 6>");
}

TEST(OmahaFormat, FramesPlayersPlusOneLinesAndNamesTheBoardsTokens) {
  EXPECT_EQ(make_omaha_format(OmahaOptions{2, 4, false, false})->lines_per_instance(), 3u);
  EXPECT_EQ(make_omaha_format(OmahaOptions{11, 4, false, false})->lines_per_instance(), 12u);
  EXPECT_EQ(make_omaha_format(OmahaOptions{2, 4, false, false})->closing_line_tokens(), 5u);
  EXPECT_EQ(make_omaha_format(OmahaOptions{2, 5, false, false})->closing_line_tokens(), 0u)
      << "a player's line of five cards looks like the board's";
  EXPECT_EQ(make_omaha_format(OmahaOptions{3, 4, false, true})->answer_lines_per_instance(), 4u);
  EXPECT_EQ(max_omaha_players(4), 11);
  EXPECT_EQ(max_omaha_players(5), 9);
  EXPECT_EQ(max_omaha_players(6), 7);
}

TEST(OmahaFormat, TheMostPlayersUseTheDeckAndEveryCardIsChecked) {
  // Eleven players of four cards and the board: 49 cards.
  std::string input;
  for (int player = 0; player < 11; ++player) {
    for (int k = 0; k < 4; ++k) input += card_name(static_cast<Card>(4 * player + k)) + (k == 3 ? "\n" : " ");
  }
  // Each player holds the four cards of a rank (2 to queen) and plays two
  // of them with three kings: the queens' full house wins.
  EXPECT_EQ(judge(OmahaOptions{11, 4, false, false}, input + "Kd Kh Ks Ac Ad\n"), "Player 11\n");
  testing::expect_chunk_error(*make_omaha_format(OmahaOptions{11, 4, false, false}), input + "Kd Kh Ks Ac Qs\n", 12, 13,
                              "duplicate card 'Qs': already at line 11, column 10");
}

}  // namespace
}  // namespace poker
