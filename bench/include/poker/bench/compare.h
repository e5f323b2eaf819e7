// `poker bench --compare OLD.json`: two poker-bench/1 reports side by side.
//
// Each run present in both reports, a (workload name, source, threads), gets
// a ratio and a verdict:
//
//   ratio      = new median_s / old median_s
//   allowance  = tolerance + max(old spread, new spread) / 2
//   verdict    "slower" when ratio > 1 + allowance, "faster" when
//              ratio < 1 - allowance, otherwise "same"
//
// The tolerance is the NEW report's settings.tolerance; the spread of both
// runs widens the allowance, so that a busy machine's noise is no verdict.
// A ratio that equals a bound up to the rounding of the reports' decimals
// (1e-9 relative) is within it. Where the two runs of a workload did
// different work per repetition (a --quick run against a full one), the
// medians are divided by their instances first: the ratio is then that of
// the times per instance, which it is anyway when the work is the same.
// Runs in only one report are listed as "only in OLD" or "only in NEW",
// with no verdict.
//
// The output is a table (workload, source, threads, old median, new median,
// ratio, allowance, verdict), the compared runs first in the new report's
// order, then those in one report only; above it, the two runs' poker builds
// and machines, and a note when they differ (what comparing across versions
// is for, so never an error); below it a one-line summary:
// `2 of 18 slower beyond 5% + spread: holdem-2 -j 2, euler -j 1`.
//
// Thread safety: a pure function of its arguments (and the stream it writes).
#ifndef POKER_BENCH_COMPARE_H_
#define POKER_BENCH_COMPARE_H_

#include <cstddef>
#include <ostream>
#include <string_view>

#include "poker/bench/read_report.h"  // BenchReportError

namespace poker::bench {

// What the table's summary line counts: the runs in both reports, and those
// of them whose verdict is "slower" or "faster".
struct CompareCounts {
  std::size_t compared = 0;
  std::size_t slower = 0;
  std::size_t faster = 0;
};

// Compares the report `new_json` with `old_json` and prints the table on
// `out`. The names are the files' names as messages print them (escaped
// by the caller), used in the table's header and in errors.
// Throws BenchReportError (read_report.h: `OLD.json:3:14: invalid JSON: ...`,
// `OLD.json: not a poker-bench/1 report: schema is "x"`), the old report
// checked first, when either is not JSON or not a poker-bench/1 report;
// nothing is printed then.
CompareCounts compare_bench_reports(std::string_view old_json, std::string_view old_name, std::string_view new_json,
                                    std::string_view new_name, std::ostream& out);

}  // namespace poker::bench

#endif  // POKER_BENCH_COMPARE_H_
