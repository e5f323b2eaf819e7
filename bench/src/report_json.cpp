#include "poker/bench/report_json.h"

#include <cstdio>
#include <optional>
#include <string_view>

#include "poker/json_text.h"

namespace poker::bench {
namespace {

// A number as JSON writes it: enough digits to round-trip a measurement
// (nine significant), never NaN or infinity (the timing gives neither).
std::string number(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

std::string number(std::uint64_t value) { return std::to_string(value); }

std::string text_or_null(std::string_view text) { return text.empty() ? "null" : json_quote(text); }

std::string optional_number(const std::optional<double>& value) { return value ? number(*value) : "null"; }

std::string run_json(const Run& run) {
  std::string samples;
  for (const double sample : run.samples_s) samples.append(samples.empty() ? "" : ", ").append(number(sample));
  return "{\"threads\": " + number(static_cast<std::uint64_t>(run.threads)) + ", \"samples_s\": [" + samples +
         "], \"median_s\": " + number(run.median_s) + ", \"min_s\": " + number(run.min_s) +
         ", \"max_s\": " + number(run.max_s) + ", \"spread\": " + number(run.spread) +
         ", \"cpu_s\": " + number(run.cpu_s) + ", \"instances_per_s\": " + number(run.instances_per_s) +
         ", \"bytes_per_s\": " + number(run.bytes_per_s) + ", \"speedup\": " + number(run.speedup) +
         ", \"floor_ratio\": " + optional_number(run.floor_ratio) + "}";
}

std::string workload_json(const WorkloadResult& workload) {
  std::string runs;
  for (const Run& run : workload.runs) runs.append(runs.empty() ? "\n        " : ",\n        ").append(run_json(run));
  return "    {\n      \"name\": " + json_quote(workload.name) + ",\n      \"source\": " + json_quote(workload.source) +
         ",\n      \"description\": " + json_quote(workload.description) +
         ",\n      \"instances\": " + number(workload.instances) + ",\n      \"bytes\": " + number(workload.bytes) +
         ",\n      \"runs\": [" + runs + "\n      ]\n    }";
}

}  // namespace

std::string render_bench_json(const Report& report) {
  const BuildInfo& build = report.build;
  const MachineInfo& machine = report.machine;
  const Settings& settings = report.settings;
  std::string threads;
  for (const std::size_t count : settings.threads)
    threads.append(threads.empty() ? "" : ", ").append(number(static_cast<std::uint64_t>(count)));
  std::string workloads;
  for (const WorkloadResult& workload : report.workloads)
    workloads.append(workloads.empty() ? "\n" : ",\n").append(workload_json(workload));
  std::string warnings;
  for (const std::string& warning : report.warnings)
    warnings.append(warnings.empty() ? "\n    " : ",\n    ").append(json_quote(warning));
  return "{\n  \"schema\": \"poker-bench/1\",\n  \"started_at\": " + json_quote(report.started_at) +
         ",\n  \"poker\": {\"version\": " + json_quote(build.version) + ", \"commit\": " + text_or_null(build.commit) +
         ", \"build\": " + json_quote(build.build_type) + ", \"compiler\": " + json_quote(build.compiler) +
         ", \"simd\": " + json_quote(build.simd) + "},\n  \"machine\": {\"cpu\": " + json_quote(machine.cpu) +
         ", \"cores\": " + number(static_cast<std::uint64_t>(machine.cores)) +
         ", \"memory_bytes\": " + number(machine.memory_bytes) + ", \"kernel\": " + json_quote(machine.kernel) +
         "},\n  \"settings\": {\"quick\": " + (settings.quick ? "true" : "false") +
         ", \"warmup\": " + std::to_string(settings.warmup) +
         ", \"repetitions\": " + std::to_string(settings.repetitions) + ", \"threads\": [" + threads +
         "], \"on_disk\": " + text_or_null(settings.on_disk) + ", \"tolerance\": " + number(settings.tolerance) +
         "},\n  \"workloads\": [" + workloads + (workloads.empty() ? "" : "\n  ") + "],\n  \"warnings\": [" + warnings +
         (warnings.empty() ? "" : "\n  ") + "]\n}\n";
}

}  // namespace poker::bench
