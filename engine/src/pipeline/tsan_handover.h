// What ThreadSanitizer cannot see of a pipeline run, said in one place.
// Internal to the engine.
//
// TBB hands work from stage to stage inside libtbb, which Debian does not
// build with TSan. The stages say it instead: each one publishes what it
// leaves for the next (release) and takes what the previous one left
// (acquire), and each serial stage does the same with its own state between
// calls on different threads. Only the edges TBB guarantees are declared;
// everything else stays checked. Outside a TSan build all of this is empty.
#ifndef POKER_ENGINE_PIPELINE_TSAN_HANDOVER_H_
#define POKER_ENGINE_PIPELINE_TSAN_HANDOVER_H_

#include <array>
#include <cstddef>
#include <initializer_list>

#if defined(__SANITIZE_THREAD__)
#define POKER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define POKER_TSAN 1
#endif
#endif

#ifdef POKER_TSAN
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace poker::tsan {

#ifdef POKER_TSAN
inline void hand_over(const void* what) { __tsan_release(const_cast<void*>(what)); }
inline void take_over(const void* what) { __tsan_acquire(const_cast<void*>(what)); }
#else
inline void hand_over(const void* /*what*/) {}
inline void take_over(const void* /*what*/) {}
#endif

// The start of a run: the thread calling run_pipeline built the stages (the
// bodies TBB copied) and their state; each stage takes that over before it
// reads its own fields on a worker.
inline char g_run_start;

// Proof that the caller took over the run's start (run_started()).
struct RunStarted {};

// Takes over the run's start: before a stage body reads its own fields.
inline RunStarted run_started() {
  take_over(&g_run_start);
  return {};
}

// One call of a stage body: it takes over `what` (the work item it was
// given, its own serial state) for its lifetime, and hands `what` over to
// whoever comes next when it ends. Written as
//   const StageCall call{run_started(), {&state_, work}};
// so that the run's start is taken over before `what` reads the stage's
// fields: the elements of braces are evaluated in order.
class StageCall {
 public:
#ifdef POKER_TSAN
  StageCall(RunStarted /*started*/, std::initializer_list<const void*> what) {
    for (const void* item : what) {
      take_over(item);
      if (count_ < what_.size()) what_[count_++] = item;
    }
  }
  ~StageCall() {
    for (std::size_t i = 0; i < count_; ++i) hand_over(what_[i]);
  }
#else
  StageCall(RunStarted /*started*/, std::initializer_list<const void*> /*what*/) {}
#endif
  StageCall(const StageCall&) = delete;
  StageCall& operator=(const StageCall&) = delete;

 private:
#ifdef POKER_TSAN
  std::array<const void*, 3> what_{};
  std::size_t count_ = 0;
#endif
};

}  // namespace poker::tsan

#endif  // POKER_ENGINE_PIPELINE_TSAN_HANDOVER_H_
