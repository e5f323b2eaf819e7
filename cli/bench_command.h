// `poker bench`: the command line of the benchmark library (bench/,
// poker/bench/...), which measures the engine on workloads generated in
// memory, with the machine and build beside the figures, and a report that
// a later run compares with (--compare). Here: the options and their checks,
// and the run that wires the library to the terminal, the files and the stop
// signals. docs/performance.md describes it for users.
#ifndef POKER_CLI_BENCH_COMMAND_H_
#define POKER_CLI_BENCH_COMMAND_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

// Declared, not included: this header reaches most of cli/ through
// options.h, and CLI11's header costs seconds of compilation per file.
namespace CLI {
class App;
}

namespace poker::cli {

class StopSignals;
struct Options;

struct BenchCommand {
  CLI::App* app = nullptr;  // the subcommand, once added
  std::string threads;      // -j LIST as given
  std::string workloads;    // --workloads LIST as given
  std::optional<int> repetitions;
  std::optional<int> warmup;
  bool quick = false;
  bool json = false;
  double tolerance = 0.05;
  std::string on_disk;  // --on-disk DIR; empty: none
  std::string compare;  // --compare OLD.json; empty: none
  std::string against;  // --against NEW.json; empty: measure
  // Filled by resolve_bench_command:
  std::vector<std::size_t> thread_counts;  // ascending, distinct, each usable
  std::vector<std::string> selected;       // in the report's order
};

// The options of the `bench` subcommand `app` (its row in
// command_table.cpp); its -o writes to options.output, as generate's does.
void add_bench_options(CLI::App& app, Options& options);

// After parsing: the thread counts and workloads from the words given
// (`poker -j N bench`: -j N alone), or the usage error (reported as
// bench's: `poker: bench: ...`).
std::optional<std::string> resolve_bench_command(Options& options);

// Measures (or, with --against, only compares); the exit status.
int run_bench_command(const Options& options, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_BENCH_COMMAND_H_
