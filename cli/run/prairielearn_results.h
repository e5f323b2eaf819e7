// `poker verify --prairielearn DIR`'s results.json, a PrairieLearn external
// grader's (docs/grading.md): the tests and scores that
// run/gradescope_results.h grades (--tests-of, --partial-credit), worded as
// PrairieLearn reads them: `gradable`, `score` 0 to 1, each test's `points`
// of `max_points`. run/results_reporter.h writes it.
#ifndef POKER_CLI_RUN_PRAIRIELEARN_RESULTS_H_
#define POKER_CLI_RUN_PRAIRIELEARN_RESULTS_H_

#include <string>

#include "run/gradescope_results.h"

namespace poker::cli {

// results.json of a PrairieLearn external grader for `run`.
std::string render_prairielearn_results(const GradedRun& run, const GradescopeSettings& settings);

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_PRAIRIELEARN_RESULTS_H_
