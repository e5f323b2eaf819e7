#include "commands/verify_command.h"

#include <CLI/CLI.hpp>

#include <string_view>

#include "command_line/value_checks.h"
#include "commands/shared_options.h"
#include "exit_status.h"
#include "run/cms_reporter.h"
#include "run/gradescope_reporter.h"
#include "run/prairielearn_reporter.h"
#include "run/run_plan.h"
#include "run/verdict_reporter.h"

namespace poker::cli {
namespace {

constexpr std::string_view kKattisNames[] = {"INPUT", "JUDGE_ANSWER", "FEEDBACK_DIR"};
constexpr std::string_view kTestlibNames[] = {"INPUT", "OUTPUT", "ANSWER"};

void add_gradescope_options(CLI::App& app, ValueChecks& checks, GradescopeSettings& gradescope) {
  app.add_option("--gradescope", gradescope.dir,
                 "Also write DIR/results.json, a Gradescope autograder's results (implies --all; status 0 once "
                 "written, whatever the score; docs/grading.md)")
      ->type_name("DIR");
  checks.add(*app.add_option("--tests-of", gradescope.tests_of,
                             "--gradescope: one test per N instances, 1 to 1T (default: one test for the whole file)")
                  ->type_name("N"),
             whole_number(1, 1000000000000));
  app.add_flag("--partial-credit", gradescope.partial_credit,
               "--gradescope: a test scores its share of right answers (default: all or nothing)");
  checks.add(*app.add_option("--max-score", gradescope.max_score,
                             "--gradescope: the total points, 0.0001 to 1000000, split among the tests by their "
                             "instances (default 100)")
                  ->type_name("POINTS"),
             points());
}

void add_checker_options(CLI::App& app, std::vector<std::string>& kattis, std::vector<std::string>& testlib,
                         bool& reveal_expected) {
  app.add_option("--kattis", kattis,
                 "Be a Kattis or DOMjudge output validator: judge INPUT and compare with the team output on "
                 "standard input; exit 42 accepted, 43 wrong answer, any other status a judge error; the report in "
                 "FEEDBACK_DIR/judgemessage.txt, one line in teammessage.txt. JUDGE_ANSWER is not read")
      ->expected(3)
      ->type_name("INPUT JUDGE_ANSWER FEEDBACK_DIR");
  app.add_option("--testlib", testlib,
                 "Be a testlib checker: judge INPUT and compare with OUTPUT; exit 0 ok, 1 wrong answer, 2 "
                 "presentation error (only CR line ends or trailing blanks differ), 3 checker failure; one line on "
                 "stderr. ANSWER is not read")
      ->expected(3)
      ->type_name("INPUT OUTPUT ANSWER");
  app.add_flag("--reveal-expected", reveal_expected,
               "With --kattis, --testlib or --gradescope: what a contestant may see (teammessage.txt, testlib's "
               "line, the tests' output) quotes the expected and the found line where the output first differs");
}

}  // namespace

void VerifyCommand::add_options(CLI::App& app, Binding binding) {
  app.add_option("--answers", answers_,
                 "The candidate's answers to compare with the expected ones ('-': standard input)")
      ->type_name("FILE");
  app.add_flag("--all", compare_.all,
               "Do not stop at the first mismatch: count the instances answered right, wrong and missing, "
               "and the extra lines, then print a summary");
  app.add_flag("--strip-trailing-cr", compare_.strip_trailing_cr, "Accept CRLF line ends in the candidate");
  app.add_flag("--ignore-trailing-space", compare_.ignore_trailing_space,
               "Do not compare blanks at the end of the candidate's lines, nor a missing final newline");
  add_gradescope_options(app, binding.checks, gradescope_);
  add_checker_options(app, kattis_, testlib_, reveal_expected_);
  add_grader_options(app, binding.checks, graders_, gradescope_);
}

std::optional<std::string> VerifyCommand::settle_checker(SharedOptions& shared) {
  const bool kattis = !kattis_.empty();
  if (kattis && !testlib_.empty()) return "--kattis and --testlib do not go together";
  if (!kattis && testlib_.empty()) {
    if (reveal_expected_ && gradescope_.dir.empty() && graders_.prairielearn.empty()) {
      return "--reveal-expected applies to --kattis, --testlib, --gradescope and --prairielearn";
    }
    return std::nullopt;
  }
  const std::string name = kattis ? "--kattis" : "--testlib";
  const std::vector<std::string>& files = kattis ? kattis_ : testlib_;
  // The judge system names every file: the options that name them too
  // would contradict it, and the report has its own place.
  if (!answers_.empty()) {
    return name + (kattis ? " reads the team output from standard input" : " names the output (OUTPUT)") +
           ": no --answers";
  }
  if (shared.input != "-") return name + " names the input (INPUT): no -i or FILE";
  if (shared.output != "-") {
    return name + " writes no report to -o: " +
           (kattis ? "it goes to FEEDBACK_DIR/judgemessage.txt" : "its verdict is one line on stderr");
  }
  if (shared.json) return "--json does not go with " + name + ": the protocol says how the verdict is told";
  if (!gradescope_.dir.empty()) return "--gradescope does not go with " + name + ": each is a judge system's verdict";
  const std::string_view* names = kattis ? kKattisNames : kTestlibNames;
  if (files.size() != 3) {
    return name + " needs 3 values: " + std::string(names[0]) + " " + std::string(names[1]) + " " +
           std::string(names[2]);
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i].empty()) return name + ": " + std::string(names[i]) + ": the file name is empty";
    // OUTPUT alone may be standard input; the team output is, for Kattis.
    if (files[i] == "-" && (kattis || i != 1)) {
      return name + ": " + std::string(names[i]) + " cannot be standard input" +
             (kattis ? ": the team output is read from there" : "");
    }
  }
  CheckerPlan& checker = checker_.emplace();
  checker.protocol = kattis ? CheckerProtocol::kKattis : CheckerProtocol::kTestlib;
  shared.input = files[0];
  answers_ = kattis ? "-" : files[1];
  checker.judge_answer = files[kattis ? 1 : 2];
  if (kattis) checker.feedback_dir = files[2];
  checker.reveal_expected = reveal_expected_;
  // Every difference counted: the judge's message has the counts, and a
  // presentation error is told from a wrong answer on the whole output.
  compare_.all = true;
  checker.compare = compare_;
  return std::nullopt;
}

std::optional<Mistake> VerifyCommand::check(CheckContext& context) {
  if (std::optional<Mistake> mistake = format_->check(context)) return mistake;
  SharedOptions& shared = context.shared;
  if (const std::optional<std::string> problem = settle_checker(shared)) return Mistake{*problem, context.name};
  if (const std::optional<std::string> problem =
          settle_graders(graders_, GraderContext{shared, answers_, checker_.has_value(), gradescope_}, cms_)) {
    return Mistake{*problem, context.name};
  }
  if (gradescope_.dir.empty() && graders_.prairielearn.empty() &&
      (gradescope_.tests_of != 0 || gradescope_.partial_credit || gradescope_.max_score != 100)) {
    return Mistake{"--tests-of, --partial-credit and --max-score go with --gradescope DIR or --prairielearn DIR",
                   context.name};
  }
  if (answers_.empty()) return Mistake{"'poker verify' needs the candidate's answers: --answers FILE", ""};
  if (answers_ == "-" && (shared.input.empty() || shared.input == "-")) {
    return Mistake{"the instances and the candidate's answers cannot both be standard input: give -i FILE", ""};
  }
  quiet_ = shared.quiet;
  json_ = shared.json;
  return std::nullopt;
}

VerifyOptions VerifyCommand::compare() const {
  const bool results = !gradescope_.dir.empty() || !graders_.prairielearn.empty();
  VerifyOptions options = compare_;
  if (!graders_.strict && (results || cms_)) options = lenient_compare(options);
  if (cms_ && cms_->partial) options.all = true;  // every instance counted for the score
  return results ? gradescope_verify_options(options, gradescope_) : options;
}

RunPlan VerifyCommand::plan(const SharedOptions& shared) const {
  RunPlan plan;
  plan.shared = &shared;
  plan.format = format_;
  plan.candidate = CandidatePlan{answers_, compare(), !gradescope_.dir.empty() || !graders_.prairielearn.empty()};
  const VerdictStyle style{compare(), json_, quiet_};
  if (checker_) {
    plan.reporter = std::make_unique<CheckerReporter>(*checker_);
  } else if (cms_) {
    plan.reporter = std::make_unique<CmsReporter>(*cms_);
  } else if (!graders_.prairielearn.empty()) {
    GradescopeSettings settings = gradescope_;
    settings.dir = graders_.prairielearn;
    plan.reporter = std::make_unique<PrairieLearnReporter>(std::move(settings), reveal_expected_, style);
  } else if (!gradescope_.dir.empty()) {
    plan.reporter = std::make_unique<GradescopeReporter>(gradescope_, reveal_expected_, style);
  } else {
    plan.reporter = std::make_unique<VerdictReporter>(style);
  }
  return plan;
}

int usage_status(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    if (word == "--testlib" || word.starts_with("--testlib=")) return kTestlibFail;
  }
  return kExitUsage;
}

}  // namespace poker::cli
