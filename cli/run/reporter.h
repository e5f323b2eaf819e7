// How a judging run's end is told: the exit status, and the messages, the
// report or the judge system's files that say it. The plain judge's
// reporter (run/outcome_reporter.h) tells the outcome; `poker verify`'s
// tell its verdict as text or JSON, as a Kattis or testlib checker, or as a
// Gradescope autograder's results.
//
// Thread safety: used by main()'s thread only.
#ifndef POKER_CLI_RUN_REPORTER_H_
#define POKER_CLI_RUN_REPORTER_H_

#include <optional>
#include <string>

#include "poker/format.h"
#include "poker/io/head_keeping_source.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "poker/token_verify.h"
#include "poker/verify.h"

namespace poker::cli {

class StopSignals;
struct SharedOptions;

// What a judging run came to, and what it read and wrote.
struct JudgedRun {
  const SharedOptions& shared;
  const Format& format;
  RunOutcome outcome;
  std::optional<VerifyOutcome> verified;     // `poker verify`'s comparison by lines
  std::optional<TokenVerifyOutcome> tokens;  // and by a judge system's rule (CandidatePlan::tokens)
  io::HeadKeepingSource& input;              // its head for the hints
  std::string input_name;                    // as messages name it
  io::OutputSink& output;
  std::string answers;       // the candidate's answers file as given; empty: none
  std::string answers_name;  // as messages name it
  // The candidate's answers could not be opened (CandidatePlan::unopened_is_empty).
  std::optional<io::IoError> answers_unopened;
};

class Reporter {
 public:
  virtual ~Reporter() = default;

  // Opens what the reporter writes itself (a checker's feedback files),
  // before the run's own files: the status of the failure reported, or
  // nothing.
  virtual std::optional<int> open(const StopSignals& /*signals*/) { return std::nullopt; }

  // The end of the judging: its exit status, told.
  virtual int report(JudgedRun& run, const StopSignals& signals) = 0;

  // Any end of the run, with the status it came to (report()'s, or an
  // earlier failure's, already reported): the status to exit with. A
  // checker protocol tells what report() did not as a judge error.
  virtual int finish(int status, const StopSignals& /*signals*/) { return status; }
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_REPORTER_H_
