// `poker bench`'s report for a person: a header naming the build, the
// machine and the settings, then a table per workload, printed as each is
// measured (docs/performance.md explains the columns).
//
// Thread safety: pure.
#ifndef POKER_CLI_BENCH_BENCH_TABLE_H_
#define POKER_CLI_BENCH_BENCH_TABLE_H_

#include <string>

#include "bench_report.h"

namespace poker::cli::bench {

// The lines before the tables: build, machine, start time, settings.
std::string render_bench_header(const Report& report);

// One workload's table: a title line, the column heads, a row per run.
std::string render_workload_table(const WorkloadResult& workload);

}  // namespace poker::cli::bench

#endif  // POKER_CLI_BENCH_BENCH_TABLE_H_
