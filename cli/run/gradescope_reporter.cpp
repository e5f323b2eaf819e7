#include "run/gradescope_reporter.h"

#include "exit_status.h"
#include "messages.h"
#include "run/outcome_reporter.h"

namespace poker::cli {

std::optional<int> GradescopeReporter::open(const StopSignals& signals) {
  if (const int made = make_results_dir(settings_.dir, signals); made != kExitOk) return made;
  return std::nullopt;
}

int report_results(JudgedRun& run, const GradescopeSettings& settings, bool reveal_expected, const VerdictStyle& style,
                   RenderResults render, const StopSignals& signals) {
  if (!run.verified || run.outcome.status != RunOutcome::Status::kOk) return report_outcome(run, signals);
  const VerifyOutcome& verified = *run.verified;
  const std::uint64_t instances = run.outcome.stats.instances;
  std::optional<io::IoError> unreadable = run.answers_unopened;
  if (!unreadable && verified.report.candidate_error != 0) {
    unreadable = io::IoError{io::IoError::Action::kRead, run.answers, verified.report.candidate_error};
  }
  const GradedRun graded = unreadable ? grade_unreadable(instances, settings, io_error_line(*unreadable))
                                      : grade_tests(verified, instances, settings, reveal_expected, run.input_name);
  if (const int written = write_gradescope_results(settings, render(graded, settings), signals); written != kExitOk) {
    return written;
  }
  if (unreadable) return kExitOk;
  const int reported = report_verdict(run, style, signals);
  return reported == kExitMismatch ? kExitOk : reported;
}

int GradescopeReporter::report(JudgedRun& run, const StopSignals& signals) {
  return report_results(run, settings_, reveal_expected_, style_, render_gradescope_results, signals);
}

}  // namespace poker::cli
