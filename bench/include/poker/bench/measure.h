// A workload measured as `poker bench` measures it: from one source, at
// each thread count of the settings, its repetitions timed (timing.h) and
// summed up in a Run, with the speed-up over the smallest thread count;
// then, across workloads, each run's ratio to the floor's, and the warning
// that a noisy run earns (a report with one is no baseline to gate on).
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

// A coefficient of variation above this makes a run's figures
// untrustworthy: a warning, and the report is marked as no baseline.
inline constexpr double kNoisyCv = 0.05;

// `workload` read from `source` (`file`: its WorkloadFile's path, for
// Source::kFile) at each of settings.threads, timed as timing.h times (the
// settings' min_time_s, warmup and repetitions), each timed repetition
// stretched by `extra_work` (timing.h's extra_work_factor()). Once `*stop` is set (null:
// never) no repetition starts, and the result, cut short, is of no meaning:
// the caller, seeing the stop, drops it. Throws RunFailure.
// REQUIRES: workload is whole (made without a stop).
WorkloadResult measure(const Workload& workload, Source source, const std::string& file, const Settings& settings,
                       double extra_work, const std::atomic<bool>* stop);

// Sets each run's floor_ratio: its bytes/s over the floor's at the same
// thread count and source, from `floors` (the floor's results, measured
// first).
void set_floor_ratios(WorkloadResult& workload, const std::vector<WorkloadResult>& floors);

// The warnings of `workload`'s runs whose CV is above kNoisyCv, as the
// report lists them: `holdem-2 (pipe) at -j 2: CV 12.0% > 5%: the machine
// was busy; not a baseline to compare with`.
std::vector<std::string> noise_warnings(const WorkloadResult& workload);

}  // namespace poker::bench

#endif  // POKER_BENCH_MEASURE_H_
