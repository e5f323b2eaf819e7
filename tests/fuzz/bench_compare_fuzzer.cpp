// libFuzzer target over `poker bench --compare`'s reading of reports:
// arbitrary bytes as the old report against a valid new one, and as the new
// report against a valid old one.
//
// Checks: compare_bench_reports either prints a table and counts its verdicts,
// or throws BenchReportError whose message is one line of printable ASCII
// naming the file; nothing else escapes, and nothing crashes or hangs
// (hostile nesting included: the JSON reader's depth is bounded). A report
// read_bench_report accepts holds only finite times within the reports'
// bounds (a nanosecond to a day), a median and a spread that follow from
// its samples, and a tolerance --tolerance could have given; and its
// comparison with a valid report gives finite, positive ratios and finite
// allowances, never an "inf" or "nan" in the table. The seeds
// (tests/fuzz/corpus/bench_compare) include the values that once passed:
// denormal, tiny and huge medians, nan-like and negative numbers, empty
// samples, absurd spreads and tolerances, a wrong schema, a truncated report.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>

#include "poker/bench/compare.h"
#include "poker/bench/read_report.h"
#include "poker/bench/report.h"

namespace {

using poker::bench::BenchReportError;
namespace bench = poker::bench;

void check(bool condition) {
  if (!condition) __builtin_trap();
}

// A poker-bench/1 report of two runs of one workload.
constexpr std::string_view kValid = R"({"schema": "poker-bench/1", "started_at": "2026-11-26T07:10:00Z",
 "poker": {"version": "1.4.0", "commit": null, "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
 "machine": {"cpu": "AMD EPYC 7B13", "cores": 2, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0"},
 "settings": {"tolerance": 0.05},
 "workloads": [{"name": "holdem-2", "source": "memory", "instances": 1000, "runs": [
   {"threads": 1, "samples_s": [0.5, 0.5, 0.505], "median_s": 0.5, "spread": 0.01},
   {"threads": 2, "samples_s": [0.26, 0.26, 0.312], "median_s": 0.26, "spread": 0.2}]}]})";

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
      check(is_time(run.median_s));
      check(!run.samples_s.empty());
      for (const double sample : run.samples_s) check(is_time(sample));
      // The median is the samples' to the reports' rounding.
      check(run.min_s <= run.median_s * (1 + 1e-6) && run.median_s <= run.max_s * (1 + 1e-6));
      check(std::isfinite(run.spread) && run.spread >= 0);
    }
  }
}

// The ratios and allowances the comparison of two accepted reports computes
// (bench_compare.h), each finite and the ratios positive.
void check_ratios(const bench::Report& old_report, const bench::Report& new_report) {
  std::map<std::tuple<std::string, std::string, std::size_t>,
           std::pair<const bench::WorkloadResult*, const bench::Run*>>
      old_runs;
  for (const bench::WorkloadResult& workload : old_report.workloads) {
    for (const bench::Run& run : workload.runs)
      old_runs[{workload.name, workload.source, run.threads}] = {&workload, &run};
  }
  for (const bench::WorkloadResult& workload : new_report.workloads) {
    for (const bench::Run& run : workload.runs) {
      const auto found = old_runs.find({workload.name, workload.source, run.threads});
      if (found == old_runs.end()) continue;
      const auto [old_workload, old_run] = found->second;
      const double ratio = run.median_s / old_run->median_s * static_cast<double>(old_workload->instances) /
                           static_cast<double>(workload.instances);
      check(std::isfinite(ratio) && ratio > 0);
      const double allowance = new_report.settings.tolerance + std::max(old_run->spread, run.spread) / 2;
      check(std::isfinite(allowance));
    }
  }
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
  std::ostringstream out;
  try {
    const bench::CompareCounts counts = bench::compare_bench_reports(old_json, "OLD.json", new_json, "NEW.json", out);
    check(counts.slower + counts.faster <= counts.compared);
    check(!out.str().empty());
    check(old_report && new_report);
    check_ratios(*old_report, *new_report);
    // The table's ratios and allowances: "×" and "±" are the table's own
    // (the names it prints are escaped to ASCII).
    const std::string table = out.str();
    for (const char* bad : {"inf\u00d7", "nan\u00d7", "\u00b1inf", "\u00b1nan", "\u00b1-"}) {
      check(table.find(bad) == std::string::npos);
    }
  } catch (const BenchReportError& error) {
    const std::string_view message = error.what();
    check(message.substr(0, fuzzed_name.size()) == fuzzed_name);
    for (const char c : message) check(c >= 0x20 && c < 0x7F);
    check(out.str().empty());
    check(!old_report || !new_report);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  compare(bytes, kValid, "OLD.json");
  compare(kValid, bytes, "NEW.json");
  return 0;
}
