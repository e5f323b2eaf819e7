#include "run/results_reporter.h"

#include "exit_status.h"
#include "messages.h"
#include "run/outcome_reporter.h"

namespace poker::cli {

std::optional<int> ResultsReporter::open(const StopSignals& signals) {
  if (const int made = make_results_dir(settings_.dir, signals); made != kExitOk) return made;
  return std::nullopt;
}

int ResultsReporter::report(JudgedRun& run, const StopSignals& signals) {
  const GradescopeSettings& settings = settings_;
  if (!run.verified || run.outcome.status != RunOutcome::Status::kOk) return report_outcome(run, signals);
  const VerifyOutcome& verified = *run.verified;
  const std::uint64_t instances = run.outcome.stats.instances;
  std::optional<io::IoError> unreadable = run.answers_unopened;
  if (!unreadable && verified.report.candidate_error != 0) {
    unreadable = io::IoError{io::IoError::Action::kRead, run.answers, verified.report.candidate_error};
  }
  const GradedRun graded = unreadable ? grade_unreadable(instances, settings, io_error_line(*unreadable))
                                      : grade_tests(verified, instances, settings, reveal_expected_, run.input_name);
  if (const int written = write_gradescope_results(settings, render_(graded, settings), signals); written != kExitOk) {
    return written;
  }
  if (unreadable) return kExitOk;
  const int reported = report_verdict(run, style_, signals);
  return reported == kExitMismatch ? kExitOk : reported;
}

}  // namespace poker::cli
