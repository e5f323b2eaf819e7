// What machine a benchmark measured on, and when: its report's header, so
// that two reports say what differs between them beside the figures. The
// build (version, commit, build type, compiler) is the caller's to say:
// the program that links this library knows how it was built.
//
// Thread safety: any thread.
#ifndef POKER_BENCH_MACHINE_H_
#define POKER_BENCH_MACHINE_H_

#include <string>

#include "poker/bench/report.h"

namespace poker::bench {

// The CPU model (/proc/cpuinfo), the cores this process may use, the
// memory and the kernel (uname).
MachineInfo machine_info();

// Now, in UTC, as ISO 8601: "2026-11-26T07:10:00Z".
std::string utc_now();

}  // namespace poker::bench

#endif  // POKER_BENCH_MACHINE_H_
