// A poker-bench/1 report (`poker bench --json`) read back: the fields that
// `--compare` uses, each checked for its type and range, so that a report
// that is not one becomes one line that says where and what. Unknown keys
// are ignored, as the schema asks of its readers.
//
// Thread safety: read_bench_report is a pure function; the structs are
// plain values.
#ifndef POKER_CLI_BENCH_READ_BENCH_REPORT_H_
#define POKER_CLI_BENCH_READ_BENCH_REPORT_H_

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace poker::cli {

// A report that cannot be read. what() is one line of printable ASCII naming
// the file, without the `poker: ` prefix:
//   OLD.json:3:14: invalid JSON: expected ',' or '}', found 'x'
//   OLD.json: not a poker-bench/1 report: schema is "x"
//   OLD.json: workloads[2].runs[0]: median_s is missing
struct BenchReportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One thread count's measurement of a workload.
struct BenchRun {
  std::uint32_t threads = 0;  // >= 1, distinct within its workload
  double median_s = 0;        // > 0
  double spread = 0;          // >= 0
};

// A workload on one source; (name, source) is distinct within a report.
struct BenchWorkload {
  std::string name;
  std::string source;
  std::uint64_t instances = 0;  // per repetition, >= 1
  std::vector<BenchRun> runs;
};

struct BenchReport {
  std::string started_at;
  struct Poker {
    std::string version;
    std::optional<std::string> commit;
    std::string build;
    std::string compiler;
    std::string simd;
  } poker;
  struct Machine {
    std::string cpu;
    std::uint64_t cores = 0;
    std::uint64_t memory_bytes = 0;
    std::string kernel;
  } machine;
  double tolerance = 0;  // settings.tolerance, >= 0
  std::vector<BenchWorkload> workloads;
};

// The report `json` holds; `name` is its file's name as messages print it.
// Throws BenchReportError.
BenchReport read_bench_report(std::string_view json, std::string_view name);

}  // namespace poker::cli

#endif  // POKER_CLI_BENCH_READ_BENCH_REPORT_H_
