#include "commands/verify_graders.h"

#include <CLI/CLI.hpp>

#include <string_view>

#include "command_line/value_checks.h"
#include "commands/shared_options.h"

namespace poker::cli {
namespace {

constexpr std::string_view kCmsNames[] = {"INPUT", "CORRECT_OUTPUT", "CONTESTANT_OUTPUT"};

// Gradescope's words for who sees a test's results when.
ValueCheck visibility() {
  return [](std::string& value) -> std::optional<std::string> {
    for (const std::string_view word : {"visible", "hidden", "after_due_date", "after_published"}) {
      if (value == word) return std::nullopt;
    }
    return "expected visible, hidden, after_due_date or after_published, found '" + value + "'";
  };
}

// --cms's files: the usage error, or nothing; then `cms` and the files the
// run reads.
std::optional<std::string> settle_cms(const GraderOptions& graders, GraderContext& context,
                                      std::optional<CmsPlan>& cms) {
  if (context.checker) return "--cms does not go with --kattis or --testlib: each is a judge system's verdict";
  if (!context.gradescope.dir.empty() || !graders.prairielearn.empty()) {
    return "--cms does not go with --gradescope or --prairielearn: each is a judge system's verdict";
  }
  if (!context.answers.empty()) return "--cms names the contestant's output (CONTESTANT_OUTPUT): no --answers";
  if (context.shared.input != "-") return "--cms names the input (INPUT): no -i or FILE";
  if (context.shared.output != "-") return "--cms writes the score to standard output: no -o";
  if (context.shared.json) return "--json does not go with --cms: the protocol says how the verdict is told";
  if (graders.cms.size() != 3) return "--cms needs 3 values: INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT";
  for (std::size_t i = 0; i < graders.cms.size(); ++i) {
    if (graders.cms[i].empty()) return "--cms: " + std::string(kCmsNames[i]) + ": the file name is empty";
    if (graders.cms[i] == "-") return "--cms: " + std::string(kCmsNames[i]) + " cannot be standard input";
  }
  context.shared.input = graders.cms[0];
  context.answers = graders.cms[2];
  cms = CmsPlan{graders.cms[1], graders.partial};
  return std::nullopt;
}

}  // namespace

void add_grader_options(CLI::App& app, ValueChecks& checks, GraderOptions& graders, GradescopeSettings& gradescope) {
  app.add_option("--cms", graders.cms,
                 "Be a CMS comparator: judge INPUT and compare with CONTESTANT_OUTPUT as CMS's white-diff does; the "
                 "score on stdout (1.0 or 0.0), translate:success, translate:partial or translate:wrong on stderr, "
                 "status 0; a judge error: another status, nothing on stdout. CORRECT_OUTPUT is not read")
      ->expected(3)
      ->type_name("INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT");
  app.add_flag("--partial", graders.partial, "--cms: the score is the share of instances answered right");
  app.add_option("--prairielearn", graders.prairielearn,
                 "Also write DIR/results.json, a PrairieLearn external grader's results (made with its parents if "
                 "missing; implies --all; status 0 once written, whatever the score; --tests-of, --partial-credit "
                 "and --max-score as for --gradescope)")
      ->type_name("DIR");
  checks.add(*app.add_option("--visibility", gradescope.visibility,
                             "--gradescope: who sees the tests' results when, one of: visible, hidden, "
                             "after_due_date, after_published (default: Gradescope's)")
                  ->type_name("WHEN"),
             visibility());
  app.add_flag("--strict", graders.strict,
               "With --kattis, --testlib, --cms, --gradescope or --prairielearn: compare byte for byte, as without "
               "them (but for --strip-trailing-cr and --ignore-trailing-space when given). By default --kattis and "
               "--testlib compare tokens as the systems' default checkers do, and the others forgive CRLF, blanks in "
               "and after lines, trailing blank lines and a missing final newline, as CMS's white-diff does");
}

VerifyOptions lenient_compare(VerifyOptions options) {
  options.strip_trailing_cr = true;
  options.ignore_space_change = true;
  options.ignore_trailing_blank_lines = true;
  return options;
}

std::optional<std::string> settle_graders(const GraderOptions& graders, GraderContext context,
                                          std::optional<CmsPlan>& cms) {
  if (graders.partial && graders.cms.empty()) return "--partial goes with --cms";
  if (!context.gradescope.visibility.empty() && context.gradescope.dir.empty()) {
    return "--visibility goes with --gradescope DIR";
  }
  if (!graders.prairielearn.empty()) {
    if (context.checker)
      return "--prairielearn does not go with --kattis or --testlib: each is a judge system's verdict";
    if (!context.gradescope.dir.empty())
      return "--prairielearn does not go with --gradescope: each writes results.json";
  }
  if (graders.cms.empty()) return std::nullopt;
  return settle_cms(graders, context, cms);
}

}  // namespace poker::cli
