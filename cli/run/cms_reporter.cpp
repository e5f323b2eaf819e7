#include "run/cms_reporter.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/io/input.h"
#include "run/outcome_reporter.h"
#include "stop_signals.h"

namespace poker::cli {

std::string cms_score(const VerifyReport& report, std::uint64_t instances, bool partial) {
  if (report.passed()) return "1.0";
  if (!partial) return "0.0";
  // Each extra line and a differing summary count as one more wrong answer,
  // as for Gradescope: printing every possible answer scores no better than
  // guessing.
  const std::uint64_t items = instances + report.extra_inside + report.extra_lines + (report.summary_differs ? 1 : 0);
  const std::uint64_t right = std::min(report.right, items == 0 ? 0 : items - 1);  // 1.0 only when it passes
  if (right == 0) return "0.0";
  char text[32];
  const std::to_chars_result written =
      std::to_chars(text, text + sizeof text, static_cast<double>(right) / static_cast<double>(items));
  return std::string(text, written.ptr);
}

std::optional<int> CmsReporter::open(const StopSignals& signals) {
  const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its writer
  const io::OpenedInput answer = io::open_input(plan_.correct_output, io::InputOptions{});
  if (!answer.source) return fail(signals, answer.error);
  return std::nullopt;
}

int CmsReporter::report(JudgedRun& run, const StopSignals& signals) {
  if (!run.verified || run.outcome.status != RunOutcome::Status::kOk) return report_outcome(run, signals);
  const VerifyReport& report = run.verified->report;
  if (report.candidate_error != 0) {
    return fail(signals, io::IoError{io::IoError::Action::kRead, run.answers, report.candidate_error});
  }
  const std::string score = cms_score(report, run.outcome.stats.instances, plan_.partial);
  if (const int written = write_and_finish(run.output, score + "\n", signals); written != kExitOk) return written;
  const char* message = score == "1.0" ? "success" : score == "0.0" ? "wrong" : "partial";
  std::fprintf(stderr, "translate:%s\n", message);
  return kExitOk;
}

}  // namespace poker::cli
