// The benchmark's report for a person: a header naming the build, the
// machine and the settings, then a table per workload, printed as each is
// measured (docs/performance.md explains the columns).
//
// Thread safety: pure functions.
#ifndef POKER_BENCH_TABLE_H_
#define POKER_BENCH_TABLE_H_

#include <string>

#include "poker/bench/report.h"

namespace poker::bench {

// The lines before the tables: build, machine, start time, settings.
std::string render_bench_header(const Report& report);

// One workload's table: a title line, the column heads, a row per run.
std::string render_workload_table(const WorkloadResult& workload);

}  // namespace poker::bench

#endif  // POKER_BENCH_TABLE_H_
