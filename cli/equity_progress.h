// The progress line of a long `poker equity` computation: after a second,
// a few times a second, "poker: equity 42% (exact), about 3 s left" on a
// StatusLine whenever stderr is a terminal (stdout's terminal too: the
// answer is written after the computation, once the line is erased), and
// -v's report of the computation.
#ifndef POKER_CLI_EQUITY_PROGRESS_H_
#define POKER_CLI_EQUITY_PROGRESS_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>

#include "poker/equity.h"
#include "status_line.h"

namespace poker::cli {

class EquityProgressLine {
 public:
  // Watches `settings.progress` (which must be set) while it lives; `seconds`
  // is the --time of a Monte Carlo run for a time, 0 otherwise. Shown
  // unless `quiet` (-q).
  EquityProgressLine(const EquityProgress& progress, double seconds, bool quiet);
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

// -v for a query on the command line, as for a query file (main.cpp): what
// is computed and with how many threads, then the boards counted, the time
// and the rate; with --json (`json`), poker-stats/1's one line of JSON.
void report_equity_query(bool json, std::size_t threads, const EquityResult& result, double seconds);

}  // namespace poker::cli

#endif  // POKER_CLI_EQUITY_PROGRESS_H_
