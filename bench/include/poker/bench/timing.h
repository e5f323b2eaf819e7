// Timing a workload as Google Benchmark and hyperfine do: a calibration
// that finds how many passes over the workload last the minimum time, so
// that every repetition is long enough for the clock and the scheduler;
// then repetitions of that many passes, each one's wall time and the CPU
// time the whole process spent in it (every thread's, the pipe's writer
// included); then the statistics of one run.
//
// Thread safety: calibrate and time_repetition from one thread at a time
// (a repetition uses the process's CPU time, which another thread's work
// would add to); the other functions are pure.
#ifndef POKER_BENCH_TIMING_H_
#define POKER_BENCH_TIMING_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "poker/bench/report.h"

namespace poker::bench {

struct Repetition {
  double wall_s = 0;
  double cpu_s = 0;
};

struct TimedRun {
  std::uint64_t iterations = 1;  // passes over the workload per repetition
  std::vector<Repetition> repetitions;
};

// The most passes one repetition makes: a pass too quick for the clock
// (a workload of a few bytes) is no reason to loop for ever.
inline constexpr std::uint64_t kMaxIterations = std::uint64_t{1} << 24;

// The passes one repetition of `pass` (one pass over the workload) makes:
// passes in batches, each ten times the last at most, until a batch lasts
// `min_time_s`; that batch's size (at least 1, at most kMaxIterations).
// Once `*stop` is set (null: never) no pass starts.
std::uint64_t calibrate(const std::function<void()>& pass, double min_time_s, const std::atomic<bool>* stop);

// One repetition: `iterations` passes, timed (wall, and the process's CPU),
// stretched by `extra_work` (extra_work_factor()); nothing when a stop cut
// it short.
std::optional<Repetition> time_repetition(const std::function<void()>& pass, std::uint64_t iterations,
                                          double extra_work, const std::atomic<bool>* stop);

// The statistics of one thread count's repetitions, each of `iterations`
// passes over a workload of `instances` and `bytes`; speedup 1 and no
// floor_ratio (the caller sets them from the other runs).
// REQUIRES: !timed.repetitions.empty().
Run summarize(std::size_t threads, const TimedRun& timed, std::uint64_t instances, std::uint64_t bytes);

// Fills the statistics of `run` (mean_s to max_s, cv, cpu_s) from its
// samples_s and cpu_samples_s.
// REQUIRES: !run.samples_s.empty().
void set_statistics(Run& run);

// The factor that `setting` (the command's POKER_BENCH_EXTRA_WORK; null:
// unset) asks for: a number above 1 and at most 100, else 1. A hook for the
// tests of --compare: each timed repetition then takes about FACTOR times
// as long (it makes more passes for the rest, a stop ending them), a
// slowdown injected without another build. Deliberately not in the user
// documentation.
double extra_work_factor(const char* setting);

}  // namespace poker::bench

#endif  // POKER_BENCH_TIMING_H_
