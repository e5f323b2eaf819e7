// What a run does, planned from the command line before anything is
// opened (ripgrep's HiArgs): a run of its own (`poker range`, `generate`,
// `bench`, an equity query on the command line), or the judging of an
// input, which names the input, the format that judges it, where its
// answers go (the output, or the comparison with a candidate's answers)
// and the reporter that tells the end. main() opens what the plan names,
// runs it and reports: run/run.h.
#ifndef POKER_CLI_RUN_RUN_PLAN_H_
#define POKER_CLI_RUN_RUN_PLAN_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "poker/token_verify.h"
#include "poker/verify.h"
#include "run/reporter.h"

namespace poker::cli {

class FormatCommand;
class StopSignals;
struct SharedOptions;

// `poker verify`'s candidate: its answers, and how they are compared.
struct CandidatePlan {
  std::string answers;  // the file ("-": standard input)
  VerifyOptions compare;
  // A candidate that cannot be opened is compared as empty, and the
  // reporter says why (--gradescope: it scores 0), rather than failing.
  bool unopened_is_empty = false;
  // A judge system's default checker gives the verdict: the answers are
  // compared by its rule, then, where it rejects them and the answers can
  // be read again, by lines (`compare`) for the feedback.
  std::optional<TokenRule> tokens;
};

struct RunPlan {
  // A run of its own: its exit status. Null: the input is judged.
  std::function<int(const StopSignals& signals)> own_run;

  // The shared options (the input, the output, -j, ...): never null.
  const SharedOptions* shared = nullptr;

  // The judging: the format's command, the candidate of `poker verify`,
  // and the reporter (never null when judging).
  const FormatCommand* format = nullptr;
  std::optional<CandidatePlan> candidate;
  std::unique_ptr<Reporter> reporter;

  // How many threads run: set by run(), from -j and what the machine allows.
  std::size_t threads = 0;
};

// A plan that runs `run` alone.
RunPlan own_run(const SharedOptions& shared, std::function<int(const StopSignals& signals)> run);

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_RUN_PLAN_H_
