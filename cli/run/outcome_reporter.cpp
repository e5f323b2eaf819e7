#include "run/outcome_reporter.h"

#include "commands/shared_options.h"
#include "exit_status.h"
#include "input_error_hint.h"
#include "messages.h"
#include "stop_signals.h"

namespace poker::cli {

int report_outcome(const JudgedRun& run, const StopSignals& signals) {
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  const RunOutcome& outcome = run.outcome;
  switch (outcome.status) {
    case RunOutcome::Status::kOk:
    case RunOutcome::Status::kBrokenPipe:  // the reader has all it wanted, like `head`
      return kExitOk;
    case RunOutcome::Status::kInvalidInput:
      report(input_error_line(run.input_name, run.format, *outcome.input_error, run.input.head(), run.shared.input,
                              outcome.stats.instances + 1));
      return kExitInvalidInput;
    case RunOutcome::Status::kReadError:
    case RunOutcome::Status::kWriteError: report(outcome.error); return kExitIo;
    case RunOutcome::Status::kStopped: return fail(signals, "stopped", kExitIo);
  }
  return kExitIo;
}

}  // namespace poker::cli
