// The progress line of a long `poker equity` computation: after a second,
// a few times a second, "poker: equity 42% (exact), about 3 s left" on a
// StatusLine (status_line.h: only where it cannot mix with the answer),
// erased when the computation ends.
#ifndef POKER_CLI_EQUITY_PROGRESS_H_
#define POKER_CLI_EQUITY_PROGRESS_H_

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "poker/equity.h"
#include "status_line.h"

namespace poker::cli {

class EquityProgressLine {
 public:
  // Watches `settings.progress` (which must be set) while it lives; `seconds`
  // is the --time of a Monte Carlo run for a time, 0 otherwise;
  // `answers_on_stdout`: no -o FILE (StatusLine::allowed()).
  EquityProgressLine(const EquityProgress& progress, double seconds, bool answers_on_stdout);
  ~EquityProgressLine();  // stops watching and erases the line

  EquityProgressLine(const EquityProgressLine&) = delete;
  EquityProgressLine& operator=(const EquityProgressLine&) = delete;

 private:
  void watch();
  void render(std::chrono::steady_clock::time_point now);

  const EquityProgress& progress_;
  const double seconds_;
  const std::chrono::steady_clock::time_point start_;
  StatusLine line_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread watcher_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_EQUITY_PROGRESS_H_
