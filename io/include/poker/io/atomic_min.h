// The least of the values that threads (or a signal handler) offer, such as
// the first offset of a file found truncated, or the first faulty row of a
// parallel loop: the same answer whatever order the offers come in.
//
// Thread safety: any number of threads at once; async-signal-safe where
// std::atomic<T> is lock-free.
#ifndef POKER_IO_ATOMIC_MIN_H_
#define POKER_IO_ATOMIC_MIN_H_

#include <atomic>

namespace poker::io {

// Lowers `least` to `offer` if `offer` is smaller. Relaxed: the value is
// the only thing shared; whoever reads it orders itself (a pipeline stage's
// end, a join).
template <typename T>
void lower_to(std::atomic<T>& least, T offer) {
  T seen = least.load(std::memory_order_relaxed);
  while (offer < seen && !least.compare_exchange_weak(seen, offer, std::memory_order_relaxed)) {
  }
}

}  // namespace poker::io

#endif  // POKER_IO_ATOMIC_MIN_H_
