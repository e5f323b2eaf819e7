// What machine and which build `poker bench` measured: its report's header,
// so that two reports say what differs between them beside the figures.
//
// Thread safety: any thread.
#ifndef POKER_CLI_BENCH_BENCH_MACHINE_H_
#define POKER_CLI_BENCH_BENCH_MACHINE_H_

#include <string>

#include "bench_report.h"

namespace poker::cli::bench {

// The CPU model (/proc/cpuinfo), the cores this process may use, the
// memory and the kernel (uname).
MachineInfo machine_info();

// The version, commit, build type, compiler and the card decoding's path.
BuildInfo build_info();

// Now, in UTC, as ISO 8601: "2026-11-26T07:10:00Z".
std::string utc_now();

}  // namespace poker::cli::bench

#endif  // POKER_CLI_BENCH_BENCH_MACHINE_H_
