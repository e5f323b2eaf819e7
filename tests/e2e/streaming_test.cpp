// The specification (docs/specification.md), section 4, streaming: from a pipe,
// each answer is written as soon as the instance's last line has arrived; and
// section 3: a broken pipe on stdout ends the program quietly. Every wait has a
// deadline: a program that holds an answer back fails the test instead of
// hanging it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using testing::Milliseconds;
using testing::SpawnOptions;
using testing::Subprocess;

constexpr Milliseconds kAnswerTimeout{5000};
constexpr Milliseconds kExitTimeout{20000};

Subprocess start_poker(const std::vector<std::string>& args) {
  SpawnOptions options;
  options.args = args;
  options.working_directory = kSourceDir;
  return Subprocess(kBinary, options);
}

// Writes `count` instances one at a time, each only after the previous
// answer (lines_per_answer lines) has arrived.
void stream_instances(const std::vector<std::string>& args, int players, int count, bool explain) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(players * 1000 + count));
  const std::vector<Instance> instances = random_instances(players, static_cast<std::size_t>(count), rng);
  Subprocess poker = start_poker(args);
  for (int i = 0; i < count; ++i) {
    SCOPED_TRACE("instance " + std::to_string(i + 1));
    const Instance& instance = instances[static_cast<std::size_t>(i)];
    ASSERT_TRUE(poker.write_stdin(render(instance, Blanks::kVaried, rng), kAnswerTimeout));
    const std::string expected = explain ? reference_explain(instance) : reference_answer(instance);
    std::string got;
    while (got.size() < expected.size()) {
      const std::optional<std::string> line = poker.read_stdout_line(kAnswerTimeout);
      ASSERT_TRUE(line.has_value()) << "no answer within " << kAnswerTimeout.count() << " ms; so far: " << got;
      got += *line;
    }
    EXPECT_EQ(got, expected);
  }
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
}

TEST(Streaming, EachAnswerArrivesBeforeTheNextInstanceSingleThread) { stream_instances({"-j", "1"}, 2, 20, false); }

TEST(Streaming, EachAnswerArrivesBeforeTheNextInstanceTwoThreads) { stream_instances({"-j", "2"}, 2, 20, false); }

TEST(Streaming, EachAnswerArrivesWithDefaultOptions) { stream_instances({}, 2, 20, false); }

TEST(Streaming, EachAnswerArrivesWithThreePlayersAndLargeChunks) {
  stream_instances({"3", "-j", "2", "--chunk-size", "16M"}, 3, 20, false);
}

TEST(Streaming, ExplainLinesArriveWithTheirAnswer) { stream_instances({"4", "-e", "-j", "2"}, 4, 10, true); }

// A coprocess that writes one instance and waits for its answer gets it at
// every chunk size: a chunk framed from the instance's last bytes is never
// held back until more input comes, whatever the threads are doing.
void stream_at_every_chunk_size(const std::string& threads) {
  for (int chunk_size = 1; chunk_size <= 64; ++chunk_size) {
    SCOPED_TRACE("--chunk-size " + std::to_string(chunk_size));
    stream_instances({"-j", threads, "--chunk-size", std::to_string(chunk_size)}, 2, 4, false);
  }
}

TEST(Streaming, EachAnswerArrivesAtEveryChunkSizeSingleThread) { stream_at_every_chunk_size("1"); }

TEST(Streaming, EachAnswerArrivesAtEveryChunkSizeTwoThreads) { stream_at_every_chunk_size("2"); }

TEST(Streaming, EachAnswerArrivesAtEveryChunkSizeSixtyFourThreads) { stream_at_every_chunk_size("64"); }

// `instances` written one at a time, each after the previous one's answer,
// which must be what a run over that instance alone prints.
void stream_each(const std::vector<std::string>& args, const std::vector<std::string>& instances) {
  Subprocess poker = start_poker(args);
  for (std::size_t i = 0; i < instances.size(); ++i) {
    SCOPED_TRACE("instance " + std::to_string(i + 1));
    const RunResult alone = run_poker(args, instances[i]);
    ASSERT_EQ(alone.exit_status, 0) << alone.err;
    ASSERT_TRUE(poker.write_stdin(instances[i], kAnswerTimeout));
    std::string got;
    while (got.size() < alone.out.size()) {
      const std::optional<std::string> line = poker.read_stdout_line(kAnswerTimeout);
      ASSERT_TRUE(line.has_value()) << "no answer within " << kAnswerTimeout.count() << " ms; so far: " << got;
      got += *line;
    }
    EXPECT_EQ(got, alone.out);
  }
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
}

// The example file's instances, `lines` lines each.
std::vector<std::string> example_instances(const std::string& name, std::size_t lines) {
  const std::string text = read_whole_file(kSourceDir + "/examples/" + name);
  std::vector<std::string> instances;
  std::size_t start = 0;
  std::size_t end = 0;
  for (std::size_t line = 1; (end = text.find('\n', end)) != std::string::npos; ++line) {
    ++end;
    if (line % lines == 0) {
      instances.push_back(text.substr(start, end - start));
      start = end;
    }
  }
  return instances;
}

TEST(Streaming, EveryFormatAnswersEachInstanceAtSmallChunkSizes) {
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> formats = {
      {{"euler"}, example_instances("euler.txt", 1)},
      {{"eval"}, example_instances("eval.txt", 1)},
      {{"draw"}, example_instances("draw.txt", 52)},
      {{"equity"}, example_instances("equity.txt", 1)},
      {{"3", "-e"}, example_instances("three_players.txt", 4)},
      {{"omaha", "--hilo", "-e"}, example_instances("omaha.txt", 3)},
  };
  for (const auto& [format, instances] : formats) {
    ASSERT_FALSE(instances.empty());
    for (const char* chunk_size : {"1", "3", "7"}) {
      for (const char* threads : {"2", "64"}) {
        const std::vector<std::string> args = concat(format, {"-j", threads, "--chunk-size", chunk_size});
        SCOPED_TRACE(::testing::PrintToString(args));
        stream_each(args, instances);
      }
    }
  }
  SCOPED_TRACE("8 players, explained");
  stream_instances({"8", "-e", "-j", "2", "--chunk-size", "3"}, 8, 6, true);
}

TEST(Streaming, AnswerWaitsForTheLastNewline) {
  Subprocess poker = start_poker({"-j", "2"});
  ASSERT_TRUE(poker.write_stdin("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nKs Qd\n8c 8h\n2s 8d Ad 4c Jh", kAnswerTimeout));
  const std::optional<std::string> first = poker.read_stdout_line(kAnswerTimeout);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(*first, "Player 1\n");
  // Without its newline the second instance may still turn out invalid
  // (the specification, section 3: a missing final newline is an error), so
  // nothing of it is printed.
  EXPECT_FALSE(poker.read_stdout_line(Milliseconds(300)).has_value());
  ASSERT_TRUE(poker.write_stdin("\n", kAnswerTimeout));
  const std::optional<std::string> second = poker.read_stdout_line(kAnswerTimeout);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(*second, "Player 2\n");
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.err, "");
}

TEST(Streaming, InstanceWrittenInPiecesIsAnsweredWhenComplete) {
  Subprocess poker = start_poker({"-j", "2"});
  for (const char* piece : {"Ah ", "Kh\n2c", " 3d\n", "Qh Jh Th", " 5c 6d", "\n"}) {
    ASSERT_TRUE(poker.write_stdin(piece, kAnswerTimeout));
  }
  const std::optional<std::string> answer = poker.read_stdout_line(kAnswerTimeout);
  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(*answer, "Player 1\n");
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_EQ(result.exit_status, 0) << result.err;
}

TEST(Streaming, ErrorAfterStreamedAnswers) {
  Subprocess poker = start_poker({"-j", "2"});
  ASSERT_TRUE(poker.write_stdin("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n", kAnswerTimeout));
  const std::optional<std::string> answer = poker.read_stdout_line(kAnswerTimeout);
  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(*answer, "Player 1\n");
  poker.write_stdin("Ah Kh\n2c 3d\nQh Jh Th 5c 5c\n", kAnswerTimeout);
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(without_instance_and_hint(result.err),
            error_line("<stdin>", 6, 13, "duplicate card '5c': already at line 6, column 10"));
}

TEST(Streaming, TrailingBlankLinesWhileStdinStaysOpen) {
  // Blank lines after an answered instance: no error while more may come,
  // and none when the input then ends.
  Subprocess poker = start_poker({"-j", "2"});
  ASSERT_TRUE(poker.write_stdin("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n\n\n\n\n", kAnswerTimeout));
  const std::optional<std::string> answer = poker.read_stdout_line(kAnswerTimeout);
  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(*answer, "Player 1\n");
  // That no error comes while stdin stays open is an absence, shown only by
  // waiting: 100 ms gives the program time to take the blank lines as an
  // error if it wrongly would (the result below then says so); a longer wait
  // would prove no more, on a loaded machine, than the suite can afford.
  ::usleep(100 * 1000);
  ASSERT_TRUE(poker.write_stdin("\n \n", kAnswerTimeout));
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
}

// ---- Broken pipe -----------------------------------------------------------------

// A large input whose answers far exceed a pipe's buffer.
const std::string& large_input_path() {
  static const std::string path = [] {
    std::mt19937_64 rng(99);
    const Dataset data = make_dataset(2, random_instances(2, 60000, rng), Blanks::kCanonical, rng);
    return write_temp_file("large.txt", data.input);
  }();
  return path;
}

void expect_quiet_end_on_broken_pipe(const std::vector<std::string>& args) {
  SCOPED_TRACE(::testing::PrintToString(args));
  SpawnOptions options;
  options.args = args;
  options.working_directory = kSourceDir;
  Subprocess poker(kBinary, options);
  const std::optional<std::string> line = poker.read_stdout_line(kAnswerTimeout);
  ASSERT_TRUE(line.has_value());
  poker.close_stdout();
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_FALSE(result.timed_out) << "the program did not end after its reader went away";
  EXPECT_EQ(result.signal, 0) << "killed by signal " << result.signal;
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_EQ(result.err, "");
}

TEST(BrokenPipe, EndsQuietlyReadingAFile) {
  expect_quiet_end_on_broken_pipe({"-i", large_input_path()});
  expect_quiet_end_on_broken_pipe({"-j", "1", "-i", large_input_path()});
  expect_quiet_end_on_broken_pipe({"-j", "8", "--chunk-size", "100", "-i", large_input_path()});
  expect_quiet_end_on_broken_pipe({"-e", "-i", large_input_path()});
}

TEST(BrokenPipe, EndsQuietlyReadingStdin) {
  SpawnOptions options;
  options.args = {"-j", "2"};
  options.working_directory = kSourceDir;
  options.stdin_file = large_input_path();
  Subprocess poker(kBinary, options);
  ASSERT_TRUE(poker.read_stdout_line(kAnswerTimeout).has_value());
  poker.close_stdout();
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_EQ(result.err, "");
}

TEST(BrokenPipe, EndsPromptlyWhileInputStillStreams) {
  // stdin is a pipe we keep feeding: the program must notice its reader has
  // gone on its next write, not wait for the input to end.
  Subprocess poker = start_poker({"-j", "2"});
  std::string block;
  for (int i = 0; i < 2000; ++i) block += "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n";
  ASSERT_TRUE(poker.write_stdin(block, kAnswerTimeout));
  ASSERT_TRUE(poker.read_stdout_line(kAnswerTimeout).has_value());
  poker.close_stdout();
  // Keep writing until the program goes away (the write then fails).
  const auto deadline = std::chrono::steady_clock::now() + kAnswerTimeout;
  while (std::chrono::steady_clock::now() < deadline && !poker.stdin_broken()) {
    poker.write_stdin(block, Milliseconds(200));
  }
  EXPECT_TRUE(poker.stdin_broken()) << "the program still reads its input after its reader went away";
  const RunResult result = poker.wait(kExitTimeout);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_EQ(result.err, "");
}

}  // namespace
}  // namespace poker::e2e
