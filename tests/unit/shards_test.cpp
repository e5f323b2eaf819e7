#include "poker/shards.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/holdem_format.h"
#include "poker/io/framing.h"
#include "poker/io/input.h"
#include "support/fake_io.h"
#include "support/instance_text.h"

namespace poker {
namespace {

using poker::testing::StringSink;

struct Judged {
  std::string answers;
  std::optional<InputError> error;
};

Judged whole(const Format& format, const std::string& input) {
  const auto source = io::make_memory_source(input);
  StringSink sink;
  const RunOutcome outcome = run_pipeline(format, *source, sink, PipelineOptions{});
  return {sink.text, outcome.input_error};
}

// The four steps of poker/shards.h, as poker.dask takes them, on shards of
// `shard_size` bytes: a shard reads past its end to the next owned
// instance's first byte, or at most max_instance_size + 2 bytes (then its
// last instance is too long, as it is in one run).
Judged sharded(const Format& format, const std::string& input, std::size_t shard_size) {
  const std::size_t max_instance_size = PipelineOptions{}.max_instance_size;
  const std::size_t lines = format.lines_per_instance();
  std::vector<std::uint64_t> before{0};  // newlines before each shard's begin
  for (std::size_t begin = 0; begin < input.size(); begin += shard_size) {
    const std::size_t size = std::min(shard_size, input.size() - begin);
    before.push_back(before.back() + io::count_newlines(input.data() + begin, size));
  }
  Judged judged;
  std::optional<InputError> blank_error;
  for (std::size_t shard = 0, begin = 0; begin < input.size(); ++shard, begin += shard_size) {
    const std::size_t end = std::min(begin + shard_size, input.size());
    const std::string_view own(input.data() + begin, end - begin);
    const ShardStart start = find_shard_start(own, before[shard], lines, begin == 0);
    if (!start.found) continue;
    const std::size_t look = std::min(input.size() - end, max_instance_size + 2);
    const ShardStart next =
        find_shard_start(std::string_view(input).substr(end, look), before[shard + 1], lines, false);
    const bool continues = next.found || end + look < input.size();
    const std::size_t stop = next.found ? end + next.offset : end + look;
    StringSink sink;
    const RunOutcome outcome =
        judge_shard(format, std::string_view(input).substr(begin + start.offset, stop - begin - start.offset),
                    start.line, continues, sink, PipelineOptions{});
    if (blank_error) {
      if (outcome.stats.instances != 0 || outcome.input_error) return {judged.answers, blank_error};
      continue;
    }
    judged.answers += sink.text;
    if (outcome.input_error) return {judged.answers, outcome.input_error};
    blank_error = outcome.blank_tail_error;
  }
  return judged;
}

void expect_same(const Judged& got, const Judged& want, std::size_t shard_size) {
  EXPECT_EQ(got.answers, want.answers) << "shard size " << shard_size;
  ASSERT_EQ(got.error.has_value(), want.error.has_value()) << "shard size " << shard_size;
  if (want.error) {
    EXPECT_EQ(got.error->line, want.error->line) << "shard size " << shard_size;
    EXPECT_EQ(got.error->column, want.error->column) << "shard size " << shard_size;
    EXPECT_EQ(got.error->message, want.error->message) << "shard size " << shard_size;
  }
}

TEST(Shards, FindShardStartFollowsTheNewlineThatEndsAnInstance) {
  // 3 lines an instance: newlines 3 and 6 end one.
  const std::string bytes = "a\nb\nc\nd\n";
  EXPECT_EQ(find_shard_start(bytes, 0, 3, true).offset, 0U);
  const ShardStart after_two = find_shard_start(bytes, 2, 3, false);
  ASSERT_TRUE(after_two.found);
  EXPECT_EQ(after_two.offset, 2U);  // the shard's first newline is the input's third
  EXPECT_EQ(after_two.line, 4U);
  EXPECT_FALSE(find_shard_start("no newline", 2, 3, false).found);
}

// Where a valid input is cut, the first whole board line after the cut tells
// the newlines before it modulo the instance's lines, for any players.
TEST(Shards, FindShardPhaseIsTheCountsPhaseInValidHoldem) {
  std::mt19937_64 random(7);
  for (const int players : {2, 3, 8}) {
    const auto format = make_holdem_format(HoldemOptions{players, false});
    const std::size_t lines = format->lines_per_instance();
    ASSERT_EQ(format->closing_line_tokens(), 5U);
    const std::string input = testing::random_instances_text(random, testing::holdem_lines(players), 20,
                                                             Notation::kHoldem, testing::Blanks::kVaried);
    for (std::size_t cut = 0; cut < input.size(); ++cut) {
      const std::string_view rest = std::string_view(input).substr(cut);
      const std::optional<std::size_t> phase = find_shard_phase(rest, lines, 5);
      // Found wherever a whole instance's lines follow the line the cut is in.
      const std::size_t newlines = io::count_newlines(rest.data(), rest.size());
      if (newlines > lines) {
        ASSERT_TRUE(phase.has_value()) << players << " " << cut;
      }
      if (phase) {
        EXPECT_EQ(*phase, io::count_newlines(input.data(), cut) % lines) << players << " " << cut;
      }
    }
  }
}

// One line an instance: always phase 0. No closing line, or none found in the
// bytes: no phase. A player line of five tokens (an error) is taken for a
// board: a wrong guess, which poker.dask's counts catch.
TEST(Shards, FindShardPhaseGuessesFromTheFirstClosingLineOnly) {
  EXPECT_EQ(find_shard_phase("anything\nat all\n", 1, 0), std::optional<std::size_t>(0));
  EXPECT_EQ(find_shard_phase("a\nb\nc\n", 52, 0), std::nullopt);
  EXPECT_EQ(find_shard_phase("As Kc Qh 9d 3s\n2c 3c\n", 3, 5), std::nullopt);  // the first line may be cut
  EXPECT_EQ(find_shard_phase("\n\n \t\n", 3, 5), std::nullopt);
  // Newline 2 ends the board: the newlines before are 1 modulo 3.
  EXPECT_EQ(find_shard_phase("d\n\tAs Kc  Qh 9d 3s \r\n2c 3c\n", 3, 5), std::optional<std::size_t>(1));
  EXPECT_EQ(find_shard_phase("d\nAs Kc Qh 9d 3s 2c\n2c 3c\nAs Kc Qh 9d 3s\n", 3, 5),
            std::optional<std::size_t>(2));  // six tokens: not a board
  EXPECT_EQ(find_shard_phase("3s\n2c 3c 4c 5c 6c\n7c 8c\nAs Kc Qh 9d 3s\n", 3, 5),
            std::optional<std::size_t>(1));  // truly 2, as the board on newline 4 says
}

TEST(Shards, ShardedAnswersAndErrorsAreThoseOfOneRun) {
  std::mt19937_64 random(5);
  const auto format = make_holdem_format(HoldemOptions{3, false});
  const std::string valid = testing::random_instances_text(random, testing::holdem_lines(3), 300, Notation::kHoldem,
                                                           testing::Blanks::kVaried);
  std::vector<std::string> inputs{valid, valid + "\n \n\t\n", valid.substr(0, valid.size() - 1), "", "\n\n"};
  for (int fault = 0; fault < 40; ++fault) {
    std::string input = valid;
    const std::size_t at = random() % input.size();
    switch (fault % 5) {
      case 0: input[at] = 'x'; break;
      case 1: input = input.substr(0, at) + '\n' + input.substr(at); break;
      case 2: input.resize(at); break;
      case 3: {
        const std::size_t line_end = std::min(input.find('\n', at), input.size() - 1) + 1;
        input = input.substr(0, line_end) + "\n \n" + input.substr(line_end);
        break;
      }
      default: input.erase(at, 1); break;
    }
    inputs.push_back(input);
  }
  for (const std::string& input : inputs) {
    const Judged want = whole(*format, input);
    for (const std::size_t shard_size : {1UL, 7UL, 64UL, 1000UL, 4096UL, 1UL << 20}) {
      expect_same(sharded(*format, input, shard_size), want, shard_size);
    }
  }
}

// Valid 2-player hold'em instances with `blanks` more blanks between the
// first two cards of instance `at`'s first line.
std::string with_long_line(std::mt19937_64& random, int instances, int at, std::size_t blanks) {
  std::string text = testing::random_instances_text(random, testing::holdem_lines(2), instances, Notation::kHoldem,
                                                    testing::Blanks::kCanonical);
  std::size_t line_begin = 0;
  for (int line = 0; line < at * 3; ++line) line_begin = text.find('\n', line_begin) + 1;
  text.insert(text.find(' ', line_begin), blanks, ' ');
  return text;
}

// An instance over the 1 MiB limit spans many shards and crosses shard ends;
// its error is one run's, and so are the answers of an instance just under it.
TEST(Shards, AnInstanceOverOneMibAcrossShardEndsIsTheErrorOfOneRun) {
  std::mt19937_64 random(11);
  const auto format = make_holdem_format(HoldemOptions{2, false});
  const std::size_t limit = PipelineOptions{}.max_instance_size;
  const std::vector<std::string> inputs{
      with_long_line(random, 60, 30, limit + 100),  // mid-file
      with_long_line(random, 60, 59, limit + 100),  // the last instance
      with_long_line(random, 60, 30, limit - 200),  // valid, just under the limit
      with_long_line(random, 60, 30, limit * 3),    // longer than a shard's look past its end
  };
  for (std::size_t index = 0; index < inputs.size(); ++index) {
    const Judged want = whole(*format, inputs[index]);
    ASSERT_EQ(want.error.has_value(), index != 2) << index;
    for (const std::size_t shard_size : {4096UL, 65536UL, 1000003UL, 1UL << 20, 2UL << 20}) {
      expect_same(sharded(*format, inputs[index], shard_size), want, shard_size);
    }
  }
}

// A run of blank lines over 1 MiB, mid-file (text after it: an error at its
// first line) or at the end (trailing blanks), over many shards.
TEST(Shards, ARunOfBlankLinesOverOneMibIsTheOutcomeOfOneRun) {
  std::mt19937_64 random(12);
  const auto format = make_holdem_format(HoldemOptions{2, false});
  const std::string valid =
      testing::random_instances_text(random, testing::holdem_lines(2), 60, Notation::kHoldem, testing::Blanks::kVaried);
  std::string blank_lines;
  while (blank_lines.size() <= PipelineOptions{}.max_instance_size + 1000) blank_lines += " \t\n\n";
  const std::vector<std::string> inputs{valid + blank_lines + valid, valid + blank_lines,
                                        valid.substr(0, valid.size() / 2) + blank_lines + valid};
  for (std::size_t index = 0; index < inputs.size(); ++index) {
    const Judged want = whole(*format, inputs[index]);
    ASSERT_EQ(want.error.has_value(), index != 1) << index;
    for (const std::size_t shard_size : {4096UL, 65536UL, 1000003UL, 1UL << 20, 2UL << 20}) {
      expect_same(sharded(*format, inputs[index], shard_size), want, shard_size);
    }
  }
}

}  // namespace
}  // namespace poker
