// `poker bench --json=google-benchmark`: the report in Google Benchmark's
// JSON format (its --benchmark_out_format=json), so that Google Benchmark's
// compare.py (Debian's libbenchmark-tools) and the dashboards that read
// that format take poker's runs as they take any benchmark's.
//
// A run is a benchmark named WORKLOAD/SOURCE/threads:N, each repetition an
// entry of run_type "iteration" whose iterations are the passes over the
// workload and whose real_time and cpu_time are per pass, in nanoseconds,
// with items_per_second (instances) and bytes_per_second; then the
// aggregates mean, median, stddev and cv of the real times, as Google
// Benchmark writes them after the repetitions.
//
// Thread safety: pure.
#ifndef POKER_BENCH_GOOGLE_BENCHMARK_JSON_H_
#define POKER_BENCH_GOOGLE_BENCHMARK_JSON_H_

#include <string>

#include "poker/bench/report.h"

namespace poker::bench {

// The report, indented, ending with a newline.
std::string render_google_benchmark_json(const Report& report);

}  // namespace poker::bench

#endif  // POKER_BENCH_GOOGLE_BENCHMARK_JSON_H_
