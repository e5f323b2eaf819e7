#include "poker/pipeline.h"

#include <sys/mman.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <thread>

#include "open_input_internal.h"
#include "pipeline/work_pool.h"
#include "poker/cards.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "support/fake_io.h"
#include "support/instance_text.h"
#include "support/temp_file.h"

namespace poker {
namespace {

using poker::testing::fake_stream;
using poker::testing::StringSink;

struct RunResult {
  RunOutcome outcome;
  std::string output;
};

RunResult run(const std::string& input, int threads, std::size_t chunk_size, std::size_t read_step, int players = 2,
              int fail_read_at = 0, std::size_t max_instance = 1 << 20) {
  const auto format = make_holdem_format(HoldemOptions{players, false});
  auto source = fake_stream(input, read_step, 4 * chunk_size, fail_read_at);
  StringSink sink;
  PipelineOptions options;
  options.chunk_size = chunk_size;
  options.max_instance_size = max_instance;
  RunResult result;
  tbb::task_arena arena(threads);
  arena.execute([&] { result.outcome = run_pipeline(*format, *source, sink, options); });
  result.output = sink.text;
  return result;
}

// `count` valid instances with random distinct cards and random blanks.
std::string random_instances(int count, int players, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  return testing::random_instances_text(random, testing::holdem_lines(players), count, Notation::kHoldem,
                                        testing::Blanks::kVaried);
}

TEST(Pipeline, SameBytesForEveryThreadCountChunkSizeAndReadSize) {
  const std::string input = random_instances(3000, 3, 1);
  const RunResult serial = run(input, 1, 1 << 24, 1 << 24, 3);
  ASSERT_EQ(serial.outcome.status, RunOutcome::Status::kOk);
  EXPECT_EQ(serial.outcome.stats.instances, 3000u);
  EXPECT_EQ(std::count(serial.output.begin(), serial.output.end(), '\n'), 3000);
  for (int threads : {1, 2, 8}) {
    for (std::size_t chunk : {1u, 50u, 4096u}) {
      for (std::size_t step : {1u, 333u, 1u << 20}) {
        if (step == 1 && chunk > 50) continue;  // slow and adds nothing
        const RunResult parallel = run(input, threads, chunk, step, 3);
        EXPECT_EQ(parallel.outcome.status, RunOutcome::Status::kOk);
        EXPECT_TRUE(parallel.output == serial.output) << threads << " threads, chunk " << chunk << ", step " << step;
      }
    }
  }
}

TEST(Pipeline, FirstErrorStopsAfterExactlyTheAnswersBeforeIt) {
  const std::string good = random_instances(2000, 2, 2);
  const RunResult all = run(good, 1, 1 << 24, 1 << 24);
  // Corrupt the first card of instance 1501 (line 4501).
  std::size_t offset = 0;
  for (int line = 1; line < 4501; ++line) offset = good.find('\n', offset) + 1;
  std::string bad = good;
  const std::size_t card = bad.find_first_not_of(" \t", offset);
  bad[card] = 'X';
  std::string expected_answers;
  std::size_t end = 0;
  for (int i = 0; i < 1500; ++i) end = all.output.find('\n', end) + 1;
  expected_answers = all.output.substr(0, end);
  for (int threads : {1, 2, 8}) {
    for (std::size_t chunk : {1u, 100u, 1u << 20}) {
      const RunResult run_bad = run(bad, threads, chunk, 4096);
      ASSERT_EQ(run_bad.outcome.status, RunOutcome::Status::kInvalidInput);
      EXPECT_EQ(run_bad.outcome.input_error->line, 4501u);
      EXPECT_EQ(run_bad.outcome.input_error->column, card - offset + 1);
      EXPECT_TRUE(run_bad.output == expected_answers) << threads << " threads, chunk " << chunk;
    }
  }
}

TEST(Pipeline, TrailingBlankLinesAcrossManyChunksAreAccepted) {
  const std::string input = random_instances(10, 2, 3) + std::string(1000, '\n') + "  \t ";
  for (std::size_t chunk : {1u, 10u, 1u << 20}) {
    const RunResult result = run(input, 2, chunk, 64);
    EXPECT_EQ(result.outcome.status, RunOutcome::Status::kOk) << chunk;
    EXPECT_EQ(result.outcome.stats.instances, 10u);
  }
}

TEST(Pipeline, BlankLinesAcrossManyChunksThenCardsAreAnError) {
  const std::string input = random_instances(10, 2, 4) + std::string(1000, '\n') + "Ah Kh\n";
  for (std::size_t chunk : {1u, 10u, 1u << 20}) {
    const RunResult result = run(input, 2, chunk, 64);
    ASSERT_EQ(result.outcome.status, RunOutcome::Status::kInvalidInput) << chunk;
    EXPECT_EQ(result.outcome.input_error->line, 31u);  // the first blank line
    EXPECT_EQ(result.outcome.input_error->column, 1u);
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 10);
  }
}

TEST(Pipeline, ReadErrorKeepsTheAnswersAlreadyDue) {
  const std::string input = random_instances(200, 2, 5);
  const RunResult result = run(input, 2, 64, 100, 2, /*fail_read_at=*/30);
  EXPECT_EQ(result.outcome.status, RunOutcome::Status::kReadError);
  EXPECT_EQ(result.outcome.error.error_number, EIO);
  const RunResult all = run(input, 1, 1 << 20, 1 << 20);
  EXPECT_FALSE(result.output.empty());
  EXPECT_EQ(all.output.rfind(result.output, 0), 0u);  // a prefix of the full answers
}

TEST(Pipeline, WriteFailureStopsTheRun) {
  const auto format = make_holdem_format(HoldemOptions{2, false});
  for (const int error : {ENOSPC, EPIPE}) {
    auto source = fake_stream(random_instances(500, 2, 6), 1 << 20, 1 << 20);
    StringSink sink(/*fail_at=*/2, error);
    PipelineOptions options;
    options.chunk_size = 100;
    const RunOutcome outcome = run_pipeline(*format, *source, sink, options);
    EXPECT_EQ(outcome.status, error == EPIPE ? RunOutcome::Status::kBrokenPipe : RunOutcome::Status::kWriteError);
    EXPECT_EQ(outcome.error.error_number, error);
  }
}

TEST(Pipeline, InstanceLongerThanTheLimitIsAnError) {
  const std::string input = random_instances(5, 2, 7) + "Ah Kh" + std::string(5000, ' ') + "\n2c 3d\n";
  const RunResult result = run(input, 2, 64, 128, 2, 0, /*max_instance=*/1000);
  ASSERT_EQ(result.outcome.status, RunOutcome::Status::kInvalidInput);
  EXPECT_EQ(result.outcome.input_error->line, 16u);
  EXPECT_EQ(result.outcome.input_error->column, 1001u);
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 5);
}

}  // namespace
}  // namespace poker

namespace poker {
namespace {

TEST(Pipeline, ReadFailingAtAnyReadKeepsWholeAnswersBeforeIt) {
  const std::string input = random_instances(40, 2, 8);
  const RunResult all = run(input, 1, 1 << 20, 1 << 20);
  const int reads = static_cast<int>(input.size() / 37);  // before the one that sees the end
  for (int fail_at = 1; fail_at <= reads; ++fail_at) {
    const RunResult result = run(input, 2, 32, 37, 2, fail_at);
    EXPECT_EQ(result.outcome.status, RunOutcome::Status::kReadError) << fail_at;
    EXPECT_EQ(result.outcome.error.error_number, EIO);
    EXPECT_EQ(all.output.rfind(result.output, 0), 0u) << fail_at;
  }
}

TEST(Pipeline, StopFlagEndsTheRunAfterWholeChunks) {
  const std::string input = random_instances(3000, 2, 9);
  const RunResult all = run(input, 1, 1 << 24, 1 << 24);
  const auto format = make_holdem_format(HoldemOptions{2, false});
  for (int threads : {1, 4}) {
    auto source = fake_stream(input, 1000, 4096);
    StringSink sink;
    std::atomic<bool> stop{false};
    PipelineOptions options;
    options.chunk_size = 1000;
    options.stop = &stop;
    int chunks = 0;
    options.on_progress = [&](const RunStats&) { stop = ++chunks == 3; };
    RunOutcome outcome;
    tbb::task_arena arena(threads);
    arena.execute([&] { outcome = run_pipeline(*format, *source, sink, options); });
    EXPECT_EQ(outcome.status, RunOutcome::Status::kStopped);
    EXPECT_EQ(outcome.stats.instances,
              static_cast<std::uint64_t>(std::count(sink.text.begin(), sink.text.end(), '\n')));
    EXPECT_LT(sink.text.size(), all.output.size() / 10);
    EXPECT_EQ(all.output.rfind(sink.text, 0), 0u);  // whole answers, in order
  }
}

// A file cut short while the pipeline reads it: through the map, or with
// pread() (window 0).
RunResult run_truncated(const std::string& input, std::size_t cut, std::size_t window, int threads) {
  const testing::TempFile file(input);
  const char* const path = file.path();
  io::OpenedInput mapped = io::open_input(
      path, io::InputOptions{window == 0 ? io::FileReading::kReadAt : io::FileReading::kMap, window, 4096});
  EXPECT_EQ(mapped.source->is_mapped(), window != 0);
  EXPECT_EQ(::truncate(path, static_cast<off_t>(cut)), 0);
  const auto format = make_holdem_format(HoldemOptions{2, false});
  StringSink sink;
  PipelineOptions options;
  options.chunk_size = 500;
  RunResult result;
  tbb::task_arena arena(threads);
  arena.execute([&] { result.outcome = run_pipeline(*format, *mapped.source, sink, options); });
  result.output = sink.text;
  return result;
}

TEST(Pipeline, FileTruncatedWhileReadIsAReadErrorNotACrash) {
  const std::string input = random_instances(3000, 2, 10);
  const RunResult all = run(input, 1, 1 << 24, 1 << 24);
  for (const std::size_t window : {std::size_t{0}, std::size_t{4096}, std::size_t{1} << 24}) {
    for (const std::size_t cut : {std::size_t{0}, std::size_t{10000}, std::size_t{40961}}) {
      for (int threads : {1, 3}) {
        const RunResult result = run_truncated(input, cut, window, threads);
        SCOPED_TRACE("window " + std::to_string(window) + ", cut " + std::to_string(cut));
        EXPECT_EQ(result.outcome.status, RunOutcome::Status::kReadError);
        EXPECT_EQ(result.outcome.error.error_number, io::kTruncatedWhileRead);
        // The failure names the file read, for the message.
        EXPECT_EQ(result.outcome.error.action, io::IoError::Action::kRead);
        EXPECT_EQ(result.outcome.error.path.rfind("/tmp/poker_test_", 0), 0u) << result.outcome.error.path;
        EXPECT_EQ(all.output.rfind(result.output, 0), 0u);
        // The answers of the chunks before the cut (500 bytes and a record each) were written.
        const std::size_t instances_before = cut < 1000 ? 0 : (cut - 1000) * 3000 / input.size();
        EXPECT_GE(static_cast<std::size_t>(std::count(result.output.begin(), result.output.end(), '\n')),
                  instances_before);
      }
    }
  }
}

// mmap(2) for the first `g_maps_left` windows, then ENOMEM: the address
// space runs out in the middle of the file. Atomic: the pipeline's serial
// stage may map from any of its threads.
std::atomic<int> g_maps_left{0};
void* map_then_fail(void* address, std::size_t length, int protection, int flags, int fd, off_t offset) {
  if (g_maps_left-- <= 0) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  return ::mmap(address, length, protection, flags, fd, offset);
}

// `good` with the first card of a line about `from_end` bytes before its end
// made no card: an error near the end.
std::string with_a_bad_card_near_the_end(const std::string& good, std::size_t from_end) {
  std::string text = good;
  text[text.rfind('\n', text.size() - from_end) + 1] = 'X';
  return text;
}

// A run gave what `all` (the same input, read at once) gave: the status,
// the answers and the first error.
void expect_the_same_run(const RunOutcome& outcome, const std::string& output, const RunResult& all) {
  EXPECT_EQ(outcome.status, all.outcome.status);
  EXPECT_EQ(outcome.stats.instances, all.outcome.stats.instances);
  EXPECT_TRUE(output == all.output);
  if (all.outcome.input_error) {
    ASSERT_TRUE(outcome.input_error.has_value());
    EXPECT_EQ(outcome.input_error->line, all.outcome.input_error->line);
    EXPECT_EQ(outcome.input_error->column, all.outcome.input_error->column);
    EXPECT_EQ(outcome.input_error->message, all.outcome.input_error->message);
  }
}

// A map that fails at a later window gives way to reads of the rest: the
// same answers, and the same first error, as the whole file read at once.
TEST(Pipeline, MapFailingAtALaterWindowGivesTheSameAnswersAndFirstError) {
  const std::string good = random_instances(3000, 2, 11);
  const std::string bad = with_a_bad_card_near_the_end(good, 2000);
  for (const std::string* input : {&good, &bad}) {
    const RunResult all = run(*input, 1, 1 << 24, 1 << 24);
    const testing::TempFile file(*input);
    const char* const path = file.path();
    for (const int maps : {1, 3}) {
      for (const int threads : {1, 3}) {
        SCOPED_TRACE(std::to_string(maps) + " windows mapped, " + std::to_string(threads) + " threads");
        g_maps_left = maps;
        io::OpenedInput opened =
            io::open_input(path, io::InputOptions{io::FileReading::kMap, 4096, 4096}, map_then_fail);
        ASSERT_NE(opened.source, nullptr);
        const auto format = make_holdem_format(HoldemOptions{2, false});
        StringSink sink;
        PipelineOptions options;
        options.chunk_size = 500;
        RunOutcome outcome;
        tbb::task_arena arena(threads);
        arena.execute([&] { outcome = run_pipeline(*format, *opened.source, sink, options); });
        EXPECT_FALSE(opened.source->is_mapped()) << "the map did not fail";
        expect_the_same_run(outcome, sink.text, all);
      }
    }
  }
}

// A run on one thread reads a file ahead on a second thread: the same
// answers and first error as without, the reads off the run's thread.
TEST(Pipeline, OneThreadReadsAFileAheadWithTheSameAnswersAndFirstError) {
  const std::string good = random_instances(3000, 2, 12);
  const std::string bad = with_a_bad_card_near_the_end(good, 3000);
  for (const std::string* input : {&good, &bad}) {
    const RunResult all = run(*input, 1, 1 << 24, 1 << 24);
    for (const bool read_ahead : {false, true}) {
      SCOPED_TRACE(read_ahead ? "read ahead" : "not read ahead");
      testing::FakeFile file(*input);
      const auto format = make_holdem_format(HoldemOptions{2, false});
      StringSink sink;
      PipelineOptions options;
      options.chunk_size = 500;
      options.read_ahead = read_ahead;
      RunOutcome outcome;
      std::thread::id runner;
      tbb::task_arena arena(1);
      arena.execute([&] {
        runner = std::this_thread::get_id();
        outcome = run_pipeline(*format, file, sink, options);
      });
      EXPECT_EQ(file.reader != runner, read_ahead);
      expect_the_same_run(outcome, sink.text, all);
    }
  }
}

// A run on one thread whose read ahead hangs (a stalled network file
// system) ends by the stop flag, promptly, with whole answers before it.
TEST(Pipeline, StopEndsAOneThreadRunWhoseReadAheadHangs) {
  const std::string input = random_instances(3000, 2, 21);
  const RunResult all = run(input, 1, 1 << 24, 1 << 24);
  testing::FakeFile file(input);
  file.hang_from = input.size() / 2;
  const std::shared_ptr<testing::FakeFile::Reads> kept = file.reads_kept();
  const auto format = make_holdem_format(HoldemOptions{2, false});
  StringSink sink;
  std::atomic<bool> stop{false};
  PipelineOptions options;
  options.chunk_size = 500;
  options.stop = &stop;
  std::chrono::steady_clock::time_point stopped_at;
  bool hung = false;
  std::thread stopper([&] {
    hung = file.wait_for_a_hung_read(std::chrono::seconds(20));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stopped_at = std::chrono::steady_clock::now();
    stop.store(true);
  });
  RunOutcome outcome;
  tbb::task_arena arena(1);
  arena.execute([&] { outcome = run_pipeline(*format, file, sink, options); });
  const auto ended_at = std::chrono::steady_clock::now();
  stopper.join();
  EXPECT_TRUE(hung);
  EXPECT_EQ(outcome.status, RunOutcome::Status::kStopped);
  EXPECT_LT(ended_at - stopped_at, std::chrono::seconds(2)) << "the run waited for the read";
  ASSERT_LT(sink.text.size(), all.output.size());
  EXPECT_EQ(all.output.compare(0, sink.text.size(), sink.text), 0);
  EXPECT_TRUE(sink.text.empty() || sink.text.back() == '\n');
  testing::FakeFile::release_hung_reads(*kept);
}

// A recycled Work must carry nothing of its last range into the next, or a
// chunk would be answered twice or with another chunk's error; and it must
// keep its answer buffer's room, which is why it is recycled.
TEST(WorkPool, ARecycledWorkKeepsItsAnswerRoomAndNothingElse) {
  pipeline::WorkPool pool;
  pipeline::Work* const work = pool.take();
  auto bytes = std::make_shared<std::string>("Ah Kd\n");
  work->range.owner = bytes;
  work->newlines = 7;
  work->reset_pieces(1);
  work->pieces[0].chunk.owner = bytes;
  work->pieces[0].result.answers += std::string(100000, 'x');
  work->pieces[0].result.instances = 5;
  work->pieces[0].result.error = InputError{};
  work->pieces[0].result.tally.player2_wins = 3;
  const std::size_t room = work->pieces[0].result.answers.capacity();

  pool.give_back(work);
  EXPECT_EQ(bytes.use_count(), 1) << "the range's bytes were kept alive by a recycled Work";
  pipeline::Work* const again = pool.take();
  ASSERT_EQ(again, work);
  EXPECT_EQ(again->newlines, 0u);
  EXPECT_EQ(again->range.data, nullptr);
  again->reset_pieces(1);
  const ChunkResult& result = again->pieces[0].result;
  EXPECT_TRUE(result.answers.empty());
  EXPECT_EQ(result.instances, 0u);
  EXPECT_FALSE(result.error.has_value());
  EXPECT_EQ(result.tally, Tally{});
  EXPECT_GE(room, 100000u);
  EXPECT_EQ(result.answers.capacity(), room) << "the answer buffer's room was given up";
  pool.give_back(again);
}

// The pool owns the Works it lends out: a Work given back is lent again,
// and the pool makes a new one only when all of its own are out.
TEST(WorkPool, LendsItsOwnWorksAgainBeforeMakingMore) {
  pipeline::WorkPool pool;
  pipeline::Work* const first = pool.take();
  pipeline::Work* const second = pool.take();
  EXPECT_NE(first, second);
  EXPECT_EQ(pool.taken(), 2u);
  pool.give_back(first);
  pool.give_back(second);
  EXPECT_EQ(pool.taken(), 0u);
  pipeline::Work* const again = pool.take();
  pipeline::Work* const again_too = pool.take();
  EXPECT_TRUE((again == first && again_too == second) || (again == second && again_too == first));
  pipeline::Work* const third = pool.take();
  EXPECT_NE(third, first);
  EXPECT_NE(third, second);
  pool.give_back(again);
  pool.give_back(again_too);
  pool.give_back(third);
}

}  // namespace
}  // namespace poker
