// A hostile environment, end to end: output that cannot be written, inputs
// without end, a file truncated under the map, signals in the middle of a run
// (a file read with pread() and through a map alike). Each must give the
// one-line error and status of the specification (docs/specification.md,
// section 3), or docs/guide.md's decision, with every answer already due on
// stdout and nothing else: no crash, no out-of-memory, no half line.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using testing::Milliseconds;
using testing::SpawnOptions;
using testing::Subprocess;

constexpr Milliseconds kTimeout{60000};
constexpr std::size_t kMebibyte = 1024 * 1024;
constexpr std::uint64_t kGibibyte = 1024ull * kMebibyte;

// "Endless", at a sanitizer's pace too.
constexpr std::uint64_t kEndlessBytes = kUnderSanitizer ? kGibibyte / 4 : kGibibyte;

constexpr const char* kLimitError =
    "instance longer than the limit of 1048576 bytes (the rest of the input was not read)";

const std::string& sample() {
  static const std::string text = read_whole_file(kSourceDir + "/examples/sample.txt");
  return text;
}
const std::string& sample_answers() {
  static const std::string text = read_whole_file(kSourceDir + "/examples/sample.expected");
  return text;
}

Subprocess start_poker(const std::vector<std::string>& args, std::optional<std::string> stdin_file = {}) {
  SpawnOptions options;
  options.args = args;
  options.working_directory = kSourceDir;
  options.stdin_file = std::move(stdin_file);
  return Subprocess(kBinary, options);
}

// Feeds `block` to the child's stdin until `total` bytes are written or the
// child stops reading; then `tail`. Returns the bytes written.
std::uint64_t feed(Subprocess& poker, const std::string& block, std::uint64_t total, const std::string& tail = {}) {
  std::uint64_t written = 0;
  while (written < total && poker.write_stdin(block, kTimeout)) written += block.size();
  if (!tail.empty()) poker.write_stdin(tail, kTimeout);
  return written;
}

// `out` is whole answer lines: a prefix of the sample's answers, repeated.
void expect_whole_sample_answers(const std::string& out) {
  ASSERT_TRUE(out.empty() || out.back() == '\n')
      << "a partial line at the end: " << printable(out.substr(out.size() > 40 ? out.size() - 40 : 0));
  std::string expected;
  while (expected.size() < out.size()) expected += sample_answers();
  EXPECT_TRUE(expected.compare(0, out.size(), out) == 0) << first_difference(expected.substr(0, out.size()), out);
}

// Once the first answer is out (the program is running, its input open),
// does `act` while stdout is left undrained, so that the program is held in
// the middle of its run; then waits for the end. The first line is put back
// at the front of the result.
template <typename Act>
RunResult wait_after(Subprocess& poker, Act act) {
  const std::optional<std::string> first = poker.read_stdout_line(kTimeout);
  EXPECT_TRUE(first.has_value());
  act();
  RunResult result = poker.wait(kTimeout);
  result.out = first.value_or("") + result.out;
  return result;
}

// ---- Output that cannot be written ----------------------------------------

TEST(Faults, StdoutOnDevFullIsAWriteErrorNamingTheCause) {
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  SpawnOptions options;
  options.args = {"-i", "examples/sample.txt"};
  options.working_directory = kSourceDir;
  options.stdout_file = "/dev/full";
  const RunResult result = testing::run(kBinary, options);
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: <stdout>: write error: No space left on device\n");
}

// ---- Inputs without end ----------------------------------------------------

TEST(Faults, GibibyteLineWithoutNewlineFromAPipeIsTheLimitErrorInBoundedMemory) {
  Subprocess poker = start_poker({});
  poker.write_stdin("Ah", kTimeout);
  const std::uint64_t written = feed(poker, std::string(kMebibyte, ' '), kGibibyte);
  const RunResult result = poker.wait(kTimeout);
  EXPECT_LT(written, 64 * kMebibyte) << "the program read on past the limit";
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(without_instance_and_hint(result.err), error_line("<stdin>", 1, 1048577, kLimitError));
  EXPECT_LT(result.max_rss_kib, kMemoryBoundKib);
}

TEST(Faults, GibibyteLineInAMappedFileIsAnErrorInBoundedMemory) {
  // A sparse file: "Ah " then a gibibyte of NUL bytes and no newline.
  const std::string path = write_temp_file("gibibyte-line.txt", "Ah ");
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(kGibibyte)), 0);
  for (const char* strategy : {"--no-mmap", "--mmap"}) {
    SCOPED_TRACE(strategy);
    const RunResult result = testing::run(kBinary, SpawnOptions{{strategy, "-i", path}, kSourceDir, {}, {}});
    EXPECT_EQ(result.exit_status, 1);
    EXPECT_EQ(result.err.rfind("poker: " + path + ":1:4: invalid card '\\x00\\x00", 0), 0u) << result.err;
    EXPECT_LT(result.max_rss_kib, kMemoryBoundKib);
  }
  ::unlink(path.c_str());
}

// The sample, then `total` bytes of `block` repeated, then `tail`, through a
// pipe; checks the answers to the sample and the peak memory.
RunResult sample_then(const std::string& block, std::uint64_t total, const std::string& tail = {}) {
  Subprocess poker = start_poker({});
  poker.write_stdin(sample(), kTimeout);
  EXPECT_GE(feed(poker, block, total, tail), total) << "the program stopped reading";
  const RunResult result = poker.wait(kTimeout);
  EXPECT_EQ(result.out, sample_answers());
  EXPECT_LT(result.max_rss_kib, kMemoryBoundKib);
  return result;
}

TEST(Faults, EndlessBlanksFromAPipeAreReadThroughInBoundedMemory) {
  std::string blanks;
  while (blanks.size() < kMebibyte) blanks += " \t \r\n   \n";
  const RunResult result = sample_then(blanks, kEndlessBytes);
  EXPECT_EQ(result.exit_status, 0) << result.err;
}

TEST(Faults, EndlessBlankLinesThenACardAreAnErrorAtTheFirstInBoundedMemory) {
  const RunResult result = sample_then(std::string(kMebibyte, '\n'), 64 * kMebibyte, "Ah Kh\n");
  EXPECT_EQ(result.exit_status, 1);
  // docs/guide.md: blank lines between instances are an error at the first.
  EXPECT_EQ(without_instance_and_hint(result.err),
            error_line("<stdin>", 10, 1, "expected 2 cards for player 1, found 0 before the end of the line"));
}

TEST(Faults, EndlessBlanksWithoutNewlineThenACardAreTheLimitErrorInBoundedMemory) {
  const RunResult result = sample_then(std::string(kMebibyte, ' '), 64 * kMebibyte, "Ah Kh\n");
  EXPECT_EQ(result.exit_status, 1);
  // docs/guide.md: text after a blank run longer than the limit is the limit's
  // error, at the byte where the run crossed it.
  EXPECT_EQ(without_instance_and_hint(result.err), error_line("<stdin>", 10, 1048577, kLimitError));
}

// ---- A file truncated while it is read ---------------------------------------
// On both strategies: with pread(), ranges are read in parallel and past the
// cut read as zeros; through the map, pages past the cut fault (SIGBUS,
// caught) or read as zeros. Either way the writer's check_intact() catches
// them before their answers are written.

class FaultsOnAFile : public ::testing::TestWithParam<const char*> {};
INSTANTIATE_TEST_SUITE_P(Strategies, FaultsOnAFile, ::testing::Values("--no-mmap", "--mmap"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param).substr(2) == "mmap" ? "Mmap" : "Pread";
                         });

TEST_P(FaultsOnAFile, FileTruncatedWhileMappedIsAReadErrorAfterTheAnswersBeforeIt) {
  // 24 MiB of samples, read while stdout is not drained: the writer blocks
  // on the full pipe, the file is cut, then the rest is read.
  std::string input;
  while (input.size() < 24 * kMebibyte) input += sample();
  const std::size_t cut = 3 * kMebibyte + 17;
  for (const char* threads : {"1", "2"}) {
    SCOPED_TRACE(std::string("-j ") + threads);
    const std::string path = write_temp_file("truncated.txt", input);
    Subprocess poker = start_poker({GetParam(), "-j", threads, "--chunk-size", "64K", "-i", path});
    RunResult result = wait_after(poker, [&] { ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(cut)), 0); });
    EXPECT_EQ(result.signal, 0) << "killed by signal " << result.signal;
    EXPECT_EQ(result.exit_status, 3);
    EXPECT_EQ(result.err, "poker: " + path + ": read error: the file was truncated while being read\n");
    expect_whole_sample_answers(result.out);
    // Every chunk that ends before the cut is answered: all but the last
    // chunk or two (64 KiB and a record each).
    const std::size_t whole_samples = (cut - 2 * 65 * 1024) / sample().size();
    EXPECT_GE(result.out.size(), whole_samples * sample_answers().size());
    ::unlink(path.c_str());
  }
}

// A file that grows while it is judged: the input is what the file held when
// it was opened, answered whole, and nothing of what was appended.
TEST_P(FaultsOnAFile, FileGrownWhileReadIsJudgedAsItWasOpened) {
  std::string input;
  while (input.size() < 24 * kMebibyte) input += sample();
  const std::string path = write_temp_file("grown.txt", input);
  Subprocess poker = start_poker({GetParam(), "-j", "2", "--chunk-size", "64K", "-i", path});
  RunResult result = wait_after(poker, [&] {
    FILE* file = std::fopen(path.c_str(), "ab");
    ASSERT_NE(file, nullptr);
    const std::string more = "Ah Ad\n2c 3d\nQh Jh Th 5c 6d\n";  // invalid, were it read: Ah twice
    for (int i = 0; i < 1000; ++i) std::fwrite(more.data(), 1, more.size(), file);
    std::fclose(file);
  });
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out.size(), input.size() / sample().size() * sample_answers().size());
  expect_whole_sample_answers(result.out);
  ::unlink(path.c_str());
}

// ---- Signals -----------------------------------------------------------------

// docs/guide.md: a stop signal ends the run promptly; the answers written are
// whole lines; the process ends by the signal (the shell's 128 + N).
void expect_stopped_by(const RunResult& result, int signal, Milliseconds waited) {
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.signal, signal) << "exit status " << result.exit_status << ", stderr " << result.err;
  EXPECT_EQ(result.err, std::string("poker: interrupted by SIG") + sigabbrev_np(signal) + "\n");
  EXPECT_LT(waited, Milliseconds(5000)) << "the program did not stop promptly";
  expect_whole_sample_answers(result.out);
}

TEST(Signals, StopDuringALongMappedRunLeavesWholeLines) {
  std::string input;
  while (input.size() < 48 * kMebibyte) input += sample();
  const std::string path = write_temp_file("long-run.txt", input);
  // At -j 1 a second thread reads ahead, with the signals blocked: they
  // must still reach the run.
  for (const auto& [each_signal, threads] :
       {std::pair{SIGINT, "2"}, std::pair{SIGTERM, "2"}, std::pair{SIGINT, "1"}, std::pair{SIGTERM, "1"}}) {
    const int signal = each_signal;  // a lambda below takes it (clang 14 takes no binding)
    SCOPED_TRACE(std::string(sigabbrev_np(signal)) + ", -j " + threads);
    // stdout is not drained at first: the writer is stuck in the middle of
    // a chunk's write() when the signal comes. SIGINT on the map, SIGTERM
    // on reads.
    const char* strategy = signal == SIGINT ? "--mmap" : "--no-mmap";
    Subprocess poker = start_poker({strategy, "-j", threads, "--chunk-size", "1M", "-i", path});
    auto sent = std::chrono::steady_clock::now();
    const RunResult result = wait_after(poker, [&] {
      sent = std::chrono::steady_clock::now();
      ASSERT_EQ(::kill(poker.pid(), signal), 0);
    });
    expect_stopped_by(result, signal,
                      std::chrono::duration_cast<Milliseconds>(std::chrono::steady_clock::now() - sent));
    EXPECT_LT(result.out.size(), input.size() / sample().size() * sample_answers().size()) << "the run was not cut";
  }
  ::unlink(path.c_str());
}

TEST(Signals, StopWhileTheInputStreamsLeavesWholeLines) {
  Subprocess poker = start_poker({"-j", "2", "--chunk-size", "4K"});
  std::string block;
  while (block.size() < 256 * 1024) block += sample();
  feed(poker, block, 16 * kMebibyte);
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_EQ(::kill(poker.pid(), SIGTERM), 0);
  feed(poker, block, 16 * kMebibyte);  // the producer goes on; the program must not
  const RunResult result = poker.wait(kTimeout);
  expect_stopped_by(result, SIGTERM, std::chrono::duration_cast<Milliseconds>(std::chrono::steady_clock::now() - sent));
}

TEST(Signals, StopWhileWaitingForASlowProducerIsPrompt) {
  // The read is blocked on a pipe that stays open and silent: the signal must
  // wake it, not wait for the producer's next byte.
  Subprocess poker = start_poker({});
  poker.write_stdin(sample(), kTimeout);
  std::string answers;
  for (std::size_t lines = 0; lines < 3; ++lines) {
    const std::optional<std::string> line = poker.read_stdout_line(kTimeout);
    ASSERT_TRUE(line.has_value());
    answers += *line;
  }
  EXPECT_EQ(answers, sample_answers());
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_EQ(::kill(poker.pid(), SIGINT), 0);
  // Wait for the exit with stdin still open.
  const std::optional<std::string> more = poker.read_stdout_line(Milliseconds(5000));
  EXPECT_FALSE(more.has_value());
  const Milliseconds waited = std::chrono::duration_cast<Milliseconds>(std::chrono::steady_clock::now() - sent);
  const RunResult result = poker.wait(kTimeout);
  expect_stopped_by(result, SIGINT, waited);
  EXPECT_EQ(result.out, "");
}

// Every command that runs long stops within the guide's 100 ms of a signal,
// whatever it is doing then (slack for a loaded machine and sanitizers):
// judging each format as it streams in, explaining, tallying a summary,
// comparing with a candidate's answers, generating. Its input stays open:
// it must end by the signal, not by the end of its input.
struct LongRun {
  std::string name;
  std::vector<std::string> args;      // the run's
  std::vector<std::string> generate;  // the arguments of `poker generate` that make its input; none: no input
  std::uint64_t fed = 4 * kMebibyte;  // what goes in before the signal (no more than it takes in 10 s)
};

class StopsPromptly : public ::testing::TestWithParam<LongRun> {};

TEST_P(StopsPromptly, WhileItRunsLong) {
  const LongRun& run = GetParam();
  std::string block;
  if (!run.generate.empty()) {
    const RunResult generated = run_poker(concat({"generate"}, run.generate));
    ASSERT_EQ(generated.exit_status, 0) << generated.err;
    while (block.size() < std::min<std::uint64_t>(run.fed, 256 * 1024)) block += generated.out;
  }
  const Milliseconds prompt{kUnderSanitizer ? 2000 : 1000};
  for (const int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(sigabbrev_np(signal));
    Subprocess poker = start_poker(run.args);
    ASSERT_TRUE(wait_until_taking_stop_signals(poker.pid(), kTimeout));
    if (!block.empty()) feed(poker, block, run.fed / 2);  // it is at work
    const auto sent = std::chrono::steady_clock::now();
    ASSERT_EQ(::kill(poker.pid(), signal), 0);
    if (!block.empty()) feed(poker, block, run.fed / 2);  // the producer goes on; the program must not
    const RunResult result = poker.wait_with_stdin_open(kTimeout);
    const auto waited = std::chrono::duration_cast<Milliseconds>(std::chrono::steady_clock::now() - sent);
    EXPECT_EQ(result.signal, signal) << "exit status " << result.exit_status << ", stderr " << result.err;
    EXPECT_EQ(result.err, std::string("poker: interrupted by SIG") + sigabbrev_np(signal) + "\n");
    EXPECT_LT(waited, prompt) << "the program did not stop promptly";
    EXPECT_TRUE(result.out.empty() || result.out.back() == '\n') << "a partial line at the end";
  }
}

const std::string kCandidate = POKER_SOURCE_DIR "/examples/sample.expected";

INSTANTIATE_TEST_SUITE_P(
    EveryCommand, StopsPromptly,
    ::testing::Values(
        LongRun{"holdem", {"-j", "2", "--chunk-size", "4K"}, {"--instances", "20000"}},
        LongRun{"holdem_one_thread", {"-j", "1"}, {"--instances", "20000"}},
        LongRun{"explain", {"-e", "8"}, {"8", "--instances", "5000"}},
        LongRun{"euler_summary", {"euler", "--summary"}, {"euler", "--instances", "20000"}},
        LongRun{"eval", {"eval"}, {"eval", "--instances", "5000"}},
        LongRun{"draw", {"draw"}, {"draw", "--instances", "200"}},
        LongRun{"verify", {"verify", "-i", "-", "--answers", kCandidate}, {"--instances", "20000"}},
        LongRun{"verify_json", {"verify", "--json", "-i", "-", "--answers", kCandidate}, {"--instances", "20000"}},
        LongRun{"equity_queries", {"equity", "-", "--mc", "2000"}, {"equity", "--instances", "200"}, 16 * 1024},
        LongRun{"generate", {"generate", "8", "--instances", "4000000000"}, {}}),
    [](const ::testing::TestParamInfo<LongRun>& info) { return info.param.name; });

}  // namespace
}  // namespace poker::e2e
