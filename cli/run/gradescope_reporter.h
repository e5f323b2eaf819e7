// `poker verify --gradescope DIR`: the verdict as DIR/results.json
// (run/gradescope_results.h), then the report as without it; status 0 once
// results.json is written, whatever the score. A candidate whose answers
// cannot be read scores 0 there, with why; instances that do not judge, or
// a results folder that cannot be made, are the grader's error: no
// results.json.
#ifndef POKER_CLI_RUN_GRADESCOPE_REPORTER_H_
#define POKER_CLI_RUN_GRADESCOPE_REPORTER_H_

#include "run/gradescope_results.h"
#include "run/reporter.h"
#include "run/verdict_reporter.h"

namespace poker::cli {

class GradescopeReporter final : public Reporter {
 public:
  // `style`: how the report after results.json is written.
  GradescopeReporter(GradescopeSettings settings, bool reveal_expected, VerdictStyle style)
      : settings_(std::move(settings)), reveal_expected_(reveal_expected), style_(std::move(style)) {}

  // Makes the results folder (and its parents) if missing.
  std::optional<int> open(const StopSignals& signals) override;
  int report(JudgedRun& run, const StopSignals& signals) override;

 private:
  const GradescopeSettings settings_;
  const bool reveal_expected_;
  const VerdictStyle style_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_GRADESCOPE_REPORTER_H_
