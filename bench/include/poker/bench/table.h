// The benchmark's report for a person: a header naming the build, the
// machine and the settings, then a table per workload, printed as each is
// measured (docs/performance.md explains the columns).
//
// Thread safety: pure functions.
#ifndef POKER_BENCH_TABLE_H_
#define POKER_BENCH_TABLE_H_

#include <string>

#include "poker/bench/report.h"
#include "poker/bench/text_table.h"

namespace poker::bench {

// The lines before the tables: build, machine, start time, settings.
std::string render_bench_header(const Report& report);

// One workload's table: a title line, the column heads, a row per run
// (mean, median, standard deviation, CV, min and max of its repetitions).
std::string render_workload_table(const WorkloadResult& workload, TableStyle style = TableStyle::kPlain);

// A time as the tables print it: three significant digits in the unit that
// keeps them whole ("512 ms", "1.23 s", "45.1 µs").
std::string render_seconds(double seconds);

}  // namespace poker::bench

#endif  // POKER_BENCH_TABLE_H_
