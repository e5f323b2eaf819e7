// The options that make `poker verify` a CMS comparator (--cms) or a
// PrairieLearn external grader (--prairielearn), Gradescope's --visibility,
// and --strict: the graders whose default comparison forgives what CMS's
// white-diff forgives (CRLF, blanks, trailing blank lines), as a
// submission is most often written. Kept apart from verify_command.cpp,
// which binds them.
#ifndef POKER_CLI_COMMANDS_VERIFY_GRADERS_H_
#define POKER_CLI_COMMANDS_VERIFY_GRADERS_H_

#include <optional>
#include <string>
#include <vector>

#include "poker/verify.h"
#include "run/cms_reporter.h"
#include "run/gradescope_results.h"

namespace CLI {
class App;
}

namespace poker::cli {

class ValueChecks;
struct SharedOptions;

struct GraderOptions {
  std::vector<std::string> cms;  // as given: INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT
  bool partial = false;          // --cms: the share of instances right as the score
  std::string prairielearn;      // DIR; empty: no --prairielearn
  bool strict = false;           // byte for byte, not the graders' lenient default
};

// Adds --cms, --partial, --prairielearn, --visibility (into
// `gradescope.visibility`) and --strict to `app`.
void add_grader_options(CLI::App& app, ValueChecks& checks, GraderOptions& graders, GradescopeSettings& gradescope);

// `options` with the graders' lenient default added: CMS's white-diff
// (VerifyOptions::ignore_space_change, ignore_trailing_blank_lines) and
// CR line ends.
VerifyOptions lenient_compare(VerifyOptions options);

// What the rest of the command has settled, for settle_graders().
struct GraderContext {
  SharedOptions& shared;
  std::string& answers;  // verify's --answers: --cms sets it to CONTESTANT_OUTPUT
  bool checker = false;  // --kattis or --testlib given
  const GradescopeSettings& gradescope;
};

// Checks the grader options against the others and, for --cms, names the
// files as the run reads them (into `context` and `cms`): the usage error,
// or nothing.
std::optional<std::string> settle_graders(const GraderOptions& graders, GraderContext context,
                                          std::optional<CmsPlan>& cms);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_VERIFY_GRADERS_H_
