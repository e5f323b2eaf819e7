#include "progress.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace poker::cli {
bool progress_allowed(const Terminals& terminals, bool answers_on_stdout, bool input_on_stdin) {
  return StatusLine::allowed(terminals, answers_on_stdout) && !(input_on_stdin && terminals.stdin_is_terminal);
}

std::string progress_text(const RunStats& stats, std::optional<std::uint64_t> total_bytes, double seconds) {
  const double rate = seconds > 0 ? static_cast<double>(stats.bytes) / seconds : 0;
  char text[160];
  int length = std::snprintf(text, sizeof text, "poker: %.1f MB", static_cast<double>(stats.bytes) / 1e6);
  if (total_bytes && *total_bytes > 0 && stats.bytes <= *total_bytes && rate > 0) {
    const double left = static_cast<double>(*total_bytes - stats.bytes) / rate;
    length += std::snprintf(text + length, sizeof text - static_cast<std::size_t>(length),
                            " of %.1f MB (%.0f%%), %.0f s left", static_cast<double>(*total_bytes) / 1e6,
                            100.0 * static_cast<double>(stats.bytes) / static_cast<double>(*total_bytes), left);
  }
  std::snprintf(text + length, sizeof text - static_cast<std::size_t>(length), ", %llu instances, %.1f MB/s",
                static_cast<unsigned long long>(stats.instances), rate / 1e6);
  return text;
}

ProgressLine::ProgressLine(bool enabled, bool answers_on_stdout, bool input_on_stdin,
                           std::optional<std::uint64_t> total_bytes)
    : line_(enabled && progress_allowed(current_terminals(), answers_on_stdout, input_on_stdin)),
      total_bytes_(total_bytes),
      start_(Clock::now()),
      next_update_(start_ + kFirstUpdate) {}

void ProgressLine::update(const RunStats& stats) {
  if (!line_.enabled()) return;
  const Clock::time_point now = Clock::now();
  if (now < next_update_) return;
  next_update_ = now + kUpdateInterval;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  line_.show(progress_text(stats, total_bytes_, seconds));
}

std::optional<std::uint64_t> input_size(const std::string& path) {
  struct stat status {};
  if (path.empty() || path == "-") {  // standard input
    if (::fstat(STDIN_FILENO, &status) != 0 || !S_ISREG(status.st_mode)) return std::nullopt;
    const off_t offset = ::lseek(STDIN_FILENO, 0, SEEK_CUR);
    if (offset < 0 || offset > status.st_size) return std::nullopt;
    return static_cast<std::uint64_t>(status.st_size - offset);
  }
  if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(status.st_size);
}

}  // namespace poker::cli
