// `poker verify --gradescope DIR` and `--prairielearn DIR`: the verdict as
// DIR/results.json, an autograder's results (run/gradescope_results.h
// grades the tests; each system words them its own way), then the report
// as without it; status 0 once results.json is written, whatever the score.
// A candidate whose answers cannot be read scores 0 there, with why;
// instances that do not judge, or a results folder that cannot be made,
// are the grader's error: no results.json, which the systems show as a
// failed autograder rather than a student's 0.
#ifndef POKER_CLI_RUN_RESULTS_REPORTER_H_
#define POKER_CLI_RUN_RESULTS_REPORTER_H_

#include <optional>
#include <string>

#include "run/gradescope_results.h"
#include "run/reporter.h"
#include "run/verdict_reporter.h"

namespace poker::cli {

// How an autograder's results file words a grading (Gradescope's,
// PrairieLearn's).
using RenderResults = std::string (*)(const GradedRun& run, const GradescopeSettings& settings);

class ResultsReporter final : public Reporter {
 public:
  // `settings.dir`: the results folder; `render`: the system's words;
  // `style`: how the report after results.json is written.
  ResultsReporter(GradescopeSettings settings, RenderResults render, bool reveal_expected, VerdictStyle style)
      : settings_(std::move(settings)), render_(render), reveal_expected_(reveal_expected), style_(std::move(style)) {}

  // Makes the results folder (and its parents) if missing.
  std::optional<int> open(const StopSignals& signals) override;
  // The grading of `run` (or, when its answers cannot be read, a 0 that
  // says why) into results.json, then the report.
  int report(JudgedRun& run, const StopSignals& signals) override;

 private:
  const GradescopeSettings settings_;
  const RenderResults render_;
  const bool reveal_expected_;
  const VerdictStyle style_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_RESULTS_REPORTER_H_
