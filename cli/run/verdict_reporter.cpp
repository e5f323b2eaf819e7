#include "run/verdict_reporter.h"

#include <string>

#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "run/outcome_reporter.h"

namespace poker::cli {

int report_verdict(JudgedRun& run, const VerdictStyle& style, const StopSignals& signals) {
  const VerifyOutcome& verified = *run.verified;
  if (verified.report.candidate_error != 0) {
    return fail(signals, io::IoError{io::IoError::Action::kRead, run.answers, verified.report.candidate_error});
  }
  const std::string verdict = style.quiet ? std::string()
                              : style.json
                                  ? render_verify_json(verified, style.compare, run.input_name, run.answers_name)
                                  : render_verify_report(verified, style.compare, run.answers_name);
  const int written = write_and_finish(run.output, verdict, signals);
  if (written != kExitOk) return written;
  return verified.report.passed() ? kExitOk : kExitMismatch;
}

int VerdictReporter::report(JudgedRun& run, const StopSignals& signals) {
  if (!run.verified || run.outcome.status != RunOutcome::Status::kOk) return report_outcome(run, signals);
  return report_verdict(run, style_, signals);
}

}  // namespace poker::cli
