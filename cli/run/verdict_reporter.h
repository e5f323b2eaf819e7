// `poker verify`'s end: the verdict on the candidate's answers, as a report
// on the output (text, or JSON with --json; nothing with -q) and the
// status for scripts: 0 when they match, 4 when they differ. An instance
// file that does not judge cleanly is the grader's to fix, not the
// candidate's fault: the judge's error and status, no verdict.
#ifndef POKER_CLI_RUN_VERDICT_REPORTER_H_
#define POKER_CLI_RUN_VERDICT_REPORTER_H_

#include "poker/verify.h"
#include "run/reporter.h"

namespace poker::cli {

// How the verdict is written.
struct VerdictStyle {
  VerifyOptions compare;  // as the comparison ran
  bool json = false;
  bool quiet = false;  // nothing written: the status says it
};

// The verdict of a run that judged cleanly, written; its status.
// REQUIRES: run.verified, and run.outcome.status is kOk.
int report_verdict(JudgedRun& run, const VerdictStyle& style, const StopSignals& signals);

class VerdictReporter final : public Reporter {
 public:
  explicit VerdictReporter(VerdictStyle style) : style_(std::move(style)) {}
  int report(JudgedRun& run, const StopSignals& signals) override;

 private:
  const VerdictStyle style_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_VERDICT_REPORTER_H_
