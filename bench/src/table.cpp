#include "poker/bench/table.h"

#include <cstdio>
#include <vector>

#include "poker/bench/measure.h"

namespace poker::bench {
namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// A rate in three significant digits and a unit: "812", "3.91 M", "1.20 G".
std::string rate(double value) {
  const char* units[] = {"", " k", " M", " G"};
  int unit = 0;
  while (value >= 999.5 && unit < 3) {
    value /= 1000;
    ++unit;
  }
  const char* digits = value >= 99.95 ? "%.0f" : value >= 9.995 ? "%.1f" : "%.2f";
  return format(digits, value) + units[unit];
}

// A figure in about three significant digits, small ones too: "2507",
// "70.7", "6.24", "0.0025".
std::string significant(double value) {
  const char* digits = value >= 99.95 ? "%.0f" : value >= 9.995 ? "%.1f" : value >= 0.9995 ? "%.2f" : "%.2g";
  return format(digits, value);
}

// A count with thousands separated: 2,000,000.
std::string grouped(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string gib(std::uint64_t bytes) { return format("%.1f GiB", static_cast<double>(bytes) / (1u << 30)); }

// A time in three significant digits in the unit that keeps them whole:
// "512 ms", "1.23 s", "45.1 µs".
std::string seconds(double value) {
  struct Unit {
    double scale;
    const char* name;
  };
  static constexpr Unit kUnits[] = {{1, "s"}, {1e3, "ms"}, {1e6, "\u00b5s"}, {1e9, "ns"}};
  const Unit* unit = &kUnits[0];
  for (const Unit& candidate : kUnits) {
    unit = &candidate;
    if (value * candidate.scale >= 1) break;
  }
  const double scaled = value * unit->scale;
  const char* digits = scaled >= 1000 ? "%.3g" : scaled >= 100 ? "%.0f" : scaled >= 10 ? "%.1f" : "%.2f";
  return format(digits, scaled) + " " + unit->name;
}

}  // namespace

std::string render_bench_header(const Report& report) {
  const BuildInfo& build = report.build;
  const MachineInfo& machine = report.machine;
  const Settings& settings = report.settings;
  std::string threads;
  for (const std::size_t count : settings.threads)
    threads.append(threads.empty() ? "" : ",").append(std::to_string(count));
  return "poker " + build.version + (build.commit.empty() ? "" : " (" + build.commit + ")") + ", " +
         (build.build_type.empty() ? "" : build.build_type + ", ") + build.compiler + ", card decoding " + build.simd +
         "\n" + machine.cpu + ", " + std::to_string(machine.cores) + (machine.cores == 1 ? " core, " : " cores, ") +
         gib(machine.memory_bytes) + ", " + machine.kernel + "\nstarted " + report.started_at + "; " +
         (settings.quick ? "--quick, " : "") + std::to_string(settings.warmup) + " warm-up + " +
         std::to_string(settings.repetitions) + " timed repetitions of at least " + seconds(settings.min_time_s) +
         " per run, -j " + threads + (settings.on_disk.empty() ? "" : ", --on-disk " + settings.on_disk) + "\n";
}

std::string render_workload_table(const WorkloadResult& workload, TableStyle style) {
  std::string text = "\n" + workload.name + " (" + workload.source + "): " + workload.description + "; " +
                     grouped(workload.instances) + (workload.name == kFloorName ? " lines, " : " instances, ") +
                     format("%.1f MB", static_cast<double>(workload.bytes) / 1e6) + " a pass\n";
  if (style == TableStyle::kMarkdown) text += "\n";
  TextTable table{{"threads", "passes", "median", "mean", "stddev", "CV", "min", "max", "instances/s", "MB/s",
                   "speed-up", "\u00d7 floor", "CPU"},
                  std::vector<bool>(13, true),
                  {}};
  for (const Run& run : workload.runs) {
    table.rows.push_back(
        {std::to_string(run.threads), std::to_string(run.iterations), seconds(run.median_s), seconds(run.mean_s),
         seconds(run.stddev_s), format("%.1f%%", run.cv * 100) + (run.cv > kNoisyCv ? " (noisy)" : ""),
         seconds(run.min_s), seconds(run.max_s), rate(run.instances_per_s), significant(run.bytes_per_s / 1e6),
         format("%.2fx", run.speedup), run.floor_ratio ? significant(*run.floor_ratio) : "-", seconds(run.cpu_s)});
  }
  return text + render_text_table(table, style);
}

std::string render_seconds(double value) { return seconds(value); }

}  // namespace poker::bench
