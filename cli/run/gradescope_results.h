// `poker verify --gradescope DIR`: the verdict as the `results.json` of a
// Gradescope autograder (docs/grading.md), one test for the whole candidate
// or one per block of instances, scored all or nothing or by the share of
// right answers. The comparison is verify's (poker/verify.h); this words its
// report as Gradescope reads it, and writes the file.
//
// Thread safety: the renderers are pure functions; the writer is called by
// the one thread that runs the command.
#ifndef POKER_CLI_RUN_GRADESCOPE_RESULTS_H_
#define POKER_CLI_RUN_GRADESCOPE_RESULTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "poker/verify.h"
#include "stop_signals.h"

namespace poker::cli {

// The grader's choices (verify's --gradescope options).
struct GradescopeSettings {
  std::string dir;              // where results.json goes; empty: no --gradescope
  std::uint64_t tests_of = 0;   // instances per test; 0: one test for the whole candidate
  bool partial_credit = false;  // a test scores its share of right answers, not all or nothing
  double max_score = 100;       // the candidate's total, split among the tests by their instances
  std::string visibility;       // each test's and the results' Gradescope visibility; empty: Gradescope's default
  // The results' scores are whole multiples of 1/kScoreUnits points: sums
  // of them are exact, so the top-level score is the tests' sum.
  static constexpr std::uint64_t kScoreUnits = 10000;
};

// One test as graded: its name, its score and its maximum in units of
// 1/kScoreUnits points, and what it says.
struct GradedTest {
  std::string name;
  std::uint64_t units = 0;
  std::uint64_t max_units = 0;
  bool passed = false;
  std::string output;
};

// A candidate's grading: its tests, their sums, what the whole says, and
// the counts of the whole candidate.
struct GradedRun {
  std::vector<GradedTest> tests;
  std::uint64_t units = 0;
  std::uint64_t max_units = 0;
  std::string output;
  std::uint64_t instances = 0, right = 0, wrong = 0, missing = 0, extra = 0;
  bool summary_differs = false;
  std::string unreadable;  // why the candidate could not be read; empty: it was
};

// Points of `units` (1/kScoreUnits points each): the nearest double, which
// json_text() writes in the exact decimal's fewest digits.
double points_of(std::uint64_t units);

// The grading that a Gradescope or a PrairieLearn autograder's results
// word: the same REQUIRES as render_gradescope_results().
GradedRun grade_tests(const VerifyOutcome& outcome, std::uint64_t instances, const GradescopeSettings& settings,
                      bool reveal_expected, std::string_view input_name);

// The grading of a candidate that could not be read: every test 0, `why`.
GradedRun grade_unreadable(std::uint64_t instances, const GradescopeSettings& settings, std::string_view why);

// Creates `dir` and its parents if missing, for a results file; the exit
// status: 0, or the reported I/O failure's 3 (a path that is not a folder,
// or that cannot be made).
int make_results_dir(const std::string& dir, const StopSignals& signals);

// The verify options a Gradescope run compares with: every instance counted
// (--all), the first difference of each test listed.
VerifyOptions gradescope_verify_options(VerifyOptions options, const GradescopeSettings& settings);

// results.json for a candidate compared with `instances` instances' answers.
// REQUIRES: outcome.run.status kOk, outcome.report.candidate_error == 0, and
// `outcome` compared with gradescope_verify_options().
// With `reveal_expected` (--reveal-expected) a test's output quotes the
// expected answer where it first differs; without, only where.
std::string render_gradescope_results(const VerifyOutcome& outcome, std::uint64_t instances,
                                      const GradescopeSettings& settings, bool reveal_expected,
                                      std::string_view input_name);

// Gradescope's results.json of a grading.
std::string render_gradescope_results(const GradedRun& run, const GradescopeSettings& settings);

// results.json for a candidate that could not be read (missing, a folder,
// a read error: the submission's fault, so it scores 0 with `why`), the
// instances having judged cleanly.
std::string render_gradescope_unreadable(std::uint64_t instances, const GradescopeSettings& settings,
                                         std::string_view why);

// Writes `results` to DIR/results.json; the exit status: 0, or the I/O
// failure's 3 after reporting it.
int write_gradescope_results(const GradescopeSettings& settings, std::string_view results, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_GRADESCOPE_RESULTS_H_
