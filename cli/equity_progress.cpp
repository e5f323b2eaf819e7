#include "equity_progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "stats_json.h"

namespace poker::cli {
namespace {

std::string time_left(double seconds) {
  char text[48];
  if (seconds < 60) {
    std::snprintf(text, sizeof text, "about %.0f s left", std::ceil(seconds));
  } else if (seconds < 3600) {
    std::snprintf(text, sizeof text, "about %.0f min left", std::ceil(seconds / 60));
  } else {
    std::snprintf(text, sizeof text, "about %.1f h left", seconds / 3600);
  }
  return text;
}

}  // namespace

EquityProgressLine::EquityProgressLine(const EquityProgress& progress, double seconds, bool quiet)
    : progress_(progress),
      seconds_(seconds),
      start_(std::chrono::steady_clock::now()),
      // No answer is written while the line lives: stdout may be its terminal.
      line_(!quiet && StatusLine::allowed(current_terminals(), false)) {
  if (line_.enabled()) watcher_ = std::thread([this] { watch(); });
}

EquityProgressLine::~EquityProgressLine() {
  if (watcher_.joinable()) {
    {
      const std::lock_guard lock(mutex_);
      finished_ = true;
    }
    wake_.notify_one();
    watcher_.join();
  }
  line_.erase();
}

void EquityProgressLine::watch() {
  std::unique_lock lock(mutex_);
  auto next = start_ + kFirstUpdate;
  while (!wake_.wait_until(lock, next, [this] { return finished_; })) {
    render(std::chrono::steady_clock::now());
    next += kUpdateInterval;
  }
}

void EquityProgressLine::render(std::chrono::steady_clock::time_point now) {
  if (!progress_.started.load(std::memory_order_acquire)) {
    line_.show("poker: equity: planning the deals...");
    return;
  }
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const std::uint64_t total = progress_.total.load(std::memory_order_relaxed);
  const std::uint64_t done = std::min(progress_.done.load(std::memory_order_relaxed), total);
  // A run for a time ends by the clock; the others when their work is done.
  const double fraction = total != 0     ? static_cast<double>(done) / static_cast<double>(total)
                          : seconds_ > 0 ? std::min(1.0, elapsed / seconds_)
                                         : 0.0;
  std::string text = "poker: equity ";
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.0f%%", std::floor(fraction * 100));
  text += percent;
  text += progress_.exact.load(std::memory_order_relaxed) ? " (exact)" : " (Monte Carlo)";
  if (fraction > 0) text += ", " + time_left(elapsed * (1 - fraction) / fraction);
  line_.show(text);
}

void report_equity_query(bool json, std::size_t threads, const EquityResult& result, double seconds) {
  constexpr const char* kWhat = "equity query from the command line";
  std::string text;
  if (json) {
    // One query read from no input: 0 bytes, 1 instance, as a query file's line counts.
    text = stats_json(kWhat, threads, 0, RunStats{.bytes = 0, .instances = 1}, seconds, "command line");
  } else {
    char line[200];
    const double rate = seconds > 0 ? static_cast<double>(result.boards) / seconds : 0;
    std::snprintf(line, sizeof line, "poker: %s, %zu threads\npoker: %s, %llu boards in %.3f s: %.0f boards/s\n", kWhat,
                  threads, result.exact ? "exact" : "Monte Carlo", static_cast<unsigned long long>(result.boards),
                  seconds, rate);
    text = line;
  }
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace poker::cli
