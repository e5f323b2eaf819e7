#include "poker/bench/table.h"

#include <cstdio>

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

// `text` right-aligned in `width` columns; a character of several UTF-8
// bytes ("±") takes one column.
std::string padded(const std::string& text, std::size_t width) {
  std::size_t columns = 0;
  for (const char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return columns >= width ? text : std::string(width - columns, ' ') + text;
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
         std::to_string(settings.repetitions) + " timed repetitions per run, -j " + threads +
         (settings.on_disk.empty() ? "" : ", --on-disk " + settings.on_disk) + "\n";
}

std::string render_workload_table(const WorkloadResult& workload) {
  std::string table = "\n" + workload.name + " (" + workload.source + "): " + workload.description + "; " +
                      grouped(workload.instances) + (workload.name == kFloorName ? " lines, " : " instances, ") +
                      format("%.1f MB", static_cast<double>(workload.bytes) / 1e6) + "\n";
  // The heads by hand: "×" is two bytes, which printf's widths would count.
  table += "  threads     median   spread  instances/s      MB/s  speed-up  × floor   CPU s\n";
  for (const Run& run : workload.runs) {
    table += padded(std::to_string(run.threads), 9) + padded(format("%.3f s", run.median_s), 11) +
             padded(format("±%.1f%%", run.spread * 100), 10) + padded(rate(run.instances_per_s), 13) +
             padded(significant(run.bytes_per_s / 1e6), 10) + padded(format("%.2fx", run.speedup), 10) +
             padded(run.floor_ratio ? significant(*run.floor_ratio) : "-", 9) + padded(format("%.2f", run.cpu_s), 8) +
             (run.spread > 0.10 ? "  (spread > 10%)" : "") + "\n";
  }
  return table;
}

}  // namespace poker::bench
