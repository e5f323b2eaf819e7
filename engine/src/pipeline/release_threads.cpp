#include <tbb/global_control.h>

#include "poker/pipeline.h"

namespace poker {
namespace {

class ReleaseThreadsWhileWaiting final : public io::WaitHook {
 public:
  void around_wait(const Wait& wait) override {
    // Caps are held together, the lowest winning: the reader and the writer
    // may both wait at once, each with a cap of its own.
    const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
    while (!wait(-1)) {
    }
  }
};

}  // namespace

io::WaitHook& release_threads_while_waiting() {
  static ReleaseThreadsWhileWaiting hook;
  return hook;
}

}  // namespace poker
