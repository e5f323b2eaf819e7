// `poker bench --compare` (compare.h): the verdict on one run from its two
// samples (judge_run), the comparison of two reports (per instance, runs in
// one report only, the summary, the table plain and Markdown, the JSON),
// and the reading of a report (read_report.h): every report that is none
// is one line naming the file and the field, /2's statistics checked
// against its samples, /1 reports still read.
#include "poker/bench/compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "poker/bench/read_report.h"
#include "poker/bench/report.h"
#include "poker/bench/report_json.h"
#include "poker/bench/statistics.h"
#include "poker/bench/timing.h"

namespace poker::bench {
namespace {

// Reports are built as JSON values (in the order of the members given),
// changed where a test needs it, and written as JSON text.
using Json = nlohmann::ordered_json;

Json number(double value) { return Json(value); }
Json text(std::string value) { return Json(std::move(value)); }
Json null() { return Json(nullptr); }
Json boolean(bool value) { return Json(value); }

Json object(std::initializer_list<std::pair<const char*, Json>> members) {
  Json json = Json::object();
  for (const auto& [key, value] : members) json[key] = value;
  return json;
}

Json array(std::vector<Json> elements) {
  Json json = Json::array();
  for (Json& element : elements) json.push_back(std::move(element));
  return json;
}

Json numbers(const std::vector<double>& values) {
  Json json = Json::array();
  for (const double value : values) json.push_back(value);
  return json;
}

std::string to_json(const Json& json) { return json.dump(); }

// The member `key` of `json`, which must have it.
Json& at(Json& json, std::string_view key) {
  const auto found = json.find(std::string(key));
  if (found != json.end()) return *found;
  ADD_FAILURE() << "no member " << key;
  static Json none;
  return none;
}

void erase(Json& json, std::string_view key) { json.erase(std::string(key)); }

// `n` distinct times spread evenly over `width` (a fraction) around
// `center`, which is their median and their mean.
std::vector<double> times(double center, int n = 10, double width = 0.01) {
  std::vector<double> values;
  for (int i = 0; i < n; ++i) values.push_back(center * (1 + width * (i / static_cast<double>(n - 1) - 0.5)));
  return values;
}

struct RunSpec {
  double threads;
  double median_s = 1;
  double spread = 0;                 // the median twice, then the slowest; none: the median once
  std::vector<double> samples = {};  // when given: these, and median_s and spread unused
  double iterations = 1;
  std::vector<double> cpu_samples = {};
};

struct WorkloadSpec {
  std::string name;
  std::vector<RunSpec> runs;
  std::string source = "memory";
  double instances = 1000;
};

std::vector<double> samples_of(const RunSpec& run) {
  if (!run.samples.empty()) return run.samples;
  if (run.spread == 0) return {run.median_s};
  return {run.median_s, run.median_s, run.median_s * (1 + run.spread)};
}

// A run as schema `version` (1 or 2) writes it, its statistics those of
// its samples.
Json run_json(const RunSpec& run, const WorkloadSpec& workload, int version) {
  const std::vector<double> samples = samples_of(run);
  const SampleSummary summary = summarize_sample(samples);
  const double passes = version == 1 ? 1 : run.iterations;
  Json json = object({{"threads", number(run.threads)}});
  if (version >= 2) json["iterations"] = number(run.iterations);
  json["samples_s"] = numbers(samples);
  if (version >= 2) {
    json["cpu_samples_s"] = numbers(run.cpu_samples);
    json["mean_s"] = number(summary.mean);
  }
  json["median_s"] = number(summary.median);
  if (version >= 2) {
    json["stddev_s"] = number(summary.stddev);
    json["cv"] = number(summary.cv);
  }
  json["min_s"] = number(summary.min);
  json["max_s"] = number(summary.max);
  if (version == 1) json["spread"] = number((summary.max - summary.min) / summary.median);
  json["cpu_s"] = number(summary.median);
  json["instances_per_s"] = number(workload.instances * passes / summary.median);
  json["bytes_per_s"] = number(52 * workload.instances * passes / summary.median);
  json["speedup"] = number(1);
  json["floor_ratio"] = null();
  return json;
}

Json report(double tolerance, const std::vector<WorkloadSpec>& workloads, int version = 2) {
  std::vector<Json> workload_values;
  for (const WorkloadSpec& workload : workloads) {
    std::vector<Json> runs;
    for (const RunSpec& run : workload.runs) runs.push_back(run_json(run, workload, version));
    workload_values.push_back(object({{"name", text(workload.name)},
                                      {"source", text(workload.source)},
                                      {"description", text("a workload")},
                                      {"instances", number(workload.instances)},
                                      {"bytes", number(52 * workload.instances)},
                                      {"runs", array(std::move(runs))}}));
  }
  Json settings = object({{"quick", boolean(false)}, {"warmup", number(1)}, {"repetitions", number(10)}});
  if (version >= 2) settings["min_time_s"] = number(0.2);
  settings["threads"] = array({number(1), number(2)});
  settings["on_disk"] = null();
  settings["tolerance"] = number(tolerance);
  Json json = object({{"schema", text(version == 1 ? "poker-bench/1" : "poker-bench/2")},
                      {"started_at", text("2026-11-26T07:10:00Z")},
                      {"poker", object({{"version", text("1.4.0")},
                                        {"commit", text("8a015d0")},
                                        {"build", text("Release")},
                                        {"compiler", text("GCC 12.2.0")},
                                        {"simd", text("avx2")}})},
                      {"machine", object({{"cpu", text("AMD EPYC 7B13")},
                                          {"cores", number(2)},
                                          {"memory_bytes", number(25769803776.0)},
                                          {"kernel", text("Linux 6.1.0-18-amd64 x86_64")}})},
                      {"settings", std::move(settings)},
                      {"workloads", array(std::move(workload_values))}});
  if (version >= 2) json["noisy"] = boolean(false);
  json["warnings"] = array({});
  return json;
}

// A report of one workload run once, at 1 thread.
Json one_run(double median_s, double spread = 0, double tolerance = 0.05, int version = 2) {
  return report(tolerance, {{"holdem-2", {{1, median_s, spread}}}}, version);
}

// A report of holdem-2 at 1 thread, with these repetitions.
Json run_of(const std::vector<double>& samples, double tolerance = 0.05) {
  return report(tolerance, {{"holdem-2", {{.threads = 1, .samples = samples}}}});
}

struct Outcome {
  int status;
  std::string output;
  Comparison comparison;
};

Outcome compare_texts(const std::string& old_json, const std::string& new_json, TableStyle style = TableStyle::kPlain) {
  Comparison comparison = compare_bench_reports(old_json, "OLD.json", new_json, "NEW.json");
  // The command's exit status: 4 when a run is slower.
  const int status = count_verdicts(comparison).slower > 0 ? 4 : 0;
  std::string output = render_comparison(comparison, style);
  return {status, std::move(output), std::move(comparison)};
}

Outcome compare(const Json& old_report, const Json& new_report, TableStyle style = TableStyle::kPlain) {
  return compare_texts(to_json(old_report), to_json(new_report), style);
}

// The table's line of (name, threads), split into its cells (two spaces or
// more apart; an empty cell is none).
std::vector<std::string> row(const std::string& output, std::string_view name, int threads) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::size_t at = 0;
    while (at < line.size()) {
      const std::size_t start = line.find_first_not_of(' ', at);
      if (start == std::string::npos) break;
      const std::size_t end = std::min(line.find("  ", start), line.size());
      cells.push_back(line.substr(start, end - start));
      at = end;
    }
    if (cells.size() >= 3 && cells[0] == name && cells[2] == std::to_string(threads)) return cells;
  }
  ADD_FAILURE() << "no row " << name << " -j " << threads << " in\n" << output;
  return {};
}

std::string verdict(const std::string& output, std::string_view name, int threads) {
  const std::vector<std::string> cells = row(output, name, threads);
  return cells.empty() ? "" : cells.back();
}

// The BenchReportError's message for comparing `old_json` with a valid
// report, or "" when there is none.
std::string old_error(const std::string& old_json) {
  try {
    compare_texts(old_json, to_json(one_run(1)));
  } catch (const BenchReportError& error) {
    return error.what();
  }
  return "";
}

std::string old_error(const Json& old_report) { return old_error(to_json(old_report)); }

// A literal is text, not a JSON string value.
std::string old_error(const char* old_json) { return old_error(std::string(old_json)); }

// ---- The verdict on one run --------------------------------------------------------

RunVerdict judge(const std::vector<double>& old_times, const std::vector<double>& new_times,
                 std::optional<double> old_share = std::nullopt, std::optional<double> new_share = std::nullopt,
                 double tolerance = 0.05) {
  // The rule of one run alone at a 5% level, as the mechanics below were
  // worked out (a comparison's own level is kSignificance, shared by its runs).
  return judge_run(old_times, new_times, old_share, new_share,
                   VerdictRule{.tolerance = tolerance, .runs = 1, .paired = false, .family_alpha = 0.05});
}

// Ten against ten, every new time above every old one: U's exact p is
// 2 / C(20, 10), and the whole interval lies near 1.5.
TEST(JudgeRun, SeparatedSamplesBeyondTheToleranceAreSlowerOrFaster) {
  const RunVerdict slower = judge(times(1), times(1.5));
  EXPECT_EQ(slower.verdict, Verdict::kSlower) << slower.reason;
  EXPECT_DOUBLE_EQ(slower.ratio, 1.5);
  EXPECT_TRUE(slower.test.exact);
  EXPECT_NEAR(slower.test.p_value, 2.0 / 184756, 1e-12);
  EXPECT_GT(slower.interval.low, 1.05);
  EXPECT_LT(slower.interval.low, 1.5);
  EXPECT_GT(slower.interval.high, 1.5);
  EXPECT_EQ(slower.reason.rfind("1.50\u00d7, 95% CI ", 0), 0u) << slower.reason;
  EXPECT_NE(slower.reason.find("p < 0.0001"), std::string::npos) << slower.reason;

  const RunVerdict faster = judge(times(1.5), times(1));
  EXPECT_EQ(faster.verdict, Verdict::kFaster) << faster.reason;
  EXPECT_LT(faster.interval.high, 1 / 1.05);
}

// A significant difference within the tolerance is no slowdown: 3% at 5%,
// each sample's values within half a percent.
TEST(JudgeRun, SignificantButWithinTheToleranceIsTheSame) {
  const RunVerdict verdict = judge(times(1, 10, 0.005), times(1.03, 10, 0.005));
  EXPECT_LT(verdict.test.p_value, kSignificance);
  EXPECT_GT(verdict.interval.low, 1.02);
  EXPECT_EQ(verdict.verdict, Verdict::kSame) << verdict.reason;
  // With a tolerance of 1%, the same samples are slower.
  EXPECT_EQ(judge(times(1, 10, 0.005), times(1.03, 10, 0.005), std::nullopt, std::nullopt, 0.01).verdict,
            Verdict::kSlower);
}

TEST(JudgeRun, OverlappingSamplesWithinTheToleranceAreTheSame) {
  const RunVerdict verdict = judge(times(1, 10, 0.02), times(1.005, 10, 0.02));
  EXPECT_GE(verdict.test.p_value, kSignificance);
  EXPECT_EQ(verdict.verdict, Verdict::kSame) << verdict.reason;
  EXPECT_GE(verdict.interval.low, 1 / 1.05);
  EXPECT_LE(verdict.interval.high, 1.05);
  // Identical samples: every pair tied.
  EXPECT_EQ(judge(times(1), times(1)).verdict, Verdict::kSame);
}

// Samples that spread over 60% cannot tell 10% from nothing at 5%.
TEST(JudgeRun, AnIntervalReachingBeyondTheToleranceIsNoisy) {
  const RunVerdict verdict = judge(times(1, 10, 0.6), times(1.1, 10, 0.6));
  EXPECT_EQ(verdict.verdict, Verdict::kNoisy);
  EXPECT_EQ(verdict.reason.rfind("the 95% CI reaches beyond 5%: 1.10\u00d7, 95% CI ", 0), 0u) << verdict.reason;
}

// Three repetitions against three can never be significant (the smallest
// two-sided p is 2 / C(6, 3) = 0.1), and their interval at 95% is
// everything: ten times slower is no verdict of "slower".
TEST(JudgeRun, ThreeAgainstThreeIsNeverSlower) {
  const RunVerdict verdict = judge({1, 1.01, 1.02}, {10, 10.1, 10.2});
  EXPECT_NE(verdict.verdict, Verdict::kSlower);
  EXPECT_EQ(verdict.verdict, Verdict::kNoisy);
  EXPECT_NEAR(verdict.test.p_value, 0.1, 1e-12);
  EXPECT_EQ(verdict.interval.low, 0);
  EXPECT_TRUE(std::isinf(verdict.interval.high));
  EXPECT_NE(verdict.reason.find("\u221e"), std::string::npos) << verdict.reason;
  EXPECT_NE(judge({10, 10.1, 10.2}, {1, 1.01, 1.02}).verdict, Verdict::kFaster);
}

// A run that had less of the machine than the other (a neighbour's load)
// is no comparison, however clear its times.
TEST(JudgeRun, LessOfTheMachineMakesAClearDifferenceNoisy) {
  const RunVerdict starved = judge(times(1), times(1.5), 1.0, 0.5);
  EXPECT_EQ(starved.verdict, Verdict::kNoisy);
  EXPECT_EQ(
      starved.reason.rfind("the new run had less of the machine (CPU share 100.0% old, 50.0% new): 1.50\u00d7", 0), 0u)
      << starved.reason;
  const RunVerdict old_starved = judge(times(1.5), times(1), 0.5, 1.0);
  EXPECT_EQ(old_starved.verdict, Verdict::kNoisy);
  EXPECT_EQ(old_starved.reason.rfind("the old run had less of the machine", 0), 0u) << old_starved.reason;
  // Within kMaxCpuShareDrop (10%) the times decide; unknown shares too.
  EXPECT_EQ(judge(times(1), times(1.5), 1.0, 0.95).verdict, Verdict::kSlower);
  EXPECT_EQ(judge(times(1), times(1.5), 1.0, std::nullopt).verdict, Verdict::kSlower);
  EXPECT_EQ(judge(times(1), times(1.5), 0.85, 0.8).verdict, Verdict::kSlower);
  EXPECT_EQ(judge(times(1), times(1.5), 1.0, 0.85).verdict, Verdict::kNoisy);
}

// A run whose wall times are `values` (seconds per instance: one pass of
// one instance), with its statistics.
Run run_of_times(const std::vector<double>& values) {
  Run run;
  run.samples_s = values;
  set_statistics(run);
  return run;
}

// `count` times around `center`, spread so that their CV is about `cv`.
std::vector<double> spread_times(double center, double cv, int count = 10) {
  std::vector<double> values;
  for (int i = 0; i < count; ++i) values.push_back(center * (1 + cv * 1.6 * ((i % 2 == 0 ? 1 : -1) * (i / 2) / 4.0)));
  return values;
}

// The same build, minutes apart on a loaded machine: 1.33x with CVs of 13%
// and 31% was called "slower". A saved report's noisy run needs a change
// beyond 1 + 2 x CV.
TEST(JudgeRun, ASavedReportsNoisyRunIsNoisyUnlessTheChangeIsBeyondTwiceItsCv) {
  const std::vector<double> old_times = spread_times(1, 0.13), new_times = spread_times(1.33, 0.05);
  const bench::Run old_run = run_of_times(old_times), new_run = run_of_times(new_times);
  ASSERT_GT(old_run.cv, 0.10);
  // The test alone says slower: the samples are apart.
  ASSERT_EQ(judge_run(old_times, new_times, std::nullopt, std::nullopt, VerdictRule{}).verdict, Verdict::kSlower);
  const RunVerdict saved = judge_saved_run(old_times, new_times, old_run, new_run, VerdictRule{}, std::nullopt);
  EXPECT_EQ(saved.verdict, Verdict::kNoisy);
  EXPECT_EQ(saved.reason.rfind("the old run's CV ", 0), 0u) << saved.reason;
  EXPECT_NE(saved.reason.find("is above 5%: on a busy machine a saved report shows only a change beyond "),
            std::string::npos)
      << saved.reason;
  // Three times slower is beyond any such noise; so is a third of the time.
  const std::vector<double> slowed = spread_times(3, 0.05), quickened = spread_times(0.33, 0.05);
  EXPECT_EQ(judge_saved_run(old_times, slowed, old_run, run_of_times(slowed), VerdictRule{}, std::nullopt).verdict,
            Verdict::kSlower);
  EXPECT_EQ(
      judge_saved_run(old_times, quickened, old_run, run_of_times(quickened), VerdictRule{}, std::nullopt).verdict,
      Verdict::kFaster);
  // Quiet runs (CV under 5%) are judged by the test and the tolerance alone.
  const std::vector<double> quiet = spread_times(1, 0.02), quiet_slower = spread_times(1.2, 0.02);
  EXPECT_EQ(
      judge_saved_run(quiet, quiet_slower, run_of_times(quiet), run_of_times(quiet_slower), VerdictRule{}, std::nullopt)
          .verdict,
      Verdict::kSlower);
}

// In alternation the shares are the programs' own: a program that waits is
// slower, not noisy.
TEST(BenchCompare, AlternatingRunsAreJudgedWithoutTheShareGuard) {
  Report old_report, new_report;
  for (Report* report : {&old_report, &new_report}) {
    WorkloadResult workload;
    workload.name = "holdem-2";
    workload.source = "file";
    workload.instances = 1;
    const double center = report == &old_report ? 1.0 : 1.5;
    bench::Run run = run_of_times(spread_times(center, 0.01));
    run.threads = 1;
    // The new program waits half its time: its CPU share is half the old's.
    run.cpu_samples_s = report == &old_report ? run.samples_s : std::vector<double>(run.samples_s.size(), 0.75);
    workload.runs.push_back(run);
    report->workloads.push_back(workload);
  }
  EXPECT_EQ(compare_runs(old_report, "old", new_report, "new", "alternating").runs.at(0).verdict.verdict,
            Verdict::kSlower);
  EXPECT_EQ(compare_runs(old_report, "old", new_report, "new", "reports").runs.at(0).verdict.verdict, Verdict::kNoisy);
}

// In alternation, repetition i of each program ran back to back and shared
// the load of its moment: a load that moves whole rounds by 30% hides a 15%
// slowdown from a test of two independent samples, not from the pairs.
TEST(BenchCompare, AlternatingRunsArePairedByRound) {
  Report old_report, new_report;
  const std::vector<double> load = {1.0, 1.3, 0.8, 1.25, 0.9, 1.1, 0.75, 1.2, 1.05, 0.85, 1.15, 0.95};
  for (Report* report : {&old_report, &new_report}) {
    WorkloadResult workload;
    workload.name = "holdem-2";
    workload.source = "file";
    workload.instances = 1;
    std::vector<double> samples;
    for (std::size_t i = 0; i < load.size(); ++i)
      samples.push_back(load[i] * (report == &old_report ? 1.0 : 1.15 * (1 + 0.001 * static_cast<double>(i))));
    bench::Run run = run_of_times(samples);
    run.threads = 1;
    workload.runs.push_back(run);
    report->workloads.push_back(workload);
  }
  const Comparison paired = compare_runs(old_report, "old", new_report, "new", "alternating");
  EXPECT_TRUE(paired.rule.paired);
  const RunVerdict& verdict = paired.runs.at(0).verdict;
  EXPECT_EQ(verdict.verdict, Verdict::kSlower) << verdict.reason;
  EXPECT_GT(verdict.interval.low, 1.14);
  EXPECT_LT(verdict.interval.high, 1.17);
  EXPECT_NEAR(verdict.test.p_value, 2.0 / 4096, 1e-12);  // every pair slower: the most extreme of 2^12
  EXPECT_EQ(nlohmann::json::parse(render_comparison_json(paired)).at("test"),
            "Wilcoxon signed-rank (paired by round), two-sided");
  // The same samples as two independent ones: too noisy to decide.
  const Comparison unpaired = compare_runs(old_report, "old", new_report, "new", "reports");
  EXPECT_FALSE(unpaired.rule.paired);
  EXPECT_EQ(unpaired.runs.at(0).verdict.verdict, Verdict::kNoisy) << unpaired.runs.at(0).verdict.reason;
}

// In alternation the ratio shown is the pairs' own estimate, the centre of
// their interval: two medians taken apart from their pairs can lie outside
// it (a round's load on one program's median and not on the other's).
TEST(BenchCompare, AlternatingRatioIsThePairsEstimateNotTheMediansRatio) {
  const std::vector<double> old_times = {1.0, 2.0, 3.0, 4.0, 5.0};
  const std::vector<double> new_times = {1.5, 2.1, 3.2, 4.1, 5.05};
  const RunVerdict verdict = judge_run(old_times, new_times, std::nullopt, std::nullopt, VerdictRule{.paired = true});
  // The pairs' log-ratios' 15 Walsh averages have their median at the
  // second pair's own ratio, 2.1 / 2; the medians' ratio is 3.2 / 3.
  EXPECT_NEAR(verdict.ratio, 1.05, 1e-9);
  EXPECT_NEAR(median_of(new_times) / median_of(old_times), 3.2 / 3.0, 1e-12);
  EXPECT_NEAR(verdict.ratio, verdict.interval.ratio, 1e-12);
  EXPECT_LE(verdict.interval.low, verdict.ratio);
  EXPECT_GE(verdict.interval.high, verdict.ratio);
  // Two independent samples keep the medians' ratio.
  EXPECT_NEAR(judge_run(old_times, new_times, std::nullopt, std::nullopt, VerdictRule{}).ratio, 3.2 / 3.0, 1e-12);
}

// A comparison of many runs exits 4 if any is slower: each run's test is
// held to 0.5% over their number (Bonferroni), so that 20 unchanged runs do
// not give a false alarm one comparison in three.
TEST(JudgeRun, ManyRunsShareTheSignificance) {
  const std::vector<double> old_times = {1.00, 1.02, 1.04, 1.06, 1.08, 1.10, 1.12, 1.14, 1.16};
  const std::vector<double> new_times = {1.05, 1.13, 1.15, 1.17, 1.26, 1.28, 1.30, 1.32, 1.34};
  const RunVerdict alone =
      judge_run(old_times, new_times, std::nullopt, std::nullopt, VerdictRule{.tolerance = 0.02, .family_alpha = 0.05});
  EXPECT_EQ(alone.verdict, Verdict::kSlower) << alone.reason;
  const RunVerdict among_twenty = judge_run(old_times, new_times, std::nullopt, std::nullopt,
                                            VerdictRule{.tolerance = 0.02, .runs = 20, .family_alpha = 0.05});
  EXPECT_EQ(among_twenty.verdict, Verdict::kNoisy) << among_twenty.reason;
  EXPECT_EQ(among_twenty.test.p_value, alone.test.p_value);
  EXPECT_NEAR(alone.test.p_value, 0.00399, 1e-5);  // above 0.05 / 20
  EXPECT_LT(among_twenty.interval.low, alone.interval.low);
  EXPECT_NE(among_twenty.reason.find("99.75% CI"), std::string::npos) << among_twenty.reason;
  EXPECT_NE(among_twenty.reason.find("(alpha 0.0025)"), std::string::npos) << among_twenty.reason;
}

// The floor counts newlines: its change between a saved report and a later
// run is the machine's, never a verdict on poker, and the other runs at its
// thread count must change beyond it.
TEST(BenchCompare, TheFloorMovedIsTheMachineNotPoker) {
  const auto reports = [](double floor, double holdem) {
    return std::pair(report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}}},
                                   {kFloorName, {{.threads = 1, .samples = times(1)}}}}),
                     report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(holdem)}}},
                                   {kFloorName, {{.threads = 1, .samples = times(floor)}}}}));
  };
  // The machine 1.3x slower, poker 1.3x slower: nothing to say of poker.
  const auto [old_busy, new_busy] = reports(1.3, 1.3);
  const Outcome busy = compare(old_busy, new_busy);
  EXPECT_EQ(busy.status, 0) << busy.output;
  EXPECT_EQ(verdict(busy.output, kFloorName, 1), "noisy");
  EXPECT_EQ(verdict(busy.output, "holdem-2", 1), "noisy");
  EXPECT_EQ(busy.comparison.runs.at(0).verdict.reason.rfind("the machine itself (newline-count) ran 1.29", 0), 0u)
      << busy.comparison.runs.at(0).verdict.reason;
  EXPECT_EQ(busy.comparison.runs.at(1).verdict.reason.rfind("the machine moved: newline-count", 0), 0u)
      << busy.comparison.runs.at(1).verdict.reason;
  // Poker twice as slow is beyond the machine's 1.3x.
  const auto [old_slow, new_slow] = reports(1.3, 2);
  EXPECT_EQ(verdict(compare(old_slow, new_slow).output, "holdem-2", 1), "slower");
  // The machine unmoved, poker 1.3x slower: slower; a faster machine
  // lowers no bar.
  const auto [old_same, new_same] = reports(1, 1.3);
  EXPECT_EQ(compare(old_same, new_same).status, 4);
  const auto [old_quick, new_quick] = reports(0.7, 1.3);
  const Outcome quick = compare(old_quick, new_quick);
  EXPECT_EQ(verdict(quick.output, "holdem-2", 1), "slower");
  EXPECT_EQ(verdict(quick.output, kFloorName, 1), "noisy");
}

TEST(JudgeRun, VerdictNames) {
  EXPECT_STREQ(verdict_name(Verdict::kSlower), "slower");
  EXPECT_STREQ(verdict_name(Verdict::kFaster), "faster");
  EXPECT_STREQ(verdict_name(Verdict::kSame), "same");
  EXPECT_STREQ(verdict_name(Verdict::kNoisy), "noisy");
  EXPECT_STREQ(verdict_name(Verdict::kOnlyInOld), "only in old");
  EXPECT_STREQ(verdict_name(Verdict::kOnlyInNew), "only in new");
}

// ---- Two reports compared ----------------------------------------------------------

TEST(BenchCompare, SummaryNamesEveryRunByItsVerdict) {
  const Json old_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}, {.threads = 2, .samples = times(0.5)}}},
                    {"euler", {{.threads = 1, .samples = times(2)}}},
                    {"eval", {{.threads = 1, .samples = times(1)}}, "pipe"}});
  const Json new_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}, {.threads = 2, .samples = times(0.6)}}},
                    {"euler", {{.threads = 1, .samples = times(1)}}},
                    {"eval", {{.threads = 1, .samples = times(1.02, 10, 0.6)}}, "pipe"}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(outcome.status, 4);
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "same");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 2), "slower");
  EXPECT_EQ(verdict(outcome.output, "euler", 1), "faster");
  EXPECT_EQ(verdict(outcome.output, "eval", 1), "noisy");
  EXPECT_EQ(row(outcome.output, "eval", 1)[1], "pipe");
  const std::string summary = outcome.output.substr(outcome.output.rfind("\n\n") + 2);
  EXPECT_EQ(summary,
            "1 of 4 slower beyond 5%: holdem-2 -j 2\n"
            "1 of 4 faster beyond 5%: euler -j 1\n"
            "1 of 4 too noisy to decide at 5%: eval (pipe) -j 1 (more --repetitions, a longer --min-time, a quieter "
            "machine, or --baseline)\n");
  const CompareCounts counts = count_verdicts(outcome.comparison);
  EXPECT_EQ(counts.compared, 4u);
  EXPECT_EQ(counts.slower, 1u);
  EXPECT_EQ(counts.faster, 1u);
  EXPECT_EQ(counts.same, 1u);
  EXPECT_EQ(counts.noisy, 1u);
}

TEST(BenchCompare, FasterAndSameAreNoFailure) {
  const Outcome outcome = compare(run_of(times(1)), run_of(times(0.5)));
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "faster");
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[7], "0.50\u00d7");
  EXPECT_EQ(outcome.status, 0);
  EXPECT_NE(outcome.output.find("\n0 of 1 slower beyond 5%\n1 of 1 faster beyond 5%: holdem-2 -j 1\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_EQ(compare(run_of(times(1)), run_of(times(1))).status, 0);
}

// The table's columns: the medians per instance, each run's CV, the ratio,
// its interval, p and the verdict.
TEST(BenchCompare, TheTableHasTheStatisticsOfEachRun) {
  const Outcome outcome = compare(run_of(times(1)), run_of(times(1.5)));
  EXPECT_NE(outcome.output.find(
                "workload  source  threads      old      new  old CV  new CV  ratio     99.5% CI        p  verdict\n"),
            std::string::npos)
      << outcome.output;
  const std::vector<std::string> cells = row(outcome.output, "holdem-2", 1);
  ASSERT_EQ(cells.size(), 11u) << outcome.output;
  EXPECT_EQ(cells[1], "memory");
  EXPECT_EQ(cells[3], "1.00 ms");  // a second over 1000 instances
  EXPECT_EQ(cells[4], "1.50 ms");
  EXPECT_EQ(cells[5], "0.3%");
  EXPECT_EQ(cells[6], "0.3%");
  EXPECT_EQ(cells[7], "1.50\u00d7");
  EXPECT_EQ(cells[8].find("\u00d7\u2013"), 4u) << cells[8];
  EXPECT_EQ(cells[9], "<0.0001");
  EXPECT_EQ(cells[10], "slower");
  EXPECT_NE(outcome.output.find("times per instance, the median of the repetitions\n"), std::string::npos);
  EXPECT_NE(outcome.output.find(
                "verdict: slower (faster) when the two-sided Mann-Whitney U test gives p < 0.005 and the 99.5% "
                "confidence interval of the ratio lies beyond 5% (NEW.json's tolerance); same when "
                "it lies within 5%; otherwise noisy: too noisy to decide\n"),
            std::string::npos)
      << outcome.output;
}

TEST(BenchCompare, TheToleranceIsTheNewReports) {
  EXPECT_EQ(compare(run_of(times(1), 0.5), run_of(times(1.1), 0.05)).status, 4);
  const Outcome lenient = compare(run_of(times(1), 0.05), run_of(times(1.1), 0.5));
  EXPECT_EQ(lenient.status, 0);
  EXPECT_EQ(verdict(lenient.output, "holdem-2", 1), "same");
  EXPECT_NE(lenient.output.find("0 of 1 slower beyond 50%\n"), std::string::npos) << lenient.output;
}

TEST(BenchCompare, RunsInOneReportOnlyAreListedWithoutAVerdict) {
  const Json old_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}, {.threads = 2, .samples = times(1)}}},
                    {"draw", {{.threads = 1, .samples = times(1)}}}});
  const Json new_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}, {.threads = 4, .samples = times(9)}}},
                    {"verify", {{.threads = 1, .samples = times(9)}}}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "same");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 2), "only in old");
  EXPECT_EQ(verdict(outcome.output, "draw", 1), "only in old");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 4), "only in new");
  EXPECT_EQ(verdict(outcome.output, "verify", 1), "only in new");
  EXPECT_EQ(row(outcome.output, "draw", 1)[4], "-");  // no new median
  EXPECT_EQ(row(outcome.output, "draw", 1)[6], "-");  // no new CV
  EXPECT_EQ(row(outcome.output, "verify", 1)[3], "-");
  EXPECT_EQ(outcome.status, 0);
  EXPECT_NE(outcome.output.find("\n0 of 1 slower beyond 5%\n"), std::string::npos) << outcome.output;
  EXPECT_EQ(count_verdicts(outcome.comparison).compared, 1u);
  // Compared first, then only in old, then only in new.
  std::vector<std::string> order;
  for (const ComparedRun& run : outcome.comparison.runs)
    order.push_back(run_label(run.workload, run.source, run.threads) + ": " + verdict_name(run.verdict.verdict));
  EXPECT_EQ(order,
            (std::vector<std::string>{"holdem-2 -j 1: same", "holdem-2 -j 2: only in old", "draw -j 1: only in old",
                                      "holdem-2 -j 4: only in new", "verify -j 1: only in new"}));
  EXPECT_EQ(outcome.comparison.runs[1].new_time, std::nullopt);
  EXPECT_EQ(outcome.comparison.runs[3].old_time, std::nullopt);
  EXPECT_DOUBLE_EQ(*outcome.comparison.runs[3].new_time, 9.0 / 1000);
}

// Two reports of other workloads (or thread counts) compared nothing, and
// the gate passed: a hostile or mistaken baseline turned it off.
TEST(BenchCompare, NothingInCommonIsAnErrorNamingTheOldReportsWorkloads) {
  try {
    compare(report(0.05, {{"draw", {{1, 1}}}}), report(0.05, {{"verify", {{1, 1}}}}));
    ADD_FAILURE() << "no error";
  } catch (const BenchReportError& error) {
    EXPECT_EQ(std::string(error.what()),
              "OLD.json: workloads: no run in common with NEW.json (the same workload, source and thread count): "
              "nothing to compare");
  }
  // The same workload at other thread counts is nothing in common either.
  EXPECT_THROW(compare(report(0.05, {{"draw", {{1, 1}}}}), report(0.05, {{"draw", {{2, 1}}}})), BenchReportError);
}

// The source is part of a workload's identity: the same name on another
// source is another workload.
TEST(BenchCompare, WorkloadsAreNamedBySourceToo) {
  const Outcome outcome = compare(report(0.05, {{"holdem-2", {{1, 1}}, "file"}, {"draw", {{1, 1}}}}),
                                  report(0.05, {{"holdem-2", {{1, 9}}, "pipe"}, {"draw", {{1, 1}}}}));
  EXPECT_EQ(outcome.status, 0);
  EXPECT_EQ(count_verdicts(outcome.comparison).compared, 1u);
  EXPECT_NE(outcome.output.find("only in old"), std::string::npos);
  EXPECT_NE(outcome.output.find("only in new"), std::string::npos);
}

TEST(BenchCompare, DifferentMachinesAreNotedAboveTheTable) {
  Json new_report = one_run(1);
  at(at(new_report, "machine"), "cpu") = text("Intel Xeon 8375C");
  at(at(new_report, "machine"), "cores") = number(4);
  const Outcome outcome = compare(one_run(1), new_report);
  const std::size_t note =
      outcome.output.find("note: the runs differ in the machine (CPU, cores): the ratios measure that difference\n");
  EXPECT_NE(note, std::string::npos) << outcome.output;
  EXPECT_LT(note, outcome.output.find("workload"));
  EXPECT_EQ(outcome.status, 0);
}

TEST(BenchCompare, DifferentBuildsAreNotedAboveTheTable) {
  Json new_report = one_run(1);
  at(at(new_report, "poker"), "version") = text("1.5.0");
  at(at(new_report, "poker"), "commit") = null();
  at(at(new_report, "poker"), "compiler") = text("Clang 16.0.6");
  at(at(new_report, "machine"), "kernel") = text("Linux 6.5.0");
  const Outcome outcome = compare(one_run(1), new_report);
  EXPECT_NE(outcome.output.find("note: the runs differ in the poker build (version, commit, compiler) and the machine "
                                "(kernel): the ratios measure that difference\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find("poker 1.5.0 (Release, Clang 16.0.6, avx2)"), std::string::npos);
}

TEST(BenchCompare, SameBuildAndMachineHaveNoNote) {
  EXPECT_EQ(compare(one_run(1), one_run(1)).output.find("note:"), std::string::npos);
}

// An old run with a CV above 5% is no baseline: said above the table.
TEST(BenchCompare, ANoisyOldRunIsNoted) {
  const Outcome outcome = compare(run_of(times(1, 10, 0.3)), run_of(times(1)));
  EXPECT_NE(outcome.output.find("note: OLD.json is no baseline where its CV was above 5%: holdem-2 -j 1\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_EQ(compare(run_of(times(1)), run_of(times(1, 10, 0.3))).output.find("no baseline"), std::string::npos);
}

// Runs that made different passes per repetition compare per pass and
// instance: ten passes of ten seconds are one pass of one second.
TEST(BenchCompare, DifferentPassesPerRepetitionAreComparedPerInstance) {
  const Json old_report = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1), .iterations = 1}}}});
  const Json new_report = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(10), .iterations = 10}}}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "same") << outcome.output;
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[3], "1.00 ms");
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[4], "1.00 ms");
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[7], "1.00\u00d7");
  EXPECT_EQ(outcome.output.find("different work"), std::string::npos) << outcome.output;
  // Ten passes of eleven seconds: 10% slower.
  const Json slower = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(11), .iterations = 10}}}});
  EXPECT_EQ(compare(old_report, slower).status, 4);
}

// A --quick run does less work per pass than a full one: the times per
// instance are compared, and the note says so.
TEST(BenchCompare, DifferentInstancesPerPassAreComparedPerInstance) {
  const Json old_report = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}}, "memory", 1000}});
  const Json new_report = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(0.11)}}, "memory", 100}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[7], "1.10\u00d7");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "slower");
  EXPECT_NE(outcome.output.find("note: holdem-2: the runs did different work per pass (--quick against a full run?): "
                                "compared per instance\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_EQ(outcome.comparison.different_work, (std::vector<std::string>{"holdem-2"}));
}

// The CPU samples of a report decide the CPU-share guard: a new run that
// had half the machine is noisy, not slower.
TEST(BenchCompare, CpuSamplesOfTheReportsGuardTheVerdict) {
  const Json old_report = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1), .cpu_samples = times(1)}}}});
  const Json starved =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1.5), .cpu_samples = times(0.75)}}}});
  const Outcome outcome = compare(old_report, starved);
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "noisy") << outcome.output;
  EXPECT_EQ(outcome.status, 0);
  const Json busy = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1.5), .cpu_samples = times(1.5)}}}});
  EXPECT_EQ(compare(old_report, busy).status, 4);
  bench::Run run;
  run.threads = 2;
  run.samples_s = {1, 2, 3};
  run.cpu_samples_s = {1, 4, 3};
  EXPECT_DOUBLE_EQ(*cpu_share(run), 0.5);  // the median of 0.5, 1, 0.5
  run.cpu_samples_s.clear();
  EXPECT_FALSE(cpu_share(run));
}

TEST(BenchCompare, MarkdownTableIsAPipeTable) {
  const Json old_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}, {.threads = 2, .samples = times(1)}}}});
  const Json new_report = report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1.5)}}}});
  const Outcome outcome = compare(old_report, new_report, TableStyle::kMarkdown);
  EXPECT_NE(
      outcome.output.find("\n| workload | source | threads | old | new | old CV | new CV | ratio | 99.5% CI | p | "
                          "verdict |\n| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
                          ":--- |\n| holdem-2 | memory | 1 | 1.00 ms | 1.50 ms | 0.3% | 0.3% | 1.50\u00d7 | "),
      std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find(
                " | <0.0001 | slower |\n| holdem-2 | memory | 2 | 1.00 ms | - | 0.3% | - |  |  |  | only in old |\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find("\n1 of 1 slower beyond 5%: holdem-2 -j 1\n"), std::string::npos) << outcome.output;
  // Every line of the table has the eleven cells.
  std::istringstream lines(outcome.output);
  int table_lines = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] != '|') continue;
    ++table_lines;
    EXPECT_EQ(std::count(line.begin(), line.end(), '|'), 12) << line;
  }
  EXPECT_EQ(table_lines, 4);
}

// Every number of the JSON is finite, or null where there is none (a run
// in one report; an interval without end).
void expect_finite_numbers(const nlohmann::json& json) {
  if (json.is_number()) {
    EXPECT_TRUE(std::isfinite(json.get<double>())) << json.dump();
  }
  if (json.is_structured()) {
    for (const auto& element : json) expect_finite_numbers(element);
  }
}

TEST(BenchCompareJson, HoldsTheVerdictsAndWhatTheyRestOn) {
  const Json old_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}, {.threads = 2, .samples = times(1)}}},
                    {"euler", {{.threads = 1, .samples = {1, 1.01, 1.02}}}}});
  const Json new_report =
      report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1.5)}, {.threads = 4, .samples = times(1)}}},
                    {"euler", {{.threads = 1, .samples = {1, 1.01, 1.02}}}}});
  const Comparison comparison = compare_bench_reports(to_json(old_report), "OLD.json", to_json(new_report), "NEW.json");
  const std::string text = render_comparison_json(comparison);
  EXPECT_EQ(text.back(), '\n');
  const nlohmann::json json = nlohmann::json::parse(text);
  expect_finite_numbers(json);
  EXPECT_EQ(json.at("schema"), "poker-bench-comparison/1");
  EXPECT_EQ(json.at("mode"), "reports");
  EXPECT_EQ(json.at("old").at("name"), "OLD.json");
  EXPECT_EQ(json.at("new").at("name"), "NEW.json");
  EXPECT_EQ(json.at("new").at("poker").at("commit"), "8a015d0");
  EXPECT_EQ(json.at("old").at("machine").at("cores"), 2);
  EXPECT_EQ(json.at("test"), "Mann-Whitney U, two-sided");
  // Two runs compared share the 0.5%: each is tested at 0.25%.
  EXPECT_EQ(json.at("alpha"), 0.005);
  EXPECT_EQ(json.at("correction"), "Bonferroni");
  EXPECT_EQ(json.at("runs_compared"), 2);
  EXPECT_DOUBLE_EQ(json.at("run_alpha").get<double>(), 0.0025);
  EXPECT_DOUBLE_EQ(json.at("confidence").get<double>(), 0.9975);
  EXPECT_EQ(json.at("tolerance"), 0.05);
  const nlohmann::json& runs = json.at("runs");
  ASSERT_EQ(runs.size(), 4u);
  const nlohmann::json& slower = runs[0];
  EXPECT_EQ(slower.at("workload"), "holdem-2");
  EXPECT_EQ(slower.at("source"), "memory");
  EXPECT_EQ(slower.at("threads"), 1);
  EXPECT_EQ(slower.at("verdict"), "slower");
  EXPECT_DOUBLE_EQ(slower.at("old_median_s").get<double>(), 0.001);
  EXPECT_DOUBLE_EQ(slower.at("new_median_s").get<double>(), 0.0015);
  EXPECT_DOUBLE_EQ(slower.at("ratio").get<double>(), 1.5);
  EXPECT_GT(slower.at("ratio_low").get<double>(), 1.05);
  EXPECT_GT(slower.at("ratio_high").get<double>(), 1.5);
  EXPECT_LT(slower.at("p_value").get<double>(), 0.001);
  EXPECT_NEAR(slower.at("old_cv").get<double>(), 0.003, 0.0005);
  EXPECT_EQ(slower.at("reason").get<std::string>().rfind("1.50\u00d7, 99.75% CI", 0), 0u);
  // Three against three: an interval without end, null.
  const nlohmann::json& few = runs[1];
  EXPECT_EQ(few.at("workload"), "euler");
  EXPECT_EQ(few.at("verdict"), "noisy");
  EXPECT_EQ(few.at("ratio_low"), 0);
  EXPECT_TRUE(few.at("ratio_high").is_null());
  EXPECT_TRUE(few.at("p_value").is_number());
  for (const auto& [index, verdict, missing] :
       {std::tuple(2, "only in old", "new_median_s"), std::tuple(3, "only in new", "old_median_s")}) {
    const nlohmann::json& one_sided = runs[static_cast<std::size_t>(index)];
    EXPECT_EQ(one_sided.at("verdict"), verdict);
    EXPECT_TRUE(one_sided.at(missing).is_null());
    for (const char* key : {"ratio", "ratio_low", "ratio_high", "p_value"})
      EXPECT_TRUE(one_sided.at(key).is_null()) << key;
    EXPECT_EQ(one_sided.at("reason"), "");
  }
  EXPECT_TRUE(runs[2].at("old_median_s").is_number());
  EXPECT_TRUE(runs[3].at("new_cv").is_number());
  EXPECT_TRUE(runs[3].at("old_cv").is_null());
  EXPECT_EQ(json.at("summary"),
            (nlohmann::json{{"compared", 2}, {"slower", 1}, {"faster", 0}, {"same", 0}, {"noisy", 1}}));
}

// Runs are matched by (name, source, threads), not by their place.
TEST(BenchCompare, ManyWorkloadsAreMatchedByTheirKeys) {
  std::vector<WorkloadSpec> workloads;
  for (int i = 0; i < 2000; ++i) {
    workloads.push_back({std::string("w").append(std::to_string(i)),
                         {{.threads = 1, .samples = times(1, 12)}, {.threads = 2, .samples = times(1, 12)}}});
  }
  const Json old_report = report(0.05, workloads);
  workloads.back().runs[1].samples = times(2, 12);
  std::reverse(workloads.begin(), workloads.end());
  const Outcome outcome = compare(old_report, report(0.05, workloads));
  EXPECT_EQ(outcome.status, 4);
  EXPECT_NE(outcome.output.find("\n1 of 4000 slower beyond 5%: w1999 -j 2\n"), std::string::npos);
}

// ---- Reading a report --------------------------------------------------------------

// A median is a time from a nanosecond to a day: a denormal one read from a
// corrupt baseline made a ratio of infinity, a huge one a ratio of zero.
TEST(BenchCompareErrors, MedianOutsideANanosecondToADayIsRefused) {
  for (const auto& [median, shown] :
       {std::pair(1e-320, "1e-320"), std::pair(1e-300, "1e-300"), std::pair(9.99e-10, "9.99e-10"),
        std::pair(86400.5, "86400.5"), std::pair(1e300, "1e+300")}) {
    Json broken = one_run(1);
    Json& run = at(at(broken, "workloads")[0], "runs")[0];
    at(run, "median_s") = number(median);
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0].runs[0]: median_s is ") + shown +
                                     ", not a time in seconds from 1e-09 to 86400");
  }
  // The bounds themselves are times.
  std::vector<double> shortest(10, 1e-9), longest(10, 86400);
  for (int i = 0; i < 10; ++i) {
    shortest[static_cast<std::size_t>(i)] *= 1 + i / 100.0;
    longest[static_cast<std::size_t>(i)] /= 1 + i / 100.0;
  }
  EXPECT_EQ(compare(run_of(shortest), run_of(longest)).status, 4);
  EXPECT_EQ(compare(run_of(longest), run_of(shortest)).status, 0);
}

// The text of a report whose median is written as `median`, with nothing
// else of the report changed.
std::string with_median_text(const std::string& median) {
  Json report = one_run(1);
  Json& run = at(at(report, "workloads")[0], "runs")[0];
  const std::string marker = "\"@median@\"";
  at(run, "median_s") = "@median@";
  std::string json = to_json(report);
  for (std::size_t at = json.find(marker); at != std::string::npos; at = json.find(marker))
    json.replace(at, marker.size(), median);
  return json;
}

// The denormal of a corrupt file, as it is written there: refused with the
// value as the file writes it; one below a double's range reads as 0.
TEST(BenchCompareErrors, DenormalMedianIsRefused) {
  EXPECT_EQ(old_error(with_median_text("1e-320")),
            "OLD.json: workloads[0].runs[0]: median_s is 1e-320, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(old_error(with_median_text("1e-400")),
            "OLD.json: workloads[0].runs[0]: median_s is 0, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(old_error(with_median_text("-0")),
            "OLD.json: workloads[0].runs[0]: median_s is -0, not a time in seconds from 1e-09 to 86400");
}

// A spread must be the samples' (max - min) / median: a corrupt baseline's
// 1e308 made every verdict "same", and the gate let anything through.
TEST(BenchCompareErrors, SpreadThatIsNotTheSamplesIsRefused) {
  Json broken = one_run(1, 0.25, 0.05, 1);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "spread") = number(1e308);
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: spread is 1e+308, not (max - min) / median of samples_s (0.25)");
  at(run, "spread") = number(0.3);
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: spread is 0.3, not (max - min) / median of samples_s (0.25)");
  // As the new report too.
  EXPECT_THROW(compare(one_run(1, 0, 0.05, 1), broken), BenchReportError);
  // As the report's nine digits round it, it is the spread.
  at(run, "spread") = number(0.250000001);
  EXPECT_EQ(old_error(broken), "");
}

TEST(BenchCompareErrors, MedianThatIsNotTheSamplesIsRefused) {
  Json broken = one_run(1, 0.25, 0.05, 1);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "median_s") = number(2);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: median_s is 2, not the median of samples_s (1)");
  // An even count's median is the mean of the middle two.
  at(run, "samples_s") = array({number(1), number(3)});
  at(run, "spread") = number(1);
  EXPECT_EQ(old_error(broken), "");
}

TEST(BenchCompareErrors, EmptyOrBadSamplesAreRefused) {
  Json broken = one_run(1);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "samples_s") = array({});
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s is empty: a run has one repetition at least");
  at(run, "samples_s") = array({number(1), text("1")});
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s[1] is a string, not a number");
  at(run, "samples_s") = array({number(1), number(1), number(-1)});
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: samples_s[2] is -1, not a time in seconds from 1e-09 to 86400");
  at(run, "samples_s") = array({number(1), number(1), number(1e-320)});
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: samples_s[2] is 1e-320, not a time in seconds from 1e-09 to 86400");
  at(run, "samples_s") = number(1);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s is a number, not an array");
  erase(run, "samples_s");
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s is missing");
}

// The tolerance is a fraction from 0 to 10, as --tolerance takes it: a
// corrupt one would disable the gate as a corrupt spread would.
TEST(BenchCompareErrors, ToleranceOutsideWhatTheOptionTakesIsRefused) {
  for (const auto& [tolerance, shown] :
       {std::pair(1e308, "1e+308"), std::pair(10.5, "10.5"), std::pair(-0.05, "-0.05")}) {
    Json broken = one_run(1);
    at(at(broken, "settings"), "tolerance") = number(tolerance);
    EXPECT_EQ(old_error(broken),
              std::string("OLD.json: settings: tolerance is ") + shown + ", not a fraction from 0 to 10");
  }
  Json largest = one_run(1);
  at(at(largest, "settings"), "tolerance") = number(10);
  EXPECT_EQ(old_error(largest), "");
}

TEST(BenchCompareErrors, NotJson) {
  EXPECT_EQ(old_error("hello"), "OLD.json:1:1: invalid JSON: expected a value, found 'h'");
  EXPECT_EQ(old_error("{\"schema\": \"poker-bench/1\"\n \"x\": 1}"),
            "OLD.json:2:2: invalid JSON: expected ',' or '}', found '\"'");
}

TEST(BenchCompareErrors, EmptyFile) {
  EXPECT_EQ(old_error(""), "OLD.json:1:1: invalid JSON: the input is empty");
  EXPECT_EQ(old_error("\n"), "OLD.json:2:1: invalid JSON: expected a value, found the end of the input");
}

// Every cut of a valid report is an error naming the file, never a crash.
TEST(BenchCompareErrors, TruncatedAnywhere) {
  const std::string valid = to_json(report(0.05, {{"holdem-2", {{1, 0.5, 0.01}, {2, 0.25}}}}));
  for (std::size_t size = 0; size < valid.size(); ++size) {
    const std::string message = old_error(valid.substr(0, size));
    EXPECT_EQ(message.rfind("OLD.json:", 0), 0u) << size << ": " << message;
    EXPECT_NE(message.find("invalid JSON"), std::string::npos) << size << ": " << message;
  }
  EXPECT_EQ(old_error(valid), "");
}

TEST(BenchCompareErrors, WrongSchema) {
  Json wrong = one_run(1);
  at(wrong, "schema") = text("x");
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench report: schema is \"x\"");
  at(wrong, "schema") = text("poker-bench/3");
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench report: schema is \"poker-bench/3\"");
  at(wrong, "schema") = text("poker-stats/1\n\"" + std::string(50, 'x'));
  EXPECT_EQ(old_error(wrong),
            "OLD.json: not a poker-bench report: schema is \"poker-stats/1\\x0a\\x22" + std::string(25, 'x') + "\"...");
  at(wrong, "schema") = number(1);
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench report: schema is a number, not a string");
  erase(wrong, "schema");
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench report: it has no schema");
  EXPECT_EQ(old_error("[1, 2]"), "OLD.json: not a poker-bench report: the JSON is an array, not an object");
  EXPECT_EQ(old_error("\"poker-bench/1\""), "OLD.json: not a poker-bench report: the JSON is a string, not an object");
}

TEST(BenchCompareErrors, MissingFields) {
  Json three = report(0.05, {{"a", {{1, 1}}}, {"b", {{1, 1}}}, {"c", {{1, 1}, {2, 1}}}});
  erase(at(at(three, "workloads")[2], "runs")[0], "median_s");
  EXPECT_EQ(old_error(three), "OLD.json: workloads[2].runs[0]: median_s is missing");

  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"started_at"}, "OLD.json: started_at is missing"},
      {{"poker"}, "OLD.json: poker is missing"},
      {{"poker", "version"}, "OLD.json: poker: version is missing"},
      {{"poker", "commit"}, "OLD.json: poker: commit is missing"},
      {{"machine", "cpu"}, "OLD.json: machine: cpu is missing"},
      {{"machine", "memory_bytes"}, "OLD.json: machine: memory_bytes is missing"},
      {{"settings"}, "OLD.json: settings is missing"},
      {{"settings", "tolerance"}, "OLD.json: settings: tolerance is missing"},
      {{"workloads"}, "OLD.json: workloads is missing"},
  };
  for (const auto& [path, message] : cases) {
    Json broken = one_run(1);
    Json* parent = &broken;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) parent = &at(*parent, path[i]);
    erase(*parent, path.back());
    EXPECT_EQ(old_error(broken), message);
  }
  for (const char* key : {"name", "source", "instances", "runs"}) {
    Json broken = one_run(1);
    erase(at(broken, "workloads")[0], key);
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0]: ") + key + " is missing");
  }
  for (const char* key :
       {"threads", "iterations", "samples_s", "cpu_samples_s", "mean_s", "median_s", "stddev_s", "cv"}) {
    Json broken = one_run(1);
    erase(at(at(broken, "workloads")[0], "runs")[0], key);
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0].runs[0]: ") + key + " is missing");
  }
  for (const char* key : {"threads", "samples_s", "median_s", "spread"}) {
    Json broken = one_run(1, 0, 0.05, 1);
    erase(at(at(broken, "workloads")[0], "runs")[0], key);
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0].runs[0]: ") + key + " is missing");
  }
}

TEST(BenchCompareErrors, WrongTypes) {
  Json broken = one_run(1);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "median_s") = text("0.5");
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: median_s is a string, not a number");
  at(run, "median_s") = null();
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: median_s is null, not a number");

  broken = one_run(1);
  at(at(broken, "poker"), "commit") = number(5);
  EXPECT_EQ(old_error(broken), "OLD.json: poker: commit is a number, not a string or null");
  broken = one_run(1);
  at(broken, "workloads") = object({});
  EXPECT_EQ(old_error(broken), "OLD.json: workloads is an object, not an array");
  broken = one_run(1);
  at(broken, "workloads").push_back(number(3));
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[1] is a number, not an object");
  broken = one_run(1);
  at(at(broken, "workloads")[0], "runs").push_back(array({}));
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0]: runs[1] is an array, not an object");
  broken = one_run(1);
  at(broken, "settings") = boolean(true);
  EXPECT_EQ(old_error(broken), "OLD.json: settings is a boolean, not an object");
}

TEST(BenchCompareErrors, ValuesOutOfRange) {
  const auto run_error = [](const char* key, Json value) {
    Json broken = one_run(1);
    at(at(at(broken, "workloads")[0], "runs")[0], key) = std::move(value);
    return old_error(broken);
  };
  EXPECT_EQ(run_error("median_s", number(0)),
            "OLD.json: workloads[0].runs[0]: median_s is 0, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(run_error("median_s", number(-0.5)),
            "OLD.json: workloads[0].runs[0]: median_s is -0.5, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(run_error("threads", number(1.5)),
            "OLD.json: workloads[0].runs[0]: threads is 1.5, not a whole number from 1 to 1048576");
  EXPECT_EQ(run_error("threads", number(0)),
            "OLD.json: workloads[0].runs[0]: threads is 0, not a whole number from 1 to 1048576");
  EXPECT_EQ(run_error("threads", number(1e20)),
            "OLD.json: workloads[0].runs[0]: threads is 1e+20, not a whole number from 1 to 1048576");
  Json broken = one_run(1, 0, 0.05, 1);
  at(at(at(broken, "workloads")[0], "runs")[0], "spread") = number(-0.1);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: spread is -0.1, not a number of at least 0");
  broken = one_run(1);
  at(at(broken, "workloads")[0], "instances") = number(0);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0]: instances is 0, not a whole number from 1 to 9007199254740992");
  broken = one_run(1);
  at(at(broken, "workloads")[0], "name") = text("");
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0]: name is empty");
}

TEST(BenchCompareErrors, RunsAndWorkloadsAppearOnce) {
  EXPECT_EQ(old_error(report(0.05, {{"a", {{1, 1}, {2, 1}, {1, 2}}}})),
            "OLD.json: workloads[0].runs[2]: a second run at threads 1 (the first is runs[0])");
  EXPECT_EQ(old_error(report(0.05, {{"a", {{1, 1}}}, {"a", {{1, 1}}, "pipe"}, {"a", {{1, 1}}}})),
            "OLD.json: workloads[2]: a second \"a\" on \"memory\" (the first is workloads[0])");
}

TEST(BenchCompareErrors, DeepNesting) {
  EXPECT_EQ(old_error(std::string(100000, '[')),
            "OLD.json:1:65: invalid JSON: arrays and objects nested deeper than 64");
  Json deep = one_run(1);
  Json nested = number(1);
  for (int i = 0; i < 70; ++i) nested = array({nested});
  deep["extra"] = nested;
  EXPECT_NE(old_error(deep).find("invalid JSON: arrays and objects nested deeper than 64"), std::string::npos);
}

TEST(BenchCompareErrors, HugeNumbers) {
  const std::string message = old_error(with_median_text("1e999"));
  EXPECT_EQ(message.rfind("OLD.json:", 0), 0u);
  EXPECT_NE(message.find(": invalid JSON: number out of the range of a double"), std::string::npos) << message;
}

TEST(BenchCompareErrors, InvalidStrings) {
  std::string text = to_json(one_run(1));
  const std::string cpu = "AMD EPYC";
  const std::size_t at_cpu = text.find(cpu);
  ASSERT_NE(at_cpu, std::string::npos);
  std::string bad_utf8 = text;
  bad_utf8[at_cpu + 3] = '\xFF';
  EXPECT_NE(old_error(bad_utf8).find("invalid JSON: invalid UTF-8 byte '\\xff' in a string"), std::string::npos);
  std::string bad_escape = text;
  bad_escape.replace(at_cpu, 3, "\\q");
  EXPECT_NE(old_error(bad_escape).find("invalid JSON: invalid escape '\\q' in a string"), std::string::npos);
  std::string lone = text;
  lone.replace(at_cpu, 3, "\\udc00");
  EXPECT_NE(old_error(lone).find("invalid JSON: unpaired surrogate '\\udc00' in a string"), std::string::npos);
}

TEST(BenchCompareErrors, TheNewReportIsNamedToo) {
  try {
    compare_texts(to_json(one_run(1)), "{}");
    FAIL() << "no error";
  } catch (const BenchReportError& error) {
    EXPECT_STREQ(error.what(), "NEW.json: not a poker-bench report: it has no schema");
  }
}

// Messages print on one line of printable ASCII, whatever bytes the file
// names or holds.
TEST(BenchCompareErrors, MessagesAreOneLineOfPrintableAscii) {
  std::string text = to_json(one_run(1));
  for (std::size_t i = 0; i < text.size(); i += 7) {
    for (const char byte : {'\0', '\n', '\x1b', '\xC3', '"', '{', '9'}) {
      std::string mutated = text;
      mutated[i] = byte;
      try {
        compare_texts(mutated, text);
      } catch (const BenchReportError& error) {
        for (const char c : std::string_view(error.what())) {
          ASSERT_TRUE(c >= 0x20 && c < 0x7F) << error.what();
        }
      }
    }
  }
}

// ---- The statistics of a poker-bench/2 run, checked against its samples ------------

// The message for the old report `broken`, whose run 0 of workload 0 has
// `key` set to `value`.
std::string run_field_error(Json broken, const char* key, Json value) {
  at(at(at(broken, "workloads")[0], "runs")[0], key) = std::move(value);
  return old_error(broken);
}

Json ten_samples() {
  return report(0.05, {{"holdem-2", {{.threads = 1, .samples = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}}}});
}

// samples 1 to 10: mean 5.5, median 5.5, stddev sqrt(55/6) = 3.02765035,
// cv 0.550481883.
TEST(BenchCompareErrors, StatisticsThatAreNotTheSamplesAreRefused) {
  EXPECT_EQ(old_error(ten_samples()), "");
  const std::string where = "OLD.json: workloads[0].runs[0]: ";
  EXPECT_EQ(run_field_error(ten_samples(), "mean_s", number(5.6)),
            where + "mean_s is 5.6, not the mean of samples_s (5.5)");
  EXPECT_EQ(run_field_error(ten_samples(), "median_s", number(5)),
            where + "median_s is 5, not the median of samples_s (5.5)");
  EXPECT_EQ(run_field_error(ten_samples(), "stddev_s", number(3)),
            where + "stddev_s is 3, not the standard deviation of samples_s (3.02765035)");
  EXPECT_EQ(run_field_error(ten_samples(), "stddev_s", number(0)),
            where + "stddev_s is 0, not the standard deviation of samples_s (3.02765035)");
  EXPECT_EQ(run_field_error(ten_samples(), "cv", number(0.01)),
            where + "cv is 0.01, not the standard deviation over the mean of samples_s (0.550481883)");
  // A CV of 0 would have read as no noise at all.
  EXPECT_EQ(run_field_error(ten_samples(), "cv", number(0)),
            where + "cv is 0, not the standard deviation over the mean of samples_s (0.550481883)");
  // To the nine digits of the report, they are the samples'.
  EXPECT_EQ(run_field_error(ten_samples(), "stddev_s", number(3.02765035)), "");
  EXPECT_EQ(run_field_error(ten_samples(), "cv", number(0.550481882)), "");
}

TEST(BenchCompareErrors, StatisticsOutOfRangeAreRefused) {
  const std::string where = "OLD.json: workloads[0].runs[0]: ";
  EXPECT_EQ(run_field_error(ten_samples(), "mean_s", number(1e300)),
            where + "mean_s is 1e+300, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(run_field_error(ten_samples(), "mean_s", number(0)),
            where + "mean_s is 0, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(run_field_error(ten_samples(), "stddev_s", number(-1)),
            where + "stddev_s is -1, not a time in seconds from 0 to 86400");
  EXPECT_EQ(run_field_error(ten_samples(), "cv", number(-0.5)), where + "cv is -0.5, not a fraction from 0 to 1e+06");
  EXPECT_EQ(run_field_error(ten_samples(), "cv", number(1e308)),
            where + "cv is 1e+308, not a fraction from 0 to 1e+06");
  EXPECT_EQ(run_field_error(ten_samples(), "cv", text("NaN")), where + "cv is a string, not a number");
  EXPECT_EQ(run_field_error(ten_samples(), "stddev_s", null()), where + "stddev_s is null, not a number");
}

// NaN and infinity are no JSON: as a report writes them by mistake, they
// are invalid JSON naming the file and the place.
TEST(BenchCompareErrors, NanAndInfinityAreInvalidJson) {
  std::string text = to_json(ten_samples());
  const std::size_t cv = text.find("\"cv\":");
  ASSERT_NE(cv, std::string::npos);
  for (const char* value : {"NaN", "nan", "Infinity", "-Infinity", "inf"}) {
    std::string broken = text;
    const std::size_t start = cv + 5;
    broken.replace(start, broken.find(',', start) - start, value);
    const std::string message = old_error(broken);
    EXPECT_EQ(message.rfind("OLD.json:1:", 0), 0u) << value << ": " << message;
    EXPECT_NE(message.find("invalid JSON"), std::string::npos) << value << ": " << message;
  }
}

// Passes per repetition from 1 to kMaxIterations (2^24): 0 would divide
// by zero, a huge count make every time per instance a denormal.
TEST(BenchCompareErrors, IterationsOutOfRangeAreRefused) {
  const std::string where = "OLD.json: workloads[0].runs[0]: ";
  for (const auto& [value, shown] : {std::pair(0.0, "0"), std::pair(-1.0, "-1"), std::pair(1.5, "1.5"),
                                     std::pair(16777217.0, "16777217"), std::pair(1e300, "1e+300")}) {
    EXPECT_EQ(run_field_error(ten_samples(), "iterations", number(value)),
              where + "iterations is " + shown + ", not a whole number from 1 to 16777216");
  }
  EXPECT_EQ(run_field_error(ten_samples(), "iterations", text("1")), where + "iterations is a string, not a number");
  EXPECT_EQ(run_field_error(ten_samples(), "iterations", number(static_cast<double>(kMaxIterations))), "");
  EXPECT_EQ(read_bench_report(
                to_json(report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1), .iterations = 7}}}})), "r.json")
                .workloads[0]
                .runs[0]
                .iterations,
            7u);
}

// One CPU time per repetition, or none (unknown); each a time from 0.
TEST(BenchCompareErrors, CpuSamplesOfTheWrongCountAreRefused) {
  const std::string where = "OLD.json: workloads[0].runs[0]: ";
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", numbers({1, 2, 3})),
            where + "cpu_samples_s has 3 values, samples_s 10: one CPU time per repetition, or none");
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", numbers(std::vector<double>(11, 1))),
            where + "cpu_samples_s has 11 values, samples_s 10: one CPU time per repetition, or none");
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", numbers({1, 2, 3, 4, 5, 6, 7, 8, 9, -1})),
            where + "cpu_samples_s[9] is -1, not a time in seconds from 0 to 86400");
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", numbers({1, 2, 3, 4, 5, 6, 7, 8, 9, 1e300})),
            where + "cpu_samples_s[9] is 1e+300, not a time in seconds from 0 to 86400");
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", array({text("1")})),
            where + "cpu_samples_s[0] is a string, not a number");
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", null()), where + "cpu_samples_s is null, not an array");
  // A CPU time of 0 is a time: a repetition too short for the CPU clock.
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", numbers(std::vector<double>(10, 0))), "");
  EXPECT_EQ(run_field_error(ten_samples(), "cpu_samples_s", numbers({})), "");
  const Report read = read_bench_report(
      to_json(report(0.05, {{"holdem-2", {{.threads = 2, .samples = {1, 2, 3}, .cpu_samples = {2, 3, 6}}}}})), "r");
  EXPECT_EQ(read.workloads[0].runs[0].cpu_samples_s, (std::vector<double>{2, 3, 6}));
  EXPECT_EQ(read.workloads[0].runs[0].cpu_s, 3);
}

// A poker-bench/1 report (no iterations, no CPU samples, a spread) is
// read as one pass per repetition, its statistics from its samples.
TEST(ReadBenchReport, ReadsAFirstSchemaReportAsOnePassPerRepetition) {
  const Json first = report(0.05, {{"holdem-2", {{.threads = 1, .samples = {1, 2, 4}}}}}, 1);
  const Report read = read_bench_report(to_json(first), "old.json");
  const bench::Run& run = read.workloads[0].runs[0];
  EXPECT_EQ(run.iterations, 1u);
  EXPECT_TRUE(run.cpu_samples_s.empty());
  EXPECT_EQ(run.median_s, 2);
  EXPECT_DOUBLE_EQ(run.mean_s, 7.0 / 3);
  EXPECT_EQ(run.min_s, 1);
  EXPECT_EQ(run.max_s, 4);
  EXPECT_GT(run.cv, 0);
  // Its /2 fields, were they there, are not read: the schema says what is.
  Json with_iterations = first;
  at(at(with_iterations, "workloads")[0], "runs")[0]["iterations"] = number(0);
  EXPECT_EQ(read_bench_report(to_json(with_iterations), "old.json").workloads[0].runs[0].iterations, 1u);
  // A /1 report compared with a /2 one of the same times, per instance.
  const Outcome outcome =
      compare(report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(1)}}}}, 1),
              report(0.05, {{"holdem-2", {{.threads = 1, .samples = times(10), .iterations = 10}}}}));
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "same") << outcome.output;
}

// The reader fills the very Report that `poker bench` writes: what
// --compare uses comes back as render_bench_json wrote it (numbers that
// nine significant digits hold exactly), the rest keeps its defaults.
TEST(ReadBenchReport, ReadsBackTheReportThatRenderBenchJsonWrites) {
  Report written;
  written.started_at = "2026-11-26T07:10:00Z";
  written.build = {"1.4.0", "8a015d0", "Release", "GCC 12.2.0", "avx2"};
  written.machine = {"AMD EPYC 7B13", 2, 25769803776, "Linux 6.1.0-18-amd64 x86_64"};
  written.settings.quick = true;
  written.settings.threads = {1, 3};
  written.settings.tolerance = 0.125;
  WorkloadResult workload;
  workload.name = "holdem-2";
  workload.source = "pipe";
  workload.description = "a workload";
  workload.instances = 1000;
  workload.bytes = 52000;
  bench::Run run;
  run.threads = 3;
  run.iterations = 12;
  run.samples_s = {0.25, 0.5};
  run.cpu_samples_s = {0.5, 1.5};
  set_statistics(run);
  run.floor_ratio = 2;
  workload.runs = {run};
  written.workloads = {workload};
  written.warnings = {"a warning"};

  const Report read = read_bench_report(render_bench_json(written), "this run");
  EXPECT_EQ(read.started_at, written.started_at);
  EXPECT_EQ(read.build.version, "1.4.0");
  EXPECT_EQ(read.build.commit, "8a015d0");
  EXPECT_EQ(read.build.build_type, "Release");
  EXPECT_EQ(read.build.compiler, "GCC 12.2.0");
  EXPECT_EQ(read.build.simd, "avx2");
  EXPECT_EQ(read.machine.cpu, "AMD EPYC 7B13");
  EXPECT_EQ(read.machine.cores, 2u);
  EXPECT_EQ(read.machine.memory_bytes, 25769803776u);
  EXPECT_EQ(read.machine.kernel, "Linux 6.1.0-18-amd64 x86_64");
  EXPECT_EQ(read.settings.tolerance, 0.125);
  ASSERT_EQ(read.workloads.size(), 1u);
  EXPECT_EQ(read.workloads[0].name, "holdem-2");
  EXPECT_EQ(read.workloads[0].source, "pipe");
  EXPECT_EQ(read.workloads[0].instances, 1000u);
  ASSERT_EQ(read.workloads[0].runs.size(), 1u);
  EXPECT_EQ(read.workloads[0].runs[0].threads, 3u);
  EXPECT_EQ(read.workloads[0].runs[0].median_s, 0.375);
  EXPECT_EQ(read.workloads[0].runs[0].iterations, 12u);
  EXPECT_EQ(read.workloads[0].runs[0].mean_s, 0.375);
  EXPECT_NEAR(read.workloads[0].runs[0].stddev_s, 0.25 / std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(read.workloads[0].runs[0].cv, 0.25 / std::sqrt(2.0) / 0.375, 1e-12);
  EXPECT_EQ(read.workloads[0].runs[0].samples_s, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(read.workloads[0].runs[0].cpu_samples_s, (std::vector<double>{0.5, 1.5}));
  EXPECT_EQ(read.workloads[0].runs[0].cpu_s, 1);
  EXPECT_EQ(read.workloads[0].runs[0].min_s, 0.25);
  EXPECT_EQ(read.workloads[0].runs[0].max_s, 0.5);
  // Not what --compare uses: not read.
  EXPECT_FALSE(read.settings.quick);
  EXPECT_TRUE(read.settings.threads.empty());
  EXPECT_TRUE(read.workloads[0].description.empty());
  EXPECT_FALSE(read.workloads[0].runs[0].floor_ratio);
  EXPECT_TRUE(read.warnings.empty());
}

// BuildInfo's unknown commit is the empty string, which the JSON writes as
// null: null reads back as it, and the build line names no commit.
TEST(ReadBenchReport, NullCommitReadsAsTheUnknownCommit) {
  Report written;
  written.build = {"1.4.0", "", "Release", "GCC 12.2.0", "avx2"};
  written.machine.cores = 1;
  const std::string json = render_bench_json(written);
  ASSERT_NE(json.find("\"commit\": null"), std::string::npos) << json;
  EXPECT_EQ(read_bench_report(json, "this run").build.commit, "");

  Json unknown = one_run(1);
  at(at(unknown, "poker"), "commit") = null();
  const Outcome outcome = compare(unknown, unknown);
  EXPECT_NE(outcome.output.find("poker 1.4.0 (Release, GCC 12.2.0, avx2)"), std::string::npos) << outcome.output;
  EXPECT_EQ(outcome.output.find("note:"), std::string::npos) << outcome.output;
}

}  // namespace
}  // namespace poker::bench
