// `poker euler` (the specification, docs/specification.md, section 5):
// Project Euler 54 as a user runs it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

// Project Euler's own file is not in the repository (its licence, CC BY-NC-SA,
// is not the project's): it is read where CONTRIBUTING.md ("Test data") tells
// a contributor to put it, the file POKER_EULER54_FILE names, else
// tests/data/euler54/poker.txt (ignored by git). A variable that names a file
// that cannot be read is a mistake to report, not a reason to skip: the run
// fails with poker's message naming the file.
const std::string kProblemFileInTree = kSourceDir + "/tests/data/euler54/poker.txt";

std::optional<std::string> problem_file() {
  const char* named = std::getenv("POKER_EULER54_FILE");
  if (named != nullptr && *named != '\0') return std::string(named);
  if (std::ifstream(kProblemFileInTree).good()) return kProblemFileInTree;
  return std::nullopt;
}

const std::string kNoProblemFile =
    "Project Euler 54's poker.txt is not here: save it as tests/data/euler54/poker.txt or name it with "
    "POKER_EULER54_FILE (CONTRIBUTING.md, \"Test data\")";

const std::string kProblemSummary = "Player 1: 376\nPlayer 2: 624\nDraw: 0\n";

const std::string kLine1 = "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n";  // Player 2
const std::string kLine2 = "5D 8C 9S JS AC 2C 5C 7D 8S QH\n";  // Player 1
const std::string kDraw = "2H 3D 4S 5C 7H 2D 3S 4C 5H 7D\n";

const std::string kInvalidCardHelp =
    ": expected a rank (2-9, T, J, Q, K, A) then a suit (H, D, S, C), like 'AH' or 'TD'";

std::string example(const std::string& name) { return read_whole_file(kSourceDir + "/examples/" + name); }

TEST(Euler, ProblemFileSummary) {
  const std::optional<std::string> file = problem_file();
  if (!file) GTEST_SKIP() << kNoProblemFile;
  const std::string& path = *file;
  // Options before and after the subcommand's name mean the same.
  for (const std::vector<std::string>& args : {std::vector<std::string>{"euler", "--summary", "-i", path},
                                               {"-j", "1", "euler", "--summary", "-i", path},
                                               {"euler", "-j", "2", "--summary", "-i", path},
                                               {"-i", path, "-j", "2", "--chunk-size", "100", "euler", "--summary"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.out, kProblemSummary);
    EXPECT_EQ(result.err, "");
    EXPECT_EQ(result.exit_status, 0);
  }
  EXPECT_EQ(run_poker({"euler", "--summary"}, read_whole_file(path)).out, kProblemSummary);
}

TEST(Euler, ProblemFileAnswersAreTheSameBytesForAnyThreadCount) {
  const std::optional<std::string> file = problem_file();
  if (!file) GTEST_SKIP() << kNoProblemFile;
  const std::string& path = *file;
  const RunResult one = run_poker({"euler", "-j", "1", "-i", path});
  const RunResult two = run_poker({"-j", "2", "euler", "--chunk-size", "1K", "-i", path});
  EXPECT_EQ(one.exit_status, 0);
  EXPECT_EQ(two.exit_status, 0);
  EXPECT_EQ(one.out, two.out);
  std::size_t player1 = 0;
  for (std::size_t at = one.out.find("Player 1\n"); at != std::string::npos; at = one.out.find("Player 1\n", at + 1)) {
    ++player1;
  }
  EXPECT_EQ(player1, 376u);
}

TEST(Euler, Example) {
  const RunResult result = run_poker({"euler", "-i", "examples/euler.txt"});
  EXPECT_EQ(result.out, example("euler.expected"));
  EXPECT_EQ(result.exit_status, 0);
  expect_judged({"euler"}, example("euler.txt"), ok(example("euler.expected")));
  expect_judged({"euler", "--summary"}, example("euler.txt"), ok(example("euler.summary.expected")));
}

TEST(Euler, SummaryOfNothingIsThreeZeros) {
  expect_judged({"euler", "--summary"}, "", ok("Player 1: 0\nPlayer 2: 0\nDraw: 0\n"));
  expect_judged({"euler", "--summary"}, "\n  \n", ok("Player 1: 0\nPlayer 2: 0\nDraw: 0\n"));
}

TEST(Euler, BlanksAndCrLf) {
  expect_judged({"euler"}, "\t5H 5C  6S 7S KD 2C 3S 8S 8D TD \r\n" + kLine2 + kDraw + "\n\n",
                ok("Player 2\nPlayer 1\nDraw\n"));
}

TEST(Euler, InvalidCard) {
  expect_judged({"euler"}, kLine1 + "5D 8C 9S JS Ac 2C 5C 7D 8S QH\n",
                error("Player 2\n", 2, 13, "invalid card 'Ac'" + kInvalidCardHelp));
}

TEST(Euler, DuplicateCard) {
  expect_judged({"euler"}, kLine1 + "5D 8C 9S JS AC 2C 5C 7D 8S 9S\n",
                error("Player 2\n", 2, 28, "duplicate card '9S': already at line 2, column 7"));
}

TEST(Euler, TooFewAndTooManyCards) {
  expect_judged(
      {"euler"}, kLine1 + "5D 8C 9S JS AC 2C 5C 7D 8S\n",
      error("Player 2\n", 2, 27, "expected 10 cards for players 1 and 2, found 9 before the end of the line"));
  expect_judged(
      {"euler"}, kLine1 + "5D 8C 9S JS AC 2C 5C 7D 8S QH KH\n",
      error("Player 2\n", 2, 31, "expected the end of the line after 10 cards for players 1 and 2, found 'KH'"));
}

TEST(Euler, BlankLineBetweenInstances) {
  expect_judged({"euler"}, kLine1 + "\n" + kLine2,
                error("Player 2\n", 2, 1, "expected 10 cards for players 1 and 2, found 0 before the end of the line"));
}

TEST(Euler, MissingNewlineAtTheEnd) {
  expect_judged({"euler"}, kLine1 + kLine2.substr(0, kLine2.size() - 1),
                error("Player 2\n", 2, 30, "missing newline at the end of the input"));
}

TEST(Euler, SummaryAfterAnErrorPrintsNothing) {
  expect_judged({"euler", "--summary"}, kLine1 + kLine2 + "5D 8C 9S JS AC 2C 5C 7D 8S QX\n",
                error("", 3, 28, "invalid card 'QX'" + kInvalidCardHelp));
}

TEST(Euler, HoldemOptionsAreUsageErrors) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"euler", "-e"},
                                               {"-e", "euler"},
                                               {"3", "euler"},
                                               {"euler", "3"},
                                               {"-p", "3", "euler"},
                                               {"hold", "euler"},
                                               {"euler", "--bogus"},
                                               {"--summary"},
                                               {"euler", "eval"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args, kLine1);
    EXPECT_EQ(result.exit_status, 2) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err.rfind("poker: ", 0), 0u) << result.err;
  }
}

TEST(Euler, HelpDescribesTheSubcommand) {
  const RunResult result = run_poker({"euler", "--help"});
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_NE(result.out.find("--summary"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--threads"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("--explain"), std::string::npos) << result.out;
  EXPECT_NE(run_poker({"--help"}).out.find("euler"), std::string::npos);
}

}  // namespace
}  // namespace poker::e2e
