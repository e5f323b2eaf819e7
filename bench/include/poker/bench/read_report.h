// A poker-bench/2 report (`poker bench --json`), or one of the first
// schema, poker-bench/1, read back into the Report
// that the benchmark measures and writes (report.h), so that `--compare`
// reads a saved report and the live one as the same thing.
// Only the fields that `--compare` uses are read, each checked for its type
// and range, so that a report that is not one becomes one line that says
// where and what; the others keep their defaults. Unknown keys are ignored,
// as the schema asks of its readers.
//
// Thread safety: read_bench_report is a pure function.
#ifndef POKER_BENCH_READ_REPORT_H_
#define POKER_BENCH_READ_REPORT_H_

#include <stdexcept>
#include <string_view>

#include "poker/bench/report.h"

namespace poker::bench {

// A report that cannot be read. what() is one line of printable ASCII naming
// the file, without the `poker: ` prefix:
//   OLD.json:3:14: invalid JSON: expected ',' or '}', found 'x'
//   OLD.json: not a poker-bench report: schema is "x"
//   OLD.json: workloads[2].runs[0]: median_s is missing
struct BenchReportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The bounds of a report's wall times: a repetition shorter than a
// nanosecond is below any clock's resolution, and one longer than a day is
// no benchmark. A median outside them (1e-320 read from a corrupt file)
// would make a ratio of infinity or zero.
inline constexpr double kMinReportSeconds = 1e-9;
inline constexpr double kMaxReportSeconds = 86400;
// How far a figure the report derives from its samples (the median, the
// spread) may stray from the same figure computed again, relative to its
// size: the nine significant digits of the reports round each by 5e-9.
inline constexpr double kReportRounding = 1e-6;

// The report `json` holds; `name` is its file's name as messages print it.
// Filled and checked:
//   started_at; build (version, commit: null reads as empty, BuildInfo's
//   unknown; build_type from "build"; compiler, simd); machine (cpu, cores >= 1, memory_bytes, kernel);
//   settings.tolerance from 0 to kMaxTolerance;
//   workloads: name and source not empty, (name, source) distinct, instances
//   >= 1 (counts up to 2^53, the whole numbers a double holds exactly), and
//   runs: threads from 1 to 2^20, distinct within the workload; every one
//   of samples_s (one at least) from kMinReportSeconds to
//   kMaxReportSeconds; median_s the median of samples_s, within
//   kReportRounding. Of /2 also: iterations from 1 to kMaxIterations
//   (timing.h); cpu_samples_s as many as samples_s, or none, each from 0 to
//   kMaxReportSeconds; mean_s, stddev_s and cv those of samples_s. Of /1:
//   spread >= 0, (max - min) / median_s of samples_s; iterations 1.
//   The other statistics (min_s, max_s, cpu_s) are taken from the samples.
// Every number of an accepted report is therefore finite, and every ratio
// of two of its times too.
// Throws BenchReportError, whose message names the file, the place and the
// value: `OLD.json: workloads[0].runs[3]: median_s is 1e-320, not a time in
// seconds from 1e-09 to 86400`.
Report read_bench_report(std::string_view json, std::string_view name);

}  // namespace poker::bench

#endif  // POKER_BENCH_READ_REPORT_H_
