// `poker verify --kattis` and `--testlib`: verify's verdict told the way a
// judge system's checker tells it (docs/grading.md), so that the installed
// `poker` is the checker of a problem package.
//
// Kattis and DOMjudge run an output validator as `VALIDATOR INPUT
// JUDGE_ANSWER FEEDBACK_DIR [ARGS] < TEAM_OUTPUT`: 42 accepted, 43 wrong
// answer, any other status a judge error; judgemessage.txt and
// teammessage.txt in FEEDBACK_DIR. testlib's judges run `CHECKER INPUT
// OUTPUT ANSWER`: 0 ok, 1 wrong answer, 2 presentation error, 3 checker
// failure, one line on stderr. poker computes the expected answers from
// INPUT; the judge's answer file is opened (a wrong path is the judge's
// error) and never read.
//
// Thread safety: used by main()'s thread only; a CheckerReporter routes the
// report() lines of the process while it lives.
#ifndef POKER_CLI_RUN_CHECKER_REPORTER_H_
#define POKER_CLI_RUN_CHECKER_REPORTER_H_

#include <memory>
#include <optional>
#include <string>

#include "poker/io/output_sink.h"
#include "poker/token_verify.h"
#include "poker/verify.h"
#include "run/reporter.h"

namespace poker::cli {

inline constexpr int kKattisAccepted = 42;
inline constexpr int kKattisWrongAnswer = 43;
inline constexpr int kTestlibWrongAnswer = 1;
inline constexpr int kTestlibPresentationError = 2;
inline constexpr int kTestlibFail = 3;
// ejudge runs testlib checkers built for it, with statuses of its own.
inline constexpr int kEjudgeWrongAnswer = 5;
inline constexpr int kEjudgePresentationError = 4;
inline constexpr int kEjudgeFail = 6;

// The checker protocol of a judge system that runs `poker verify`.
enum class CheckerProtocol { kKattis, kTestlib };

struct CheckerPlan {
  CheckerProtocol protocol = CheckerProtocol::kKattis;
  std::string judge_answer;      // the judge system's answer file: opened, never read
  std::string feedback_dir;      // Kattis: where judgemessage.txt and teammessage.txt go
  std::string report_file;       // testlib: where the verdict goes too (empty: nowhere)
  bool appes = false;            // testlib: report_file as testlib's XML
  bool ejudge = false;           // testlib: ejudge's statuses
  bool reveal_expected = false;  // what a contestant sees quotes the expected answer
  // The verdict's comparison: the judge system's default checker's; none
  // (--strict): the lines', byte for byte.
  std::optional<TokenRule> rule;
  VerifyOptions compare;  // the lines' comparison, as it ran (the feedback's, with a rule)
};

// Neither copyable nor movable: report() lines are routed to a member.
class CheckerReporter final : public Reporter {
 public:
  explicit CheckerReporter(CheckerPlan plan);
  ~CheckerReporter() override;
  CheckerReporter(const CheckerReporter&) = delete;
  CheckerReporter& operator=(const CheckerReporter&) = delete;

  // Opens, for Kattis, the feedback files, then the judge's answer file
  // (never read).
  std::optional<int> open(const StopSignals& signals) override;
  // The verdict told the protocol's way, or the run's failure as a judge
  // error.
  int report(JudgedRun& run, const StopSignals& signals) override;
  // What ended the run without a verdict is a judge error: Kattis's
  // judgemessage.txt then holds the lines reported (poker's statuses 1 to
  // 3 are judge errors there); testlib's status is 3.
  int finish(int status, const StopSignals& signals) override;

 private:
  // A verdict, as every protocol tells it.
  struct Verdict {
    enum Kind { kAccepted, kWrongAnswer, kPresentationError };  // indexes the protocols' words
    Kind kind = kAccepted;
    std::string judge_report;  // for the judge: Kattis's judgemessage.txt
    std::string message;       // one line, for whoever reads the verdict
  };
  // testlib's presentation error of an output it cannot read, or nothing.
  std::optional<Verdict> unreadable_output(const JudgedRun& run) const;
  Verdict token_verdict(const JudgedRun& run) const;
  Verdict line_verdict(const VerifyOutcome& outcome) const;
  int tell(const Verdict& verdict, const StopSignals& signals);
  int tell_testlib(const Verdict& verdict, const StopSignals& signals);
  // testlib's REPORT file: `message`, or with -appes testlib's XML of it.
  int write_report_file(const char* outcome, std::string_view message, const StopSignals& signals);
  int judge_error(int status, const StopSignals& signals);

  const CheckerPlan plan_;
  // Kattis's judgemessage.txt and teammessage.txt, or testlib's REPORT
  // (judge_message_), once opened.
  std::unique_ptr<io::OutputSink> judge_message_, team_message_;
  std::string reported_;  // this run's report() lines
  bool gave_verdict_ = false;
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_CHECKER_REPORTER_H_
