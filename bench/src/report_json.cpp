#include "poker/bench/report_json.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>

#include "json_parts.h"

namespace poker::bench {
namespace {

// ordered_json: the fields in the schema's order, as people read them.
using Json = nlohmann::ordered_json;

// A figure as the report holds it: rounded to nine significant digits,
// enough for any measurement, so that the shortest text that reads back as
// it, which the JSON prints, has nine digits at most (the reader's checks
// allow for that rounding: read_report.h). Never NaN or infinity: the
// timing gives neither.
double figure(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.9g", value);
  return std::strtod(text, nullptr);
}

Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

Json figures(const std::vector<double>& values) {
  Json array = Json::array();
  for (const double value : values) array.push_back(figure(value));
  return array;
}

Json run_json(const Run& run) {
  return Json{{"threads", run.threads},
              {"iterations", run.iterations},
              {"samples_s", figures(run.samples_s)},
              {"cpu_samples_s", figures(run.cpu_samples_s)},
              {"mean_s", figure(run.mean_s)},
              {"median_s", figure(run.median_s)},
              {"stddev_s", figure(run.stddev_s)},
              {"cv", figure(run.cv)},
              {"min_s", figure(run.min_s)},
              {"max_s", figure(run.max_s)},
              {"cpu_s", figure(run.cpu_s)},
              {"instances_per_s", figure(run.instances_per_s)},
              {"bytes_per_s", figure(run.bytes_per_s)},
              {"speedup", figure(run.speedup)},
              {"floor_ratio", run.floor_ratio ? Json(figure(*run.floor_ratio)) : Json(nullptr)}};
}

Json workload_json(const WorkloadResult& workload) {
  Json runs = Json::array();
  for (const Run& run : workload.runs) runs.push_back(run_json(run));
  return Json{{"name", workload.name},           {"source", workload.source}, {"description", workload.description},
              {"instances", workload.instances}, {"bytes", workload.bytes},   {"runs", std::move(runs)}};
}

Json settings_json(const Settings& settings) {
  return Json{{"quick", settings.quick},
              {"warmup", settings.warmup},
              {"repetitions", settings.repetitions},
              {"min_time_s", figure(settings.min_time_s)},
              {"threads", settings.threads},
              {"on_disk", text_or_null(settings.on_disk)},
              {"tolerance", figure(settings.tolerance)}};
}

}  // namespace

Json build_json(const BuildInfo& build) {
  return Json{{"version", build.version},
              {"commit", text_or_null(build.commit)},
              {"build", build.build_type},
              {"compiler", build.compiler},
              {"simd", build.simd}};
}

Json machine_json(const MachineInfo& machine) {
  return Json{{"cpu", machine.cpu},
              {"cores", machine.cores},
              {"memory_bytes", machine.memory_bytes},
              {"kernel", machine.kernel}};
}

std::string render_bench_json(const Report& report) {
  Json workloads = Json::array();
  for (const WorkloadResult& workload : report.workloads) workloads.push_back(workload_json(workload));
  const Json json{{"schema", kReportSchema},
                  {"started_at", report.started_at},
                  {"poker", build_json(report.build)},
                  {"machine", machine_json(report.machine)},
                  {"settings", settings_json(report.settings)},
                  {"workloads", std::move(workloads)},
                  {"noisy", !report.warnings.empty()},
                  {"warnings", report.warnings}};
  // Indented, in ASCII: every byte that is not ASCII as a \u escape, a
  // byte that is no UTF-8 (a directory's name may hold one) as U+FFFD.
  return json.dump(2, ' ', true, Json::error_handler_t::replace) + "\n";
}

}  // namespace poker::bench
