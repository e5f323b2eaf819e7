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

// "99.7%": the confidence of a rule's intervals.
std::string confidence_text(const VerdictRule& rule) { return confidence_percent_text(rule.confidence()); }

// "1.31×, 99.7% CI 1.27× to 1.35×, p = 0.0002 (alpha 0.0028)"
std::string evidence(const RunVerdict& verdict, const VerdictRule& rule) {
  const double p = verdict.test.p_value;
  return ratio_text(verdict.ratio) + ", " + confidence_text(rule) + " CI " + ratio_text(verdict.interval.low) + " to " +
         ratio_text(verdict.interval.high) + (p < 0.0001 ? ", p < 0.0001" : ", p = " + p_value_text(p)) + " (alpha " +
         p_value_text(rule.alpha()) + ")";
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

const char* test_name(const VerdictRule& rule) {
  return rule.paired ? "Wilcoxon signed-rank (paired by round)" : "Mann-Whitney U";
}

RunVerdict judge_run(std::span<const double> old_times, std::span<const double> new_times,
                     std::optional<double> old_share, std::optional<double> new_share, const VerdictRule& rule) {
  RunVerdict result;
  result.ratio = median_of(new_times) / median_of(old_times);
  if (rule.paired) {
    result.interval = paired_ratio_estimate(old_times, new_times, rule.confidence());
    // The medians of two samples whose pairs shared a load can stand apart
    // by more than the pairs do, even outside the pairs' interval.
    result.ratio = result.interval.ratio;
    std::vector<double> log_ratios;
    for (std::size_t i = 0; i < old_times.size(); ++i) log_ratios.push_back(std::log(new_times[i] / old_times[i]));
    result.test = wilcoxon_signed_rank(log_ratios);
  } else {
    result.interval = ratio_estimate(old_times, new_times, rule.confidence());
    result.test = mann_whitney_u(old_times, new_times);
  }
  const double upper = 1 + rule.tolerance;
  const double lower = 1 / upper;
  const bool significant = result.test.p_value < rule.alpha();
  const bool unequal_machine =
      old_share && new_share &&
      std::min(*old_share, *new_share) < std::max(*old_share, *new_share) * (1 - kMaxCpuShareDrop);
  if (unequal_machine) {
    result.verdict = Verdict::kNoisy;
    result.reason = "the " + std::string(*new_share < *old_share ? "new" : "old") +
                    " run had less of the machine (CPU share " + percent_text(*old_share) + " old, " +
                    percent_text(*new_share) + " new): " + evidence(result, rule);
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
    result.reason = "the " + confidence_text(rule) + " CI reaches beyond " + tolerance_text(rule.tolerance) + ": " +
                    evidence(result, rule);
    return result;
  }
  result.reason = evidence(result, rule);
  return result;
}

RunVerdict judge_saved_run(std::span<const double> old_times, std::span<const double> new_times, const Run& old_run,
                           const Run& new_run, const VerdictRule& rule, std::optional<MachineChange> machine) {
  RunVerdict result = judge_run(old_times, new_times, cpu_share(old_run), cpu_share(new_run), rule);
  if (result.verdict != Verdict::kSlower && result.verdict != Verdict::kFaster) return result;
  const bool slower = result.verdict == Verdict::kSlower;
  const double cv = std::max(old_run.cv, new_run.cv);
  if (cv > kNoisyCv) {
    const double bound = 1 + kBusyCvFactor * cv;
    if (slower ? result.interval.low <= bound : result.interval.high >= 1 / bound) {
      result.verdict = Verdict::kNoisy;
      result.reason = std::string("the ") + (old_run.cv >= new_run.cv ? "old" : "new") + " run's CV " +
                      percent_text(cv) + " is above " + tolerance_text(kNoisyCv) +
                      ": on a busy machine a saved report shows only a change beyond " + ratio_text(bound) + ": " +
                      evidence(result, rule);
      return result;
    }
  }
  if (machine) {
    // The machine slower by up to machine->high explains a run slower by as
    // much, and faster by down to machine->low one faster by as much.
    const double upper = (1 + rule.tolerance) * std::max(1.0, machine->high);
    const double lower = std::min(1.0, machine->low) / (1 + rule.tolerance);
    if (slower ? result.interval.low <= upper : result.interval.high >= lower) {
      result.verdict = Verdict::kNoisy;
      result.reason = std::string("the machine itself (") + kFloorName + ") ran " + ratio_text(machine->low) + " to " +
                      ratio_text(machine->high) +
                      ": a saved report shows only a change beyond it: " + evidence(result, rule);
    }
  }
  return result;
}

namespace {

// The floor's verdict on a saved report: "same", or "noisy" where the
// machine moved, never "slower" or "faster": the newline count is no
// poker code, and a change in it is the machine's, which the other runs'
// verdicts then allow for (judge_saved_run).
RunVerdict judge_floor(std::span<const double> old_times, std::span<const double> new_times, const Run& old_run,
                       const Run& new_run, const VerdictRule& rule) {
  RunVerdict result = judge_run(old_times, new_times, cpu_share(old_run), cpu_share(new_run), rule);
  if (result.verdict == Verdict::kSlower || result.verdict == Verdict::kFaster) {
    result.verdict = Verdict::kNoisy;
    result.reason = std::string("the machine moved: ") + kFloorName +
                    " is the machine's speed, not poker's, and the other runs at this thread count are held "
                    "beyond it: " +
                    result.reason;
  }
  return result;
}

}  // namespace

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

namespace {

// A run in both reports.
struct Matched {
  const WorkloadResult* old_workload;
  const Run* old_run;
  const WorkloadResult* new_workload;
  const Run* new_run;
};

// The runs of the two reports: those in both, in the new report's order,
// and the lines of those in one only; the workloads whose instances per
// pass differ go to `different_work`.
struct MatchedRuns {
  std::vector<Matched> both;
  std::vector<ComparedRun> only_old, only_new;
};

MatchedRuns match_runs(const Report& old_report, const Report& new_report, std::vector<std::string>& different_work) {
  const RunIndex old_runs = index_runs(old_report);
  const RunIndex new_runs = index_runs(new_report);
  MatchedRuns matched;
  for (const WorkloadResult& workload : new_report.workloads) {
    for (const Run& run : workload.runs) {
      const auto old_at = old_runs.find(RunKey(workload.name, workload.source, run.threads));
      if (old_at == old_runs.end()) {
        matched.only_new.push_back(one_sided(workload, run, Verdict::kOnlyInNew));
        continue;
      }
      matched.both.push_back({old_at->second.first, old_at->second.second, &workload, &run});
      if (old_at->second.first->instances != workload.instances &&
          (different_work.empty() || different_work.back() != escape_bytes(workload.name)))
        different_work.push_back(escape_bytes(workload.name));
    }
  }
  for (const WorkloadResult& workload : old_report.workloads) {
    for (const Run& run : workload.runs) {
      if (!new_runs.contains(RunKey(workload.name, workload.source, run.threads)))
        matched.only_old.push_back(one_sided(workload, run, Verdict::kOnlyInOld));
    }
  }
  return matched;
}

std::vector<double> old_times(const Matched& m) { return times_per_instance(*m.old_workload, *m.old_run); }
std::vector<double> new_times(const Matched& m) { return times_per_instance(*m.new_workload, *m.new_run); }

// Comparing with a saved report, the floor's change at each thread count
// where it moved: the machine's.
std::map<std::size_t, MachineChange> machine_changes(const std::vector<Matched>& both, const VerdictRule& rule) {
  std::map<std::size_t, MachineChange> machine;
  for (const Matched& m : both) {
    if (m.new_workload->name != kFloorName) continue;
    const RunVerdict floor = judge_run(old_times(m), new_times(m), std::nullopt, std::nullopt, rule);
    if (floor.verdict != Verdict::kSame) machine[m.new_run->threads] = {floor.interval.low, floor.interval.high};
  }
  return machine;
}

}  // namespace

Comparison compare_runs(const Report& old_report, std::string_view old_name, const Report& new_report,
                        std::string_view new_name, std::string_view mode) {
  Comparison comparison;
  comparison.mode = mode;
  comparison.old_name = old_name;
  comparison.new_name = new_name;
  comparison.old_report = old_report;
  comparison.new_report = new_report;
  const bool alternating = comparison.mode == "alternating";
  MatchedRuns matched = match_runs(old_report, new_report, comparison.different_work);
  comparison.rule.tolerance = new_report.settings.tolerance;
  // Each paired sample must have its partner; a report edited by hand may not.
  const auto pairs_whole = [](const Matched& m) { return m.old_run->samples_s.size() == m.new_run->samples_s.size(); };
  comparison.rule.paired = alternating && std::all_of(matched.both.begin(), matched.both.end(), pairs_whole);
  comparison.rule.runs = std::max<std::size_t>(1, matched.both.size());
  const std::map<std::size_t, MachineChange> machine =
      alternating ? std::map<std::size_t, MachineChange>{} : machine_changes(matched.both, comparison.rule);

  for (const Matched& m : matched.both) {
    const std::vector<double> old_sample = old_times(m);
    const std::vector<double> new_sample = new_times(m);
    ComparedRun line;
    line.workload = m.new_workload->name;
    line.source = m.new_workload->source;
    line.threads = m.new_run->threads;
    line.old_time = median_of(old_sample);
    line.new_time = median_of(new_sample);
    line.old_cv = m.old_run->cv;
    line.new_cv = m.new_run->cv;
    if (alternating) {
      // Both programs had the machine as it was: a share that differs is
      // theirs (one waits more), no neighbour's, and its time counts.
      line.verdict = judge_run(old_sample, new_sample, std::nullopt, std::nullopt, comparison.rule);
    } else if (line.workload == kFloorName) {
      line.verdict = judge_floor(old_sample, new_sample, *m.old_run, *m.new_run, comparison.rule);
    } else {
      const auto moved = machine.find(line.threads);
      line.verdict = judge_saved_run(old_sample, new_sample, *m.old_run, *m.new_run, comparison.rule,
                                     moved == machine.end() ? std::nullopt : std::optional(moved->second));
    }
    // In alternation the old program's spread is the load's, which its
    // pairs share: no reason to doubt it as a baseline.
    if (!alternating && m.old_run->cv > kNoisyCv)
      comparison.noisy_old.push_back(run_label(line.workload, line.source, line.threads));
    comparison.runs.push_back(std::move(line));
  }
  comparison.runs.insert(comparison.runs.end(), matched.only_old.begin(), matched.only_old.end());
  comparison.runs.insert(comparison.runs.end(), matched.only_new.begin(), matched.only_new.end());
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
