#include "poker/bench/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>
#include <utility>

#include "figure_text.h"
#include "poker/bench/measure.h"
#include "poker/escape.h"

namespace poker::bench {
namespace {

// "1.31×, 95% CI 1.27× to 1.35×, p = 0.0002"
std::string evidence(const RunVerdict& verdict) {
  const double p = verdict.test.p_value;
  return ratio_text(verdict.ratio) + ", 95% CI " + ratio_text(verdict.interval.low) + " to " +
         ratio_text(verdict.interval.high) + (p < 0.0001 ? ", p < 0.0001" : ", p = " + p_value_text(p));
}

// A report's runs by (name, source, threads), so that matching the two
// reports is O(n log n) whatever their size.
using RunKey = std::tuple<std::string_view, std::string_view, std::size_t>;
using RunIndex = std::map<RunKey, std::pair<const WorkloadResult*, const Run*>>;

RunIndex index_runs(const Report& report) {
  RunIndex index;
  for (const WorkloadResult& workload : report.workloads) {
    for (const Run& run : workload.runs) {
      index.emplace(RunKey(workload.name, workload.source, run.threads), std::pair(&workload, &run));
    }
  }
  return index;
}

ComparedRun one_sided(const WorkloadResult& workload, const Run& run, Verdict verdict) {
  ComparedRun line;
  line.workload = workload.name;
  line.source = workload.source;
  line.threads = run.threads;
  const std::vector<double> times = times_per_instance(workload, run);
  (verdict == Verdict::kOnlyInOld ? line.old_time : line.new_time) = median_of(times);
  (verdict == Verdict::kOnlyInOld ? line.old_cv : line.new_cv) = run.cv;
  line.verdict.verdict = verdict;
  return line;
}

}  // namespace

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSlower: return "slower";
    case Verdict::kFaster: return "faster";
    case Verdict::kSame: return "same";
    case Verdict::kNoisy: return "noisy";
    case Verdict::kOnlyInOld: return "only in old";
    case Verdict::kOnlyInNew: return "only in new";
  }
  return "";
}

std::string run_label(std::string_view workload, std::string_view source, std::size_t threads) {
  std::string label = escape_bytes(workload);
  if (source != "memory") label += " (" + escape_bytes(source) + ")";
  return label + " -j " + std::to_string(threads);
}

RunVerdict judge_run(std::span<const double> old_times, std::span<const double> new_times,
                     std::optional<double> old_share, std::optional<double> new_share, double tolerance) {
  RunVerdict result;
  result.ratio = median_of(new_times) / median_of(old_times);
  result.interval = ratio_estimate(old_times, new_times, kConfidence);
  result.test = mann_whitney_u(old_times, new_times);
  const double upper = 1 + tolerance;
  const double lower = 1 / upper;
  const bool significant = result.test.p_value < kSignificance;
  const bool unequal_machine =
      old_share && new_share &&
      std::min(*old_share, *new_share) < std::max(*old_share, *new_share) * (1 - kMaxCpuShareDrop);
  if (unequal_machine) {
    result.verdict = Verdict::kNoisy;
    result.reason = "the " + std::string(*new_share < *old_share ? "new" : "old") +
                    " run had less of the machine (CPU share " + percent_text(*old_share) + " old, " +
                    percent_text(*new_share) + " new): " + evidence(result);
    return result;
  }
  if (significant && result.interval.low > upper) {
    result.verdict = Verdict::kSlower;
  } else if (significant && result.interval.high < lower) {
    result.verdict = Verdict::kFaster;
  } else if (result.interval.low >= lower && result.interval.high <= upper) {
    result.verdict = Verdict::kSame;
  } else {
    result.verdict = Verdict::kNoisy;
    result.reason = "the 95% CI reaches beyond " + tolerance_text(tolerance) + ": " + evidence(result);
    return result;
  }
  result.reason = evidence(result);
  return result;
}

RunVerdict judge_saved_run(std::span<const double> old_times, std::span<const double> new_times, const Run& old_run,
                           const Run& new_run, double tolerance) {
  RunVerdict result = judge_run(old_times, new_times, cpu_share(old_run), cpu_share(new_run), tolerance);
  const double cv = std::max(old_run.cv, new_run.cv);
  if (cv <= kNoisyCv) return result;
  const double bound = 1 + kBusyCvFactor * cv;
  const bool beyond_noise = (result.verdict == Verdict::kSlower && result.interval.low > bound) ||
                            (result.verdict == Verdict::kFaster && result.interval.high < 1 / bound);
  if (beyond_noise || (result.verdict != Verdict::kSlower && result.verdict != Verdict::kFaster)) return result;
  result.verdict = Verdict::kNoisy;
  result.reason = std::string("the ") + (old_run.cv >= new_run.cv ? "old" : "new") + " run's CV " + percent_text(cv) +
                  " is above " + tolerance_text(kNoisyCv) +
                  ": on a busy machine a saved report shows only a change "
                  "beyond " +
                  ratio_text(bound) + ": " + evidence(result);
  return result;
}

std::vector<double> times_per_instance(const WorkloadResult& workload, const Run& run) {
  const double work =
      static_cast<double>(run.iterations) * static_cast<double>(std::max<std::uint64_t>(workload.instances, 1));
  std::vector<double> times;
  times.reserve(run.samples_s.size());
  for (const double sample : run.samples_s) times.push_back(sample / work);
  return times;
}

std::optional<double> cpu_share(const Run& run) {
  if (run.cpu_samples_s.empty() || run.cpu_samples_s.size() != run.samples_s.size()) return std::nullopt;
  std::vector<double> shares;
  for (std::size_t i = 0; i < run.samples_s.size(); ++i)
    shares.push_back(run.cpu_samples_s[i] / (run.samples_s[i] * static_cast<double>(run.threads)));
  return median_of(shares);
}

Comparison compare_runs(const Report& old_report, std::string_view old_name, const Report& new_report,
                        std::string_view new_name, std::string_view mode) {
  Comparison comparison;
  comparison.mode = mode;
  comparison.old_name = old_name;
  comparison.new_name = new_name;
  comparison.old_report = old_report;
  comparison.new_report = new_report;
  comparison.tolerance = new_report.settings.tolerance;
  const RunIndex old_runs = index_runs(old_report);
  const RunIndex new_runs = index_runs(new_report);
  std::vector<ComparedRun> only_old;
  std::vector<ComparedRun> only_new;
  for (const WorkloadResult& workload : new_report.workloads) {
    bool noted = false;
    for (const Run& run : workload.runs) {
      const auto old_at = old_runs.find(RunKey(workload.name, workload.source, run.threads));
      if (old_at == old_runs.end()) {
        only_new.push_back(one_sided(workload, run, Verdict::kOnlyInNew));
        continue;
      }
      const auto [old_workload, old_run] = old_at->second;
      if (old_workload->instances != workload.instances && !noted) {
        comparison.different_work.push_back(escape_bytes(workload.name));
        noted = true;
      }
      const std::vector<double> old_times = times_per_instance(*old_workload, *old_run);
      const std::vector<double> new_times = times_per_instance(workload, run);
      ComparedRun line;
      line.workload = workload.name;
      line.source = workload.source;
      line.threads = run.threads;
      line.old_time = median_of(old_times);
      line.new_time = median_of(new_times);
      line.old_cv = old_run->cv;
      line.new_cv = run.cv;
      if (comparison.mode == "alternating") {
        // Both programs had the machine as it was: a share that differs is
        // theirs (one waits more), no neighbour's, and its time counts.
        line.verdict = judge_run(old_times, new_times, std::nullopt, std::nullopt, comparison.tolerance);
      } else {
        line.verdict = judge_saved_run(old_times, new_times, *old_run, run, comparison.tolerance);
      }
      if (old_run->cv > kNoisyCv)
        comparison.noisy_old.push_back(run_label(workload.name, workload.source, run.threads));
      comparison.runs.push_back(std::move(line));
    }
  }
  for (const WorkloadResult& workload : old_report.workloads) {
    for (const Run& run : workload.runs) {
      if (!new_runs.contains(RunKey(workload.name, workload.source, run.threads)))
        only_old.push_back(one_sided(workload, run, Verdict::kOnlyInOld));
    }
  }
  comparison.runs.insert(comparison.runs.end(), only_old.begin(), only_old.end());
  comparison.runs.insert(comparison.runs.end(), only_new.begin(), only_new.end());
  return comparison;
}

CompareCounts count_verdicts(const Comparison& comparison) {
  CompareCounts counts;
  for (const ComparedRun& run : comparison.runs) {
    switch (run.verdict.verdict) {
      case Verdict::kSlower: ++counts.slower; break;
      case Verdict::kFaster: ++counts.faster; break;
      case Verdict::kSame: ++counts.same; break;
      case Verdict::kNoisy: ++counts.noisy; break;
      case Verdict::kOnlyInOld:
      case Verdict::kOnlyInNew: continue;
    }
    ++counts.compared;
  }
  return counts;
}

Comparison compare_bench_reports(std::string_view old_json, std::string_view old_name, std::string_view new_json,
                                 std::string_view new_name) {
  const Report old_report = read_bench_report(old_json, old_name);
  const Report new_report = read_bench_report(new_json, new_name);
  Comparison comparison = compare_runs(old_report, old_name, new_report, new_name, "reports");
  // A gate that compares nothing would pass whatever was measured.
  if (count_verdicts(comparison).compared == 0) {
    throw BenchReportError(std::string(old_name) + ": workloads: no run in common with " + std::string(new_name) +
                           " (the same workload, source and thread count): nothing to compare");
  }
  return comparison;
}

}  // namespace poker::bench
