#include "poker/bench/timing.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string_view>

#include "poker/number_text.h"

namespace poker::bench {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

// User and system CPU seconds of the whole process so far.
double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

std::vector<Repetition> time_repetitions(const std::function<void()>& work, int warmup, int repetitions,
                                         double extra_work_factor) {
  for (int i = 0; i < warmup; ++i) work();
  std::vector<Repetition> timed;
  timed.reserve(static_cast<std::size_t>(repetitions));
  for (int i = 0; i < repetitions; ++i) {
    const double cpu_before = process_cpu_seconds();
    const Clock::time_point start = Clock::now();
    work();
    if (extra_work_factor > 1) {
      // Spinning, not sleeping, so that the CPU time grows with the wall time
      // as it would with more work.
      const auto end = start + std::chrono::duration_cast<Clock::duration>((Clock::now() - start) * extra_work_factor);
      while (Clock::now() < end) {
      }
    }
    const Clock::time_point stop = Clock::now();
    timed.push_back(Repetition{seconds_between(start, stop), process_cpu_seconds() - cpu_before});
  }
  return timed;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

Run summarize(std::size_t threads, const std::vector<Repetition>& repetitions, std::uint64_t instances,
              std::uint64_t bytes) {
  Run run;
  run.threads = threads;
  std::vector<double> cpu;
  for (const Repetition& repetition : repetitions) {
    run.samples_s.push_back(repetition.wall_s);
    cpu.push_back(repetition.cpu_s);
  }
  run.median_s = median(run.samples_s);
  run.min_s = *std::min_element(run.samples_s.begin(), run.samples_s.end());
  run.max_s = *std::max_element(run.samples_s.begin(), run.samples_s.end());
  run.cpu_s = median(cpu);
  // A run too short for the clock has no rate: 0, not infinity (not JSON).
  if (run.median_s > 0) {
    run.spread = (run.max_s - run.min_s) / run.median_s;
    run.instances_per_s = static_cast<double>(instances) / run.median_s;
    run.bytes_per_s = static_cast<double>(bytes) / run.median_s;
  }
  return run;
}

double extra_work_factor(const char* setting) {
  if (setting == nullptr) return 1;
  const std::optional<double> factor = parse_decimal(setting);
  return factor && *factor > 1 && *factor <= 100 ? *factor : 1;
}

}  // namespace poker::bench
