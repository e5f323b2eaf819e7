// `poker omaha` (the specification, docs/specification.md, section 7) as a
// user runs it: answers from an independent brute force (every choice of two
// hole cards and three board cards judged by the reference evaluator,
// tests/support), never from the engine; -e and --hilo; the same bytes for
// any thread count; the errors, hints, exit statuses and usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/instance_text.h"
#include "support/omaha_rules.h"
#include "support/reference_evaluator.h"

namespace poker::e2e {
namespace {

// The answers to `text`, instances of `players` lines of hole cards and a
// board, by the brute force (tests/support/omaha_rules.h) with the
// reference evaluator.
std::string reference_answers(const std::string& text, int players, bool hilo) {
  std::string answers;
  for (const std::vector<std::vector<Card>>& hands : instances_of(text, players + 1)) {
    std::vector<Card> cards;
    for (const std::vector<Card>& line : hands) cards.insert(cards.end(), line.begin(), line.end());
    const int hole = static_cast<int>(hands[0].size());
    answers += testing::omaha_answer(cards.data(), players, hole, hilo, reference::RefValue(),
                                     [](const std::array<Card, 5>& five) { return reference::evaluate5(five); });
  }
  return answers;
}

std::vector<int> omaha_lines(int players, int hole) {
  std::vector<int> lines(static_cast<std::size_t>(players), hole);
  lines.push_back(5);
  return lines;
}

std::string random_omaha(int players, int hole, int count, std::uint64_t seed,
                         testing::Blanks blanks = testing::Blanks::kVaried) {
  std::mt19937_64 rng(seed);
  return testing::random_instances_text(rng, omaha_lines(players, hole), count, Notation::kHoldem, blanks);
}

std::vector<std::string> omaha_args(int players, int hole, bool hilo) {
  std::vector<std::string> args{"omaha", std::to_string(players), "--hole", std::to_string(hole)};
  if (hilo) args.push_back("--hilo");
  return args;
}

TEST(Omaha, AnswersMatchTheBruteForceThroughEveryInputPath) {
  for (const bool hilo : {false, true}) {
    for (const auto& [players, hole] : std::vector<std::pair<int, int>>{{2, 4}, {3, 5}, {7, 6}}) {
      SCOPED_TRACE(std::to_string(players) + " players, " + std::to_string(hole) + " hole cards");
      const std::string input = random_omaha(players, hole, 60, 11u * hole + hilo);
      expect_judged(omaha_args(players, hole, hilo), input, ok(reference_answers(input, players, hilo)));
    }
  }
}

TEST(Omaha, ExampleFile) {
  const std::string input = read_whole_file(kSourceDir + "/examples/omaha.txt");
  const RunResult result = run_poker({"omaha", "2", "examples/omaha.txt"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, read_whole_file(kSourceDir + "/examples/omaha.expected"));
  EXPECT_EQ(result.out, reference_answers(input, 2, false));
  const RunResult hilo = run_poker({"omaha", "--hilo", "2", "examples/omaha.txt"});
  EXPECT_EQ(hilo.out, reference_answers(input, 2, true));
}

TEST(Omaha, ExplainWritesEachHandThenTheAnswer) {
  const std::string input = "Ac 2d 9h 9s\nKd Kh 6c 7d\n3c 4d 5h Kc Qs\n";
  EXPECT_EQ(run_poker({"omaha", "-e"}, input).out,
            "Player 1: Straight [5h 4d 3c 2d Ac]\nPlayer 2: Straight [7d 6c 5h 4d 3c]\nPlayer 2\n");
  const RunResult hilo =
      run_poker({"omaha", "--hilo", "--explain"}, input + "Ah Ad Kh Kd\n9c 7c Qh 5s\n2c 7d 9h Js Tc\n");
  EXPECT_EQ(hilo.exit_status, 0) << hilo.err;
  EXPECT_EQ(hilo.out,
            "Player 1: Straight [5h 4d 3c 2d Ac] / Low [5h 4d 3c 2d Ac]\n"
            "Player 2: Straight [7d 6c 5h 4d 3c] / Low [7d 6c 5h 4d 3c]\n"
            "Player 2 / Player 1\n"
            "Player 1: Pair [Ah Ad Js Tc 9h] / No low\n"
            "Player 2: Two pair [9h 9c 7d 7c Js] / No low\n"
            "Player 2 / No low\n");
}

TEST(Omaha, OneThreadAndTwoGiveTheSameBytes) {
  for (const bool hilo : {false, true}) {
    const std::string path = write_temp_file("omaha", random_omaha(3, 4, 20000, 5 + hilo, testing::Blanks::kCanonical));
    std::vector<std::string> args = omaha_args(3, 4, hilo);
    args.push_back(path);
    const RunResult one = run_poker(concat(args, {"-j", "1"}));
    const RunResult two = run_poker(concat({"-j", "2", "--chunk-size", "1K"}, args));
    EXPECT_EQ(one.exit_status, 0) << one.err;
    EXPECT_EQ(two.exit_status, 0) << two.err;
    EXPECT_EQ(one.out.size(), two.out.size());
    EXPECT_TRUE(one.out == two.out) << first_difference(one.out, two.out);
  }
}

TEST(Omaha, InvalidInputIsStatusOneWithTheAnswersBefore) {
  const std::string instance = "Ah Kh Qh Jh\n2c 3c 4c 5c\n9d 9s 8d 7s 6d\n";
  const RunResult duplicate = run_poker({"omaha"}, instance + "Ah Kh Qh Jh\n2c 3c 4c Ah\n9d 9s 8d 7s 6d\n");
  EXPECT_EQ(duplicate.exit_status, 1);
  EXPECT_EQ(duplicate.out, "Player 2\n");
  EXPECT_EQ(duplicate.err, "poker: <stdin>:5:10: duplicate card 'Ah': already at line 4, column 1 (instance 2)\n");
  const RunResult short_line = run_poker({"omaha", "--hole", "5"}, instance);
  EXPECT_EQ(short_line.exit_status, 1);
  EXPECT_EQ(short_line.err,
            "poker: <stdin>:1:12: expected 5 cards for player 1, found 4 before the end of the line (instance 1); "
            "hint: the input seems to hold 4 hole cards a player: try 'poker omaha 2' on the same input\n");
  EXPECT_EQ(run_poker({"omaha", "no-such-file.txt"}).exit_status, 3);
}

TEST(Omaha, HintsNameTheOtherGame) {
  const std::string omaha = write_temp_file("omaha", "Ah Kh Qh Jh\n2c 3c 4c 5c\n9d 9s 8d 7s 6d\n");
  const RunResult holdem = run_poker({omaha});
  EXPECT_EQ(holdem.exit_status, 1);
  EXPECT_TRUE(
      holdem.err.ends_with("; hint: this looks like an Omaha input of 2 players with 4 hole cards a player: "
                           "try 'poker omaha 2 " +
                           omaha + "'\n"))
      << holdem.err;
  const RunResult judged_as_omaha = run_poker({"omaha", "examples/sample.txt"});
  EXPECT_EQ(judged_as_omaha.exit_status, 1);
  EXPECT_TRUE(judged_as_omaha.err.ends_with(
      "; hint: this looks like a hold'em input of 2 players: try 'poker 2 examples/sample.txt'\n"))
      << judged_as_omaha.err;
  const RunResult three = run_poker({"omaha", "3"}, "Ah Kh Qh Jh\n2c 3c 4c 5c\n9d 9s 8d 7s 6d\n");
  EXPECT_TRUE(
      three.err.ends_with("; hint: the input seems to hold 2 players per instance: try 'poker omaha 2' on the "
                          "same input\n"))
      << three.err;
}

TEST(Omaha, PlayersAndHoleCardsOutOfRangeAreUsageErrors) {
  expect_usage_error({"omaha", "12"}, "PLAYERS: expected a whole number from 2 to 11 with 4 hole cards a player",
                     "omaha");
  expect_usage_error({"omaha", "8", "--hole", "6"},
                     "PLAYERS: expected a whole number from 2 to 7 with 6 hole cards a player", "omaha");
  expect_usage_error({"omaha", "1"}, "PLAYERS: expected a whole number from 2 to 11 with 4 hole cards a player",
                     "omaha");
  expect_usage_error({"omaha", "--hole", "3"}, "--hole: expected a whole number from 4 to 6, found '3'", "omaha");
  expect_usage_error({"omaha", "-p", "10", "--hole", "6"},
                     "--players: expected a whole number from 2 to 7 with 6 hole cards a player, found '10'", "omaha");
  expect_usage_error({"omaha", "2", "-p", "3"}, "PLAYERS excludes --players", "omaha");
  // PLAYERS before the name is the hold'em judge's.
  expect_usage_error({"3", "omaha"},
                     "PLAYERS, FILE, --players and --explain belong to the hold'em judge, not to 'poker omaha' (give "
                     "them after 'omaha')");
  // --hilo and --hole are Omaha's.
  EXPECT_EQ(run_poker({"--hilo"}).exit_status, 2);
  EXPECT_EQ(run_poker({"euler", "--hole", "5"}).exit_status, 2);
}

TEST(Omaha, SharedOptionsStandBeforeOrAfterTheName) {
  const std::string input = random_omaha(2, 4, 50, 3);
  const RunResult before = run_poker({"-j", "1", "-q", "omaha", "--hilo"}, input);
  const RunResult after = run_poker({"omaha", "-j", "1", "--hilo", "-q"}, input);
  EXPECT_EQ(before.exit_status, 0);
  EXPECT_EQ(before.out, after.out);
  EXPECT_EQ(before.out, reference_answers(input, 2, true));
  const RunResult verbose = run_poker({"omaha", "-v", "--hole", "5", "3"}, random_omaha(3, 5, 3, 4));
  EXPECT_NE(verbose.err.find("Omaha, 3 players, 5 hole cards"), std::string::npos) << verbose.err;
}

TEST(Omaha, VerifyComparesOmahaAnswers) {
  const std::string input = random_omaha(2, 4, 30, 8);
  const std::string instances = write_temp_file("omaha", input);
  const std::string answers = write_temp_file("answers", reference_answers(input, 2, true));
  const RunResult same = run_poker({"verify", "omaha", "--hilo", instances, "--answers", answers});
  EXPECT_EQ(same.exit_status, 0) << same.err;
  const RunResult differ = run_poker({"verify", "omaha", instances, "--answers", answers});
  EXPECT_EQ(differ.exit_status, 4) << differ.err;
}

}  // namespace
}  // namespace poker::e2e
