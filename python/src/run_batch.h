// threads= of the batch functions, and the thread their work runs on.
//
// The work runs in a oneTBB arena of that many threads (clamped as the CLI
// clamps -j: to the hardware's threads and to those the system lets the
// process start), or in the default one (all cores) for None, the GIL
// released.
//
// Python runs its signal handlers (Ctrl-C's KeyboardInterrupt) only in the
// main thread, between bytecodes, so a call that may compute or wait for
// long runs its work on a thread of its own while the calling thread waits,
// reacquiring the GIL every kSignalCheck to run the handlers. A handler that
// raises stops the work (the Stop's flag, which the engine polls, and its
// wake pipe, which cuts a wait for input short) and the call raises its
// exception once the work has returned.
#ifndef POKER_PYTHON_RUN_BATCH_H_
#define POKER_PYTHON_RUN_BATCH_H_

#include <pthread.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>

namespace poker::python {

// How often a waiting call looks for a signal: well within the 100 ms a
// person notices, rare enough that the GIL's hand-overs cost nothing.
inline constexpr std::chrono::milliseconds kSignalCheck{20};

// Batches of fewer cards take a few milliseconds at most: they run on the
// calling thread, as a thread of their own would cost more than they do.
inline constexpr std::size_t kQuickBatchCards = std::size_t{1} << 20;

// threads= as a thread count: None is nullopt (all cores), an int below 1
// raises ValueError, a larger one is clamped as the CLI clamps -j; anything
// but an int (operator.index) raises TypeError. Call it before any work
// starts.
std::optional<std::size_t> thread_count(const pybind11::object& threads);

// A stop request, from the calling thread to the work. Not copyable or
// movable; the flag and the pipe may be read from any thread.
class Stop {
 public:
  // With `with_pipe`, wake_fd() is the read end of a pipe that turns
  // readable on a stop (-1 without, or where no pipe could be made).
  explicit Stop(bool with_pipe);
  ~Stop();
  Stop(const Stop&) = delete;
  Stop& operator=(const Stop&) = delete;

  const std::atomic<bool>& flag() const { return flag_; }
  bool requested() const { return flag_.load(std::memory_order_relaxed); }
  int wake_fd() const { return pipe_[0]; }
  void request();

  // While one is alive, interrupt_blocking() makes the blocking system
  // calls of the thread that made it fail with EINTR: for a call that cannot
  // wait on wake_fd(), as the open() of a FIFO waiting for a writer. One at a
  // time.
  class Blocking {
   public:
    explicit Blocking(const Stop& stop);
    ~Blocking();
    Blocking(const Blocking&) = delete;
    Blocking& operator=(const Blocking&) = delete;

   private:
    const Stop& stop_;
  };
  void interrupt_blocking() const;

 private:
  std::atomic<bool> flag_{false};
  int pipe_[2] = {-1, -1};
  // The Blocking scope's thread: a scope is made by the work, which sees the
  // Stop as const.
  mutable std::mutex mutex_;
  mutable bool blocking_ = false;        // guarded by mutex_
  mutable pthread_t blocking_thread_{};  // guarded by mutex_
};

// Runs `work` with `threads` threads (all cores when unset), the GIL
// released. With `interruptible`, on a thread of its own, stopped by a
// signal handler that raises, whose exception the call then raises; without
// (work too short to be worth a thread), on the calling thread. `work` must
// not touch Python objects.
void run_batch(std::optional<std::size_t> threads, bool interruptible, const std::function<void(const Stop&)>& work);

}  // namespace poker::python

#endif  // POKER_PYTHON_RUN_BATCH_H_
