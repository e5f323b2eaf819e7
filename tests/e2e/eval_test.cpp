// `poker eval` (the specification, docs/specification.md, section 5):
// arbitrary-size hands compared, as a user runs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

const std::string kLine = "2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d\n";
const std::string kAnswer = "Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [8d 5c 4s 3h 2d]\nHand 2 wins\n";

const std::string kInvalidCardHelp =
    ": expected a rank (2-9, 0 for ten, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or '0d'";

std::string example(const std::string& name) { return read_whole_file(kSourceDir + "/examples/" + name); }

TEST(Eval, Example) {
  const RunResult result = run_poker({"eval", "-i", "examples/eval.txt"});
  EXPECT_EQ(result.out, example("eval.expected"));
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
  expect_judged({"eval"}, example("eval.txt"), ok(example("eval.expected")));
}

TEST(Eval, OptionsBeforeOrAfterTheSubcommand) {
  const std::string expected = example("eval.expected");
  for (const std::vector<std::string>& args : {std::vector<std::string>{"-j", "1", "eval", "-i", "examples/eval.txt"},
                                               {"eval", "-j", "2", "--chunk-size", "1", "-i", "examples/eval.txt"},
                                               {"-i", "examples/eval.txt", "-q", "eval", "-j", "2"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.out, expected);
    EXPECT_EQ(result.exit_status, 0) << result.err;
  }
}

// Many random lines of every size: one thread and two give the same bytes.
TEST(Eval, SameBytesForAnyThreadCountAndChunkSize) {
  std::mt19937_64 random(7);
  std::string input;
  for (int i = 0; i < 3000; ++i) {
    for (int hand = 0; hand < 2; ++hand) {
      std::vector<Card> deck;
      for (int card = 0; card < kCardCount; ++card) deck.push_back(static_cast<Card>(card));
      std::shuffle(deck.begin(), deck.end(), random);
      const int size = 5 + static_cast<int>(random() % 48);
      for (int c = 0; c < size; ++c) input += card_name(deck[static_cast<std::size_t>(c)], Notation::kEval) + " ";
      input += hand == 0 ? "; " : "\n";
    }
  }
  const std::string path = write_temp_file("eval.txt", input);
  const RunResult one = run_poker({"eval", "-j", "1", "-i", path});
  ASSERT_EQ(one.exit_status, 0) << one.err;
  for (const std::vector<std::string>& tuning :
       {std::vector<std::string>{"-j", "2"}, {"-j", "2", "--chunk-size", "100"}}) {
    const RunResult two = run_poker(concat({"eval", "-i", path}, tuning));
    EXPECT_TRUE(two.out == one.out) << first_difference(one.out, two.out);
    const RunResult piped = run_poker(concat({"eval"}, tuning), input);
    EXPECT_TRUE(piped.out == one.out) << first_difference(one.out, piped.out);
  }
}

TEST(Eval, InvalidCard) {
  expect_judged({"eval"}, kLine + "2c 3d 4h 5s Tc ; 2d 3h 4s 5c 8d\n",
                error(kAnswer, 2, 13, "invalid card 'Tc'" + kInvalidCardHelp));
}

TEST(Eval, DuplicateInsideAHand) {
  expect_judged({"eval"}, kLine + "2c 3d 4h 5s 7c ; 2d 3h 4s 3h 8d\n",
                error(kAnswer, 2, 27, "duplicate card '3h': already at line 2, column 21"));
}

TEST(Eval, HandsSharingCardsAreFine) {
  expect_judged({"eval"}, "2c 3d 4h 5s 7c ; 2c 3d 4h 5s 7c\n",
                ok("Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [7c 5s 4h 3d 2c]\nTie\n"));
}

TEST(Eval, TooFewCards) {
  expect_judged({"eval"}, kLine + "2c 3d 4h 5s ; 2d 3h 4s 5c 8d\n",
                error(kAnswer, 2, 13, "expected at least 5 cards for hand 1, found 4 before ';'"));
  expect_judged({"eval"}, kLine + "2c 3d 4h 5s 7c ; 2d 3h\n",
                error(kAnswer, 2, 23, "expected at least 5 cards for hand 2, found 2 before the end of the line"));
}

TEST(Eval, MissingOrRepeatedSeparator) {
  expect_judged({"eval"}, kLine + "2c 3d 4h 5s 7c 2d 3h 4s 5c 8d\n",
                error(kAnswer, 2, 30, "expected ';' then the cards of hand 2, found the end of the line"));
  expect_judged({"eval"}, kLine + "2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d ;\n",
                error(kAnswer, 2, 33, "expected a card or the end of the line for hand 2, found ';'"));
}

TEST(Eval, BlankLineBetweenInstances) {
  expect_judged({"eval"}, kLine + "\n" + kLine,
                error(kAnswer, 2, 1, "expected at least 5 cards for hand 1, found 0 before the end of the line"));
}

TEST(Eval, MissingNewlineAtTheEnd) {
  expect_judged({"eval"}, kLine + kLine.substr(0, kLine.size() - 1),
                error(kAnswer, 2, 32, "missing newline at the end of the input"));
}

TEST(Eval, InstanceLongerThanTheLimit) {
  expect_judged({"eval"}, kLine + "2c" + std::string(1100000, ' ') + "3d 4h 5s 7c ; 2d 3h 4s 5c 8d\n",
                error(kAnswer, 2, 1048577,
                      "instance longer than the limit of 1048576 bytes (the rest of the input was not read)"));
}

TEST(Eval, TrailingBlankLinesAreTheEnd) { expect_judged({"eval"}, kLine + "\n \r\n\t\n", ok(kAnswer)); }

TEST(Eval, HoldemOptionsAreUsageErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"eval", "-e"}, {"-e", "eval"}, {"eval", "3"}, {"eval", "--summary"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args, kLine);
    EXPECT_EQ(result.exit_status, 2) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace poker::e2e
