// SIGINT and SIGTERM end a run in order instead of killing it mid-write.
//
// The signals are blocked in every thread and taken by one watcher thread
// (sigwait), which only records them: it sets the stop flag the pipeline
// polls between chunks, and writes a byte to a self-pipe that wakes a read
// waiting on a slow producer. The run then ends promptly, with the answers
// written so far being whole chunks, hence whole lines; the caller reports
// the interruption and re-raises the signal (reraise()), so that the parent
// sees the process ended by it (a shell's status 130 or 143) and a script
// interrupted by Ctrl-C stops too. A second signal ends the process at once.
//
// Thread safety: one StopSignals per process, made by main() before any
// other thread starts; the flag and the pipe may be read from any thread.
#ifndef POKER_CLI_STOP_SIGNALS_H_
#define POKER_CLI_STOP_SIGNALS_H_

#include <atomic>

namespace poker::cli {

class StopSignals {
 public:
  StopSignals();  // blocks the signals and starts the watcher
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  const std::atomic<bool>& stop_flag() const;
  // Readable once a signal has arrived (-1 if the pipe could not be made).
  int wake_fd() const;
  // The signal that arrived first, or 0.
  int received() const;
  // Ends the process by the signal received, with its default action.
  [[noreturn]] void reraise() const;
};

}  // namespace poker::cli

#endif  // POKER_CLI_STOP_SIGNALS_H_
