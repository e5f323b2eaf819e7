#include "poker/bench/google_benchmark_json.h"

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "poker/bench/statistics.h"

namespace poker::bench {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kNanoseconds = 1e9;

struct Family {
  std::string name;
  std::size_t index;
};

Json entry(const Family& family, const Run& run, std::size_t repetitions) {
  return Json{{"name", family.name},         {"family_index", family.index}, {"per_family_instance_index", 0},
              {"run_name", family.name},     {"repetitions", repetitions},   {"threads", run.threads},
              {"iterations", run.iterations}};
}

// One repetition: its times per pass.
Json repetition(const Family& family, const WorkloadResult& workload, const Run& run, std::size_t index) {
  const double passes = static_cast<double>(run.iterations);
  const double wall = run.samples_s[index] / passes;
  const double cpu = index < run.cpu_samples_s.size() ? run.cpu_samples_s[index] / passes : wall;
  Json json = entry(family, run, run.samples_s.size());
  json["run_type"] = "iteration";
  json["repetition_index"] = index;
  json["real_time"] = wall * kNanoseconds;
  json["cpu_time"] = cpu * kNanoseconds;
  json["time_unit"] = "ns";
  if (wall > 0) {
    json["bytes_per_second"] = static_cast<double>(workload.bytes) / wall;
    json["items_per_second"] = static_cast<double>(workload.instances) / wall;
  }
  return json;
}

// An aggregate over the repetitions: `real` of the wall times per pass,
// `cpu` of the CPU times; the CV as a fraction, as Google Benchmark writes it.
Json aggregate(const Family& family, const Run& run, const char* name, double real, double cpu, bool percentage) {
  Json json = entry(family, run, run.samples_s.size());
  json["name"] = family.name + "_" + name;
  json["run_type"] = "aggregate";
  json["aggregate_name"] = name;
  json["aggregate_unit"] = percentage ? "percentage" : "time";
  json["real_time"] = percentage ? real : real * kNanoseconds;
  json["cpu_time"] = percentage ? cpu : cpu * kNanoseconds;
  json["time_unit"] = "ns";
  return json;
}

std::vector<double> per_pass(const std::vector<double>& samples, std::uint64_t iterations) {
  std::vector<double> values;
  for (const double sample : samples) values.push_back(sample / static_cast<double>(iterations));
  return values;
}

}  // namespace

std::string render_google_benchmark_json(const Report& report) {
  Json benchmarks = Json::array();
  std::size_t families = 0;
  for (const WorkloadResult& workload : report.workloads) {
    for (const Run& run : workload.runs) {
      const Family family{workload.name + "/" + workload.source + "/threads:" + std::to_string(run.threads),
                          families++};
      for (std::size_t i = 0; i < run.samples_s.size(); ++i) benchmarks.push_back(repetition(family, workload, run, i));
      const SampleSummary real = summarize_sample(per_pass(run.samples_s, run.iterations));
      const SampleSummary cpu =
          run.cpu_samples_s.empty() ? real : summarize_sample(per_pass(run.cpu_samples_s, run.iterations));
      benchmarks.push_back(aggregate(family, run, "mean", real.mean, cpu.mean, false));
      benchmarks.push_back(aggregate(family, run, "median", real.median, cpu.median, false));
      benchmarks.push_back(aggregate(family, run, "stddev", real.stddev, cpu.stddev, false));
      benchmarks.push_back(aggregate(family, run, "cv", real.cv, cpu.cv, true));
    }
  }
  const Json json{{"context",
                   {{"date", report.started_at},
                    {"host_name", ""},
                    {"executable", "poker bench"},
                    {"num_cpus", report.machine.cores},
                    {"mhz_per_cpu", 0},
                    {"cpu_scaling_enabled", false},
                    {"caches", Json::array()},
                    {"load_avg", Json::array()},
                    {"library_build_type", report.build.build_type == "Debug" ? "debug" : "release"},
                    {"poker_version", report.build.version},
                    {"poker_commit", report.build.commit},
                    {"cpu", report.machine.cpu}}},
                  {"benchmarks", std::move(benchmarks)}};
  return json.dump(2, ' ', true, Json::error_handler_t::replace) + "\n";
}

}  // namespace poker::bench
