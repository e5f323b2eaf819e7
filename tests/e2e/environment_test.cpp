// A hostile environment around the program, end to end: closed standard
// descriptors, limits on threads, memory and file size, odd file names, options
// given twice, an output that cannot take the help text. Each gives the
// one-line message and status of the specification (docs/specification.md,
// section 3), never a hang, a core dump or answers silently lost.
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using testing::SpawnOptions;

const std::string kSample = "examples/sample.txt";

std::string sample_answers() { return read_whole_file(kSourceDir + "/examples/sample.expected"); }

// `script` run by /bin/sh in the source directory, with "$P" the binary.
RunResult run_shell(const std::string& script, std::string_view stdin_bytes = {}) {
  SpawnOptions options;
  options.args = {"-c", "P=\"$0\"; " + script, kBinary};
  options.working_directory = kSourceDir;
  return testing::run("/bin/sh", options, stdin_bytes);
}

// The command prefix that runs "$P" with RLIMIT_NPROC at `processes`: as
// root, whom the limit does not bind, the run is moved to user nobody.
std::string with_process_limit(int processes) {
  const std::string prlimit = "prlimit --nproc=" + std::to_string(processes) + " ";
  return ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " + prlimit : prlimit;
}

// ---- Closed standard descriptors --------------------------------------------

TEST(ClosedDescriptors, ClosedStdinIsAReadErrorNotAHang) {
  const RunResult result = run_shell("exec \"$P\" <&-");
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: <stdin>: read error: Bad file descriptor\n");
}

TEST(ClosedDescriptors, AnswersToAClosedStdoutAreAWriteError) {
  for (const std::string redirections : {">&-", "<&- >&-"}) {
    SCOPED_TRACE(redirections);
    const RunResult result = run_shell("exec \"$P\" -i " + kSample + " " + redirections);
    EXPECT_EQ(result.exit_status, 3);
    EXPECT_EQ(result.err, "poker: <stdout>: write error: Bad file descriptor\n");
  }
  const RunResult verify = run_shell("exec \"$P\" verify -i " + kSample + " --answers examples/sample.expected >&-");
  EXPECT_EQ(verify.exit_status, 3);
  EXPECT_EQ(verify.err, "poker: <stdout>: write error: Bad file descriptor\n");
}

TEST(ClosedDescriptors, ClosedStdoutAndStderrDoNotStopAVerboseRunToAFile) {
  // The input streams from a pipe: a read that a log line on a descriptor
  // taken by the stop pipe would wake.
  const std::string out = temp_path("verbose-out.txt");
  const RunResult result =
      run_shell("exec \"$P\" -v -o " + out + " >&- 2>&-", read_whole_file(kSourceDir + "/" + kSample));
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_EQ(read_whole_file(out), sample_answers());
}

// ---- Limits ---------------------------------------------------------------------

TEST(Limits, NoThreadToSpareRunsWithFewerThreads) {
  if (kUnderSanitizer) GTEST_SKIP() << "the leak checker and TSan need threads of their own";
  // 1: not even the signal watcher starts; 2: it starts, TBB's workers do not.
  for (const int processes : {1, 2}) {
    SCOPED_TRACE(processes);
    const RunResult result = run_shell("exec " + with_process_limit(processes) + "\"$P\" -v -j 4 -i " + kSample);
    EXPECT_EQ(result.signal, 0) << result.err;
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(result.out, sample_answers());
    EXPECT_NE(result.err.find(" 1 threads,"), std::string::npos) << result.err;
  }
}

TEST(Limits, OutOfMemoryIsAMessageNotACoreDump) {
  if (kUnderSanitizer) GTEST_SKIP() << "sanitizers reserve more address space than the limit";
  // Large chunks of a pipe under a small address space: the buffers cannot
  // all be had (or, read as they grow, can); either way no abort.
  const RunResult result = run_shell("ulimit -v 300000; cat " + kSample + " | \"$P\" --chunk-size 1G");
  EXPECT_EQ(result.signal, 0);
  if (result.exit_status == 0) {
    EXPECT_EQ(result.out, sample_answers());
  } else {
    EXPECT_EQ(result.exit_status, 3);
    EXPECT_EQ(result.err, "poker: out of memory\n");
  }
}

TEST(Limits, FileSizeLimitIsAWriteErrorNotSigxfsz) {
  std::string input;
  const std::string sample = read_whole_file(kSourceDir + "/" + kSample);
  while (input.size() < 200 * 1024) input += sample;
  const std::string in = write_temp_file("fsize-in.txt", input);
  const std::string out = temp_path("fsize-out.txt");
  const RunResult result = run_shell("exec prlimit --fsize=4096 \"$P\" -i " + in + " -o " + out);
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: " + out + ": write error: File too large\n");
}

// ---- Messages -------------------------------------------------------------------

TEST(Messages, FileNamesAreEscapedOnTheOneLine) {
  const RunResult result = run_poker({"-i", "bad\nname\x1b[31m\xff.txt"});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: bad\\x0aname\\x1b[31m\\xff.txt: cannot open: No such file or directory\n");
}

TEST(Messages, OptionGivenBeforeAndAfterTheSubcommandIsAUsageError) {
  const std::vector<std::vector<std::string>> commands = {
      {"-i", "a.txt", "euler", "-i", "b.txt"},
      {"-o", temp_path("a.txt"), "verify", "--answers", "x", "-o", temp_path("b.txt")},
      {"verify", "--answers", "x", "euler", "--answers", "y"},
      {"-j", "1", "verify", "eval", "-j", "2", "--answers", "x"},
  };
  for (const auto& args : commands) {
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2) << result.err;
    EXPECT_NE(result.err.find(" given both to "), std::string::npos) << result.err;
  }
}

TEST(Messages, VerboseCountsTheThreadsThatRun) {
  cpu_set_t cpus;
  ASSERT_EQ(::sched_getaffinity(0, sizeof cpus, &cpus), 0);
  const int hardware = CPU_COUNT(&cpus);
  const RunResult result = run_poker({"-v", "-j", "4096", "-i", kSample});
  EXPECT_EQ(result.exit_status, 0);
  EXPECT_NE(result.err.find(", " + std::to_string(std::min(hardware, 4096)) + " threads,"), std::string::npos)
      << result.err;
}

TEST(Messages, HelpOrVersionToAFullDeviceIsAWriteError) {
  for (const std::string flag : {"--help", "--version"}) {
    SCOPED_TRACE(flag);
    SpawnOptions options;
    options.args = {flag};
    options.stdout_file = "/dev/full";
    const RunResult result = testing::run(kBinary, options);
    EXPECT_EQ(result.exit_status, 3);
    EXPECT_EQ(result.err, "poker: <stdout>: write error: No space left on device\n");
  }
}

// ---- Outputs opened after the inputs ------------------------------------------------

TEST(Outputs, VerifyWithAMissingCandidateLeavesTheReportAlone) {
  const std::string report = write_temp_file("report.txt", "the last report\n");
  const RunResult result = run_poker({"verify", "-i", kSample, "--answers", temp_path("missing.txt"), "-o", report});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(read_whole_file(report), "the last report\n");
}

}  // namespace
}  // namespace poker::e2e
