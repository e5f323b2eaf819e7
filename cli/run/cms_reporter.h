// `poker verify --cms`: verify's verdict told the way a CMS comparator
// tells it (docs/grading.md), so that the installed `poker` is a task's
// checker. CMS runs a comparator as `COMPARATOR INPUT CORRECT_OUTPUT
// CONTESTANT_OUTPUT`: the score on stdout (a float, 0.0 to 1.0), the
// message on stderr's first line (`translate:success`, `translate:wrong`,
// `translate:partial`, which CMS shows in its own words), status 0. Anything
// else is a judge error: a nonzero status, a message on stderr, nothing on
// stdout. poker computes the expected answers from INPUT; CORRECT_OUTPUT is
// opened (a wrong path is the task's error) and never read.
//
// Thread safety: used by main()'s thread only.
#ifndef POKER_CLI_RUN_CMS_REPORTER_H_
#define POKER_CLI_RUN_CMS_REPORTER_H_

#include <cstdint>
#include <optional>
#include <string>

#include "poker/verify.h"
#include "run/reporter.h"

namespace poker::cli {

struct CmsPlan {
  std::string correct_output;  // CMS's answer file: opened, never read
  bool partial = false;        // the score is the share of instances right, not all or nothing
};

// The score CMS reads: "1.0" when the candidate passes, else "0.0", or with
// `partial` the share of right answers among the instances and the lines
// that answer nothing (each counts as one more wrong answer), below 1.
std::string cms_score(const VerifyReport& report, std::uint64_t instances, bool partial);

class CmsReporter final : public Reporter {
 public:
  explicit CmsReporter(CmsPlan plan) : plan_(std::move(plan)) {}

  // Opens CORRECT_OUTPUT (never read).
  std::optional<int> open(const StopSignals& signals) override;
  // The score and the message, or the run's failure as a judge error.
  int report(JudgedRun& run, const StopSignals& signals) override;

 private:
  const CmsPlan plan_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_RUN_CMS_REPORTER_H_
