// `poker bench --json`: the report as one JSON object, schema poker-bench/1
// (docs/performance.md; python/poker/bench-schema.json).
//
// Thread safety: pure.
#ifndef POKER_CLI_BENCH_BENCH_JSON_H_
#define POKER_CLI_BENCH_BENCH_JSON_H_

#include <string>

#include "bench_report.h"

namespace poker::cli::bench {

// The report, indented, ending with a newline.
std::string render_bench_json(const Report& report);

}  // namespace poker::cli::bench

#endif  // POKER_CLI_BENCH_BENCH_JSON_H_
