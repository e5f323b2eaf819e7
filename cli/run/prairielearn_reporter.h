// `poker verify --prairielearn DIR`: the verdict as DIR/results.json, the
// results of a PrairieLearn external grader (docs/grading.md), then the
// report as without it; status 0 once results.json is written, whatever the
// score. The tests and their scores are Gradescope's (run/gradescope_results.h:
// --tests-of, --partial-credit), worded as PrairieLearn reads them: `score`
// 0 to 1, each test's `points` of `max_points`. A candidate whose answers
// cannot be read scores 0, with why; instances that do not judge, or a
// results folder that cannot be made, are the grader's error: no
// results.json, which PrairieLearn shows as a grading failure.
#ifndef POKER_CLI_RUN_PRAIRIELEARN_REPORTER_H_
#define POKER_CLI_RUN_PRAIRIELEARN_REPORTER_H_

#include <optional>
#include <string>

#include "run/gradescope_results.h"
#include "run/reporter.h"
#include "run/verdict_reporter.h"

namespace poker::cli {

// results.json of a PrairieLearn external grader for `run`.
std::string render_prairielearn_results(const GradedRun& run, const GradescopeSettings& settings);

class PrairieLearnReporter final : public Reporter {
 public:
  // `settings.dir`: the results folder; `style`: how the report after
  // results.json is written.
  PrairieLearnReporter(GradescopeSettings settings, bool reveal_expected, VerdictStyle style)
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

#endif  // POKER_CLI_RUN_PRAIRIELEARN_REPORTER_H_
