// `poker bench --baseline`'s runs of poker programs (bench/alternating.h):
// a child run's status, signal, stderr, CPU time and clean start (no signal
// blocked or ignored, whatever this process does), its end on a stop; the
// command lines that make the built `poker` judge each workload as the
// engine does in-process; and the alternation of two programs (ABBA), the
// copies of the input that make a run long enough, the check of the two
// programs' answers and the message of a program that fails.
//
// Kept fast: quick workloads, most of them cut to a few hundred instances.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "e2e_helpers.h"
#include "poker/bench/alternating.h"
#include "poker/bench/run.h"
#include "poker/bench/workloads.h"

namespace poker::e2e {
namespace {

using bench::AlternatingRun;
using bench::AlternationSettings;
using bench::ProgramRun;
using bench::RunFailure;
using bench::Workload;
using Clock = std::chrono::steady_clock;

// `script`, a /bin/sh script, as an executable file.
std::string write_script(std::string_view name, const std::string& script) {
  const std::string path = write_temp_file(name, "#!/bin/sh\n" + script);
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

// A fresh empty directory.
std::string fresh_directory(std::string_view name) {
  const std::string path = temp_path(name);
  std::filesystem::create_directory(path);
  return path;
}

bool is_empty_directory(const std::string& path) { return std::filesystem::is_empty(path); }

ProgramRun run_sh(const std::string& script, const std::string& stdout_path = "/dev/null",
                  const std::atomic<bool>* stop = nullptr, int wake_fd = -1) {
  return bench::run_program("/bin/sh", {"-c", script}, "/dev/null", stdout_path, stop, wake_fd);
}

// ---- run_program --------------------------------------------------------------

TEST(RunProgram, ReportsTheExitStatusAndWhatTheChildWroteOnStderr) {
  const ProgramRun run = run_sh("echo 'poker: no such option' >&2; exit 3");
  EXPECT_EQ(run.exit_status, 3);
  EXPECT_EQ(run.signal, 0);
  EXPECT_FALSE(run.succeeded());
  EXPECT_EQ(run.stderr_head, "poker: no such option\n");
  EXPECT_GT(run.wall_s, 0);
}

TEST(RunProgram, ReportsTheSignalThatEndedTheChild) {
  const ProgramRun run = run_sh("kill -SEGV $$");
  EXPECT_EQ(run.signal, SIGSEGV);
  EXPECT_EQ(run.exit_status, 0);
  EXPECT_FALSE(run.succeeded());
}

TEST(RunProgram, ReadsStdinFromItsFileAndWritesStdoutToItsFile) {
  const std::string in = write_temp_file("in", "Ah Kh\nQs Qd\n");
  const std::string out = temp_path("out");
  const ProgramRun run = bench::run_program("cat", {}, in, out, nullptr, -1);  // found in PATH
  EXPECT_TRUE(run.succeeded()) << run.stderr_head;
  EXPECT_EQ(read_whole_file(out), "Ah Kh\nQs Qd\n");
}

// The first 4 KiB are kept; the rest is read and dropped, so that a child
// that writes much on stderr runs to its end.
TEST(RunProgram, KeepsOnlyTheStartOfALongStderr) {
  const std::string out = temp_path("out");
  const ProgramRun run = run_sh("head -c 1000000 /dev/zero | tr '\\0' x >&2; echo done", out);
  EXPECT_TRUE(run.succeeded());
  EXPECT_EQ(run.stderr_head, std::string(bench::kStderrHead, 'x'));
  EXPECT_EQ(read_whole_file(out), "done\n");
}

// CPU time is the child's own: about its wall time when it spins, next to
// nothing when it sleeps.
TEST(RunProgram, MeasuresTheChildsCpuTimeNotItsWallTime) {
  const ProgramRun spinning = run_sh("i=0; while [ $i -lt 40000 ]; do i=$((i+1)); done");
  ASSERT_TRUE(spinning.succeeded());
  EXPECT_GT(spinning.cpu_s, 0.005);
  EXPECT_LE(spinning.cpu_s, spinning.wall_s * 1.05 + 0.01);  // one thread
  const ProgramRun sleeping = run_sh("sleep 0.2");
  ASSERT_TRUE(sleeping.succeeded());
  EXPECT_GE(sleeping.wall_s, 0.2);
  EXPECT_LT(sleeping.cpu_s, 0.1);
}

// A stop from the flag alone (checked every few milliseconds), and from the
// wake pipe alone: the child and its own children are killed, and the call
// returns at once.
TEST(RunProgram, AStopKillsTheChildAndItsChildrenPromptly) {
  for (const bool through_pipe : {false, true}) {
    SCOPED_TRACE(through_pipe ? "wake pipe" : "stop flag");
    int wake[2];
    ASSERT_EQ(::pipe(wake), 0);
    std::atomic<bool> stop{false};
    const std::string pid_file = temp_path("pid");
    Clock::time_point stopped_at;
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      stopped_at = Clock::now();
      if (through_pipe) {
        EXPECT_EQ(::write(wake[1], "x", 1), 1);
      } else {
        stop = true;
      }
    });
    // The shell waits on a `sleep` of its own, which holds stderr's pipe.
    const ProgramRun run =
        run_sh("sleep 100 & echo $! > " + pid_file + "; wait", "/dev/null", through_pipe ? nullptr : &stop, wake[0]);
    const auto late = std::chrono::duration<double>(Clock::now() - stopped_at).count();
    stopper.join();
    ::close(wake[0]);
    ::close(wake[1]);
    EXPECT_EQ(run.signal, SIGKILL);
    EXPECT_LT(late, 0.5);
    // The `sleep` is gone too (or a zombie until its new parent reaps it).
    const std::string sleeper = "/proc/" + read_whole_file(pid_file).substr(0, read_whole_file(pid_file).find('\n'));
    bool gone = false;
    for (int tries = 0; tries < 100 && !gone; ++tries) {
      std::ifstream status(sleeper + "/status");
      std::string line;
      while (std::getline(status, line) && line.rfind("State:", 0) != 0) {
      }
      gone = !status || line.find('Z') != std::string::npos;
      if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(gone) << sleeper << " still runs";
  }
}

TEST(RunProgram, StartsNothingOnceStopped) {
  const std::atomic<bool> stop{true};
  const std::string marker = temp_path("marker");
  const ProgramRun run = run_sh("touch " + marker, "/dev/null", &stop);
  EXPECT_EQ(run.signal, SIGKILL);
  EXPECT_FALSE(std::filesystem::exists(marker));
}

// The CLI blocks SIGINT and SIGTERM in every thread (its signal thread takes
// them) and ignores SIGPIPE: a child inheriting that would ignore Ctrl-C and
// live on after its reader has gone.
TEST(RunProgram, StartsTheChildWithNoSignalBlockedOrIgnored) {
  sigset_t stop_signals, before;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  ASSERT_EQ(::pthread_sigmask(SIG_BLOCK, &stop_signals, &before), 0);
  struct sigaction ignore {
  }, pipe_before{}, hangup_before{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &pipe_before);
  ::sigaction(SIGHUP, &ignore, &hangup_before);
  const std::string out = temp_path("status");
  const ProgramRun run = bench::run_program("/bin/cat", {"/proc/self/status"}, "/dev/null", out, nullptr, -1);
  ::sigaction(SIGHUP, &hangup_before, nullptr);
  ::sigaction(SIGPIPE, &pipe_before, nullptr);
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  ASSERT_TRUE(run.succeeded()) << run.stderr_head;
  // The standard signals, 1 to 31: glibc's posix_spawn leaves its own two
  // real-time signals (32 and 33, below SIGRTMIN) ignored in the child,
  // which the child's glibc takes back at its start.
  constexpr std::uint64_t kStandardSignals = (std::uint64_t{1} << 31) - 1;
  std::istringstream status(read_whole_file(out));
  int checked = 0;
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("SigBlk:", 0) == 0 || line.rfind("SigIgn:", 0) == 0) {
      EXPECT_EQ(std::stoull(line.substr(7), nullptr, 16) & kStandardSignals, 0U) << line;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 2);
}

TEST(RunProgram, SaysWhyAProgramCannotRun) {
  try {
    (void)bench::run_program("/nonexistent/poker", {"-j", "1"}, "/dev/null", "/dev/null", nullptr, -1);
    ADD_FAILURE() << "no failure";
  } catch (const RunFailure& failure) {
    EXPECT_EQ(std::string(failure.what()), "/nonexistent/poker: cannot run: No such file or directory");
  }
  try {
    (void)bench::run_program("/bin/cat", {}, "/nonexistent/input.txt", "/dev/null", nullptr, -1);
    ADD_FAILURE() << "no failure";
  } catch (const RunFailure& failure) {
    ASSERT_TRUE(failure.io_error().has_value());
    EXPECT_EQ(failure.io_error()->path, "/nonexistent/input.txt");
  }
}

TEST(ProgramVersion, IsTheFirstLineOfVersionOrNothing) {
  EXPECT_EQ(bench::program_version(kBinary, nullptr, -1), "poker " POKER_VERSION);
  EXPECT_EQ(bench::program_version("/nonexistent/poker", nullptr, -1), "");
  EXPECT_EQ(bench::program_version("/bin/false", nullptr, -1), "");
}

// ---- judge_words ----------------------------------------------------------------

// `workload` cut to its first `lines` lines (whole instances of every
// format when a multiple of 468: 1, 3, 9 and 52 lines).
Workload cut(Workload workload, std::size_t lines) {
  std::size_t end = 0;
  for (std::size_t line = 0; line < lines; ++line) end = workload.input.find('\n', end) + 1;
  workload.input.resize(end);
  return workload;
}

TEST(JudgeWords, AreThoseOfTheCommandLine) {
  const Workload holdem_8 = bench::make_workload("holdem-8", true, nullptr);
  EXPECT_EQ(bench::judge_words(holdem_8, 3, ""), (std::vector<std::string>{"8", "-j", "3"}));
  const Workload omaha_hilo = bench::make_workload("omaha-hilo-2", true, nullptr);
  EXPECT_EQ(bench::judge_words(omaha_hilo, 2, ""), (std::vector<std::string>{"omaha", "--hilo", "-j", "2"}));
  const Workload shortdeck = bench::make_workload("shortdeck-2", true, nullptr);
  EXPECT_EQ(bench::judge_words(shortdeck, 1, ""), (std::vector<std::string>{"shortdeck", "-j", "1"}));
  const Workload verify = bench::make_workload("verify", true, nullptr);
  EXPECT_EQ(bench::judge_words(verify, 1, "answers.txt"),
            (std::vector<std::string>{"verify", "--answers", "answers.txt", "-j", "1"}));
  const Workload floor = bench::make_workload(bench::kFloorName, true, nullptr);
  EXPECT_TRUE(bench::judge_words(floor, 1, "").empty());
}

// The built poker, run with each workload's words, answers as the engine
// does in-process with the workload's format; verify passes the right
// answers and fails a wrong one.
TEST(JudgeWords, MakeThePokerProgramGiveTheEnginesAnswersForEveryWorkload) {
  for (const std::string& name : bench::workload_names()) {
    if (name == bench::kFloorName) continue;
    SCOPED_TRACE(name);
    Workload workload = cut(bench::make_workload(name, true, nullptr), 4 * 468);
    if (workload.kind == bench::WorkloadKind::kVerify)
      workload.candidate = bench::answers_of(*workload.format, workload.input, nullptr);
    const std::string input = write_temp_file(name, workload.input);
    const std::string out = temp_path(name + "-out");
    if (workload.kind == bench::WorkloadKind::kVerify) {
      const std::string right = write_temp_file("right", workload.candidate);
      const ProgramRun run =
          bench::run_program(kBinary, bench::judge_words(workload, 2, right), input, out, nullptr, -1);
      EXPECT_EQ(run.exit_status, 0) << run.stderr_head;
      EXPECT_EQ(read_whole_file(out).rfind("OK: ", 0), 0U) << read_whole_file(out);
      const std::size_t first_end = workload.candidate.find('\n') + 1;
      const std::string other = workload.candidate.substr(0, first_end) == "Draw\n" ? "Player 1\n" : "Draw\n";
      const std::string wrong = write_temp_file("wrong", other + workload.candidate.substr(first_end));
      const ProgramRun failed =
          bench::run_program(kBinary, bench::judge_words(workload, 2, wrong), input, out, nullptr, -1);
      EXPECT_EQ(failed.exit_status, 4) << failed.stderr_head;
      continue;
    }
    const ProgramRun run = bench::run_program(kBinary, bench::judge_words(workload, 2, ""), input, out, nullptr, -1);
    EXPECT_EQ(run.exit_status, 0) << run.stderr_head;
    const std::string expected = bench::answers_of(*workload.format, workload.input, nullptr);
    EXPECT_EQ(first_difference(expected, read_whole_file(out)), "");
  }
}

// ---- measure_alternating --------------------------------------------------------

// A program that appends `mark` and the size of its stdin to `log`, then
// runs poker; `after`, after poker's run, with its status kept.
std::string logging_poker(std::string_view name, const std::string& log, const std::string& mark,
                          const std::string& after = "") {
  return write_script(name, "echo " + mark + " $(stat -L -c %s /dev/stdin) >> " + log + "\n\"" + kBinary +
                                "\" \"$@\"\nstatus=$?\n" + after + "\nexit $status\n");
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The calibration run (the baseline), the warm-up round (baseline then
// candidate), then the timed rounds: a run of each, half of them the
// baseline's first; the scratch files gone.
TEST(MeasureAlternating, RunsHalfTheRoundsBaselineFirstAfterTheCheckOfTheirAnswers) {
  const Workload workload = bench::make_workload("holdem-2", true, nullptr);
  const std::string log = temp_path("log");
  const std::string baseline = logging_poker("baseline", log, "B");
  const std::string candidate = logging_poker("candidate", log, "C");
  const std::string directory = fresh_directory("scratch");
  const AlternatingRun run = bench::measure_alternating(workload, baseline, candidate, 1,
                                                        AlternationSettings{1, 4, 0.02}, directory, nullptr, -1);
  ASSERT_EQ(run.baseline.size(), 4U);
  ASSERT_EQ(run.candidate.size(), 4U);
  for (const bench::Repetition& repetition : run.baseline) {
    EXPECT_GT(repetition.wall_s, 0);
    EXPECT_GT(repetition.cpu_s, 0);
  }
  std::string order;
  for (const std::string& line : lines_of(read_whole_file(log))) order += line.substr(0, 1);
  ASSERT_EQ(order.size(), 11U) << order;
  EXPECT_EQ(order.substr(0, 3), "BBC") << order;
  int baseline_first = 0;
  for (std::size_t round = 0; round < 4; ++round) {
    const std::string pair = order.substr(3 + 2 * round, 2);
    EXPECT_TRUE(pair == "BC" || pair == "CB") << order;
    baseline_first += pair == "BC" ? 1 : 0;
  }
  EXPECT_EQ(baseline_first, 2) << order;
  EXPECT_TRUE(is_empty_directory(directory));
}

// A short input is copied until one run lasts min_time_s; for verify, its
// answers file has as many copies, or verify would fail.
TEST(MeasureAlternating, CopiesTheInputUntilARunLastsLongEnough) {
  for (const char* name : {"holdem-2", "verify"}) {
    SCOPED_TRACE(name);
    Workload workload = cut(bench::make_workload(name, true, nullptr), 300);
    workload.candidate.resize(bench::answers_of(*workload.format, workload.input, nullptr).size());
    const std::string log = temp_path("log");
    const std::string baseline = logging_poker("baseline", log, "B");
    const std::string directory = fresh_directory("scratch");
    const AlternatingRun run = bench::measure_alternating(workload, baseline, kBinary, 1,
                                                          AlternationSettings{1, 1, 0.2}, directory, nullptr, -1);
    EXPECT_GE(run.iterations, 2U);  // a run on 100 instances takes milliseconds
    const std::vector<std::string> sizes = lines_of(read_whole_file(log));
    ASSERT_EQ(sizes.size(), 3U);
    EXPECT_EQ(sizes[0], "B " + std::to_string(workload.input.size()));
    EXPECT_EQ(sizes[1], "B " + std::to_string(workload.input.size() * run.iterations));
    EXPECT_EQ(run.baseline.size(), 1U);
    EXPECT_EQ(run.candidate.size(), 1U);
    EXPECT_TRUE(is_empty_directory(directory));
  }
}

TEST(MeasureAlternating, FindsThatTheTwoProgramsAnswersDiffer) {
  const Workload workload = cut(bench::make_workload("holdem-2", true, nullptr), 300);
  const std::string log = temp_path("log");
  const std::string candidate = logging_poker("candidate", log, "C", "printf x");
  const std::string directory = fresh_directory("scratch");
  try {
    (void)bench::measure_alternating(workload, kBinary, candidate, 1, AlternationSettings{1, 3, 0.02}, directory,
                                     nullptr, -1);
    ADD_FAILURE() << "no failure";
  } catch (const RunFailure& failure) {
    EXPECT_EQ(std::string(failure.what()), "holdem-2: the two programs' answers differ");
  }
  EXPECT_TRUE(is_empty_directory(directory));
}

TEST(MeasureAlternating, NamesTheProgramThatFailsWhyAndWhatItSaid) {
  const Workload workload = cut(bench::make_workload("euler", true, nullptr), 100);
  const std::string directory = fresh_directory("scratch");
  const std::string failing =
      write_script("failing", "echo 'poker: unknown option --foo' >&2\necho 'more' >&2\nexit 2\n");
  const std::string crashing = write_script("crashing", "kill -SEGV $$\n");
  const struct {
    std::string baseline, candidate, says;
  } cases[] = {
      {kBinary, failing, failing + ": euler: exit status 2: poker: unknown option --foo"},
      {crashing, kBinary, crashing + ": euler: killed by SIGSEGV"},
  };
  for (const auto& one : cases) {
    try {
      (void)bench::measure_alternating(workload, one.baseline, one.candidate, 1, AlternationSettings{1, 3, 0.02},
                                       directory, nullptr, -1);
      ADD_FAILURE() << "no failure";
    } catch (const RunFailure& failure) {
      EXPECT_EQ(std::string(failure.what()), one.says);
    }
  }
  EXPECT_TRUE(is_empty_directory(directory));
}

TEST(MeasureAlternating, RunsNothingOnceStopped) {
  const Workload workload = cut(bench::make_workload("holdem-2", true, nullptr), 300);
  const std::string log = temp_path("log");
  const std::string baseline = logging_poker("baseline", log, "B");
  const std::string directory = fresh_directory("scratch");
  const std::atomic<bool> stop{true};
  const AlternatingRun run =
      bench::measure_alternating(workload, baseline, kBinary, 1, AlternationSettings{1, 3, 0.02}, directory, &stop, -1);
  EXPECT_TRUE(run.baseline.empty());
  EXPECT_TRUE(run.candidate.empty());
  EXPECT_FALSE(std::filesystem::exists(log));
  EXPECT_TRUE(is_empty_directory(directory));
}

}  // namespace
}  // namespace poker::e2e
