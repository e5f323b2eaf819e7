// `poker bench --json`: the report as one JSON object, schema poker-bench/2
// (docs/performance.md; docs/poker-bench-2.schema.json). A report with a
// warning (a run too noisy: measure.h) says "noisy": true, no baseline.
//
// Thread safety: pure.
#ifndef POKER_BENCH_REPORT_JSON_H_
#define POKER_BENCH_REPORT_JSON_H_

#include <string>

#include "poker/bench/report.h"

namespace poker::bench {

inline constexpr char kReportSchema[] = "poker-bench/2";

// The report, indented, ending with a newline.
std::string render_bench_json(const Report& report);

}  // namespace poker::bench

#endif  // POKER_BENCH_REPORT_JSON_H_
