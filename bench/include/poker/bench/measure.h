// A workload measured as `poker bench` measures it: from one source, at
// each thread count of the settings, its repetitions timed (timing.h) and
// summed up in a Run, with the speed-up over the smallest thread count;
// then, across workloads, each run's ratio to the floor's, and the warning
// that a noisy run earns.
//
// Thread safety: measure() one at a time per process (run.h, timing.h);
// the others are pure.
#ifndef POKER_BENCH_MEASURE_H_
#define POKER_BENCH_MEASURE_H_

#include <atomic>
#include <string>
#include <vector>

#include "poker/bench/report.h"
#include "poker/bench/run.h"
#include "poker/bench/workloads.h"

namespace poker::bench {

// A spread above this makes a run's figures untrustworthy: a warning.
inline constexpr double kSpreadWarning = 0.10;

// `workload` read from `source` (`file`: its WorkloadFile's path, for
// Source::kFile) at each of settings.threads, with settings.warmup untimed
// and settings.repetitions timed repetitions, each stretched by
// `extra_work` (timing.h's extra_work_factor()). Once `*stop` is set (null:
// never) no repetition starts, and the result, cut short, is of no meaning:
// the caller, seeing the stop, drops it. Throws RunFailure.
// REQUIRES: workload is whole (made without a stop).
WorkloadResult measure(const Workload& workload, Source source, const std::string& file, const Settings& settings,
                       double extra_work, const std::atomic<bool>* stop);

// Sets each run's floor_ratio: its bytes/s over the floor's at the same
// thread count and source, from `floors` (the floor's results, measured
// first).
void set_floor_ratios(WorkloadResult& workload, const std::vector<WorkloadResult>& floors);

// The warnings of `workload`'s runs whose spread is above kSpreadWarning,
// as the report lists them: `holdem-2 (pipe) at -j 2: spread 12% > 10%: the
// machine was busy; the result is not to be trusted`.
std::vector<std::string> spread_warnings(const WorkloadResult& workload);

}  // namespace poker::bench

#endif  // POKER_BENCH_MEASURE_H_
