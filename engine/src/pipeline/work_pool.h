// The Works of a run, recycled. Internal to the engine.
//
// A Work that has been written goes back to the pool with its buffers'
// room, and the reader takes it again for a later range. Allocated afresh
// per range, a chunk's answer buffer (hundreds of KiB) would be freed by
// another thread than the one that filled it, and glibc hands such blocks
// back to the kernel and faults them in again on the next range: system
// time that grows with the thread count. At most as many Works exist as the
// pipeline has tokens, so recycling them keeps memory bounded by the tokens.
//
// The pool owns every Work it made, until it is destroyed; take() lends one
// out as a plain pointer (see Work), give_back() ends the loan.
//
// Thread safety: take() and give_back() may be called from any thread.
#ifndef POKER_ENGINE_PIPELINE_WORK_POOL_H_
#define POKER_ENGINE_PIPELINE_WORK_POOL_H_

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "pipeline/work.h"

namespace poker::pipeline {

class WorkPool {
 public:
  WorkPool() = default;
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;
  // REQUIRES: every Work taken was given back.
  ~WorkPool() {
    // Orders the last give_back() before the Works are destroyed (after
    // this body, with the members), for TSan too.
    const std::lock_guard lock(mutex_);
  }

  // A Work with nothing in it: a recycled one, or a new one. The pool keeps
  // owning it; the caller borrows it until give_back().
  Work* take() {
    taken_.fetch_add(1, std::memory_order_relaxed);
    const std::lock_guard lock(mutex_);
    if (free_.empty()) return owned_.emplace_back(std::make_unique<Work>()).get();
    Work* const work = free_.back();
    free_.pop_back();
    return work;
  }

  // Takes `work` back for a later range. What it held is dropped now (a
  // range keeps its map window alive); its answer buffers keep their room.
  void give_back(Work* work) {
    work->recycle();
    // Under the lock, so that whoever takes it next (the destructor, after
    // the run) is ordered after the count and the call, for TSan too.
    const std::lock_guard lock(mutex_);
    free_.push_back(work);
    if (taken_.fetch_sub(1, std::memory_order_release) == 2 && one_left_) one_left_();
  }

  // Called (by give_back()'s thread, under the pool's lock) each time a
  // give_back() leaves one Work taken. Set before the run, and cleared (an
  // empty function) after it, before what the call uses is destroyed.
  void on_one_left(std::function<void()> call) {
    const std::lock_guard lock(mutex_);
    one_left_ = std::move(call);
  }

  // Works taken and not yet given back: the reader's, and those on their
  // way to the writer. Whatever the writer did with a Work before giving it
  // back happened before a taken() that no longer counts it.
  std::size_t taken() const { return taken_.load(std::memory_order_acquire); }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Work>> owned_;  // every Work made; at most the pipeline's tokens
  std::vector<Work*> free_;                   // those of owned_ not lent out
  std::atomic<std::size_t> taken_{0};
  std::function<void()> one_left_;
};

}  // namespace poker::pipeline

#endif  // POKER_ENGINE_PIPELINE_WORK_POOL_H_
