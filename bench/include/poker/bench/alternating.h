// Two poker programs measured in alternation on the same workload (`poker
// bench --baseline OLD --candidate NEW`): each run is a child process that
// judges the workload's instances from a file, as a user runs it, so that two
// builds (another version, another compiler) are compared under the same
// conditions, one after the other, on a machine whose load drifts.
//
// run_program() starts one child (posix_spawnp: a path without a slash is
// looked up in PATH, as a shell does) with its stdin and stdout on files and
// its stderr captured (the first 4 KiB), and waits for it, timing it: the
// wall time from its start to its end, and its CPU time (user + system, its
// own and its waited-for descendants', from wait4). The child starts clean:
// an empty signal mask and every signal's default action (the CLI blocks
// SIGINT and SIGTERM for its signal thread and ignores SIGPIPE, which a
// child would otherwise inherit), and its own process group, so that a
// Ctrl-C at the terminal reaches only this process, which ends the child
// itself. A stop (`*stop` set, or `wake_fd` readable: cli/stop_signals.h)
// kills the child's process group (SIGKILL) and reaps it within
// milliseconds; the wait is a poll() on the child's pidfd (pidfd_open),
// or, where the kernel has none, on the stop and a short period. (A
// process killed outright, SIGKILL, leaves its child to run to its end.)
//
// measure_alternating() writes the workload's instances to a file (k copies,
// so that one child run lasts at least min_time_s: a process's start costs
// milliseconds), checks that both programs give the same answers, byte for
// byte, then times them in rounds of one run each, back to back: half the
// rounds run the baseline first, half the candidate, in a random order, so
// that neither always runs first, after the other has warmed the caches or
// heated the processor, and no neighbour that alternates at the same pace
// falls in step with one program's turns. Round i's two runs are a pair:
// they had the machine's load of one moment.
//
// Thread safety: run_program(), program_version() and judge_words() may be
// called from any thread, several at once (every descriptor they make is
// close-on-exec). measure_alternating() one at a time per process: a
// measurement beside another is no measurement.
#ifndef POKER_BENCH_ALTERNATING_H_
#define POKER_BENCH_ALTERNATING_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "poker/bench/timing.h"
#include "poker/bench/workloads.h"

namespace poker::bench {

// How one child run went.
struct ProgramRun {
  double wall_s = 0;
  double cpu_s = 0;         // the child's user + system time (wait4's rusage)
  int exit_status = 0;      // the status it passed to exit(); 0 when a signal ended it
  int signal = 0;           // the signal that ended it, or 0
  std::string stderr_head;  // the first kStderrHead bytes it wrote on stderr

  bool succeeded() const { return signal == 0 && exit_status == 0; }
};

// The bytes of a child's stderr kept; the rest is read and dropped.
inline constexpr std::size_t kStderrHead = 4096;

// Runs `path` with `words` as argv[1..] (argv[0] is `path`), stdin read from
// the file `stdin_path`, stdout written to `stdout_path` (created or
// truncated, mode 0600 if created: "/dev/null", or a file), and waits for
// its end. A stop (`*stop` set, null: none; or `wake_fd` readable, -1: none)
// kills it: the result, cut short (signal SIGKILL), is of no meaning, and
// the caller, seeing the stop, drops it; once stopped, nothing is started.
// Throws RunFailure: `PATH: cannot run: WHY` when the program cannot be
// started (missing, not executable), an I/O error for stdin_path or
// stdout_path.
ProgramRun run_program(const std::string& path, const std::vector<std::string>& words, const std::string& stdin_path,
                       const std::string& stdout_path, const std::atomic<bool>* stop, int wake_fd);

// The words that make a poker program judge `workload` with `threads`
// threads, its instances on stdin and its answers on stdout, as
// make_workload() builds its format, in the words that older versions
// understand too (a PLAYERS operand, --explain, the subcommand's name,
// `equity --exact` or `--mc N` over query lines, `verify --answers FILE`,
// the shared -j after them). `candidate_file`: the verify workload's answers
// file (the workload's candidate, as many copies as the input has). The
// floor has none: it runs no program (empty).
// REQUIRES: threads >= 1; workload.name is one of workload_names().
std::vector<std::string> judge_words(const Workload& workload, std::size_t threads, const std::string& candidate_file);

struct AlternationSettings {
  int warmup = 1;           // untimed runs of each program (at least 1: the answers' check)
  int repetitions = 12;     // timed rounds, one run of each program per round
  double min_time_s = 0.2;  // the least time one child run should take
};

struct AlternatingRun {
  std::uint64_t iterations = 1;                 // copies of the workload's input in the file each child judged
  std::vector<Repetition> baseline, candidate;  // wall and CPU time of each timed child run
};

// The most bytes the input file may hold: the copies stop short of it.
inline constexpr std::uint64_t kMaxAlternatingFileBytes = std::uint64_t{1} << 30;

// Measures `baseline` and `candidate` (program paths) judging `workload`
// with `threads` threads:
//   1. writes its input to a file of `directory` (a WorkloadFile: run.h),
//      and for verify the right answers to another;
//   2. calibrates: one baseline run on one copy, taking t seconds, gives
//      k = ceil(settings.min_time_s / t) copies (at least 1, and fewer than
//      would take the file past kMaxAlternatingFileBytes), written afresh;
//   3. warms up: `warmup` rounds (at least one) of the baseline then the
//      candidate; in the first, each one's answers go to a file of
//      `directory`, and the two must be the same bytes;
//   4. times `repetitions` rounds, each of one run of each program, half of
//      them the baseline's first, in a random order; the answers to
//      /dev/null. baseline[i] and candidate[i] are round i's.
// Every run must exit 0. Once stopped (`*stop`, `wake_fd`: run_program) it
// returns the rounds measured so far, which the caller, seeing the stop,
// drops. Throws RunFailure: a program that fails (`PATH: euler: exit status
// 2: poker: unknown option --foo`, `...: killed by SIGSEGV`, with the first
// line of its stderr), answers that differ (`holdem-2: the two programs'
// answers differ`), an I/O error.
// REQUIRES: workload is whole (made without a stop) and not the floor;
// threads >= 1.
AlternatingRun measure_alternating(const Workload& workload, const std::string& baseline, const std::string& candidate,
                                   std::size_t threads, const AlternationSettings& settings,
                                   const std::string& directory, const std::atomic<bool>* stop, int wake_fd);

// The first line of `path --version` (`poker 0.2.0`), which the report shows
// as that build; empty if it cannot be run, fails, or is stopped.
std::string program_version(const std::string& path, const std::atomic<bool>* stop, int wake_fd);

}  // namespace poker::bench

#endif  // POKER_BENCH_ALTERNATING_H_
