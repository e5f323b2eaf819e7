#include "poker/bench/measure.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

#include "figure_text.h"
#include "poker/bench/timing.h"

namespace poker::bench {

namespace {

bool stopped(const std::atomic<bool>* stop) { return stop != nullptr && stop->load(std::memory_order_relaxed); }

// One run being measured: a measurand at a thread count.
struct RunInProgress {
  std::size_t measurand;  // index into the measurands
  std::size_t threads;
  std::uint64_t instances = 0;  // per pass, as the last pass counted them
  TimedRun timed;               // its passes per repetition, and the repetitions timed
};

}  // namespace

std::vector<WorkloadResult> measure_in_rounds(const std::vector<Measurand>& measurands, const Settings& settings,
                                              double extra_work, const std::atomic<bool>* stop) {
  std::vector<RunInProgress> runs;
  for (std::size_t i = 0; i < measurands.size(); ++i) {
    for (const std::size_t threads : settings.threads) runs.push_back(RunInProgress{i, threads, 0, TimedRun{}});
  }
  const auto pass_of = [&](RunInProgress& run) {
    return [&measurands, &run, stop] {
      const Measurand& measured = measurands[run.measurand];
      run.instances = run_once(*measured.workload, measured.source, measured.file, run.threads, stop);
    };
  };
  for (RunInProgress& run : runs) {
    const std::function<void()> pass = pass_of(run);
    run.timed.iterations = calibrate(pass, settings.min_time_s, stop);
    for (int i = 0; i < settings.warmup && !stopped(stop); ++i)
      (void)time_repetition(pass, run.timed.iterations, 1, stop);
  }
  for (int round = 0; round < settings.repetitions && !stopped(stop); ++round) {
    for (RunInProgress& run : runs) {
      const std::optional<Repetition> repetition =
          time_repetition(pass_of(run), run.timed.iterations, extra_work, stop);
      if (!repetition) break;
      run.timed.repetitions.push_back(*repetition);
    }
  }
  std::vector<WorkloadResult> results(measurands.size());
  for (std::size_t i = 0; i < measurands.size(); ++i) {
    const Workload& workload = *measurands[i].workload;
    results[i].name = workload.name;
    results[i].source = source_name(measurands[i].source);
    results[i].description = workload.description;
    results[i].bytes = workload.input.size();
  }
  if (stopped(stop)) return results;
  for (const RunInProgress& run : runs) {
    WorkloadResult& result = results[run.measurand];
    result.instances = run.instances;
    result.runs.push_back(summarize(run.threads, run.timed, run.instances, result.bytes));
  }
  for (WorkloadResult& result : results) set_speedups(result);
  return results;
}

WorkloadResult measure(const Workload& workload, Source source, const std::string& file, const Settings& settings,
                       double extra_work, const std::atomic<bool>* stop) {
  return measure_in_rounds({Measurand{&workload, source, file}}, settings, extra_work, stop).front();
}

void set_speedups(WorkloadResult& workload) {
  if (workload.runs.empty() || workload.runs.front().instances_per_s <= 0) return;
  const double first = workload.runs.front().instances_per_s;
  for (Run& run : workload.runs) run.speedup = run.instances_per_s / first;
}

void set_floor_ratios(WorkloadResult& workload, const std::vector<WorkloadResult>& floors) {
  for (const WorkloadResult& floor : floors) {
    if (floor.source != workload.source) continue;
    for (Run& run : workload.runs) {
      for (const Run& floor_run : floor.runs) {
        if (floor_run.threads == run.threads && floor_run.bytes_per_s > 0)
          run.floor_ratio = run.bytes_per_s / floor_run.bytes_per_s;
      }
    }
  }
}

std::vector<std::string> noise_warnings(const WorkloadResult& workload) {
  std::vector<std::string> warnings;
  const std::string where = workload.name + (workload.source == "memory" ? "" : " (" + workload.source + ")");
  for (const Run& run : workload.runs) {
    if (run.cv <= kNoisyCv) continue;
    warnings.push_back(where + " at -j " + std::to_string(run.threads) + ": CV " + percent_text(run.cv) + " > " +
                       tolerance_text(kNoisyCv) + ": the machine was busy; not a baseline to compare with");
  }
  return warnings;
}

}  // namespace poker::bench
