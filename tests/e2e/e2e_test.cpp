// The built `poker` as a user runs it: the examples, the command line and its
// exit statuses, and the input and output files (the specification,
// docs/specification.md, sections 3 and 4).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

const std::string kSample =
    "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nKs Qd\n8c 8h\n2s 8d Ad 4c Jh\n2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";

std::string example(const std::string& name) { return read_whole_file(kSourceDir + "/examples/" + name); }

int line_count(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

// An I/O error: status 3, one "poker: " line on stderr naming `name`.
void expect_io_error(const RunResult& result, const std::string& name) {
  ASSERT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 3) << result.err;
  EXPECT_EQ(result.err.rfind("poker: " + name + ": ", 0), 0u) << result.err;
  EXPECT_EQ(line_count(result.err), 1) << result.err;
}

// ---- The examples ---------------------------------------------------------------

TEST(Examples, SampleFromStdin) {
  const RunResult result = run_poker({}, example("sample.txt"));
  EXPECT_EQ(result.out, example("sample.expected"));
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
}

TEST(Examples, SampleFromFile) {
  const RunResult result = run_poker({"-i", "examples/sample.txt"});
  EXPECT_EQ(result.out, example("sample.expected"));
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
}

TEST(Examples, ThreePlayers) {
  const RunResult result = run_poker({"3", "-i", "examples/three_players.txt"});
  EXPECT_EQ(result.out, example("three_players.expected"));
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
  const RunResult piped = run_poker({"3"}, example("three_players.txt"));
  EXPECT_EQ(piped.out, example("three_players.expected"));
  EXPECT_EQ(piped.exit_status, 0);
}

TEST(Examples, ExplainSample) {
  const RunResult result = run_poker({"-e", "-i", "examples/sample.txt"});
  EXPECT_EQ(result.out, example("sample.explain.expected"));
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
}

TEST(Examples, InvalidReportsFileLineAndColumn) {
  const RunResult result = run_poker({"-i", "examples/invalid.txt"});
  EXPECT_EQ(result.out, example("invalid.expected"));
  EXPECT_EQ(result.err, example("invalid.expected-error"));
  EXPECT_EQ(result.exit_status, 1);
}

TEST(Examples, InvalidFromStdinNamesStdin) {
  const RunResult result = run_poker({}, example("invalid.txt"));
  std::string expected_error = example("invalid.expected-error");
  expected_error.replace(expected_error.find("examples/invalid.txt"), std::string("examples/invalid.txt").size(),
                         "<stdin>");
  EXPECT_EQ(result.out, example("invalid.expected"));
  EXPECT_EQ(result.err, expected_error);
  EXPECT_EQ(result.exit_status, 1);
}

// ---- Command line -----------------------------------------------------------------

TEST(Usage, OnePlayerIsAUsageError) {
  expect_usage_error({"1"});
  expect_usage_error({"-p", "1"});
}

TEST(Usage, TwentyFourPlayersIsAUsageError) {
  expect_usage_error({"24"});
  expect_usage_error({"--players", "24"});
}

TEST(Usage, ZeroAndNegativePlayersAreUsageErrors) {
  expect_usage_error({"0"});
  expect_usage_error({"-p", "-3"});
}

TEST(Usage, NonNumericPlayersIsAUsageError) {
  // A bare word is the input FILE (command_line_test.cpp); a word that
  // starts like a number is a mistaken PLAYERS.
  expect_usage_error({"-p", "abc"});
  expect_usage_error({"2x"});
}

TEST(Usage, UnknownOptionIsAUsageError) {
  expect_usage_error({"--bogus"});
  expect_usage_error({"-Z"});
}

TEST(Usage, ZeroThreadsIsAUsageError) {
  expect_usage_error({"-j", "0"});
  expect_usage_error({"--threads", "0"});
}

TEST(Usage, BadChunkSizeIsAUsageError) {
  expect_usage_error({"--chunk-size", "0"});
  expect_usage_error({"--chunk-size", "lots"});
}

TEST(Usage, PlayersBothPositionalAndOptionIsAUsageError) {
  expect_usage_error({"3", "-p", "3"});
  expect_usage_error({"-p", "4", "3"});
}

TEST(Usage, ExtraPositionalArgumentIsAUsageError) { expect_usage_error({"3", "4"}); }

TEST(Usage, MissingOptionValueIsAUsageError) {
  expect_usage_error({"-i"});
  expect_usage_error({"-j"});
}

TEST(Usage, BoundaryPlayerCountsAreAccepted) {
  const RunResult two = run_poker({"2"}, kSample);
  EXPECT_EQ(two.exit_status, 0);
  EXPECT_EQ(two.out, kSampleAnswers);
  const RunResult many = run_poker({"23"}, "");
  EXPECT_EQ(many.exit_status, 0) << many.err;
  EXPECT_EQ(many.out, "");
}

TEST(Usage, OptionsMayFollowThePlayers) {
  const RunResult result = run_poker({"-i", "examples/three_players.txt", "3", "-j", "1"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, example("three_players.expected"));
}

TEST(Usage, HelpPrintsUsageOnStdout) {
  for (const char* flag : {"--help", "-h"}) {
    SCOPED_TRACE(flag);
    const RunResult result = run_poker({flag});
    EXPECT_EQ(result.exit_status, 0);
    EXPECT_NE(result.out.find("Usage"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--players"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--explain"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--threads"), std::string::npos) << result.out;
    EXPECT_EQ(result.err, "");
  }
}

TEST(Usage, HelpWinsOverInput) {
  // --help reads no input and judges nothing.
  const RunResult result = run_poker({"--help"}, "not cards\n");
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_EQ(result.out, run_poker({"--help"}).out);
  EXPECT_EQ(result.err, "");
}

TEST(Usage, VersionPrintsTheVersion) {
  const RunResult result = run_poker({"--version"});
  EXPECT_EQ(result.exit_status, 0);
  // The version, then what a benchmark report names: compiler, oneTBB, SIMD path.
  EXPECT_EQ(result.out.rfind(std::string("poker ") + POKER_VERSION + "\n", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("\ncompiler: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\noneTBB: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\ncard decoding: "), std::string::npos) << result.out;
  EXPECT_EQ(result.err, "");
}

TEST(Usage, QuietAndVerboseDoNotChangeStdout) {
  const RunResult quiet = run_poker({"-q"}, kSample);
  EXPECT_EQ(quiet.exit_status, 0);
  EXPECT_EQ(quiet.out, kSampleAnswers);
  EXPECT_EQ(quiet.err, "");
  const RunResult verbose = run_poker({"-v"}, kSample);
  EXPECT_EQ(verbose.exit_status, 0);
  EXPECT_EQ(verbose.out, kSampleAnswers);
  // Diagnostics go to stderr, each line prefixed.
  EXPECT_EQ(verbose.err.rfind("poker: ", 0), 0u) << verbose.err;
}

// ---- Input and output -------------------------------------------------------------

TEST(Io, MissingInputFileIsAnIoError) {
  const std::string path = temp_path("does-not-exist.txt");
  const RunResult result = run_poker({"-i", path}, kSample);
  expect_io_error(result, path);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("No such file or directory"), std::string::npos) << result.err;
}

TEST(Io, InputDirectoryIsAnIoError) {
  const RunResult result = run_poker({"-i", temp_directory()}, kSample);
  expect_io_error(result, temp_directory());
  EXPECT_EQ(result.out, "");
}

TEST(Io, StdinDirectoryIsAnIoError) {
  const RunResult result = run_poker_stdin_file({}, temp_directory());
  expect_io_error(result, "<stdin>");
  EXPECT_EQ(result.out, "");
}

TEST(Io, ReadErrorIsAnIoError) {
  // Reading /proc/self/mem at offset 0 fails with EIO.
  if (::access("/proc/self/mem", R_OK) != 0) GTEST_SKIP() << "no /proc/self/mem";
  const RunResult result = run_poker({"-i", "/proc/self/mem"});
  expect_io_error(result, "/proc/self/mem");
  EXPECT_EQ(result.out, "");
}

TEST(Io, UnreadableInputFileIsAnIoError) {
  const std::string path = write_temp_file("unreadable.txt", kSample);
  ::chmod(path.c_str(), 0);
  RunResult result;
  if (::geteuid() == 0) {
    // Root reads any file: run poker as nobody, as a grader's account would.
    if (::access("/usr/bin/setpriv", X_OK) != 0) GTEST_SKIP() << "root reads any file, and no setpriv";
    testing::SpawnOptions options;
    options.args = {"--reuid=65534", "--regid=65534", "--clear-groups", POKER_BINARY, "-i", path};
    result = testing::run("/usr/bin/setpriv", options);
  } else {
    result = run_poker({"-i", path});
  }
  expect_io_error(result, path);
  EXPECT_NE(result.err.find("Permission denied"), std::string::npos) << result.err;
  EXPECT_EQ(result.out, "");
}

TEST(Io, DevFullIsAWriteError) {
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  const RunResult result = run_poker({"-o", "/dev/full"}, kSample);
  expect_io_error(result, "/dev/full");
  EXPECT_NE(result.err.find("write error"), std::string::npos) << result.err;
  EXPECT_EQ(result.out, "");
}

TEST(Io, DevFullWriteErrorOnLargeOutput) {
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  std::string input;
  for (int i = 0; i < 5000; ++i) input += kSample;
  const RunResult result = run_poker({"-o", "/dev/full", "-j", "2", "--chunk-size", "1000"}, input);
  expect_io_error(result, "/dev/full");
}

TEST(Io, UnwritableOutputPathIsAnIoError) {
  const std::string path = temp_path("no-such-directory") + "/out.txt";
  const RunResult result = run_poker({"-o", path}, kSample);
  expect_io_error(result, path);
  EXPECT_EQ(result.out, "");
}

TEST(Io, OutputFileReceivesTheAnswers) {
  const std::string path = temp_path("answers.txt");
  const RunResult result = run_poker({"-o", path}, kSample);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(read_whole_file(path), kSampleAnswers);
}

TEST(Io, OutputFileIsTruncated) {
  const std::string path = write_temp_file("old-answers.txt", std::string(10000, 'x'));
  const RunResult result = run_poker({"--output", path}, kSample);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(read_whole_file(path), kSampleAnswers);
}

TEST(Io, OutputOverTheInputFileIsRefused) {
  // Opening the output would truncate the input while it is being read.
  const std::string path = write_temp_file("both.txt", kSample);
  const RunResult named = run_poker({"-i", path, "-o", path});
  EXPECT_EQ(named.exit_status, 2);
  EXPECT_EQ(named.err, "poker: " + path + ": is the input file; refusing to overwrite it\n");
  EXPECT_EQ(read_whole_file(path), kSample);
  const RunResult redirected = run_poker_stdin_file({"-o", path}, path);
  EXPECT_EQ(redirected.exit_status, 2);
  EXPECT_EQ(read_whole_file(path), kSample);
}

TEST(Io, OutputFileHoldsTheAnswersBeforeAnError) {
  const std::string path = temp_path("partial.txt");
  const RunResult result = run_poker({"-o", path}, kSample + "Ah Kh\n2c 3d\nQh Jh Th 5c 6d 7d\n");
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(without_instance_and_hint(result.err),
            error_line("<stdin>", 12, 16, "expected the end of the line after 5 cards for the board, found '7d'"));
  EXPECT_EQ(read_whole_file(path), kSampleAnswers);
}

TEST(Io, DashOutputIsStdout) {
  const RunResult result = run_poker({"-o", "-"}, kSample);
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_EQ(result.out, kSampleAnswers);
}

TEST(Io, DashInputReadsStdin) {
  const RunResult result = run_poker({"-i", "-"}, kSample);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, kSampleAnswers);
  const RunResult bad = run_poker({"-i", "-"}, "Ah Kh\n2c 3d\n");
  EXPECT_EQ(bad.exit_status, 1);
  EXPECT_EQ(
      without_instance_and_hint(bad.err),
      error_line("<stdin>", 3, 1, "incomplete instance: expected the line of the board, found the end of the input"));
}

TEST(Io, DevNullInputGivesNoOutput) {
  const RunResult result = run_poker({"-i", "/dev/null"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
}

TEST(Io, EmptyFileGivesNoOutput) {
  const std::string path = write_temp_file("empty.txt", "");
  const RunResult result = run_poker({"-i", path});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  const RunResult redirected = run_poker_stdin_file({}, path);
  EXPECT_EQ(redirected.exit_status, 0) << redirected.err;
  EXPECT_EQ(redirected.out, "");
}

TEST(Io, StdinRedirectedFromAFileIsNamedStdin) {
  const std::string path = write_temp_file("redirected.txt", kSample + "Ah Ah\n");
  const RunResult result = run_poker_stdin_file({}, path);
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.out, kSampleAnswers);
  EXPECT_EQ(without_instance_and_hint(result.err),
            error_line("<stdin>", 10, 4, "duplicate card 'Ah': already at line 10, column 1"));
}

TEST(Io, FileNameInErrorIsThePathAsGiven) {
  const std::string path = write_temp_file("named.txt", "Ah Kh\n2c 3d\nQh Jh Th 5c 6x\n");
  const RunResult result = run_poker({"-i", path});
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(without_instance_and_hint(result.err), error_line(path, 3, 13, invalid_card("'6x'")));
}

}  // namespace
}  // namespace poker::e2e
