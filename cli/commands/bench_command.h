// `poker bench`: the command line of the benchmark library (bench/,
// poker/bench/...), which measures the engine on workloads generated in
// memory, with the machine and build beside the figures, and a report that
// a later run compares with (--compare). Here: the options and their checks,
// and the run that wires the library to the terminal, the files and the stop
// signals. docs/performance.md describes it for users.
#ifndef POKER_CLI_COMMANDS_BENCH_COMMAND_H_
#define POKER_CLI_COMMANDS_BENCH_COMMAND_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"

namespace poker::cli {

class StopSignals;

// What the command line asks of the benchmark.
struct BenchOptions {
  std::string threads;    // -j LIST as given
  std::string workloads;  // --workloads LIST as given
  std::optional<int> repetitions;
  std::optional<int> warmup;
  std::optional<double> min_time;  // --min-time SECONDS
  bool quick = false;
  std::string json_format;  // --json[=FORMAT]: "poker" or "google-benchmark"; empty: the table
  bool markdown = false;    // the tables in Markdown
  double tolerance = 0.05;
  std::string on_disk;    // --on-disk DIR; empty: none
  std::string compare;    // --compare OLD.json; empty: none
  std::string against;    // --against NEW.json; empty: measure
  std::string baseline;   // --baseline OLD_POKER: measure two programs in alternation
  std::string candidate;  // --candidate OTHER_POKER; empty: this program
  // Settled once parsed:
  std::vector<std::size_t> thread_counts;  // ascending, distinct, each usable
  std::vector<std::string> selected;       // in the report's order
};

class BenchCommand final : public Command {
 public:
  // Its -o writes to the shared output, as generate's does.
  void add_options(CLI::App& app, Binding binding) override;
  // The thread counts and workloads from the words given (`poker -j N
  // bench`: -j N alone), or the usage error.
  std::optional<Mistake> check(CheckContext& context) override;
  RunPlan plan(const SharedOptions& shared) const override;

 private:
  std::optional<std::string> settle(const SharedOptions& shared);
  std::optional<std::string> settle_workloads();

  const CLI::App* app_ = nullptr;  // the subcommand, once added
  BenchOptions options_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_BENCH_COMMAND_H_
