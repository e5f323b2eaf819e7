// What the benchmark measured, as its reports (the table, the JSON of schema
// poker-bench/2, docs/performance.md) present it: the machine and build, the
// settings, and per workload and source the runs at each thread count. The
// one value that the measuring fills, the writers render and the reader of a
// saved report fills again.
//
// Thread safety: plain values; no function here.
#ifndef POKER_BENCH_REPORT_H_
#define POKER_BENCH_REPORT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace poker::bench {

struct BuildInfo {
  std::string version;
  std::string commit;  // empty: unknown (JSON null)
  std::string build_type;
  std::string compiler;
  std::string simd;  // the card decoding's vector path on this CPU
};

struct MachineInfo {
  std::string cpu;
  std::size_t cores = 0;  // usable by this process
  std::uint64_t memory_bytes = 0;
  std::string kernel;  // "Linux 6.1.0-18-amd64 x86_64"
};

struct Settings {
  bool quick = false;
  int warmup = 1;        // untimed repetitions before the timed ones
  int repetitions = 12;  // timed repetitions per run
  // Each repetition makes as many passes over the workload as last at least
  // this long, as Google Benchmark's --benchmark_min_time sizes its batches.
  double min_time_s = 0.2;
  std::vector<std::size_t> threads;
  std::string on_disk;  // the directory of --on-disk; empty: none (JSON null)
  double tolerance = 0.05;
};

// One thread count's repetitions of a workload, and what follows from them.
// The statistics are of the wall times of the repetitions.
struct Run {
  std::size_t threads = 1;
  std::uint64_t iterations = 1;       // passes over the workload per repetition
  std::vector<double> samples_s;      // wall seconds of each timed repetition
  std::vector<double> cpu_samples_s;  // CPU seconds of the process in each (empty: unknown)
  double mean_s = 0, median_s = 0, stddev_s = 0, min_s = 0, max_s = 0;
  double cv = 0;     // stddev_s / mean_s, the coefficient of variation
  double cpu_s = 0;  // median CPU seconds of the process per repetition
  double instances_per_s = 0, bytes_per_s = 0;
  double speedup = 1;                 // the smallest thread count's median over this one
  std::optional<double> floor_ratio;  // bytes_per_s over the floor's at the same threads and source
};

struct WorkloadResult {
  std::string name;    // holdem-2, ..., newline-count (the floor)
  std::string source;  // memory, file, pipe
  std::string description;
  std::uint64_t instances = 0;  // per pass over the workload
  std::uint64_t bytes = 0;      // per pass over the workload
  std::vector<Run> runs;
};

struct Report {
  std::string started_at;  // UTC, ISO 8601
  BuildInfo build;
  MachineInfo machine;
  Settings settings;
  std::vector<WorkloadResult> workloads;
  std::vector<std::string> warnings;
};

// The largest --tolerance, and the largest a report's settings may hold: a
// slowdown of eleven times counted as noise is no gate.
inline constexpr double kMaxTolerance = 10;

// The name of the floor, the newline count of the same bytes as holdem-2.
inline constexpr char kFloorName[] = "newline-count";

}  // namespace poker::bench

#endif  // POKER_BENCH_REPORT_H_
