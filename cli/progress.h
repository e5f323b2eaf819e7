// The progress line: on long runs with stderr a terminal, a line on stderr
// with bytes, instances and rate, rewritten in place a few times a second and
// erased at the end. Silent otherwise.
#ifndef POKER_CLI_PROGRESS_H_
#define POKER_CLI_PROGRESS_H_

#include <chrono>

#include "poker/pipeline.h"

namespace poker::cli {

class ProgressLine {
 public:
  // Shows nothing unless `enabled` and stderr is a terminal.
  explicit ProgressLine(bool enabled);
  ~ProgressLine();  // erases the line if one was shown

  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Called by the pipeline's writer after each chunk.
  void update(const RunStats& stats);

 private:
  using Clock = std::chrono::steady_clock;
  const bool enabled_;
  const Clock::time_point start_;
  Clock::time_point next_update_;
  bool shown_ = false;
};

}  // namespace poker::cli

#endif  // POKER_CLI_PROGRESS_H_
