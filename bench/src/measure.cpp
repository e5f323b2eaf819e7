#include "poker/bench/measure.h"

#include <cstdint>
#include <cstdio>
#include <utility>

#include "poker/bench/timing.h"

namespace poker::bench {

WorkloadResult measure(const Workload& workload, Source source, const std::string& file, const Settings& settings,
                       double extra_work, const std::atomic<bool>* stop) {
  const auto stopped = [stop] { return stop != nullptr && stop->load(std::memory_order_relaxed); };
  WorkloadResult result;
  result.name = workload.name;
  result.source = source_name(source);
  result.description = workload.description;
  result.bytes = workload.input.size();
  const TimingPlan plan{settings.warmup, settings.repetitions, settings.min_time_s, extra_work};
  for (const std::size_t threads : settings.threads) {
    std::uint64_t instances = 0;
    const auto pass = [&] { instances = run_once(workload, source, file, threads, stop); };
    const TimedRun timed = time_repetitions(pass, plan, stop);
    if (stopped()) return result;
    result.instances = instances;
    Run run = summarize(threads, timed, instances, result.bytes);
    if (!result.runs.empty() && run.instances_per_s > 0)
      run.speedup = run.instances_per_s / result.runs.front().instances_per_s;
    result.runs.push_back(std::move(run));
  }
  return result;
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
    char cv[32];
    std::snprintf(cv, sizeof cv, "%.1f%%", run.cv * 100);
    warnings.push_back(where + " at -j " + std::to_string(run.threads) + ": CV " + cv + " > " +
                       std::to_string(static_cast<int>(kNoisyCv * 100 + 0.5)) +
                       "%: the machine was busy; not a baseline to compare with");
  }
  return warnings;
}

}  // namespace poker::bench
