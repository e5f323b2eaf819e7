// Odd input sources, end to end: an input file whose memory map fails, stdin
// redirected from a file at an offset, a huge chunk size on a short pipe,
// and `verify` against a candidate without end. Each runs the binary as a
// shell runs it (`sh -c`, for a redirection or a resource limit).
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>
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
// KiB of address space: room for the program (-j 1), none for a 64 MiB map.
const std::string kSmallAddressSpace = "ulimit -v 60000 && exec \"$0\" -j 1 \"$@\"";

// ---- A failed memory map ----------------------------------------------------

TEST(Io, FailedMapOfTheInstancesFallsBackToThemNotToTheCandidate) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  // Were the map's failure to close the instances' descriptor, the candidate
  // would take its number and be judged as the instances: a wrong candidate
  // would pass.
  const std::string wrong = write_temp_file("wrong.txt", "Player 9\n");
  const RunResult result = run_shell(kSmallAddressSpace, {"verify", "-i", sample_then_zeros(), "--answers", wrong});
  EXPECT_EQ(result.exit_status, 4) << result.out << result.err;
  EXPECT_EQ(result.out.rfind("MISMATCH at instance 1 (input line 1, answer line 1)\n", 0), 0u) << result.out;

  const std::string right = write_temp_file("right.txt", kSampleAnswers);
  const RunResult passes = run_shell(kSmallAddressSpace, {"verify", "-i", sample_then_zeros(), "--answers", right});
  EXPECT_EQ(passes.exit_status, 0) << passes.out << passes.err;
}

TEST(Io, FailedMapOfTheInputReadsItInstead) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  const RunResult result = run_shell(kSmallAddressSpace, {"-i", sample_then_zeros()});
  EXPECT_EQ(result.out, kSampleAnswers);
  EXPECT_EQ(result.exit_status, 1) << result.err;
  EXPECT_EQ(result.err.rfind("poker: " + sample_then_zeros() + ":10:1: invalid card '\\x00", 0), 0u) << result.err;
}

// ---- stdin at an offset -----------------------------------------------------

TEST(Io, StdinFromAFileIsJudgedFromItsOffset) {
  // `read` leaves the offset just past the line it read, as the SPEC's
  // `head -n 3` does; line numbers count from there.
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
// and reads replace it too: the next reader of the same stdin goes on there.
TEST(Io, FailedMapLeavesStdinWhereTheMapLeavesIt) {
  if (kUnderSanitizer) GTEST_SKIP() << "a sanitizer reserves more address space than the limit";
  const std::string then_cat = "{ \"$0\" -j 1 >/dev/null 2>&1; wc -c; } < \"$1\"";
  const RunResult mapped = run_shell(then_cat, {sample_then_zeros()});
  const RunResult read = run_shell("ulimit -v 60000 && " + then_cat, {sample_then_zeros()});
  EXPECT_EQ(mapped.exit_status, 0) << mapped.err;
  EXPECT_EQ(read.exit_status, 0) << read.err;
  EXPECT_EQ(read.out, mapped.out);
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
