#include "poker/pipeline.h"

#include <tbb/info.h>

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

namespace poker {
namespace {

// How many of `wanted` threads can run at once: each started one waits
// until all are tried, so that they count together against the limits.
std::size_t startable_threads(std::size_t wanted) {
  std::atomic<bool> release{false};
  std::vector<std::thread> started;
  started.reserve(wanted);
  const auto park = [&release] { release.wait(false); };
  try {
    while (started.size() < wanted) started.emplace_back(park);
  } catch (const std::system_error&) {
    // The limit: those started so far are what the run can have.
  }
  release.store(true);
  release.notify_all();
  for (std::thread& thread : started) thread.join();
  return started.size();
}

}  // namespace

std::size_t usable_threads(std::size_t limit) {
  const auto hardware = static_cast<std::size_t>(std::max(tbb::info::default_concurrency(), 1));
  const std::size_t wanted = limit == 0 ? hardware : std::min(limit, hardware);
  return 1 + startable_threads(wanted - 1);
}

}  // namespace poker
