#include "poker/bench/compare_programs.h"

#include <cctype>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

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

// Why `baseline` cannot judge `workload` at all, or nothing: a build older
// than the workload's command (`poker omaha`, `poker shortdeck`) fails on an
// empty input that `candidate` judges (exit 0, no answers). Asked only of
// the workloads whose command line names a subcommand: the plain judge's
// failures are the program's, and end the comparison.
std::optional<std::string> cannot_run(const Workload& workload, const std::string& baseline,
                                      const std::string& candidate, const std::atomic<bool>* stop, int wake_fd) {
  if (workload.kind != WorkloadKind::kJudge) return std::nullopt;
  const std::vector<std::string> words = judge_words(workload, 1, "");
  if (words.size() <= 2 || words.front().starts_with('-') ||
      std::isdigit(static_cast<unsigned char>(words.front().front())) != 0) {
    return std::nullopt;  // "-j 1" alone, "8 -j 1", "--explain -j 1": the plain judge
  }
  const ProgramRun old_run = run_program(baseline, words, "/dev/null", "/dev/null", stop, wake_fd);
  if (old_run.succeeded() || stopped(stop)) return std::nullopt;
  const ProgramRun new_run = run_program(candidate, words, "/dev/null", "/dev/null", stop, wake_fd);
  if (!new_run.succeeded() || stopped(stop)) return std::nullopt;  // measured, to fail as any failure does
  std::string why = old_run.signal != 0 ? "signal " + std::to_string(old_run.signal)
                                        : "exit status " + std::to_string(old_run.exit_status);
  const std::string said = old_run.stderr_head.substr(0, old_run.stderr_head.find('\n'));
  if (!said.empty()) why += ": " + said;
  return baseline + " cannot run " + workload.name + " (`" + words.front() + "` on no input: " + why +
         "): left out of the comparison";
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
  ProgramReports reports{heading, heading, {}};
  reports.baseline.build = program_build(baseline, stop, wake_fd);
  reports.candidate.build = program_build(candidate, stop, wake_fd);
  const Settings& settings = heading.settings;
  const AlternationSettings alternation{settings.warmup, settings.repetitions, settings.min_time_s};
  for (const std::string& name : names) {
    if (name == kFloorName) continue;
    const Workload workload = make_workload(name, quick, stop);
    if (stopped(stop)) return reports;
    if (std::optional<std::string> left_out = cannot_run(workload, baseline, candidate, stop, wake_fd)) {
      reports.left_out.push_back(std::move(*left_out));
      continue;
    }
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
