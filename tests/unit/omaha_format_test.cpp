// The Omaha judge (poker/omaha_format.h) against an independent brute force:
// every choice of two hole cards and three board cards judged by the
// five-card evaluator for the high hand, and by a plain reading of the rules
// for the low, on random instances read whole and in chunks through the
// pipeline. Then the rules players get wrong, one test each, the errors and
// the hints.
//
// POKER_OMAHA_FORMAT_INSTANCES=N runs N instances in the long check
// (OmahaFormatLong) instead of the default: a million in an optimized build
// (seconds), ten thousand under sanitizers or without optimization; ten
// million (POKER_OMAHA_FORMAT_INSTANCES=10000000) take about a minute on
// two cores, the brute force's cost.
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
#include <optional>
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
#include "support/sanitizers.h"

namespace poker {
namespace {

// ---- the brute-force reference ----------------------------------------------

// The best high hand of exactly two of `hole` and three of `board`, each
// choice judged by the five-card evaluator.
HandValue brute_force_high(const Card* board, const Card* hole, int hole_count) {
  HandValue best;
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      for (int a = 0; a < 5; ++a) {
        for (int b = a + 1; b < 5; ++b) {
          for (int c = b + 1; c < 5; ++c) {
            const std::array<Card, 5> five{hole[i], hole[j], board[a], board[b], board[c]};
            best = std::max(best, evaluate5(five.data()));
          }
        }
      }
    }
  }
  return best;
}

// The best low of the same choices as its five ranks (ace 1 .. eight 8),
// highest first, and whether there is one; a better low is a smaller array.
struct Low {
  bool qualifies = false;
  std::array<int, 5> ranks{};
};

Low brute_force_low(const Card* board, const Card* hole, int hole_count) {
  Low best;
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      for (int a = 0; a < 5; ++a) {
        for (int b = a + 1; b < 5; ++b) {
          for (int c = b + 1; c < 5; ++c) {
            std::array<int, 5> ranks{};
            const std::array<Card, 5> five{hole[i], hole[j], board[a], board[b], board[c]};
            for (int k = 0; k < 5; ++k) ranks[k] = rank_of(five[k]) == 12 ? 1 : rank_of(five[k]) + 2;
            std::sort(ranks.rbegin(), ranks.rend());
            if (ranks[0] > 8 || std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end()) continue;
            if (!best.qualifies || ranks < best.ranks) best = Low{true, ranks};
          }
        }
      }
    }
  }
  return best;
}

// The answer line the rules give an instance (`cards`: the players' hole
// cards, then the board).
std::string reference_answer(const Card* cards, int players, int hole, bool hilo) {
  const Card* const board = cards + players * hole;
  std::vector<HandValue> highs;
  std::vector<Low> lows;
  for (int player = 0; player < players; ++player) {
    highs.push_back(brute_force_high(board, cards + player * hole, hole));
    if (hilo) lows.push_back(brute_force_low(board, cards + player * hole, hole));
  }
  const HandValue best_high = *std::max_element(highs.begin(), highs.end());
  const auto high_winners = std::count(highs.begin(), highs.end(), best_high);
  const auto high_winner = std::find(highs.begin(), highs.end(), best_high) - highs.begin();
  std::string answer = high_winners > 1 ? "Draw" : "Player " + std::to_string(high_winner + 1);
  if (!hilo) return answer + "\n";
  std::optional<std::array<int, 5>> best_low;
  for (const Low& low : lows) {
    if (low.qualifies && (!best_low || low.ranks < *best_low)) best_low = low.ranks;
  }
  if (!best_low) return answer + " / No low\n";
  std::vector<int> low_winners;
  for (int player = 0; player < players; ++player) {
    if (lows[player].qualifies && lows[player].ranks == *best_low) low_winners.push_back(player);
  }
  return answer + " / " + (low_winners.size() > 1 ? "Draw" : "Player " + std::to_string(low_winners[0] + 1)) + "\n";
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
  for (int deal = 0; deal < count; ++deal) {
    std::iota(deck.begin(), deck.end(), Card{0});
    std::shuffle(deck.begin(), deck.end(), random);
    std::vector<Card> cards(deck.begin(), deck.begin() + players * hole + 5);
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
      out.text += card_name(cards[i]);
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
  return testing::kOptimized && !testing::kUnderSanitizer ? 1'000'000 : 10'000;
}

// Millions of random instances, split among the hole counts, the player
// counts (2, 3, the most) and high or hi-lo, in blocks judged on all cores.
TEST(OmahaFormatLong, MillionsOfRandomInstancesMatchBruteForce) {
  struct Config {
    int players, hole;
    bool hilo;
  };
  std::vector<Config> configs;
  for (const bool hilo : {false, true}) {
    for (const int hole : {4, 5, 6}) {
      for (const int players : player_counts(hole)) configs.push_back({players, hole, hilo});
    }
  }
  constexpr int kBlock = 5000;
  const std::uint64_t total = long_check_instances();
  const std::size_t blocks = static_cast<std::size_t>((total + kBlock - 1) / kBlock);
  std::atomic<int> failures{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks), [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t block = range.begin(); block != range.end() && failures.load() < 3; ++block) {
      const Config& config = configs[block % configs.size()];
      const Instances instances = random_instances(config.players, config.hole, config.hilo, kBlock, 77 + block);
      const OmahaOptions options{config.players, config.hole, config.hilo, false};
      const ChunkResult result = testing::process_chunk(*make_omaha_format(options), instances.text);
      if (result.error || result.answers.view() != instances.answers) {
        ++failures;
        ADD_FAILURE() << "block " << block << ": " << config.players << " players, " << config.hole << " hole cards"
                      << (config.hilo ? ", hi-lo" : "");
      }
    }
  });
  EXPECT_EQ(failures.load(), 0);
}

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
