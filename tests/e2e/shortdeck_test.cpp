// `poker shortdeck` (the specification, docs/specification.md, section 7) as
// a user runs it, on instances that `poker generate shortdeck` writes:
// answers from the short-deck rules read plainly (tests/support/
// shortdeck_rules.h, the best of each player's 21 five-card choices), never
// from the engine; -e; the same bytes for any thread count; a card ranked 2
// to 5, its message and hint; usage errors. Also `poker generate omaha`
// judged by `poker omaha`, against the same brute force as omaha_test.cpp's
// through the generator's own instances.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/shortdeck_rules.h"

namespace poker::e2e {
namespace {

// The answers to `text`, instances of `players` lines of two cards and a
// board, by the short-deck rules.
std::string rule_answers(const std::string& text, int players) {
  std::string answers;
  for (const std::vector<std::vector<Card>>& hands : instances_of(text, players + 1)) {
    std::vector<Card> cards;
    for (const std::vector<Card>& line : hands) cards.insert(cards.end(), line.begin(), line.end());
    answers += testing::rules_answer(cards.data(), players);
  }
  return answers;
}

std::string generated(const std::vector<std::string>& args) {
  const RunResult result = run_poker(concat({"generate"}, args));
  EXPECT_EQ(result.exit_status, 0) << result.err;
  return result.out;
}

TEST(ShortDeck, GeneratedInstancesAreJudgedByTheRulesThroughEveryInputPath) {
  for (const int players : {2, 3, 15}) {
    SCOPED_TRACE(std::to_string(players) + " players");
    const std::string input = generated(
        {"shortdeck", "-p", std::to_string(players), "-n", "300", "--ties", "0.3", "--seed", std::to_string(players)});
    const std::string expected = rule_answers(input, players);
    ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 300);
    EXPECT_NE(expected.find("Draw\n"), std::string::npos);  // --ties asked for some
    expect_judged({"shortdeck", std::to_string(players)}, input, ok(expected));
  }
}

TEST(ShortDeck, ExampleFileShowsTheRulesThatDifferFromHoldem) {
  const RunResult result = run_poker({"shortdeck", "3", "examples/shortdeck.txt"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, read_whole_file(kSourceDir + "/examples/shortdeck.expected"));
  EXPECT_EQ(result.out, rule_answers(read_whole_file(kSourceDir + "/examples/shortdeck.txt"), 3));
  // Trips over a straight, a flush over a full house, A-6-7-8-9 the lowest
  // straight, a straight on the board shared.
  EXPECT_EQ(result.out, "Player 1\nPlayer 2\nPlayer 2\nDraw\n");
}

TEST(ShortDeck, ExplainNamesShortDecksCategoriesAndTheNineHighWheel) {
  const RunResult result = run_poker({"shortdeck", "-e"}, "6h 6d\nAs Ad\n6s 7d 8h 9c Ks\n");
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out,
            "Player 1: Three of a kind [6s 6h 6d Ks 9c]\n"
            "Player 2: Straight [9c 8h 7d 6s As]\n"
            "Player 1\n");
}

TEST(ShortDeck, OneThreadAndTwoGiveTheSameBytes) {
  const std::string path = write_temp_file("shortdeck", generated({"shortdeck", "-p", "6", "-n", "30000"}));
  const RunResult one = run_poker({"shortdeck", "6", path, "-j", "1"});
  const RunResult two = run_poker({"-j", "2", "--chunk-size", "1K", "shortdeck", "6", path});
  EXPECT_EQ(one.exit_status, 0) << one.err;
  EXPECT_EQ(two.exit_status, 0) << two.err;
  EXPECT_TRUE(one.out == two.out) << first_difference(one.out, two.out);
}

TEST(ShortDeck, ACardRankedTwoToFiveIsAnInvalidCardThatSaysWhy) {
  const std::string valid = "6h 6d\nTc Jc\n6s 7d 8h 9c Ks\n";
  const RunResult result = run_poker({"shortdeck"}, valid + "6h 6d\nTc 5c\n6s 7d 8h 9c Ks\n");
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.out, "Player 1\n");
  EXPECT_TRUE(
      result.err.starts_with("poker: <stdin>:5:4: invalid card '5c': short deck has no 2 to 5 (ranks 6 to "
                             "A) (instance 2)"))
      << result.err;
}

TEST(ShortDeck, PlantedLowCardIsWhereGenerateSaysAndTheAnswersBeforeIt) {
  const std::string input =
      generated({"shortdeck", "-p", "3", "-n", "50", "--error-at", "20", "--error-kind", "low-card"});
  const RunResult result = run_poker({"shortdeck", "3"}, input);
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(std::count(result.out.begin(), result.out.end(), '\n'), 19);
  EXPECT_TRUE(result.err.starts_with("poker: <stdin>:77:")) << result.err;  // instance 20's first line
  EXPECT_NE(result.err.find("short deck has no 2 to 5"), std::string::npos) << result.err;
}

TEST(ShortDeck, VerifyComparesShortDeckAnswers) {
  const std::string input = generated({"shortdeck", "-p", "4", "-n", "40", "--seed", "9"});
  const std::string instances = write_temp_file("shortdeck", input);
  std::string expected = rule_answers(input, 4);
  const RunResult same =
      run_poker({"verify", "shortdeck", "4", instances, "--answers", write_temp_file("answers", expected)});
  EXPECT_EQ(same.exit_status, 0) << same.err << same.out;
  // A wrong answer at instance 10 is named with the instance's input lines.
  const std::size_t tenth = [&] {
    std::size_t at = 0;
    for (int line = 0; line < 9; ++line) at = expected.find('\n', at) + 1;
    return at;
  }();
  expected.replace(tenth, expected.find('\n', tenth) - tenth, "Player 9");
  const RunResult differ =
      run_poker({"verify", "shortdeck", "4", instances, "--answers", write_temp_file("answers", expected)});
  EXPECT_EQ(differ.exit_status, 4);
  EXPECT_TRUE(differ.out.starts_with("MISMATCH at instance 10 (input line 46, answer line 10)")) << differ.out;
}

TEST(ShortDeck, PlayersOutOfRangeAreUsageErrors) {
  expect_usage_error({"shortdeck", "16"}, "PLAYERS: expected a whole number from 2 to 15", "shortdeck");
  expect_usage_error({"shortdeck", "1"}, "PLAYERS: expected a whole number from 2 to 15", "shortdeck");
  expect_usage_error({"shortdeck", "--hole", "4"});
}

TEST(Omaha, GeneratedInstancesAreJudgedAsTheirHighTiesAsk) {
  for (const std::string hole : {"4", "5", "6"}) {
    const std::string input = generated({"omaha", "-p", "3", "--hole", hole, "-n", "400", "--ties", "0.5"});
    const RunResult result = run_poker({"omaha", "3", "--hole", hole}, input);
    EXPECT_EQ(result.exit_status, 0) << result.err;
    std::istringstream answers(result.out);
    int lines = 0;
    int draws = 0;
    for (std::string line; std::getline(answers, line); ++lines) draws += line == "Draw" ? 1 : 0;
    EXPECT_EQ(lines, 400);
    EXPECT_GT(draws, 150) << hole;  // half asked: binomial(400, 0.5) is 200 +- 10
    EXPECT_LT(draws, 250) << hole;
  }
}

}  // namespace
}  // namespace poker::e2e
