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
// Thread safety: used by main()'s thread only; a CheckerRun routes the
// report() lines of the process while it lives.
#ifndef POKER_CLI_CHECKER_PROTOCOL_H_
#define POKER_CLI_CHECKER_PROTOCOL_H_

#include <memory>
#include <optional>
#include <string>

#include "options.h"
#include "poker/io/output_sink.h"
#include "poker/verify.h"
#include "stop_signals.h"

namespace CLI {
class App;
}  // namespace CLI

namespace poker::cli {

inline constexpr int kKattisAccepted = 42;
inline constexpr int kKattisWrongAnswer = 43;
inline constexpr int kTestlibWrongAnswer = 1;
inline constexpr int kTestlibPresentationError = 2;
inline constexpr int kTestlibFail = 3;

// --kattis, --testlib and --reveal-expected, on `verify` and its format
// subcommands.
void add_checker_protocol_options(CLI::App& app, VerifyCommand& verify);

// The protocol's files as the rest of verify reads them (INPUT as -i, the
// team's output as --answers), the comparison counting every difference;
// the usage error of options that do not go with it, or nothing.
std::optional<std::string> resolve_checker_protocol(Options& options);

// The status of a usage error: 2, but testlib's checker failure (3) when
// the command line asks for --testlib, whose 2 is a presentation error.
int usage_status(int argc, char** argv);

// One checker run's own files and messages: the judge's answer file and
// the feedback files are opened before any judging, the messages written
// after it.
//
// Neither copyable nor movable: report() lines are routed to a member.
class CheckerRun {
 public:
  explicit CheckerRun(const Options& options);
  ~CheckerRun();
  CheckerRun(const CheckerRun&) = delete;
  CheckerRun& operator=(const CheckerRun&) = delete;

  // Opens, for Kattis, the feedback files, then the judge's answer file
  // (never read); the status of the reported failure, or nothing.
  std::optional<int> open(const StopSignals& signals);

  // The verdict told the protocol's way; its status (a judge error's if
  // the feedback cannot be written).
  int verdict(const VerifyOutcome& outcome, const StopSignals& signals);

  // Whether verdict() ended the run: any other end is a judge error.
  bool gave_verdict() const { return gave_verdict_; }

  // The status of a judge error that ended the run with poker's `status`,
  // already reported on stderr: Kattis's judgemessage.txt then holds the
  // lines reported (poker's statuses 1 to 3 are judge errors there);
  // testlib's status is 3.
  int judge_error(int status, const StopSignals& signals);

 private:
  const Options& options_;
  std::unique_ptr<io::OutputSink> judge_message_, team_message_;  // Kattis's, once opened
  std::string reported_;                                          // this run's report() lines
  bool gave_verdict_ = false;
};

}  // namespace poker::cli

#endif  // POKER_CLI_CHECKER_PROTOCOL_H_
