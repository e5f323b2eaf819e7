// `poker draw` (the specification, docs/specification.md, section 5): the
// card-exchange puzzle as a user runs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

// The puzzle's sample deck (the specification, section 5).
const std::string kSampleFile = kSourceDir + "/examples/draw.txt";
const std::string kSampleAnswer = "0 1 2 4 3 3 7 11\n";

std::string example(const std::string& name) { return read_whole_file(kSourceDir + "/examples/" + name); }

// The 52 cards in suit order R S H K, values 1..13, one "S V" line each.
std::vector<std::string> ordered_lines() {
  std::vector<std::string> lines;
  for (const char suit : std::string("RSHK")) {
    for (int value = 1; value <= 13; ++value)
      lines.push_back(std::string(1, suit) + " " + std::to_string(value) + "\n");
  }
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line;
  return out;
}

// The ordered deck with line `line` (1-based) replaced.
std::string with_line(int line, const std::string& replacement) {
  std::vector<std::string> lines = ordered_lines();
  lines[static_cast<std::size_t>(line - 1)] = replacement;
  return joined(lines);
}

TEST(Draw, SampleDeck) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"draw", "-i", kSampleFile},
                                               {"-j", "1", "draw", "-i", kSampleFile},
                                               {"draw", "-j", "2", "--chunk-size", "1", "-i", kSampleFile}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.out, kSampleAnswer);
    EXPECT_EQ(result.err, "");
    EXPECT_EQ(result.exit_status, 0);
  }
  EXPECT_EQ(example("draw.expected"), kSampleAnswer);
  expect_judged({"draw"}, example("draw.txt"), ok(kSampleAnswer));
}

TEST(Draw, SameBytesForAnyThreadCountAndChunkSize) {
  std::mt19937_64 random(11);
  std::string input;
  for (int i = 0; i < 40; ++i) {
    std::vector<std::string> lines = ordered_lines();
    std::shuffle(lines.begin(), lines.end(), random);
    if (i % 5 == 0) lines[3] = " \t" + lines[3].substr(0, lines[3].size() - 1) + " \r\n";
    input += joined(lines);
  }
  const std::string path = write_temp_file("draw.txt", input);
  const RunResult one = run_poker({"draw", "-j", "1", "-i", path});
  ASSERT_EQ(one.exit_status, 0) << one.err;
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 40);
  for (const std::vector<std::string>& tuning :
       {std::vector<std::string>{"-j", "2"}, {"-j", "2", "--chunk-size", "1"}}) {
    const RunResult two = run_poker(concat({"draw", "-i", path}, tuning));
    EXPECT_TRUE(two.out == one.out) << first_difference(one.out, two.out);
    const RunResult piped = run_poker(concat(tuning, {"draw"}), input);
    EXPECT_TRUE(piped.out == one.out) << first_difference(one.out, piped.out);
  }
}

TEST(Draw, InvalidSuit) {
  expect_judged({"draw"}, with_line(2, "X 2\n"),
                error("", 2, 1, "invalid suit 'X' for card 2 of the starting hand: expected R, S, H or K"));
}

TEST(Draw, InvalidValue) {
  expect_judged({"draw"}, with_line(14, "S 14\n"),
                error("", 14, 3, "invalid value '14' for card 9 of the deck: expected a number from 1 to 13"));
}

TEST(Draw, DuplicateNamesTheFirstCopy) {
  expect_judged({"draw"}, with_line(30, "\tS 1\n"),
                error("", 30, 2, "duplicate card 'S 1': already at line 14, column 1"));
}

TEST(Draw, MissingValueAndExtraToken) {
  expect_judged({"draw"}, with_line(5, "R\n"),
                error("", 5, 2, "expected a value (1-13) for card 5 of the starting hand, found the end of the line"));
  expect_judged({"draw"}, with_line(6, "R 6 R\n"),
                error("", 6, 5, "expected the end of the line after card 1 of the deck, found 'R'"));
}

TEST(Draw, BlankLineInsideAnInstance) {
  expect_judged(
      {"draw"}, with_line(6, "\n"),
      error("", 6, 1,
            "expected a suit (R, S, H, K) then a value (1-13) for card 1 of the deck, found the end of the line"));
}

TEST(Draw, IncompleteInstance) {
  const std::vector<std::string> lines = ordered_lines();
  expect_judged(
      {"draw"}, joined(std::vector<std::string>(lines.begin(), lines.begin() + 51)),
      error("", 52, 1, "incomplete instance: expected the line of card 47 of the deck, found the end of the input"));
}

TEST(Draw, InstanceLongerThanTheLimit) {
  expect_judged(
      {"draw"}, with_line(2, "S" + std::string(1100000, '\t') + "2\n"),
      error("", 2, 1048573, "instance longer than the limit of 1048576 bytes (the rest of the input was not read)"));
}

TEST(Draw, HoldemOptionsAreUsageErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"draw", "-e"}, {"draw", "3"}, {"draw", "--summary"}, {"draw", "euler"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args, joined(ordered_lines()));
    EXPECT_EQ(result.exit_status, 2) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace poker::e2e
