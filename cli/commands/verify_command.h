// `poker verify [FORMAT]`: judges the instances and compares the answers
// with a candidate's instead of printing them; its verdict as a report, or
// as a judge system's checker tells it (--kattis, --testlib, --cms) or an
// autograder's results (--gradescope, --prairielearn). The formats it takes are the
// verifiable rows of the command table, as subcommands of `verify` (the
// hold'em judge's operands on `verify` itself); its options stand on
// `verify` and on each of them.
#ifndef POKER_CLI_COMMANDS_VERIFY_COMMAND_H_
#define POKER_CLI_COMMANDS_VERIFY_COMMAND_H_

#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/verify_graders.h"
#include "poker/token_verify.h"
#include "poker/verify.h"
#include "run/checker_reporter.h"
#include "run/gradescope_results.h"

namespace poker::cli {

// The options of --kattis and --testlib, as given.
struct CheckerOptions {
  std::vector<std::string> kattis;   // INPUT JUDGE_ANSWER FEEDBACK_DIR
  std::vector<std::string> testlib;  // INPUT OUTPUT ANSWER [REPORT]
  bool ejudge = false, appes = false;
  std::string testset, group;                                     // testlib's, not used
  TokenRule rule;                                                 // its case_sensitive and space_change_sensitive
  std::string absolute_tolerance, relative_tolerance, tolerance;  // as given (checked)
};

class VerifyCommand final : public Command {
 public:
  // Adds the options of `poker verify` to `app`: `verify`, or one of the
  // format subcommands under it (bound to the same variables).
  void add_options(CLI::App& app, Binding binding) override;
  // The format judged: the hold'em judge's command, or the subcommand's.
  // REQUIRES: called before check().
  void choose(FormatCommand& format) { format_ = &format; }
  std::optional<Mistake> check(CheckContext& context) override;
  RunPlan plan(const SharedOptions& shared) const override;

 private:
  // The files --kattis or --testlib names, as the rest reads them: the
  // usage error of the options that do not go with it, or nothing.
  std::optional<std::string> settle_checker(SharedOptions& shared);
  // The usage error of a protocol's option given without its protocol.
  std::optional<std::string> stray_checker_option() const;
  // The comparison --kattis or --testlib asks for; nothing with --strict.
  std::optional<TokenRule> token_rule() const;
  // The comparison's options (--gradescope's counting every instance).
  VerifyOptions compare() const;

  FormatCommand* format_ = nullptr;
  std::string answers_;    // the candidate's answers ("-": standard input)
  VerifyOptions compare_;  // --all, --strip-trailing-cr, --ignore-trailing-space
  GradescopeSettings gradescope_;
  CheckerOptions checker_options_;
  bool reveal_expected_ = false;
  std::optional<CheckerPlan> checker_;  // settled from --kattis or --testlib
  bool quiet_ = false, json_ = false;   // the shared -q and --json, as checked
  // --cms, --prairielearn, --visibility, --strict (commands/verify_graders.h).
  GraderOptions graders_;
  std::optional<CmsPlan> cms_;  // settled from --cms
};

// The status of a usage error: 2, but testlib's checker failure (3) when
// the command line asks for --testlib, whose 2 is a presentation error.
int usage_status(int argc, char** argv);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_VERIFY_COMMAND_H_
