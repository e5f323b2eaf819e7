#include "run/checker_reporter.h"

#include <sys/stat.h>

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

// The instance whose answer holds line `line` of the answers; 0 for a
// line after the last answer (a summary's) or a format without answers.
std::uint64_t instance_at(const JudgedRun& run, std::uint64_t line) {
  const std::uint64_t per_instance = run.format.answer_lines_per_instance();
  if (per_instance == 0 || line == 0 || line > run.outcome.stats.instances * per_instance) return 0;
  return (line - 1) / per_instance + 1;
}

// The one-line verdict on answers a judge system's rule rejected: where,
// and what differs there; the expected token only when it may be shown.
std::string token_message(const JudgedRun& run, const TokenVerdict& verdict, bool reveal_expected) {
  const std::uint64_t instance = instance_at(run, verdict.expected_line);
  const std::string output_line = "output line " + std::to_string(verdict.output_line);
  std::string where =
      instance != 0 ? "on instance " + std::to_string(instance) + " (" + output_line + ")" : "at " + output_line;
  return where + ": " + describe_token_difference(verdict, reveal_expected);
}

// `text` as XML character data.
std::string xml_text(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

CheckerReporter::CheckerReporter(CheckerPlan plan) : plan_(std::move(plan)) {
  // testlib's judge error is its checker failure, told in its words.
  route_reports(plan_.protocol == CheckerProtocol::kTestlib ? "FAIL " : "poker: ", &reported_);
}

CheckerReporter::~CheckerReporter() { route_reports("poker: ", nullptr); }

std::optional<int> CheckerReporter::open(const StopSignals& signals) {
  // First, so that every later judge error is told there too.
  int status = kExitOk;
  if (plan_.protocol == CheckerProtocol::kKattis) {
    judge_message_ = open_output_or_report(plan_.feedback_dir + "/judgemessage.txt", signals, status);
    if (!judge_message_) return status;
    team_message_ = open_output_or_report(plan_.feedback_dir + "/teammessage.txt", signals, status);
    if (!team_message_) return status;
  } else if (!plan_.report_file.empty()) {
    judge_message_ = open_output_or_report(plan_.report_file, signals, status);
    if (!judge_message_) return status;
  }
  const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its writer
  const io::OpenedInput answer = io::open_input(plan_.judge_answer, io::InputOptions{});
  if (!answer.source) return fail(signals, answer.error);
  return std::nullopt;
}

int CheckerReporter::report(JudgedRun& run, const StopSignals& signals) {
  if (run.outcome.status != RunOutcome::Status::kOk || (!run.verified && !run.tokens)) {
    return report_outcome(run, signals);
  }
  if (const std::optional<Verdict> unreadable = unreadable_output(run)) return tell(*unreadable, signals);
  if (run.tokens) {
    const TokenVerdict& verdict = run.tokens->verdict;
    if (verdict.kind == TokenVerdict::Kind::kOutputUnreadable) {
      return fail(signals, io::IoError{io::IoError::Action::kRead, run.answers, verdict.read_error});
    }
    return tell(token_verdict(run), signals);
  }
  if (run.verified->report.candidate_error != 0) {
    return fail(signals, io::IoError{io::IoError::Action::kRead, run.answers, run.verified->report.candidate_error});
  }
  return tell(line_verdict(*run.verified), signals);
}

std::optional<CheckerReporter::Verdict> CheckerReporter::unreadable_output(const JudgedRun& run) const {
  // testlib's presentation errors: no output file, or one over its 128 MiB.
  if (run.answers_unopened) return Verdict{Verdict::kPresentationError, "", io_error_line(*run.answers_unopened)};
  struct stat info {};
  constexpr std::uint64_t kTestlibMaxOutput = std::uint64_t{128} << 20;
  if (plan_.protocol == CheckerProtocol::kTestlib && ::stat(run.answers.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
      static_cast<std::uint64_t>(info.st_size) > kTestlibMaxOutput) {
    return Verdict{Verdict::kPresentationError, "", run.answers_name + ": the output is over 128 MiB"};
  }
  return std::nullopt;
}

CheckerReporter::Verdict CheckerReporter::token_verdict(const JudgedRun& run) const {
  const TokenVerdict& tokens = run.tokens->verdict;
  const std::uint64_t instances = run.outcome.stats.instances;
  if (tokens.accepted()) {
    const std::string counts = std::to_string(instances) + (instances == 1 ? " instance" : " instances");
    std::string report = "accepted: ";
    report += counts + ", " + std::to_string(run.tokens->tokens) + " tokens\n";
    return {Verdict::kAccepted, report, counts};
  }
  Verdict verdict{tokens.presentation_error() ? Verdict::kPresentationError : Verdict::kWrongAnswer, "wrong answer",
                  token_message(run, tokens, plan_.reveal_expected)};
  if (const std::uint64_t instance = instance_at(run, tokens.expected_line)) {
    verdict.judge_report += " on instance " + std::to_string(instance);
  }
  verdict.judge_report += ": ";
  verdict.judge_report += describe_token_verdict(tokens);
  verdict.judge_report += '\n';
  // The lines tell more (the instance's input, the counts, where the
  // output realigns), though they differ where the rule forgives.
  if (run.verified && !run.verified->report.passed()) {
    verdict.judge_report += "\nThe answers compared by lines (CR line ends and trailing blanks forgiven):\n";
    verdict.judge_report += render_verify_report(*run.verified, plan_.compare);
  }
  return verdict;
}

CheckerReporter::Verdict CheckerReporter::line_verdict(const VerifyOutcome& outcome) const {
  const bool passed = outcome.report.passed();
  return {passed ? Verdict::kAccepted : Verdict::kWrongAnswer, render_verify_report(outcome, plan_.compare),
          render_verify_line(outcome, plan_.reveal_expected)};
}

int CheckerReporter::tell(const Verdict& verdict, const StopSignals& signals) {
  gave_verdict_ = true;
  if (plan_.protocol == CheckerProtocol::kTestlib) return tell_testlib(verdict, signals);
  std::string team = verdict.kind == Verdict::kAccepted ? "accepted: " : "wrong answer ";
  team += verdict.message;
  int written = write_and_finish(*judge_message_, verdict.judge_report, signals);
  if (written == kExitOk) written = write_and_finish(*team_message_, team + "\n", signals);
  if (written != kExitOk) {
    gave_verdict_ = false;
    judge_message_.reset();  // written whole, or failing: the error is on stderr
    return judge_error(written, signals);
  }
  return verdict.kind == Verdict::kAccepted ? kKattisAccepted : kKattisWrongAnswer;
}

int CheckerReporter::tell_testlib(const Verdict& verdict, const StopSignals& signals) {
  static constexpr const char* kWords[] = {"ok ", "wrong answer ", "wrong output format "};
  static constexpr const char* kOutcomes[] = {"accepted", "wrong-answer", "presentation-error"};
  std::fprintf(stderr, "%s%s\n", kWords[verdict.kind], verdict.message.c_str());
  if (judge_message_ && write_report_file(kOutcomes[verdict.kind], verdict.message, signals) != kExitOk) {
    gave_verdict_ = false;
    return judge_error(kExitIo, signals);
  }
  const int ejudge[] = {kExitOk, kEjudgeWrongAnswer, kEjudgePresentationError};
  const int testlib[] = {kExitOk, kTestlibWrongAnswer, kTestlibPresentationError};
  return plan_.ejudge ? ejudge[verdict.kind] : testlib[verdict.kind];
}

int CheckerReporter::write_report_file(const char* outcome, std::string_view message, const StopSignals& signals) {
  // testlib writes the message alone, or in its XML with -appes.
  std::string text(message);
  if (plan_.appes) {
    text = "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"";
    text += outcome;
    text += "\">";
    text += xml_text(message);
    text += "</result>\n";
  }
  const int written = write_and_finish(*judge_message_, text, signals);
  judge_message_.reset();
  return written;
}

int CheckerReporter::finish(int status, const StopSignals& signals) {
  return gave_verdict_ ? status : judge_error(status, signals);
}

int CheckerReporter::judge_error(int status, const StopSignals& signals) {
  std::string message = std::move(reported_);
  route_reports(plan_.protocol == CheckerProtocol::kTestlib ? "FAIL " : "poker: ", nullptr);
  if (plan_.protocol == CheckerProtocol::kTestlib) {
    while (!message.empty() && message.back() == '\n') message.pop_back();
    if (judge_message_) write_report_file("fail", message, signals);  // a failure is reported; the status stays
    return plan_.ejudge ? kEjudgeFail : kTestlibFail;
  }
  if (judge_message_) {
    write_and_finish(*judge_message_, message, signals);  // a failure is reported; the status stays the error's
    judge_message_.reset();
  }
  return status;
}

}  // namespace poker::cli
