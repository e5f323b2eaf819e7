#include "checker_protocol.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string_view>
#include <vector>

#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/escape.h"
#include "poker/io/input.h"

namespace poker::cli {
namespace {

constexpr std::string_view kKattisNames[] = {"INPUT", "JUDGE_ANSWER", "FEEDBACK_DIR"};
constexpr std::string_view kTestlibNames[] = {"INPUT", "OUTPUT", "ANSWER"};

// testlib's one line: "ok ...", "wrong answer ...", "wrong output format
// ...", and a presentation error's cause with the option that accepts it.
std::string testlib_line(const VerifyReport& report, const std::string& where, bool presentation_error) {
  if (report.passed()) return "ok " + where;
  if (!presentation_error) return "wrong answer " + where;
  const bool cr = report.forgiving_option() == "--strip-trailing-cr";
  return "wrong output format " + where + "; only " +
         (cr ? "CR line ends differ" : "trailing blanks or the final newline differ") + " (" +
         std::string(report.forgiving_option()) + " accepts that)";
}

}  // namespace

void add_checker_protocol_options(CLI::App& app, VerifyCommand& verify) {
  app.add_option("--kattis", verify.kattis,
                 "Be a Kattis or DOMjudge output validator: judge INPUT and compare with the team output on "
                 "standard input; exit 42 accepted, 43 wrong answer, any other status a judge error; the report in "
                 "FEEDBACK_DIR/judgemessage.txt, one line in teammessage.txt. JUDGE_ANSWER is not read")
      ->expected(3)
      ->type_name("INPUT JUDGE_ANSWER FEEDBACK_DIR");
  app.add_option("--testlib", verify.testlib,
                 "Be a testlib checker: judge INPUT and compare with OUTPUT; exit 0 ok, 1 wrong answer, 2 "
                 "presentation error (only CR line ends or trailing blanks differ), 3 checker failure; one line on "
                 "stderr. ANSWER is not read")
      ->expected(3)
      ->type_name("INPUT OUTPUT ANSWER");
  app.add_flag("--reveal-expected", verify.reveal_expected,
               "With --kattis, --testlib or --gradescope: what a contestant may see (teammessage.txt, testlib's "
               "line, the tests' output) quotes the expected and the found line where the output first differs");
}

std::optional<std::string> resolve_checker_protocol(Options& options) {
  VerifyCommand& verify = options.verify;
  const bool kattis = !verify.kattis.empty();
  if (kattis && !verify.testlib.empty()) return "--kattis and --testlib do not go together";
  if (!kattis && verify.testlib.empty()) {
    if (verify.reveal_expected && verify.gradescope.dir.empty()) {
      return "--reveal-expected applies to --kattis, --testlib and --gradescope";
    }
    return std::nullopt;
  }
  const std::string name = kattis ? "--kattis" : "--testlib";
  const std::vector<std::string>& files = kattis ? verify.kattis : verify.testlib;
  // The judge system names every file: the options that name them too
  // would contradict it, and the report has its own place.
  if (!verify.answers.empty()) {
    return name + (kattis ? " reads the team output from standard input" : " names the output (OUTPUT)") +
           ": no --answers";
  }
  if (options.input != "-") return name + " names the input (INPUT): no -i or FILE";
  if (options.output != "-") {
    return name + " writes no report to -o: " +
           (kattis ? "it goes to FEEDBACK_DIR/judgemessage.txt" : "its verdict is one line on stderr");
  }
  if (options.json) return "--json does not go with " + name + ": the protocol says how the verdict is told";
  if (!verify.gradescope.dir.empty())
    return "--gradescope does not go with " + name + ": each is a judge system's verdict";
  const std::string_view* names = kattis ? kKattisNames : kTestlibNames;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i].empty()) return name + ": " + std::string(names[i]) + ": the file name is empty";
    // OUTPUT alone may be standard input; the team output is, for Kattis.
    if (files[i] == "-" && (kattis || i != 1)) {
      return name + ": " + std::string(names[i]) + " cannot be standard input" +
             (kattis ? ": the team output is read from there" : "");
    }
  }
  verify.protocol = kattis ? CheckerProtocol::kKattis : CheckerProtocol::kTestlib;
  options.input = files[0];
  verify.answers = kattis ? "-" : files[1];
  verify.judge_answer = files[kattis ? 1 : 2];
  if (kattis) verify.feedback_dir = files[2];
  // Every difference counted: the judge's message has the counts, and a
  // presentation error is told from a wrong answer on the whole output.
  verify.compare.all = true;
  return std::nullopt;
}

int usage_status(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    if (word == "--testlib" || word.starts_with("--testlib=")) return kTestlibFail;
  }
  return kExitUsage;
}

CheckerRun::CheckerRun(const Options& options) : options_(options) {
  // testlib's judge error is its checker failure, told in its words.
  const bool testlib = options.verify.protocol == CheckerProtocol::kTestlib;
  route_reports(testlib ? "FAIL " : "poker: ", &reported_);
}

CheckerRun::~CheckerRun() { route_reports("poker: ", nullptr); }

std::optional<int> CheckerRun::open(const StopSignals& signals) {
  if (options_.verify.protocol == CheckerProtocol::kKattis) {
    // First, so that every later judge error is told there too.
    int status = kExitOk;
    const std::string& dir = options_.verify.feedback_dir;
    judge_message_ = open_output_or_report(dir + "/judgemessage.txt", signals, status);
    if (!judge_message_) return status;
    team_message_ = open_output_or_report(dir + "/teammessage.txt", signals, status);
    if (!team_message_) return status;
  }
  const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its writer
  const io::OpenedInput answer = io::open_input(options_.verify.judge_answer, io::InputOptions{});
  if (!answer.source) return fail(signals, answer.error);
  return std::nullopt;
}

int CheckerRun::verdict(const VerifyOutcome& outcome, const StopSignals& signals) {
  gave_verdict_ = true;
  const VerifyReport& report = outcome.report;
  const std::string where = render_verify_line(outcome, options_.verify.reveal_expected);
  if (options_.verify.protocol == CheckerProtocol::kTestlib) {
    // A presentation error needs every difference forgiven: the comparison
    // counted them all (resolve_checker_protocol()).
    const bool presentation_error = !report.passed() && report.only_forgivable_differences();
    std::fprintf(stderr, "%s\n", testlib_line(report, where, presentation_error).c_str());
    return report.passed() ? kExitOk : presentation_error ? kTestlibPresentationError : kTestlibWrongAnswer;
  }
  // Kattis has no presentation error: the judge's report names the option
  // that would accept the output, which validator_flags can give.
  const std::string team = (report.passed() ? "accepted: " : "wrong answer ") + where + "\n";
  int written = write_and_finish(*judge_message_, render_verify_report(outcome, options_.verify.compare), signals);
  if (written == kExitOk) written = write_and_finish(*team_message_, team, signals);
  if (written != kExitOk) {
    gave_verdict_ = false;
    judge_message_.reset();  // written whole, or failing: the error is on stderr
    return judge_error(written, signals);
  }
  return report.passed() ? kKattisAccepted : kKattisWrongAnswer;
}

int CheckerRun::judge_error(int status, const StopSignals& signals) {
  if (options_.verify.protocol == CheckerProtocol::kTestlib) return kTestlibFail;
  if (judge_message_) {
    std::string message = std::move(reported_);
    route_reports("poker: ", nullptr);                    // a failure to write it is reported, not kept
    write_and_finish(*judge_message_, message, signals);  // a failure is reported; the status stays the error's
    judge_message_.reset();
  }
  return status;
}

}  // namespace poker::cli
