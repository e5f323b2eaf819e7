// The progress line: on long runs, a line on stderr with bytes, instances
// and rate (and, for an input of known size, the share done and the time
// left), rewritten in place a few times a second and erased at the end.
//
// Shown only where it can corrupt nothing: stderr is a terminal, stdout is
// not that same terminal (the answers would run into the line), and the
// input is not a terminal (a person typing instances sees their own lines;
// a person who named a file on a terminal sees the line).
#ifndef POKER_CLI_PROGRESS_H_
#define POKER_CLI_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "poker/pipeline.h"
#include "status_line.h"

namespace poker::cli {

// Whether a progress line may be shown on such streams; `answers_on_stdout`:
// the answers go to stdout (no -o FILE), where they would run into the line
// if stdout is stderr's terminal; `input_on_stdin`: the input is standard
// input (no named file), which someone may be typing on a terminal.
bool progress_allowed(const Terminals& terminals, bool answers_on_stdout, bool input_on_stdin);

// The line's text (no "\r", no erasing): bytes, the share of `total_bytes`
// and the seconds left when the total is known, instances, rate.
std::string progress_text(const RunStats& stats, std::optional<std::uint64_t> total_bytes, double seconds);

class ProgressLine {
 public:
  // Shows nothing unless `enabled` and progress_allowed(current_terminals(),
  // answers_on_stdout, input_on_stdin). `total_bytes`: the input's size,
  // when known.
  ProgressLine(bool enabled, bool answers_on_stdout, bool input_on_stdin, std::optional<std::uint64_t> total_bytes);

  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Called by the pipeline's writer after each chunk.
  void update(const RunStats& stats);

 private:
  using Clock = std::chrono::steady_clock;
  StatusLine line_;  // drawn and erased there
  const std::optional<std::uint64_t> total_bytes_;
  const Clock::time_point start_;
  Clock::time_point next_update_;
};

// The size left to read of the input `path` ("-": standard input from its
// offset) when it is a regular file; nothing otherwise.
std::optional<std::uint64_t> input_size(const std::string& path);

}  // namespace poker::cli

#endif  // POKER_CLI_PROGRESS_H_
