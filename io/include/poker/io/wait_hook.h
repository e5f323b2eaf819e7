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
  virtual ~WaitHook() = default;
  // Must call `wait` once, on the calling thread; `wait` returns when the
  // stream can go on (or on a stop request's wake-up).
  virtual void around_wait(const std::function<void()>& wait) = 0;
};

}  // namespace poker::io

#endif  // POKER_IO_WAIT_HOOK_H_
