// `poker bench --compare OLD.json` and `--baseline OLD_POKER`: two runs of
// the workloads side by side, and for each run in both a verdict that holds
// on a shared machine.
//
// The two samples of a run are its repetitions' times per instance (a
// repetition's wall time over its passes and the workload's instances), so
// that runs that made different passes, or a --quick run against a full
// one, compare what they have in common. For each:
//
//   ratio      new median / old median; in alternation the pairs'
//              estimate (the median of their Walsh averages), which the
//              medians' ratio need not be: it then lies in its interval
//   interval   the ratio's confidence interval
//   p          the two-sided test's p-value
//
// The test and interval depend on how the samples were measured:
//   - measured in alternation (--baseline), repetition i of the old program
//     and of the new ran back to back: the pairs share the machine's load
//     of their moment, so the test is the Wilcoxon signed-rank test of the
//     pairs' log-ratios and the interval its Hodges-Lehmann one (Walsh
//     averages): the load that moves both is no noise;
//   - a saved report and a later run: the Mann-Whitney U test, the test
//     Google Benchmark's compare.py runs, and the Hodges-Lehmann interval of
//     the two samples' logarithms.
//
// A comparison asks one question of many runs, and exits 4 if any answers
// "slower": the false alarms of the whole comparison are held to
// kSignificance, one comparison in 200 (Bonferroni): each of its R runs is
// tested at kSignificance / R, with an interval of confidence
// 1 - kSignificance / R.
// With the tolerance t (the NEW report's settings.tolerance):
//
//   "slower"   p < alpha, and the whole interval above 1 + t: slower, and
//              beyond the tolerance, with that confidence
//   "faster"   p < alpha, and the whole interval below 1 / (1 + t)
//   "same"     the interval lies within [1 / (1 + t), 1 + t]
//   "noisy"    otherwise: too noisy to decide at that tolerance.
//
// Comparing with a saved report, the two runs had the machine at different
// times, which the repetitions of neither show. Such a run is also "noisy":
//   - when one run had less of the machine than the other: its CPU time per
//     wall second and thread (the process's CPU time over its wall time)
//     was below the other's by more than kMaxCpuShareDrop;
//   - when either run's CV is above kNoisyCv (measure.h) and the interval
//     is not beyond 1 + kBusyCvFactor x CV;
//   - when the floor (the newline count: the machine, not poker) at the
//     same thread count moved, and the run's interval is not beyond the
//     floor's: the machine's change explains it. The floor itself is never
//     "slower" or "faster": it measures the machine.
//
// Runs in one report only are listed as "only in old" or "only in new",
// with no verdict. The comparison is written as a table (plain or
// Markdown) with the builds and machines above it and a summary below, or
// as JSON, schema poker-bench-comparison/1 (docs/performance.md).
//
// Thread safety: pure functions of their arguments.
#ifndef POKER_BENCH_COMPARE_H_
#define POKER_BENCH_COMPARE_H_

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "poker/bench/read_report.h"  // BenchReportError
#include "poker/bench/report.h"
#include "poker/bench/statistics.h"
#include "poker/bench/text_table.h"

namespace poker::bench {

// The chance of a false "slower" or "faster" anywhere in a comparison. A
// gate runs on every change: at 5%, one run in twenty of an unchanged
// build would fail it somewhere.
inline constexpr double kSignificance = 0.005;
// How much less of the machine (CPU time per wall second and thread) one
// run may have had than the other before their times are no comparison.
inline constexpr double kMaxCpuShareDrop = 0.10;
// How far beyond its CV a noisy run's change must be for a saved report's
// verdict: on a loaded machine, two runs of the same build minutes apart
// differ by about twice the larger CV, a level shift their repetitions
// do not show.
inline constexpr double kBusyCvFactor = 2;

enum class Verdict { kSlower, kFaster, kSame, kNoisy, kOnlyInOld, kOnlyInNew };

// "slower", "faster", "same", "noisy", "only in old", "only in new".
const char* verdict_name(Verdict verdict);

// What one run's verdict is held to.
struct VerdictRule {
  double tolerance = 0.05;
  std::size_t runs = 1;                 // the runs judged together, which share family_alpha
  bool paired = false;                  // old_times[i] and new_times[i] measured back to back
  double family_alpha = kSignificance;  // the chance of a false verdict among all the runs

  // The significance level and the interval's confidence of each run.
  double alpha() const { return family_alpha / static_cast<double>(runs == 0 ? 1 : runs); }
  double confidence() const { return 1 - alpha(); }
};

// How the machine itself moved between a saved report and a later run: the
// floor's ratio interval at a thread count.
struct MachineChange {
  double low = 1;
  double high = 1;
};

// The verdict on one run, and what it rests on.
struct RunVerdict {
  Verdict verdict = Verdict::kNoisy;
  double ratio = 1;
  RatioEstimate interval;
  RankTest test;
  std::string reason;  // "1.31x, 95% CI 1.27x to 1.35x, p = 0.0002"
};

// The verdict on times `old_times` and `new_times` (per instance; each
// > 0) under `rule`; `old_share` and `new_share` are the runs' CPU shares
// (the median over the repetitions of CPU time / (wall time x threads)),
// when both are known.
// REQUIRES: !old_times.empty() && !new_times.empty(); with rule.paired,
// old_times.size() == new_times.size().
RunVerdict judge_run(std::span<const double> old_times, std::span<const double> new_times,
                     std::optional<double> old_share, std::optional<double> new_share, const VerdictRule& rule);

// judge_run() for two runs measured apart in time (a saved report and a
// later run), unpaired. When either run's CV is above kNoisyCv (measure.h),
// the load that made it noisy may have moved its level too, which no
// repetition shows: "slower" or "faster" then also needs the interval
// beyond 1 + kBusyCvFactor x CV (and its inverse); and when the machine
// moved (`machine`, the floor's change), beyond the machine's change.
// Else the verdict is "noisy".
RunVerdict judge_saved_run(std::span<const double> old_times, std::span<const double> new_times, const Run& old_run,
                           const Run& new_run, const VerdictRule& rule, std::optional<MachineChange> machine);

// A run's repetitions as the comparison reads them: seconds per instance,
// and the CPU share when the run has CPU samples.
std::vector<double> times_per_instance(const WorkloadResult& workload, const Run& run);
std::optional<double> cpu_share(const Run& run);

// One line of the comparison.
struct ComparedRun {
  std::string workload;
  std::string source;
  std::size_t threads = 1;
  std::optional<double> old_time, new_time;  // median seconds per instance
  std::optional<double> old_cv, new_cv;
  RunVerdict verdict;  // verdict.verdict only, for a run in one report
};

struct Comparison {
  std::string mode;  // "reports", or "alternating" (--baseline)
  std::string old_name, new_name;
  Report old_report, new_report;
  VerdictRule rule;                         // the tolerance (the new report's), the runs compared, paired or not
  std::vector<ComparedRun> runs;            // both first, in the new report's order; then old only; then new only
  std::vector<std::string> different_work;  // workloads whose instances per pass differ (--quick vs full)
  std::vector<std::string> noisy_old;       // the old report's runs with a CV above kNoisyCv: no baseline
};

struct CompareCounts {
  std::size_t compared = 0;
  std::size_t slower = 0;
  std::size_t faster = 0;
  std::size_t same = 0;
  std::size_t noisy = 0;
};

Comparison compare_runs(const Report& old_report, std::string_view old_name, const Report& new_report,
                        std::string_view new_name, std::string_view mode);

CompareCounts count_verdicts(const Comparison& comparison);

// The two reports `old_json` and `new_json` read (read_report.h) and
// compared; the names are the files' as messages print them (escaped by
// the caller). Throws BenchReportError, the old report checked first, and
// when the two have no run in common (`OLD.json: workloads: no run in
// common with NEW.json ...`): a gate that compares nothing passes anything.
Comparison compare_bench_reports(std::string_view old_json, std::string_view old_name, std::string_view new_json,
                                 std::string_view new_name);

// The comparison for a person: the builds and machines, how verdicts are
// reached, the table, and the summary lines:
//   1 of 18 slower beyond 5%: holdem-2 -j 1
//   2 of 18 too noisy to decide at 5%: euler -j 2, eval -j 2
std::string render_comparison(const Comparison& comparison, TableStyle style);

// "Wilcoxon signed-rank (paired by round)" or "Mann-Whitney U": the
// two-sided test behind a rule's verdicts.
const char* test_name(const VerdictRule& rule);

// The comparison as JSON, schema poker-bench-comparison/1.
std::string render_comparison_json(const Comparison& comparison);

// "holdem-2 -j 2", "holdem-2 (pipe) -j 2": a run as the summaries name it.
std::string run_label(std::string_view workload, std::string_view source, std::size_t threads);

}  // namespace poker::bench

#endif  // POKER_BENCH_COMPARE_H_
