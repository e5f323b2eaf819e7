// PLACEHOLDER (benchrun's branch): the benchcmp helper's version replaces this file at merge.
#ifndef POKER_CLI_BENCH_BENCH_COMPARE_H_
#define POKER_CLI_BENCH_BENCH_COMPARE_H_

#include <ostream>
#include <stdexcept>
#include <string_view>

namespace poker::cli {
// Compares two poker-bench/1 reports given as JSON text; prints the table of
// ratios and verdicts to `out`. Returns 0, or 4 when a workload is slower
// beyond the allowance. Throws BenchReportError (what(): the one-line message
// without the "poker: " prefix, e.g. "OLD.json:3:14: invalid JSON: expected ','") for a report that is not valid.
struct BenchReportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
int compare_bench_reports(std::string_view old_json, std::string_view old_name, std::string_view new_json,
                          std::string_view new_name, std::ostream& out);
}  // namespace poker::cli

#endif  // POKER_CLI_BENCH_BENCH_COMPARE_H_
