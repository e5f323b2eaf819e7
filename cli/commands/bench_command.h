// `poker bench`: the engine measured as a standard benchmark, on workloads
// generated in memory (the same bytes on any machine), with the machine
// and build beside the figures, and a report that a later run compares
// with (--compare). docs/performance.md describes it for users.
#ifndef POKER_CLI_COMMANDS_BENCH_COMMAND_H_
#define POKER_CLI_COMMANDS_BENCH_COMMAND_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"

namespace poker::cli {

class StopSignals;

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
  // Measures (or, with --against, only compares); the exit status.
  int run(const SharedOptions& shared, const StopSignals& signals) const;

  const CLI::App* app_ = nullptr;  // the subcommand, once added
  std::string threads_;            // -j LIST as given
  std::string workloads_;          // --workloads LIST as given
  std::optional<int> repetitions_;
  std::optional<int> warmup_;
  bool quick_ = false;
  bool json_ = false;
  double tolerance_ = 0.05;
  std::string on_disk_;  // --on-disk DIR; empty: none
  std::string compare_;  // --compare OLD.json; empty: none
  std::string against_;  // --against NEW.json; empty: measure
  // Settled by check():
  std::vector<std::size_t> thread_counts_;  // ascending, distinct, each usable
  std::vector<std::string> selected_;       // in the report's order
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_BENCH_COMMAND_H_
