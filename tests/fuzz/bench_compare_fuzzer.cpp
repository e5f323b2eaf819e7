// libFuzzer target over `poker bench --compare`'s reading of reports:
// arbitrary bytes as the old report against a valid new one, and as the new
// report against a valid old one (of each schema, poker-bench/1 and /2).
//
// Checks: compare_bench_reports either returns a comparison, which renders
// as a table (plain and Markdown) and as JSON, or throws BenchReportError
// whose message is one line of printable ASCII naming the file; nothing
// else escapes, and nothing crashes or hangs (hostile nesting included: the
// JSON reader's depth is bounded). A report read_bench_report accepts holds
// only finite times within the reports' bounds (a nanosecond to a day),
// passes per repetition from 1 to kMaxIterations, one CPU time per
// repetition or none, statistics that follow from its samples, and a
// tolerance --tolerance could have given; and its comparison with a valid
// report gives finite, positive ratios, intervals that hold them, p-values
// from 0 to 1, never an "inf" or "nan" in the table, and JSON whose every
// number is finite. The seeds (tests/fuzz/corpus/bench_compare) include the
// values that once passed: denormal, tiny and huge medians, nan-like and
// negative numbers, empty samples, absurd spreads, CVs, pass counts and
// tolerances, a wrong schema, a truncated report.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "poker/bench/compare.h"
#include "poker/bench/read_report.h"
#include "poker/bench/report.h"
#include "poker/bench/timing.h"

namespace {

using poker::bench::BenchReportError;
namespace bench = poker::bench;

void check(bool condition) {
  if (!condition) __builtin_trap();
}

// A poker-bench/1 report of two runs of one workload.
constexpr std::string_view kValidOne = R"({"schema": "poker-bench/1", "started_at": "2026-11-26T07:10:00Z",
 "poker": {"version": "1.4.0", "commit": null, "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
 "machine": {"cpu": "AMD EPYC 7B13", "cores": 2, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0"},
 "settings": {"tolerance": 0.05},
 "workloads": [{"name": "holdem-2", "source": "memory", "instances": 1000, "runs": [
   {"threads": 1, "samples_s": [0.5, 0.5, 0.505], "median_s": 0.5, "spread": 0.01},
   {"threads": 2, "samples_s": [0.26, 0.26, 0.312], "median_s": 0.26, "spread": 0.2}]}]})";

// A poker-bench/2 report of two runs of one workload.
constexpr std::string_view kValidTwo = R"({"schema": "poker-bench/2", "started_at": "2026-11-26T07:10:00Z",
 "poker": {"version": "1.5.0", "commit": null, "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
 "machine": {"cpu": "AMD EPYC 7B13", "cores": 2, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0"},
 "settings": {"tolerance": 0.05},
 "workloads": [{"name": "holdem-2", "source": "memory", "instances": 1000, "runs": [
   {"threads": 1, "iterations": 4, "samples_s": [0.1, 0.2, 0.3], "cpu_samples_s": [0.1, 0.2, 0.3],
    "mean_s": 0.2, "median_s": 0.2, "stddev_s": 0.1, "cv": 0.5},
   {"threads": 2, "iterations": 1, "samples_s": [0.25, 0.25], "cpu_samples_s": [],
    "mean_s": 0.25, "median_s": 0.25, "stddev_s": 0, "cv": 0}]}]})";

bool is_time(double seconds) {
  return std::isfinite(seconds) && seconds >= bench::kMinReportSeconds && seconds <= bench::kMaxReportSeconds;
}

// What every accepted report holds.
void check_accepted(const bench::Report& report) {
  const double tolerance = report.settings.tolerance;
  check(std::isfinite(tolerance) && tolerance >= 0 && tolerance <= bench::kMaxTolerance);
  check(report.machine.cores >= 1);
  for (const bench::WorkloadResult& workload : report.workloads) {
    check(!workload.name.empty() && !workload.source.empty());
    check(workload.instances >= 1);
    for (const bench::Run& run : workload.runs) {
      check(run.threads >= 1);
      check(run.iterations >= 1 && run.iterations <= bench::kMaxIterations);
      check(is_time(run.median_s) && is_time(run.mean_s));
      check(!run.samples_s.empty());
      for (const double sample : run.samples_s) check(is_time(sample));
      check(run.cpu_samples_s.empty() || run.cpu_samples_s.size() == run.samples_s.size());
      for (const double cpu : run.cpu_samples_s)
        check(std::isfinite(cpu) && cpu >= 0 && cpu <= bench::kMaxReportSeconds);
      // The statistics are the samples'.
      check(run.min_s <= run.median_s && run.median_s <= run.max_s);
      check(std::isfinite(run.stddev_s) && run.stddev_s >= 0);
      check(std::isfinite(run.cv) && run.cv >= 0);
    }
  }
}

// Every number of the comparison's JSON is finite.
void check_finite(const nlohmann::json& json) {
  if (json.is_number()) check(std::isfinite(json.get<double>()));
  if (json.is_structured()) {
    for (const auto& element : json) check_finite(element);
  }
}

// What the comparison of two accepted reports holds.
void check_comparison(const bench::Comparison& comparison) {
  const bench::CompareCounts counts = bench::count_verdicts(comparison);
  check(counts.slower + counts.faster + counts.same + counts.noisy == counts.compared);
  for (const bench::ComparedRun& run : comparison.runs) {
    if (!run.old_time || !run.new_time) {
      check(run.verdict.verdict == bench::Verdict::kOnlyInOld || run.verdict.verdict == bench::Verdict::kOnlyInNew);
      continue;
    }
    const bench::RunVerdict& verdict = run.verdict;
    check(std::isfinite(verdict.ratio) && verdict.ratio > 0);
    check(verdict.interval.low >= 0 && verdict.interval.low <= verdict.interval.high);
    check(verdict.test.p_value >= 0 && verdict.test.p_value <= 1);
    if (verdict.verdict == bench::Verdict::kSlower) check(verdict.interval.low > 1 + comparison.rule.tolerance);
    if (verdict.verdict == bench::Verdict::kFaster) check(verdict.interval.high < 1 / (1 + comparison.rule.tolerance));
  }
  for (const bench::TableStyle style : {bench::TableStyle::kPlain, bench::TableStyle::kMarkdown}) {
    const std::string table = bench::render_comparison(comparison, style);
    check(!table.empty());
    // The table's ratios: "×" is the table's own (the names it prints are
    // escaped to ASCII).
    for (const char* bad : {"inf\u00d7", "nan\u00d7", "-nan", "nan%", "inf%"})
      check(table.find(bad) == std::string::npos);
  }
  const nlohmann::json json = nlohmann::json::parse(bench::render_comparison_json(comparison));
  check(json.at("schema") == "poker-bench-comparison/1");
  check(json.at("runs").size() == comparison.runs.size());
  check_finite(json);
}

// The report `json` as read_bench_report reads it, checked; none when it
// refuses it.
std::optional<bench::Report> read(std::string_view json, std::string_view name) {
  try {
    bench::Report report = bench::read_bench_report(json, name);
    check_accepted(report);
    return report;
  } catch (const BenchReportError&) {
    return std::nullopt;
  }
}

void compare(std::string_view old_json, std::string_view new_json, std::string_view fuzzed_name) {
  const std::optional<bench::Report> old_report = read(old_json, "OLD.json");
  const std::optional<bench::Report> new_report = read(new_json, "NEW.json");
  try {
    const bench::Comparison comparison = bench::compare_bench_reports(old_json, "OLD.json", new_json, "NEW.json");
    check(old_report && new_report);
    check_comparison(comparison);
  } catch (const BenchReportError& error) {
    const std::string_view message = error.what();
    for (const char c : message) check(c >= 0x20 && c < 0x7F);
    if (old_report && new_report) {
      // Two reports with no run in common: a comparison of nothing, refused.
      check(message.starts_with("OLD.json: workloads: no run in common with NEW.json"));
      return;
    }
    check(message.substr(0, fuzzed_name.size()) == fuzzed_name);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (const std::string_view valid : {kValidOne, kValidTwo}) {
    compare(bytes, valid, "OLD.json");
    compare(valid, bytes, "NEW.json");
  }
  return 0;
}
