// `poker bench --json`: the report as one JSON object, schema poker-bench/1
// (docs/performance.md; docs/poker-bench-1.schema.json).
//
// Thread safety: pure.
#ifndef POKER_BENCH_REPORT_JSON_H_
#define POKER_BENCH_REPORT_JSON_H_

#include <string>

#include "poker/bench/report.h"

namespace poker::bench {

// The report, indented, ending with a newline.
std::string render_bench_json(const Report& report);

}  // namespace poker::bench

#endif  // POKER_BENCH_REPORT_JSON_H_
