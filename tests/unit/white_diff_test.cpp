// run_verify() with VerifyOptions::ignore_space_change and
// ignore_trailing_blank_lines against CMS's white-diff, written here again
// the slow, plain way from its documented rule: the verdicts must agree on
// right answers mutated every way a contestant's output differs.
#include <tbb/task_arena.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/io/text_cursor.h"
#include "poker/verify.h"
#include "support/fake_io.h"

namespace poker {
namespace {

using poker::testing::fake_stream;

constexpr std::string_view kWhite = " \t\n\v\f\r";

// A line as white-diff compares it: its whitespace-separated tokens, joined
// by one space.
std::string canonical(std::string_view line) {
  std::string out;
  std::string token;
  for (const char c : line) {
    if (kWhite.find(c) != std::string_view::npos) {
      if (!token.empty()) out += (out.empty() ? "" : " ") + token;
      token.clear();
    } else {
      token += c;
    }
  }
  if (!token.empty()) out += (out.empty() ? "" : " ") + token;
  return out;
}

// The lines of `text` as readline() gives them: each with its '\n', the
// last without one if the text does not end with it.
std::vector<std::string> readlines(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    lines.emplace_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return lines;
}

// CMS's white-diff: line i against line i, each canonical; when one side
// has run out, the other's lines must hold only whitespace.
bool white_diff(std::string_view output, std::string_view expected) {
  const std::vector<std::string> out = readlines(output), res = readlines(expected);
  for (std::size_t i = 0; i < std::max(out.size(), res.size()); ++i) {
    const std::string a = i < out.size() ? out[i] : "", b = i < res.size() ? res[i] : "";
    if (canonical(a) != canonical(b)) return false;
  }
  return true;
}

const std::string kKinds[] = {"Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n", "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n",
                              "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n"};
const std::string kAnswers[] = {"Player 1", "Player 2", "Draw"};

struct Random {
  std::uint32_t state;
  std::uint32_t below(std::uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  }
};

VerifyOptions white_diff_options(bool all) {
  VerifyOptions options;
  options.all = all;
  options.ignore_space_change = true;
  options.ignore_trailing_blank_lines = true;
  return options;
}

VerifyOutcome verify(const std::string& instances, const std::string& candidate, const VerifyOptions& options,
                     std::size_t chunk_size, std::size_t read_step, bool eval = false) {
  const auto holdem = eval ? make_eval_format() : make_holdem_format(HoldemOptions{2, false});
  auto input = fake_stream(instances, 7, 4 * chunk_size);
  auto answers = fake_stream(candidate, read_step, 2 * read_step + 3);
  PipelineOptions pipeline_options;
  pipeline_options.chunk_size = chunk_size;
  VerifyOutcome outcome;
  tbb::task_arena arena(2);
  arena.execute([&] { outcome = run_verify(*holdem, *input, *answers, pipeline_options, options); });
  return outcome;
}

// One random change of the kind a contestant's output has.
void mutate(std::string& text, Random& random) {
  static const std::string kBytes[] = {
      " ", "\t", "\v", "\f", "\r", "\n", "\r\n", "  ", "1", "2", "D", "x", "P", "player", std::string(1, '\0'), "\xff"};
  const auto at = [&] { return text.empty() ? 0 : random.below(static_cast<std::uint32_t>(text.size() + 1)); };
  const std::vector<std::string> lines = readlines(text);
  switch (random.below(11)) {
    case 0:  // a whitespace byte, a newline or a token byte somewhere
    case 1: text.insert(at(), kBytes[random.below(std::size(kBytes))]); break;
    case 2:  // a byte gone
      if (!text.empty()) text.erase(random.below(static_cast<std::uint32_t>(text.size())), 1);
      break;
    case 3:  // a byte replaced
      if (!text.empty()) text[random.below(static_cast<std::uint32_t>(text.size()))] = kBytes[random.below(6)][0];
      break;
    case 4: {  // CRLF line ends
      std::string crlf;
      for (const char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
      text = crlf;
      break;
    }
    case 5:  // blank lines after the answers
      text += std::string(random.below(3), ' ') + "\n" + (random.below(2) ? "\t\r\n" : "") + "\v";
      break;
    case 6:  // no final newline
      if (!text.empty() && text.back() == '\n') text.pop_back();
      break;
    case 7:  // two lines swapped
      if (lines.size() >= 2) {
        std::vector<std::string> swapped = lines;
        std::swap(swapped[random.below(static_cast<std::uint32_t>(lines.size()))],
                  swapped[random.below(static_cast<std::uint32_t>(lines.size()))]);
        text.clear();
        for (const std::string& line : swapped) text += line;
      }
      break;
    case 8:  // a line doubled or dropped
      if (!lines.empty()) {
        const std::uint32_t k = random.below(static_cast<std::uint32_t>(lines.size()));
        const bool doubled = random.below(2) == 0;
        text.clear();
        for (std::size_t i = 0; i < lines.size(); ++i) {
          if (i != k || doubled) text += lines[i];
          if (i == k && doubled) text += lines[i];
        }
      }
      break;
    case 9:  // spaces inside a line, and at its ends
      text.insert(at(), std::string(1 + random.below(3), random.below(2) ? ' ' : '\t'));
      break;
    default:  // all on one line, or an empty line first
      if (random.below(2) == 0) {
        for (char& c : text) c = c == '\n' ? ' ' : c;
      } else {
        text.insert(0, random.below(2) ? "\n" : " \n");
      }
  }
}

TEST(WhiteDiff, VerdictEqualsCmsWhiteDiffOnMutatedAnswers) {
  Random random{44};
  int passed = 0, failed = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    std::string instances, expected;
    for (std::uint32_t n = 1 + random.below(9); n > 0; --n) {
      const std::uint32_t kind = random.below(3);
      instances += kKinds[kind];
      expected += kAnswers[kind] + "\n";
    }
    std::string candidate = expected;
    for (std::uint32_t m = random.below(4); m > 0; --m) mutate(candidate, random);
    const bool reference = white_diff(candidate, expected);
    const std::size_t chunk = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 40 : 1 << 16;
    const std::size_t step = 1 + random.below(8);
    for (const bool all : {false, true}) {
      const VerifyOutcome outcome = verify(instances, candidate, white_diff_options(all), chunk, step);
      ASSERT_EQ(outcome.run.status, RunOutcome::Status::kOk);
      ASSERT_EQ(outcome.report.candidate_error, 0);
      ASSERT_EQ(outcome.report.passed(), reference)
          << "candidate \"" << candidate << "\", expected \"" << expected << "\", --all " << all << ", chunk " << chunk;
    }
    (reference ? passed : failed) += 1;
  }
  // Both verdicts are well represented, or the test says little.
  EXPECT_GT(passed, 300);
  EXPECT_GT(failed, 300);
}

// eval's instances: one line in, three out (two hands named, the verdict).
const std::string kEvalInstances[] = {"Ah Kh Qh 9h 2h As Ks Qs Js 3s ; Ad Ac Kd Kc Qd Jc 0s\n",
                                      "Ah 2c 3d 4s 5h 9c 9d ; As 2d 3c 4h 5s Kd\n",
                                      "2c 3d 4h 5s 7c ; 2d 3h 4s 5c 8d\n"};
const std::string kEvalAnswers[] = {
    "Hand 1: Flush [As Ks Qs Js 3s]\nHand 2: Straight [Ad Kd Qd Jc 0s]\nHand 1 wins\n",
    "Hand 1: Straight [5h 4s 3d 2c Ah]\nHand 2: Straight [5s 4h 3c 2d As]\nTie\n",
    "Hand 1: High card [7c 5s 4h 3d 2c]\nHand 2: High card [8d 5c 4s 3h 2d]\nHand 2 wins\n"};

TEST(WhiteDiff, VerdictEqualsCmsWhiteDiffOnMutatedEvalAnswers) {
  Random random{2026};
  int passed = 0, failed = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::string instances, expected;
    for (std::uint32_t n = 1 + random.below(5); n > 0; --n) {
      const std::uint32_t kind = random.below(3);
      instances += kEvalInstances[kind];
      expected += kEvalAnswers[kind];
    }
    std::string candidate = expected;
    for (std::uint32_t m = random.below(4); m > 0; --m) mutate(candidate, random);
    const bool reference = white_diff(candidate, expected);
    const std::size_t chunk = trial % 2 == 0 ? 1 : 1 << 16;
    const VerifyOutcome outcome = verify(instances, candidate, white_diff_options(trial % 3 == 0), chunk, 5, true);
    ASSERT_EQ(outcome.run.status, RunOutcome::Status::kOk);
    ASSERT_EQ(outcome.report.passed(), reference) << "candidate \"" << candidate << "\"";
    (reference ? passed : failed) += 1;
  }
  EXPECT_GT(passed, 50);
  EXPECT_GT(failed, 50);
}

TEST(WhiteDiff, BlanksAroundAnswersPastTheKeptHeadStillCompare) {
  const std::string pad(10000, ' ');
  const std::string instances = kKinds[0] + kKinds[2];
  const VerifyOutcome padded =
      verify(instances, pad + "Player\t\t" + pad + "1" + pad + "\r\nDraw\n", white_diff_options(false), 40, 4096);
  EXPECT_TRUE(padded.report.passed());
  const VerifyOutcome wrong =
      verify(instances, pad + "Player" + pad + "2" + pad + "\nDraw\n", white_diff_options(false), 40, 4096);
  EXPECT_FALSE(wrong.report.passed());
}

TEST(WhiteDiff, TrailingBlankLinesAreNotExtraAndTokensAfterThemAre) {
  const std::string instances = kKinds[0] + kKinds[1];
  const std::string right = "Player 1\nPlayer 2";  // no final newline: forgiven
  EXPECT_TRUE(verify(instances, right, white_diff_options(false), 40, 3).report.passed());
  const std::string blank_lines = right + "\n" + std::string(100000, '\n') + " \t\r\n\v\f";
  EXPECT_TRUE(verify(instances, blank_lines, white_diff_options(false), 40, 4096).report.passed());
  const VerifyOutcome extra = verify(instances, right + "\n\n\n \nDraw\n", white_diff_options(true), 40, 5);
  EXPECT_FALSE(extra.report.passed());
  ASSERT_FALSE(extra.report.listed.empty());
  EXPECT_EQ(extra.report.listed.back().kind, Mismatch::Kind::kExtra);
  EXPECT_EQ(extra.report.listed.back().answer_line, 6u);  // the first line after the blank ones
  // Without the option, a blank line after the answers is extra output.
  VerifyOptions space_only = white_diff_options(false);
  space_only.ignore_trailing_blank_lines = false;
  EXPECT_FALSE(verify(instances, right + "\n\n", space_only, 40, 3).report.passed());
  EXPECT_TRUE(verify(instances, "Player  1 \nPlayer\t2\n", space_only, 40, 3).report.passed());
}

TEST(WhiteDiff, BlankLinesBetweenAnswersStillMisalign) {
  const std::string instances = kKinds[0] + kKinds[1];
  EXPECT_FALSE(verify(instances, "Player 1\n\nPlayer 2\n", white_diff_options(false), 40, 3).report.passed());
  EXPECT_FALSE(verify(instances, "Player 1 Player 2\n", white_diff_options(false), 40, 3).report.passed());
  EXPECT_FALSE(verify(instances, "player 1\nPlayer 2\n", white_diff_options(false), 40, 3).report.passed());
}

// strchr() finds the terminating NUL of its set: a NUL at a line's end
// was taken for a blank, and "Player 1\0" passed as "Player 1".
TEST(RunVerify, IgnoreTrailingSpaceKeepsANulAtTheEndOfALine) {
  const std::string instances = kKinds[0] + kKinds[1];
  const std::string nul_ended = std::string("Player 1\0\nPlayer 2\n", 18);
  VerifyOptions trailing;
  trailing.ignore_trailing_space = true;
  EXPECT_FALSE(verify(instances, nul_ended, trailing, 40, 3).report.passed());
  EXPECT_TRUE(verify(instances, "Player 1 \t\r\v\f\nPlayer 2", trailing, 40, 3).report.passed());
  EXPECT_FALSE(verify(instances, nul_ended, white_diff_options(false), 40, 3).report.passed());
}

TEST(TextCursor, SqueezedLineIsItsTokensJoinedByOneSpaceWhateverTheWindows) {
  for (const std::size_t step : {std::size_t{1}, std::size_t{3}, std::size_t{4096}}) {
    auto source = fake_stream(" \tPlayer \v\f 1\r\r\n \t \n" + std::string(5000, ' ') + "ab  c" + "\n", step, 8);
    io::TextCursor cursor(*source);
    io::TextCursor::Line line;
    ASSERT_TRUE(cursor.next_line(line, 100, UINT64_MAX, true));
    EXPECT_EQ(line.head, "Player 1");
    EXPECT_EQ(line.length, 8u);
    EXPECT_TRUE(line.has_newline);
    ASSERT_TRUE(cursor.next_line(line, 100, UINT64_MAX, true));
    EXPECT_EQ(line.head, "");
    EXPECT_EQ(line.length, 0u);
    ASSERT_TRUE(cursor.next_line(line, 3, UINT64_MAX, true));
    EXPECT_EQ(line.head, "ab ");
    EXPECT_EQ(line.length, 4u);
    EXPECT_FALSE(cursor.next_line(line, 3, UINT64_MAX, true));
  }
}

TEST(TextCursor, SkipWhitespaceCountsNewlinesAndStopsAtTheFirstOtherByteOrTheLimit) {
  const std::string blanks = std::string(300, '\n') + " \t\v\f\r" + std::string(200, ' ') + "\n";
  for (const std::size_t step : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
    auto source = fake_stream(blanks + "x\n" + blanks, step, 16);
    io::TextCursor cursor(*source);
    std::uint64_t newlines = 0;
    ASSERT_TRUE(cursor.skip_whitespace(UINT64_MAX, newlines));
    EXPECT_EQ(newlines, 301u);
    EXPECT_EQ(cursor.offset(), blanks.size());
    ASSERT_TRUE(cursor.skip_whitespace(UINT64_MAX, newlines));  // at the 'x': nothing to skip
    EXPECT_EQ(cursor.offset(), blanks.size());
    io::TextCursor::Line line;
    ASSERT_TRUE(cursor.next_line(line, 10));
    EXPECT_EQ(line.head, "x");
    newlines = 0;
    ASSERT_TRUE(cursor.skip_whitespace(100, newlines));
    EXPECT_EQ(newlines, 100u);
    EXPECT_EQ(cursor.offset(), blanks.size() + 2 + 100);
    ASSERT_TRUE(cursor.skip_whitespace(UINT64_MAX, newlines));
    EXPECT_EQ(newlines, 301u);
    EXPECT_TRUE(cursor.at_end());
  }
}

// CMS's white-diff reads a line whole: squeezed, the limit counts what is
// compared, not the blanks read through, whatever the windows.
TEST(TextCursor, SqueezedLineLimitCountsTheSqueezedText) {
  for (const std::size_t step : {std::size_t{1}, std::size_t{4}, std::size_t{4096}}) {
    auto source = fake_stream("  a \t b   c\nabcdefgh\n", step, 8);
    io::TextCursor cursor(*source);
    io::TextCursor::Line line;
    ASSERT_TRUE(cursor.next_line(line, 100, 7, true));
    EXPECT_FALSE(line.too_long);
    EXPECT_EQ(line.length, 5u);
    EXPECT_EQ(line.head, "a b c");
    ASSERT_TRUE(cursor.next_line(line, 100, 7, true));
    EXPECT_TRUE(line.too_long);
    EXPECT_EQ(line.length, 8u);  // limit + 1, as without squeezing
  }
}

}  // namespace
}  // namespace poker
