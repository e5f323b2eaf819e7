#include "progress.h"

#include <unistd.h>

#include <cstdio>

namespace poker::cli {
namespace {

// A run shorter than this never shows a line: no flicker on small inputs.
constexpr std::chrono::milliseconds kFirstUpdate{1000};
constexpr std::chrono::milliseconds kUpdateInterval{250};

}  // namespace

ProgressLine::ProgressLine(bool enabled)
    : enabled_(enabled && ::isatty(STDERR_FILENO) == 1),
      start_(Clock::now()),
      next_update_(start_ + kFirstUpdate) {}

ProgressLine::~ProgressLine() {
  if (shown_) std::fputs("\r\033[K", stderr);
}

void ProgressLine::update(const RunStats& stats) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now < next_update_) return;
  next_update_ = now + kUpdateInterval;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::fprintf(stderr, "\r\033[Kpoker: %.1f MB, %llu instances, %.1f MB/s", static_cast<double>(stats.bytes) / 1e6,
               static_cast<unsigned long long>(stats.instances), static_cast<double>(stats.bytes) / 1e6 / seconds);
  std::fflush(stderr);
  shown_ = true;
}

}  // namespace poker::cli
