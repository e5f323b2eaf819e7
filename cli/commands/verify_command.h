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
#include "poker/verify.h"
#include "run/checker_reporter.h"
#include "run/gradescope_results.h"

namespace poker::cli {

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
  // The comparison's options (--gradescope's counting every instance).
  VerifyOptions compare() const;

  FormatCommand* format_ = nullptr;
  std::string answers_;    // the candidate's answers ("-": standard input)
  VerifyOptions compare_;  // --all, --strip-trailing-cr, --ignore-trailing-space
  GradescopeSettings gradescope_;
  std::vector<std::string> kattis_, testlib_;  // as given: INPUT JUDGE_ANSWER FEEDBACK_DIR; INPUT OUTPUT ANSWER
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
