#include "poker/bench/timing.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string_view>

#include "poker/bench/statistics.h"
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

bool stopped(const std::atomic<bool>* stop) { return stop != nullptr && stop->load(std::memory_order_relaxed); }

// `iterations` passes; false if a stop cut them short.
bool passes(const std::function<void()>& pass, std::uint64_t iterations, const std::atomic<bool>* stop) {
  for (std::uint64_t i = 0; i < iterations; ++i) {
    if (stopped(stop)) return false;
    pass();
  }
  return true;
}

}  // namespace

// Batches grow as Google Benchmark grows them: by the time still missing,
// with 40% to spare, ten times at most.
std::uint64_t calibrate(const std::function<void()>& pass, double min_time_s, const std::atomic<bool>* stop) {
  std::uint64_t iterations = 1;
  for (;;) {
    const Clock::time_point start = Clock::now();
    if (!passes(pass, iterations, stop)) return iterations;
    const double elapsed = seconds_between(start, Clock::now());
    if (elapsed >= min_time_s || iterations >= kMaxIterations) return iterations;
    const double grown = elapsed > 0 ? std::ceil(static_cast<double>(iterations) * min_time_s * 1.4 / elapsed)
                                     : static_cast<double>(iterations) * 10;
    const double next = std::min(grown, static_cast<double>(iterations) * 10);
    iterations = std::min(kMaxIterations, std::max(iterations + 1, static_cast<std::uint64_t>(next)));
  }
}

std::optional<Repetition> time_repetition(const std::function<void()>& pass, std::uint64_t iterations,
                                          double extra_work, const std::atomic<bool>* stop) {
  const double cpu_before = process_cpu_seconds();
  const Clock::time_point start = Clock::now();
  if (!passes(pass, iterations, stop)) return std::nullopt;
  if (extra_work > 1) {
    // More passes, not a spin of one thread: the slowed run then uses the
    // machine as the workload does (its threads, its share of a busy CPU).
    const auto end = start + std::chrono::duration_cast<Clock::duration>((Clock::now() - start) * extra_work);
    while (Clock::now() < end) {
      if (stopped(stop)) return std::nullopt;
      pass();
    }
  }
  const Clock::time_point finish = Clock::now();
  return Repetition{seconds_between(start, finish), process_cpu_seconds() - cpu_before};
}

void set_statistics(Run& run) {
  const SampleSummary wall = summarize_sample(run.samples_s);
  run.mean_s = wall.mean;
  run.median_s = wall.median;
  run.stddev_s = wall.stddev;
  run.cv = wall.cv;
  run.min_s = wall.min;
  run.max_s = wall.max;
  run.cpu_s = run.cpu_samples_s.empty() ? 0 : median_of(run.cpu_samples_s);
}

Run summarize(std::size_t threads, const TimedRun& timed, std::uint64_t instances, std::uint64_t bytes) {
  Run run;
  run.threads = threads;
  run.iterations = timed.iterations;
  for (const Repetition& repetition : timed.repetitions) {
    run.samples_s.push_back(repetition.wall_s);
    run.cpu_samples_s.push_back(repetition.cpu_s);
  }
  set_statistics(run);
  // A run too short for the clock has no rate: 0, not infinity (not JSON).
  if (run.median_s > 0) {
    const double passes = static_cast<double>(timed.iterations);
    run.instances_per_s = static_cast<double>(instances) * passes / run.median_s;
    run.bytes_per_s = static_cast<double>(bytes) * passes / run.median_s;
  }
  return run;
}

double extra_work_factor(const char* setting) {
  if (setting == nullptr) return 1;
  const std::optional<double> factor = parse_decimal(setting);
  return factor && *factor > 1 && *factor <= 100 ? *factor : 1;
}

}  // namespace poker::bench
