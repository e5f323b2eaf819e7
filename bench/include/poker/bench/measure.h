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

// A workload to measure from one source (`file`: its WorkloadFile's path,
// for Source::kFile).
struct Measurand {
  const Workload* workload = nullptr;
  Source source = Source::kMemory;
  std::string file;
};

// Measures each measurand at each of settings.threads, in rounds. Every run
// is calibrated first (timing.h: the passes that last settings.min_time_s)
// and warmed up (settings.warmup repetitions); then each of
// settings.repetitions rounds times one repetition of every run, in the
// same order, each stretched by `extra_work` (extra_work_factor()). A run's
// repetitions so spread over the whole measurement: a neighbour's load,
// which comes and goes, falls on every run alike instead of on whichever
// ran while it lasted, and shows in each run's spread, which the
// comparison's test weighs. Returns a WorkloadResult per measurand, in
// order, with speed-ups and no floor ratios. Once `*stop` is set (null:
// never) no pass starts, and the results, cut short, are of no meaning: the
// caller, seeing the stop, drops them. Throws RunFailure.
// REQUIRES: every workload is whole (made without a stop) and outlives the call.
std::vector<WorkloadResult> measure_in_rounds(const std::vector<Measurand>& measurands, const Settings& settings,
                                              double extra_work, const std::atomic<bool>* stop);

// One measurand alone: measure_in_rounds({{&workload, source, file}}, ...).
WorkloadResult measure(const Workload& workload, Source source, const std::string& file, const Settings& settings,
                       double extra_work, const std::atomic<bool>* stop);

// Sets each run's speedup: its instances/s over the first run's (the
// smallest thread count's).
void set_speedups(WorkloadResult& workload);

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
