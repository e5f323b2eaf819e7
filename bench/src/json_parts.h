// The parts that a report's JSON (report_json.cpp) and a comparison's
// (comparison_render.cpp) write alike: the build and the machine.
//
// Thread safety: pure.
#ifndef POKER_BENCH_SRC_JSON_PARTS_H_
#define POKER_BENCH_SRC_JSON_PARTS_H_

#include <nlohmann/json.hpp>

#include "poker/bench/report.h"

namespace poker::bench {

// {"version", "commit" (null when unknown), "build", "compiler", "simd"}
nlohmann::ordered_json build_json(const BuildInfo& build);

// {"cpu", "cores", "memory_bytes", "kernel"}
nlohmann::ordered_json machine_json(const MachineInfo& machine);

}  // namespace poker::bench

#endif  // POKER_BENCH_SRC_JSON_PARTS_H_
