// The run of `poker bench` that its command line planned
// (bench_command.h): the workloads measured in rounds and their tables or
// JSON, a comparison with a saved report (--compare, --against), or two
// poker programs measured in alternation and compared (--baseline). Here
// the benchmark library (bench/) meets the files, the terminal and the stop
// signals.
#ifndef POKER_CLI_COMMANDS_BENCH_RUN_H_
#define POKER_CLI_COMMANDS_BENCH_RUN_H_

#include <string>

#include "commands/bench_command.h"

namespace poker::cli {

class StopSignals;

// --json=google-benchmark's value; --json alone is poker's own schema.
inline constexpr char kGoogleBenchmarkJson[] = "google-benchmark";

// Measures (or only compares, with --against or --baseline) as `command`
// asks, writing to `output`; the exit status: 0, 4 for a run slower beyond
// the tolerance, or that of the failure or the stop reported.
int run_bench(const BenchOptions& command, const std::string& output, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_BENCH_RUN_H_
