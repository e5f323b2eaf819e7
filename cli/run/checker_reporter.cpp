#include "run/checker_reporter.h"

#include <cstdio>
#include <string_view>

#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/io/input.h"
#include "run/outcome_reporter.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

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

CheckerReporter::CheckerReporter(CheckerPlan plan) : plan_(std::move(plan)) {
  // testlib's judge error is its checker failure, told in its words.
  route_reports(plan_.protocol == CheckerProtocol::kTestlib ? "FAIL " : "poker: ", &reported_);
}

CheckerReporter::~CheckerReporter() { route_reports("poker: ", nullptr); }

std::optional<int> CheckerReporter::open(const StopSignals& signals) {
  if (plan_.protocol == CheckerProtocol::kKattis) {
    // First, so that every later judge error is told there too.
    int status = kExitOk;
    judge_message_ = open_output_or_report(plan_.feedback_dir + "/judgemessage.txt", signals, status);
    if (!judge_message_) return status;
    team_message_ = open_output_or_report(plan_.feedback_dir + "/teammessage.txt", signals, status);
    if (!team_message_) return status;
  }
  const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its writer
  const io::OpenedInput answer = io::open_input(plan_.judge_answer, io::InputOptions{});
  if (!answer.source) return fail(signals, answer.error);
  return std::nullopt;
}

int CheckerReporter::report(JudgedRun& run, const StopSignals& signals) {
  if (!run.verified || run.outcome.status != RunOutcome::Status::kOk) return report_outcome(run, signals);
  if (run.verified->report.candidate_error != 0) {
    return fail(signals, io::IoError{io::IoError::Action::kRead, run.answers, run.verified->report.candidate_error});
  }
  return verdict(*run.verified, signals);
}

int CheckerReporter::verdict(const VerifyOutcome& outcome, const StopSignals& signals) {
  gave_verdict_ = true;
  const VerifyReport& report = outcome.report;
  const std::string where = render_verify_line(outcome, plan_.reveal_expected);
  if (plan_.protocol == CheckerProtocol::kTestlib) {
    // A presentation error needs every difference forgiven: the comparison
    // counted them all (the verify command asks for --all).
    const bool presentation_error = !report.passed() && report.only_forgivable_differences();
    std::fprintf(stderr, "%s\n", testlib_line(report, where, presentation_error).c_str());
    return report.passed() ? kExitOk : presentation_error ? kTestlibPresentationError : kTestlibWrongAnswer;
  }
  // Kattis has no presentation error: the judge's report names the option
  // that would accept the output, which validator_flags can give.
  const std::string team = (report.passed() ? "accepted: " : "wrong answer ") + where + "\n";
  int written = write_and_finish(*judge_message_, render_verify_report(outcome, plan_.compare), signals);
  if (written == kExitOk) written = write_and_finish(*team_message_, team, signals);
  if (written != kExitOk) {
    gave_verdict_ = false;
    judge_message_.reset();  // written whole, or failing: the error is on stderr
    return judge_error(written, signals);
  }
  return report.passed() ? kKattisAccepted : kKattisWrongAnswer;
}

int CheckerReporter::finish(int status, const StopSignals& signals) {
  return gave_verdict_ ? status : judge_error(status, signals);
}

int CheckerReporter::judge_error(int status, const StopSignals& signals) {
  if (plan_.protocol == CheckerProtocol::kTestlib) return kTestlibFail;
  if (judge_message_) {
    std::string message = std::move(reported_);
    route_reports("poker: ", nullptr);                    // a failure to write it is reported, not kept
    write_and_finish(*judge_message_, message, signals);  // a failure is reported; the status stays the error's
    judge_message_.reset();
  }
  return status;
}

}  // namespace poker::cli
