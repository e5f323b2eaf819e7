// Timing a workload as hyperfine and Google Benchmark do: warm-up
// repetitions untimed, then timed repetitions, each one's wall time and the
// CPU time the whole process spent in it (every thread's, the pipe's writer
// included); then the statistics of one run (median, min, max, spread).
//
// Thread safety: time_repetitions from one thread at a time (the
// repetitions use the process's CPU time, which another thread's work would
// add to); the other functions are pure.
#ifndef POKER_BENCH_TIMING_H_
#define POKER_BENCH_TIMING_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "poker/bench/report.h"

namespace poker::bench {

struct Repetition {
  double wall_s = 0;
  double cpu_s = 0;
};

// Runs `work` `warmup` times untimed, then `repetitions` times timed. Each
// timed repetition is stretched by `extra_work_factor` (1: none; see
// extra_work_factor()).
std::vector<Repetition> time_repetitions(const std::function<void()>& work, int warmup, int repetitions,
                                         double extra_work_factor);

// The statistics of one thread count's repetitions; speedup 1 and no
// floor_ratio (the caller sets them from the other runs).
// REQUIRES: !repetitions.empty().
Run summarize(std::size_t threads, const std::vector<Repetition>& repetitions, std::uint64_t instances,
              std::uint64_t bytes);

// The median of `values` (the mean of the middle two for an even count).
// REQUIRES: !values.empty().
double median(std::vector<double> values);

// The factor that `setting` (the command's POKER_BENCH_EXTRA_WORK; null:
// unset) asks for: a number above 1 and at most 100, else 1. A hook for the
// tests of --compare: each timed repetition then takes about FACTOR times
// as long (the process spins for the rest), a slowdown injected without
// another build. Deliberately not in the user documentation.
double extra_work_factor(const char* setting);

}  // namespace poker::bench

#endif  // POKER_BENCH_TIMING_H_
