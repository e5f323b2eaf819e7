// A poker-bench/1 report (`poker bench --json`) read back into the
// bench::Report that `poker bench` measures and writes (bench_report.h), so
// that `--compare` reads a saved report and the live one as the same thing.
// Only the fields that `--compare` uses are read, each checked for its type
// and range, so that a report that is not one becomes one line that says
// where and what; the others keep their defaults. Unknown keys are ignored,
// as the schema asks of its readers.
//
// Thread safety: read_bench_report is a pure function.
#ifndef POKER_CLI_BENCH_READ_BENCH_REPORT_H_
#define POKER_CLI_BENCH_READ_BENCH_REPORT_H_

#include <stdexcept>
#include <string_view>

#include "bench_report.h"

namespace poker::cli {

// A report that cannot be read. what() is one line of printable ASCII naming
// the file, without the `poker: ` prefix:
//   OLD.json:3:14: invalid JSON: expected ',' or '}', found 'x'
//   OLD.json: not a poker-bench/1 report: schema is "x"
//   OLD.json: workloads[2].runs[0]: median_s is missing
struct BenchReportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The report `json` holds; `name` is its file's name as messages print it.
// Filled and checked:
//   started_at; build (version, commit: null reads as empty, BuildInfo's
//   unknown; build_type from "build"; compiler, simd); machine (cpu, cores >= 1, memory_bytes, kernel);
//   settings.tolerance >= 0;
//   workloads: name and source not empty, (name, source) distinct, instances
//   >= 1 (counts up to 2^53, the whole numbers a double holds exactly), and
//   runs: threads from 1 to 2^20, distinct within the workload; median_s > 0;
//   spread >= 0.
// Throws BenchReportError.
bench::Report read_bench_report(std::string_view json, std::string_view name);

}  // namespace poker::cli

#endif  // POKER_CLI_BENCH_READ_BENCH_REPORT_H_
