#include "commands/verify_command.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <string_view>

#include "command_line/value_checks.h"
#include "commands/shared_options.h"
#include "exit_status.h"
#include "run/cms_reporter.h"
#include "run/prairielearn_results.h"
#include "run/results_reporter.h"
#include "run/run_plan.h"
#include "run/verdict_reporter.h"

namespace poker::cli {
namespace {

constexpr std::string_view kKattisNames[] = {"INPUT", "JUDGE_ANSWER", "FEEDBACK_DIR"};
constexpr std::string_view kTestlibNames[] = {"INPUT", "OUTPUT", "ANSWER", "REPORT"};

void add_tolerance(CLI::App& app, ValueChecks& checks, const std::string& name, std::string& value,
                   const std::string& help) {
  checks.add(*app.add_option(name, value, help)->type_name("X"), tolerance());
}

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

void add_checker_options(CLI::App& app, ValueChecks& checks, CheckerOptions& checker, bool& reveal_expected) {
  app.add_option("--kattis", checker.kattis,
                 "Be a Kattis or DOMjudge output validator: judge INPUT and compare with the team output on "
                 "standard input as problemtools' default validator does (tokens, case ignored); exit 42 accepted, "
                 "43 wrong answer, any other status a judge error; the report in FEEDBACK_DIR/judgemessage.txt, one "
                 "line in teammessage.txt. Words after the files are the problem's validator_flags. JUDGE_ANSWER is "
                 "not read")
      ->expected(3)
      ->type_name("INPUT JUDGE_ANSWER FEEDBACK_DIR");
  app.add_option("--testlib", checker.testlib,
                 "Be a testlib checker: judge INPUT and compare with OUTPUT as testlib's wcmp does (tokens); exit 0 "
                 "ok, 1 wrong answer, 2 presentation error, 3 checker failure; one line on stderr, and in REPORT "
                 "when given. ANSWER is not read")
      ->expected(3, 4)
      ->type_name("INPUT OUTPUT ANSWER [REPORT]");
  app.add_flag("--ejudge", checker.ejudge,
               "--testlib: ejudge's statuses (0 ok, 5 wrong answer, 4 presentation "
               "error, 6 checker failure)");
  app.add_flag("--appes", checker.appes, "--testlib: REPORT as testlib's XML (its -appes)");
  app.add_option("--testset", checker.testset, "--testlib: the testset testlib's judges name (not used)")
      ->type_name("NAME");
  app.add_option("--group", checker.group, "--testlib: the group testlib's judges name (not used)")->type_name("NAME");
  app.add_flag("--case-sensitive", checker.rule.case_sensitive,
               "--kattis: tokens differing in case differ (problemtools' case_sensitive)");
  app.add_flag("--space-change-sensitive", checker.rule.space_change_sensitive,
               "--kattis: whitespace compared byte for byte (problemtools' space_change_sensitive)");
  add_tolerance(app, checks, "--float-absolute-tolerance", checker.absolute_tolerance,
                "--kattis: numbers compared within X (problemtools' float_absolute_tolerance)");
  add_tolerance(app, checks, "--float-relative-tolerance", checker.relative_tolerance,
                "--kattis: numbers compared within X times the answer (float_relative_tolerance)");
  add_tolerance(app, checks, "--float-tolerance", checker.tolerance, "--kattis: both tolerances X (float_tolerance)");
  app.add_flag("--reveal-expected", reveal_expected,
               "With --kattis, --testlib or --gradescope: what a contestant may see (teammessage.txt, testlib's "
               "line, the tests' output) quotes the expected and the found line where the output first differs");
}

// The usage error of the files a protocol names, or nothing.
std::optional<std::string> check_checker_files(const std::string& name, const std::vector<std::string>& files,
                                               bool kattis) {
  const std::string_view* names = kattis ? kKattisNames : kTestlibNames;
  const std::size_t least = 3, most = kattis ? 3 : 4;
  if (files.size() < least || files.size() > most) {
    return name + " needs " + (kattis ? "3 values" : "3 or 4 values") + ": " + std::string(names[0]) + " " +
           std::string(names[1]) + " " + std::string(names[2]) + (kattis ? "" : " [REPORT]");
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i].empty()) return name + ": " + std::string(names[i]) + ": the file name is empty";
    // OUTPUT alone may be standard input; the team output is, for Kattis.
    if (files[i] == "-" && (kattis || i != 1)) {
      return name + ": " + std::string(names[i]) + " cannot be standard input" +
             (kattis ? ": the team output is read from there" : "");
    }
  }
  return std::nullopt;
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
               "Do not compare blanks at the end of the candidate's lines, nor blank lines after its last answer, "
               "nor a missing final newline");
  add_gradescope_options(app, binding.checks, gradescope_);
  add_checker_options(app, binding.checks, checker_options_, reveal_expected_);
  add_grader_options(app, binding.checks, graders_, gradescope_);
}

std::optional<std::string> VerifyCommand::stray_checker_option() const {
  const CheckerOptions& given = checker_options_;
  const bool kattis = !given.kattis.empty(), testlib = !given.testlib.empty();
  const bool kattis_flags = given.rule.case_sensitive || given.rule.space_change_sensitive ||
                            !given.absolute_tolerance.empty() || !given.relative_tolerance.empty() ||
                            !given.tolerance.empty();
  if (kattis_flags && !kattis) {
    return "--case-sensitive, --space-change-sensitive and the --float-...-tolerance options go with --kattis";
  }
  if (kattis_flags && graders_.strict) return "--strict compares bytes: no validator flags go with it";
  if ((given.ejudge || given.appes || !given.testset.empty() || !given.group.empty()) && !testlib) {
    return "--ejudge, --appes, --testset and --group go with --testlib";
  }
  if (given.appes && given.testlib.size() < 4) return "--testlib: -appes needs a REPORT file before it";
  if (reveal_expected_ && !kattis && !testlib && gradescope_.dir.empty() && graders_.prairielearn.empty()) {
    return "--reveal-expected applies to --kattis, --testlib, --gradescope and --prairielearn";
  }
  return std::nullopt;
}

std::optional<TokenRule> VerifyCommand::token_rule() const {
  const CheckerOptions& given = checker_options_;
  if (graders_.strict) return std::nullopt;
  TokenRule rule = given.rule;
  if (!given.testlib.empty()) {
    TokenRule wcmp;
    wcmp.checker = TokenRule::Checker::kTestlibWcmp;
    return wcmp;
  }
  // As problemtools reads them: a negative tolerance compares nothing as
  // numbers; float_tolerance sets both.
  const auto set = [](std::optional<double>& tolerance, const std::string& text) {
    if (text.empty()) return;
    double value = -1;
    read_checker_number(text, value);  // checked already
    tolerance = value >= 0 ? std::optional<double>(value) : std::nullopt;
  };
  set(rule.float_absolute_tolerance, given.absolute_tolerance);
  set(rule.float_relative_tolerance, given.relative_tolerance);
  if (!given.tolerance.empty()) {
    set(rule.float_absolute_tolerance, given.tolerance);
    set(rule.float_relative_tolerance, given.tolerance);
  }
  return rule;
}

std::optional<std::string> VerifyCommand::settle_checker(SharedOptions& shared) {
  const CheckerOptions& given = checker_options_;
  const bool kattis = !given.kattis.empty();
  if (kattis && !given.testlib.empty()) return "--kattis and --testlib do not go together";
  if (const std::optional<std::string> stray = stray_checker_option()) return stray;
  if (!kattis && given.testlib.empty()) return std::nullopt;
  const std::string name = kattis ? "--kattis" : "--testlib";
  const std::vector<std::string>& files = kattis ? given.kattis : given.testlib;
  // The judge system names every file: the options that name them too
  // would contradict it, and the report has its own place.
  if (!answers_.empty()) {
    return name + (kattis ? " reads the team output from standard input" : " names the output (OUTPUT)") +
           ": no --answers";
  }
  if (shared.input != "-" && kattis) {
    return "--kattis: unknown word '" + shared.input +
           "' (the validator flags poker takes: case_sensitive, space_change_sensitive, float_absolute_tolerance X, "
           "float_relative_tolerance X, float_tolerance X, a format, PLAYERS and verify's options)";
  }
  if (shared.input != "-") return name + " names the input (INPUT): no -i or FILE";
  if (shared.output != "-") {
    return name + " writes no report to -o: " +
           (kattis ? "it goes to FEEDBACK_DIR/judgemessage.txt" : "its verdict is one line on stderr, or in REPORT");
  }
  if (shared.json) return "--json does not go with " + name + ": the protocol says how the verdict is told";
  if (!gradescope_.dir.empty()) return "--gradescope does not go with " + name + ": each is a judge system's verdict";
  if (const std::optional<std::string> wrong = check_checker_files(name, files, kattis)) return wrong;
  CheckerPlan& checker = checker_.emplace();
  checker.protocol = kattis ? CheckerProtocol::kKattis : CheckerProtocol::kTestlib;
  shared.input = files[0];
  answers_ = kattis ? "-" : files[1];
  checker.judge_answer = files[kattis ? 1 : 2];
  if (kattis) checker.feedback_dir = files[2];
  if (files.size() == 4) checker.report_file = files[3];
  checker.appes = given.appes;
  checker.ejudge = given.ejudge;
  checker.reveal_expected = reveal_expected_;
  checker.rule = token_rule();
  // Every difference counted: the judge's message has the counts. The
  // comparison by lines (the verdict with --strict, the feedback without)
  // aligns CRLF lines and lines with trailing blanks unless strict.
  compare_.all = true;
  if (checker.rule) compare_.strip_trailing_cr = compare_.ignore_trailing_space = true;
  checker.compare = compare_;
  return std::nullopt;
}

std::optional<Mistake> VerifyCommand::check(CheckContext& context) {
  if (std::optional<Mistake> mistake = format_->check(context)) return mistake;
  SharedOptions& shared = context.shared;
  // Blank lines after the answers are blanks at the end of the output: a
  // last print() of an empty line.
  compare_.ignore_trailing_blank_lines = compare_.ignore_trailing_blank_lines || compare_.ignore_trailing_space;
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
  CandidatePlan& candidate = plan.candidate.emplace();
  candidate.answers = answers_;
  candidate.compare = compare();
  // Gradescope and PrairieLearn score an unopened answers file 0; testlib
  // calls an unopened output a presentation error.
  candidate.unopened_is_empty = !gradescope_.dir.empty() || !graders_.prairielearn.empty() ||
                                (checker_ && checker_->protocol == CheckerProtocol::kTestlib);
  if (checker_) candidate.tokens = checker_->rule;
  const VerdictStyle style{compare(), json_, quiet_};
  if (checker_) {
    plan.reporter = std::make_unique<CheckerReporter>(*checker_);
  } else if (cms_) {
    plan.reporter = std::make_unique<CmsReporter>(*cms_);
  } else if (!graders_.prairielearn.empty()) {
    GradescopeSettings settings = gradescope_;
    settings.dir = graders_.prairielearn;
    plan.reporter =
        std::make_unique<ResultsReporter>(std::move(settings), render_prairielearn_results, reveal_expected_, style);
  } else if (!gradescope_.dir.empty()) {
    plan.reporter = std::make_unique<ResultsReporter>(gradescope_, RenderResults{render_gradescope_results},
                                                      reveal_expected_, style);
  } else {
    plan.reporter = std::make_unique<VerdictReporter>(style);
  }
  return plan;
}

int usage_status(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    if (word == "--testlib" || word.starts_with("--testlib=")) {
      // ejudge's status for a checker failure, when asked for before.
      for (int j = 1; j < i; ++j) {
        if (std::string_view(argv[j]) == "--ejudge") return kEjudgeFail;
      }
      return kTestlibFail;
    }
  }
  return kExitUsage;
}

}  // namespace poker::cli
