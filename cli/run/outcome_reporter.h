// The plain judge's end: the exit status of the pipeline's outcome and the
// one line that says what went wrong (an input error with its hints, a read
// or write failure, a stop). Every reporter tells a run that did not judge
// cleanly this way.
#ifndef POKER_CLI_RUN_OUTCOME_REPORTER_H_
#define POKER_CLI_RUN_OUTCOME_REPORTER_H_

#include "run/reporter.h"

namespace poker::cli {

// The exit status of `run`'s outcome, its failure reported.
int report_outcome(const JudgedRun& run, const StopSignals& signals);

class OutcomeReporter final : public Reporter {
 public:
  int report(JudgedRun& run, const StopSignals& signals) override { return report_outcome(run, signals); }
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_OUTCOME_REPORTER_H_
