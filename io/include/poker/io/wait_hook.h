// What a thread does while a stream makes it wait.
//
// A read from a pipe or a terminal that has nothing yet, and a write to a
// pipe that is full, block the thread that makes them. Everything else in
// the run may be waiting on that thread too: the other threads then have no
// work, and a thread pool's idle threads spin (oneTBB's do) unless someone
// tells them to sleep. A WaitHook is how the waits say so: the stream calls
// around_wait() only when it must block, never when its data or room is
// already there, and the hook decides what surrounds the wait
// (poker::release_threads_while_waiting() caps oneTBB's threads).
//
// Thread safety: around_wait() may be called from several threads at once
// (a run's reader and writer both waiting).
#ifndef POKER_IO_WAIT_HOOK_H_
#define POKER_IO_WAIT_HOOK_H_

#include <functional>

namespace poker::io {

class WaitHook {
 public:
  // What around_wait() is given: wait(timeout_ms) blocks until the stream
  // can go on (or a stop request's wake-up comes), until timeout_ms
  // milliseconds have passed (-1: no limit), or until the hook's own
  // interrupt_fd() is readable, and returns whether the wait is over
  // (false: only the time ran out, or the hook's descriptor woke it).
  using Wait = std::function<bool(int timeout_ms)>;

  virtual ~WaitHook() = default;
  // Must call `wait`, on the calling thread, until it returns true.
  virtual void around_wait(const Wait& wait) = 0;
  // A descriptor whose readability ends a wait early (-1: none): how a
  // hook hears, while it waits, that what surrounds the wait must change.
  // The hook makes it unreadable again before it waits on.
  virtual int interrupt_fd() const { return -1; }
};

}  // namespace poker::io

#endif  // POKER_IO_WAIT_HOOK_H_
