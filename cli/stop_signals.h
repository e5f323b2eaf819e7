// SIGINT and SIGTERM end a run in order instead of killing it mid-write.
//
// The signals are blocked in every thread and taken by one watcher thread
// (sigwait), which only records them: it sets the stop flag the pipeline
// polls between chunks, and writes a byte to a self-pipe that wakes a read
// or a write waiting on a slow peer. The run then ends promptly, with the
// answers written so far being whole lines; the caller reports the
// interruption and re-raises the signal (reraise()), so that the parent sees
// the process ended by it (a shell's status 130 or 143) and a script
// interrupted by Ctrl-C stops too. A second signal ends the process at once.
//
// A system call that cannot wait on the self-pipe (the open() of a FIFO that
// waits for its peer) is made inside an InterruptScope: after a stop, the
// watcher sends the scope's thread SIGURG every few milliseconds (a handler
// without SA_RESTART that does nothing), so that the call fails with EINTR
// even if the stop came just before it began.
//
// Where no thread can be started (RLIMIT_NPROC), a handler takes the stop
// signals instead of the watcher, with the same effects.
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

  // While one is alive, a stop makes the blocking system calls of the thread
  // that made it fail with EINTR. One at a time.
  class InterruptScope {
   public:
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;
  };
};

}  // namespace poker::cli

#endif  // POKER_CLI_STOP_SIGNALS_H_
