#include "poker/bench/compare_programs.h"

#include <string_view>
#include <utility>

#include "poker/bench/alternating.h"
#include "poker/bench/measure.h"
#include "poker/bench/run.h"
#include "poker/bench/timing.h"
#include "poker/bench/workloads.h"

namespace poker::bench {
namespace {

bool stopped(const std::atomic<bool>* stop) { return stop != nullptr && stop->load(std::memory_order_relaxed); }

// The build as the report shows it: what `PATH --version` says, "poker"
// and all, which the comparison's heading prints after the program's path.
BuildInfo program_build(const std::string& path, const std::atomic<bool>* stop, int wake_fd) {
  BuildInfo build;
  std::string version = program_version(path, stop, wake_fd);
  constexpr std::string_view kName = "poker ";
  if (std::string_view(version).substr(0, kName.size()) == kName) version.erase(0, kName.size());
  build.version = version.empty() ? "(unknown)" : version;
  return build;
}

WorkloadResult empty_result(const Workload& workload) {
  WorkloadResult result;
  result.name = workload.name;
  result.source = "file";  // each program reads a file, its standard input
  result.description = workload.description;
  result.bytes = workload.input.size();
  return result;
}

Run run_of(std::size_t threads, std::uint64_t copies, const std::vector<Repetition>& repetitions,
           std::uint64_t instances, std::uint64_t bytes) {
  TimedRun timed;
  timed.iterations = copies;
  timed.repetitions = repetitions;
  return summarize(threads, timed, instances, bytes);
}

}  // namespace

ProgramReports measure_programs(const std::vector<std::string>& names, bool quick, const Report& heading,
                                const std::string& baseline, const std::string& candidate, const std::string& directory,
                                const std::atomic<bool>* stop, int wake_fd) {
  ProgramReports reports{heading, heading};
  reports.baseline.build = program_build(baseline, stop, wake_fd);
  reports.candidate.build = program_build(candidate, stop, wake_fd);
  const Settings& settings = heading.settings;
  const AlternationSettings alternation{settings.warmup, settings.repetitions, settings.min_time_s};
  for (const std::string& name : names) {
    if (name == kFloorName) continue;
    const Workload workload = make_workload(name, quick, stop);
    if (stopped(stop)) return reports;
    WorkloadResult old_result = empty_result(workload);
    WorkloadResult new_result = empty_result(workload);
    const std::uint64_t instances = workload.instances;
    old_result.instances = new_result.instances = instances;
    for (const std::size_t threads : settings.threads) {
      const AlternatingRun run =
          measure_alternating(workload, baseline, candidate, threads, alternation, directory, stop, wake_fd);
      if (stopped(stop) || run.baseline.empty() || run.candidate.empty()) return reports;
      old_result.runs.push_back(run_of(threads, run.iterations, run.baseline, instances, workload.input.size()));
      new_result.runs.push_back(run_of(threads, run.iterations, run.candidate, instances, workload.input.size()));
    }
    set_speedups(old_result);
    set_speedups(new_result);
    reports.baseline.workloads.push_back(std::move(old_result));
    reports.candidate.workloads.push_back(std::move(new_result));
  }
  return reports;
}

}  // namespace poker::bench
