// Odd input sources, end to end: the strategies a regular file is read with
// (--mmap, --no-mmap, and what -v says of them), an input file whose memory
// map fails at the first window or a later one, stdin redirected from a file
// at an offset, a huge chunk size on a short pipe, and `verify` against a
// candidate without end. Each runs the binary as a
// shell runs it (`sh -c`, for a redirection or a resource limit).
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

constexpr testing::Milliseconds kTimeout{60000};
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";

// `sh -c SCRIPT` from the source dir, with $0 the binary and $1... `args`.
RunResult run_shell(const std::string& script, const Args& args = {}, std::string_view input = {}) {
  testing::SpawnOptions options;
  options.args = concat({"-c", script, kBinary}, args);
  options.working_directory = kSourceDir;
  return testing::run("/bin/sh", options, input, kTimeout);
}

// The sample, then zeros to 100 MiB (sparse): judged, an error at line 10;
// mapped, a first window of 64 MiB, more than the address space under
// kSmallAddressSpace can hold, so the map fails.
std::string sample_then_zeros() {
  static const std::string path = [] {
    const std::string file =
        write_temp_file("sample-then-zeros.txt", read_whole_file(kSourceDir + "/examples/sample.txt"));
    EXPECT_EQ(::truncate(file.c_str(), off_t{100} << 20), 0);
    return file;
  }();
  return path;
}
// The sample, then 100 MiB of blank lines: valid instances too large to map.
std::string sample_then_blank_lines() {
  static const std::string path = [] {
    const std::string file =
        write_temp_file("sample-then-blank-lines.txt", read_whole_file(kSourceDir + "/examples/sample.txt"));
    std::ofstream out(file, std::ios::binary | std::ios::app);
    const std::string blank_lines(std::size_t{1} << 20, '\n');
    for (int mib = 0; mib < 100; ++mib) out << blank_lines;
    EXPECT_TRUE(out.good());
    return file;
  }();
  return path;
}
// KiB of address space: room for the program (-j 1), none for a 64 MiB map.
const std::string kSmallAddressSpace = "ulimit -v 60000 && exec \"$0\" -j 1 --mmap \"$@\"";

// ---- W0: the strategies, and what -v says ---------------------------------------

// The -v line that opens a run: "poker: FORMAT, N threads, chunk size N
// bytes, input NAME (STRATEGY)"; the strategy, or "" if the line is missing.
std::string opening_strategy(const std::string& err) {
  const std::size_t line_end = err.find('\n');
  const std::string first = err.substr(0, line_end);
  const std::size_t open = first.rfind(" (");
  if (open == std::string::npos || first.empty() || first.back() != ')') return "";
  return first.substr(open + 2, first.size() - open - 3);
}
// The -v line that ends a run: "...; input read with STRATEGY".
std::string closing_strategy(const std::string& err) {
  const std::string marker = "; input read with ";
  const std::size_t at = err.rfind(marker);
  if (at == std::string::npos) return "";
  const std::size_t from = at + marker.size();
  return err.substr(from, err.find('\n', from) - from);
}

TEST(Io, VerboseNamesHowTheInputIsRead) {
  struct Case {
    Args args;
    std::string input;  // through a pipe
    std::string strategy;
  };
  const std::vector<Case> cases = {
      {{"-i", "examples/sample.txt"}, "", "pread"},
      {{"--no-mmap", "-i", "examples/sample.txt"}, "", "pread"},
      {{"--mmap", "-i", "examples/sample.txt"}, "", "mmap"},
      {{}, read_whole_file(kSourceDir + "/examples/sample.txt"), "stream"},
      {{"--mmap", "-i", "/dev/null"}, "", "stream"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const RunResult result = run_poker(concat({"-v", "-j", "2"}, c.args), c.input);
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(opening_strategy(result.err), c.strategy) << result.err;
    EXPECT_EQ(closing_strategy(result.err), c.strategy) << result.err;
  }
}

TEST(Io, VerboseJsonNamesHowTheInputIsRead) {
  for (const auto& [option, strategy] : {std::pair{"--mmap", "mmap"}, std::pair{"--no-mmap", "pread"}}) {
    const RunResult result = run_poker({"-v", "--json", option, "-i", "examples/sample.txt"});
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_NE(result.err.find(std::string(",\"reader\":\"") + strategy + "\"}\n"), std::string::npos) << result.err;
  }
}

// As ripgrep's: the last of --mmap and --no-mmap given wins, and they stand
// before or after a subcommand's name like every shared option.
TEST(Io, LastOfMmapAndNoMmapWinsBeforeOrAfterTheSubcommand) {
  struct Case {
    Args args;
    std::string strategy;
  };
  const std::vector<Case> cases = {
      {{"--mmap", "--no-mmap", "-i", "examples/sample.txt"}, "pread"},
      {{"--no-mmap", "--mmap", "-i", "examples/sample.txt"}, "mmap"},
      {{"--mmap", "euler", "-i", "examples/euler.txt"}, "mmap"},
      {{"euler", "--mmap", "-i", "examples/euler.txt"}, "mmap"},
      {{"euler", "--mmap", "--no-mmap", "-i", "examples/euler.txt"}, "pread"},
      {{"verify", "--mmap", "-i", "examples/sample.txt", "--answers", "examples/sample.expected"}, "mmap"},
      {{"--mmap", "verify", "eval", "-i", "examples/eval.txt", "--answers", "examples/eval.expected"}, "mmap"},
      {{"equity", "--mmap", "-i", "examples/equity.txt"}, "mmap"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const RunResult result = run_poker(concat({"-v", "-q"}, c.args));
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(opening_strategy(result.err), c.strategy) << result.err;
  }
  const RunResult twice = run_poker({"--mmap", "euler", "--no-mmap", "-i", "examples/euler.txt"});
  EXPECT_EQ(twice.exit_status, 2) << twice.err;
  EXPECT_NE(twice.err.find("give it once"), std::string::npos) << twice.err;
}

// ---- A failed memory map ----------------------------------------------------

TEST(Io, FailedMapOfTheInstancesFallsBackToThemNotToTheCandidate) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  // Were the map's failure to close the instances' descriptor, the candidate
  // would take its number and be judged as the instances: a wrong candidate
  // would pass. (Valid instances: instances that do not judge cleanly give
  // no verdict.)
  const std::string wrong = write_temp_file("wrong.txt", "Player 9\n");
  const RunResult result =
      run_shell(kSmallAddressSpace, {"verify", "-i", sample_then_blank_lines(), "--answers", wrong});
  EXPECT_EQ(result.exit_status, 4) << result.out << result.err;
  EXPECT_EQ(result.out.rfind("MISMATCH at instance 1 (input line 1, answer line 1)\n", 0), 0u) << result.out;

  const std::string right = write_temp_file("right.txt", kSampleAnswers);
  const RunResult passes =
      run_shell(kSmallAddressSpace, {"verify", "-i", sample_then_blank_lines(), "--answers", right});
  EXPECT_EQ(passes.exit_status, 0) << passes.out << passes.err;
}

TEST(Io, FailedMapOfTheInputReadsItInstead) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  const RunResult result = run_shell(kSmallAddressSpace, {"-i", sample_then_zeros()});
  EXPECT_EQ(result.out, kSampleAnswers);
  EXPECT_EQ(result.exit_status, 1) << result.err;
  EXPECT_EQ(result.err.rfind("poker: " + sample_then_zeros() + ":10:1: invalid card '\\x00", 0), 0u) << result.err;
  const RunResult verbose = run_shell(kSmallAddressSpace, {"-v", "-i", sample_then_zeros()});
  EXPECT_EQ(opening_strategy(verbose.err), "pread: mmap failed: Cannot allocate memory") << verbose.err;
  EXPECT_EQ(closing_strategy(verbose.err), "pread: mmap failed: Cannot allocate memory") << verbose.err;
}

// Whole samples to 65 MiB, past the first 64 MiB window, then zeros to
// 200 MiB (sparse): judged, the answers to the samples, then an error at
// the first zero.
const std::string& samples_past_a_window() {
  static const std::string path = [] {
    const std::string sample = read_whole_file(kSourceDir + "/examples/sample.txt");
    std::string text;
    text.reserve((65 << 20) + sample.size());
    while (text.size() < (65u << 20)) text += sample;
    const std::string file = write_temp_file("samples-past-a-window.txt", text);
    EXPECT_EQ(::truncate(file.c_str(), off_t{200} << 20), 0);
    return file;
  }();
  return path;
}

// Under an address space with room for one 64 MiB window but not for the
// next beside it, the map gives way to reads of the rest of the file: the
// same answers and first error as with reads alone (the run once stopped
// at the second window with "read error: Cannot allocate memory"). How much
// room the program itself takes varies, so several limits are tried: each
// must give the exact result, and one at least must fail a later window.
TEST(Io, MapFailingAtALaterWindowGoesOnWithReads) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  const std::string& path = samples_past_a_window();
  const RunResult read = run_poker({"-j", "1", "--no-mmap", "-i", path});
  ASSERT_EQ(read.exit_status, 1) << read.err;
  // Every sample (81 bytes) answered (23 bytes), then the first zero's error.
  EXPECT_GE(read.out.size(), (65u << 20) / 81 * 23);
  EXPECT_NE(read.err.find(":1: invalid card '\\x00"), std::string::npos) << read.err;
  bool later = false;
  for (const int limit : {100000, 110000, 120000, 130000, 145000}) {
    SCOPED_TRACE("ulimit -v " + std::to_string(limit));
    const RunResult mapped =
        run_shell("ulimit -v " + std::to_string(limit) + " && exec \"$0\" -v -j 1 --mmap \"$@\"", {"-i", path});
    const std::string strategy = closing_strategy(mapped.err);
    later = later || strategy.rfind("mmap to byte ", 0) == 0;
    EXPECT_EQ(mapped.exit_status, read.exit_status) << mapped.err;
    EXPECT_TRUE(mapped.out == read.out) << first_difference(read.out, mapped.out);
    // The error line, after -v's lines.
    EXPECT_NE(mapped.err.find(read.err), std::string::npos) << mapped.err;
  }
  EXPECT_TRUE(later) << "no limit made a later window fail";
}

// ---- stdin at an offset -----------------------------------------------------

TEST(Io, StdinFromAFileIsJudgedFromItsOffset) {
  // `read` leaves the offset just past the line it read, as `head -n 3` does in
  // the specification's example (docs/specification.md, section 4); line
  // numbers count from there.
  const RunResult result = run_shell("{ read -r a; read -r b; read -r c; exec \"$0\"; } < examples/sample.txt");
  EXPECT_EQ(result.out, "Player 2\nDraw\n");
  EXPECT_EQ(result.exit_status, 0) << result.err;
  const RunResult error = run_shell("{ read -r a; exec \"$0\"; } < examples/sample.txt");
  EXPECT_EQ(error.exit_status, 1);
  EXPECT_EQ(error.err.rfind("poker: <stdin>:2:", 0), 0u) << error.err;
}

TEST(Io, SecondRunOnTheSameStdinFileGoesOnWhereTheFirstStopped) {
  const std::string first = temp_path("first.txt");
  const std::string second = temp_path("second.txt");
  const RunResult result =
      run_shell("{ \"$0\" -o \"$1\" && \"$0\" -o \"$2\"; } < examples/sample.txt", {first, second});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(read_whole_file(first), kSampleAnswers);
  EXPECT_EQ(read_whole_file(second), "");
}

// A run that stops early (here at the error in line 10) leaves a redirected
// stdin where the map leaves it, a window of 64 MiB on, when the map fails
// and reads replace it too, and when reads were chosen: the next reader of
// the same stdin goes on there.
TEST(Io, FailedMapLeavesStdinWhereTheMapLeavesIt) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  const std::string then_cat = "{ \"$0\" -j 1 --mmap >/dev/null 2>&1; wc -c; } < \"$1\"";
  const RunResult mapped = run_shell(then_cat, {sample_then_zeros()});
  const RunResult read = run_shell("ulimit -v 60000 && " + then_cat, {sample_then_zeros()});
  const RunResult chosen =
      run_shell("{ \"$0\" -j 1 --no-mmap >/dev/null 2>&1; wc -c; } < \"$1\"", {sample_then_zeros()});
  EXPECT_EQ(mapped.exit_status, 0) << mapped.err;
  EXPECT_EQ(read.exit_status, 0) << read.err;
  EXPECT_EQ(chosen.exit_status, 0) << chosen.err;
  EXPECT_EQ(read.out, mapped.out);
  EXPECT_EQ(chosen.out, mapped.out);
  // At least the first window is passed (the error's hint reads a little
  // more of the stdin after it).
  const long left = std::stol(mapped.out);
  EXPECT_LE(left, (100 - 64) << 20);
  EXPECT_GT(left, (100 - 65) << 20);
}

// ---- Memory in proportion to the input --------------------------------------

TEST(Faults, GibibyteChunksOfAShortPipeTakeLittleMemory) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  // Buffers of 4 x the chunk size allocated up front would abort here: they
  // grow with what is read.
  const std::string limited = "ulimit -v 2000000 && exec \"$0\" \"$@\"";
  const RunResult judged =
      run_shell(limited, {"--chunk-size", "1G"}, read_whole_file(kSourceDir + "/examples/sample.txt"));
  EXPECT_EQ(judged.out, kSampleAnswers);
  EXPECT_EQ(judged.exit_status, 0) << judged.err;
  const RunResult verified = run_shell(
      limited, {"verify", "--chunk-size", "1G", "-i", "examples/sample.txt", "--answers", "-"}, kSampleAnswers);
  EXPECT_EQ(verified.out, "OK: <stdin>: the answers to all 3 instances match\n");
  EXPECT_EQ(verified.exit_status, 0) << verified.err;
}

// ---- A candidate without end ------------------------------------------------

TEST(Verify, EndlessLineInTheCandidateIsALineTooLong) {
  for (const Args& all : {Args{}, Args{"--all"}}) {
    const RunResult result = run_poker(concat({"verify", "-i", "examples/sample.txt", "--answers", "/dev/zero"}, all));
    EXPECT_FALSE(result.timed_out);
    EXPECT_EQ(result.exit_status, 4) << result.err;
    EXPECT_NE(result.out.find("\nLINE TOO LONG: the candidate's line 1 is longer than 1048576 bytes"),
              std::string::npos)
        << printable(result.out);
    EXPECT_NE(result.out.find("  1 | \\x00\\x00"), std::string::npos);
  }
}

TEST(Verify, EndlessCandidateWithAllStopsCountingItsExtraLines) {
  const RunResult result = run_shell("yes 'Player 1' | \"$0\" verify --all -i examples/sample.txt --answers -");
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 4) << result.err;
  EXPECT_NE(result.out.find("EXTRA LINES: the candidate goes on after the last expected answer, from line 4\n"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("compared 3 instances: 1 right, 2 wrong, 0 missing, at least "), std::string::npos)
      << result.out;
}

}  // namespace
}  // namespace poker::e2e
