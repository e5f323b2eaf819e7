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

// ThreadSanitizer's happens-before annotations on a synchronisation address
// (any address stands for itself): what this thread did before
// happens_before(x) happens before what a thread does after a later
// happens_after(x) (a release and an acquire on `x`, as
// ANNOTATE_HAPPENS_BEFORE / ANNOTATE_HAPPENS_AFTER say it).
#ifdef POKER_TSAN
inline void happens_before(const void* sync) { __tsan_release(const_cast<void*>(sync)); }
inline void happens_after(const void* sync) { __tsan_acquire(const_cast<void*>(sync)); }
#else
inline void happens_before(const void* /*sync*/) {}
inline void happens_after(const void* /*sync*/) {}
#endif

// The synchronisation address of a run's start: the thread calling
// run_pipeline built the stages (the bodies TBB copied) and their state,
// then annotates happens_before() on it; each stage annotates
// happens_after() on it before it reads its own fields on a worker.
inline char g_run_start_sync;

// Proof that the caller annotated the run's start (run_started()).
struct RunStarted {};

// happens_after() the run's start: before a stage body reads its own fields.
inline RunStarted run_started() {
  happens_after(&g_run_start_sync);
  return {};
}

// One call of a stage body: happens_after() on each of `what` (the work item
// it was given, its own serial state) when it starts, and happens_before()
// on them when it ends, for whoever comes next. Written as
//   const StageCall call{run_started(), &state_, work};
// so that the run's start is taken over before `what` reads the stage's
// fields: the elements of braces are evaluated in order.
class StageCall {
 public:
  // The most items one call takes over: a stage's work item and its own
  // state, or two parts of it (the reader stage's reader and its work).
  // More do not compile, rather than go unannounced to TSan.
  static constexpr std::size_t kMostItems = 3;

  template <typename... Items>
  StageCall(RunStarted /*started*/, const Items*... what) {
    static_assert(sizeof...(Items) <= kMostItems, "a StageCall takes over at most kMostItems items");
#ifdef POKER_TSAN
    ((happens_after(what), what_[count_++] = what), ...);
#else
    (static_cast<void>(what), ...);
#endif
  }
#ifdef POKER_TSAN
  ~StageCall() {
    for (std::size_t i = 0; i < count_; ++i) happens_before(what_[i]);
  }
#endif
  StageCall(const StageCall&) = delete;
  StageCall& operator=(const StageCall&) = delete;

 private:
#ifdef POKER_TSAN
  std::array<const void*, kMostItems> what_{};
  std::size_t count_ = 0;
#endif
};

}  // namespace poker::tsan

#endif  // POKER_ENGINE_PIPELINE_TSAN_HANDOVER_H_
