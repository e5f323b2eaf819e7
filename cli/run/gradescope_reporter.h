// `poker verify --gradescope DIR`: the verdict as DIR/results.json
// (run/gradescope_results.h), then the report as without it; status 0 once
// results.json is written, whatever the score. A candidate whose answers
// cannot be read scores 0 there, with why; instances that do not judge, or
// a results folder that cannot be made, are the grader's error: no
// results.json.
#ifndef POKER_CLI_RUN_GRADESCOPE_REPORTER_H_
#define POKER_CLI_RUN_GRADESCOPE_REPORTER_H_

#include <optional>
#include <string>

#include "run/gradescope_results.h"
#include "run/reporter.h"
#include "run/verdict_reporter.h"

namespace poker::cli {

// How an autograder's results file words a grading (Gradescope's,
// PrairieLearn's).
using RenderResults = std::string (*)(const GradedRun& run, const GradescopeSettings& settings);

// An autograder's end: the grading of `run` (or, when its answers cannot
// be read, a 0 that says why) rendered into settings.dir/results.json,
// then the report as `style` says; status 0 once written, whatever the
// score. A run that did not judge cleanly writes no results: its failure's
// status.
int report_results(JudgedRun& run, const GradescopeSettings& settings, bool reveal_expected, const VerdictStyle& style,
                   RenderResults render, const StopSignals& signals);

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
