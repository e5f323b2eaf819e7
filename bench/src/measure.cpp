#include "poker/bench/measure.h"

#include <cstdint>
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
  for (const std::size_t threads : settings.threads) {
    std::uint64_t instances = 0;
    const auto once = [&] {
      if (!stopped()) instances = run_once(workload, source, file, threads, stop);
    };
    const std::vector<Repetition> repetitions =
        time_repetitions(once, settings.warmup, settings.repetitions, extra_work);
    if (stopped()) return result;
    result.instances = instances;
    Run run = summarize(threads, repetitions, instances, result.bytes);
    if (!result.runs.empty() && run.median_s > 0) run.speedup = result.runs.front().median_s / run.median_s;
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

std::vector<std::string> spread_warnings(const WorkloadResult& workload) {
  std::vector<std::string> warnings;
  const std::string where = workload.name + (workload.source == "memory" ? "" : " (" + workload.source + ")");
  for (const Run& run : workload.runs) {
    if (run.spread <= kSpreadWarning) continue;
    warnings.push_back(where + " at -j " + std::to_string(run.threads) + ": spread " +
                       std::to_string(static_cast<int>(run.spread * 100 + 0.5)) +
                       "% > 10%: the machine was busy; the result is not to be trusted");
  }
  return warnings;
}

}  // namespace poker::bench
