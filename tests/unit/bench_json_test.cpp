// The report `poker bench --json` writes (bench/src/report_json.cpp, with
// nlohmann's JSON): the schema's field order, nine significant digits per
// figure, ASCII whatever the machine's names hold; and a report that
// version 0.2.0 wrote, in its own layout, read back and compared.
#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "poker/bench/compare.h"
#include "poker/bench/google_benchmark_json.h"
#include "poker/bench/read_report.h"
#include "poker/bench/report.h"
#include "poker/bench/report_json.h"
#include "poker/bench/timing.h"

namespace poker::bench {
namespace {

using Json = nlohmann::ordered_json;

// A run at `threads` threads, its figures with more digits than a report
// holds.
bench::Run sample_run(std::size_t threads) {
  bench::Run run;
  run.threads = threads;
  const double scale = 1.0 / static_cast<double>(threads);
  run.iterations = 3;
  run.samples_s = {0.1234567891234 * scale, 0.1234567899876 * scale, 0.2 * scale};
  run.cpu_samples_s = {0.987654321987, 0.987654321987, 1.1};
  set_statistics(run);
  run.instances_per_s = 666666 / run.median_s;
  run.bytes_per_s = 35999964 / run.median_s;
  run.speedup = threads == 1 ? 1 : 2.718281828459045;
  run.floor_ratio = 0.333333333333;
  return run;
}

// A report of one workload run at 1 and 3 threads.
Report sample_report() {
  Report report;
  report.workloads.push_back({"holdem-2", "memory", "a workload", 666666, 35999964, {sample_run(1), sample_run(3)}});
  report.warnings = {"holdem-2 at -j 3: spread 62% > 10%: the machine was busy; the result is not to be trusted"};
  report.settings.threads = {1, 3};
  report.machine = {"AMD EPYC 7B13", 2, 25769803776, "Linux 6.1.0-18-amd64 x86_64"};
  report.build = {"1.4.0", "", "Release", "GCC 12.2.0", "avx2"};
  report.started_at = "2026-11-26T07:10:00Z";
  return report;
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (const auto& [key, value] : object.items()) names.push_back(key);
  return names;
}

TEST(BenchJson, KeepsTheSchemasFieldOrder) {
  const Json json = Json::parse(render_bench_json(sample_report()));
  EXPECT_EQ(keys(json), (std::vector<std::string>{"schema", "started_at", "poker", "machine", "settings", "workloads",
                                                  "noisy", "warnings"}));
  EXPECT_EQ(keys(json["poker"]), (std::vector<std::string>{"version", "commit", "build", "compiler", "simd"}));
  EXPECT_EQ(keys(json["machine"]), (std::vector<std::string>{"cpu", "cores", "memory_bytes", "kernel"}));
  EXPECT_EQ(keys(json["settings"]), (std::vector<std::string>{"quick", "warmup", "repetitions", "min_time_s", "threads",
                                                              "on_disk", "tolerance"}));
  const Json& workload = json["workloads"][0];
  EXPECT_EQ(keys(workload), (std::vector<std::string>{"name", "source", "description", "instances", "bytes", "runs"}));
  EXPECT_EQ(keys(workload["runs"][1]),
            (std::vector<std::string>{"threads", "iterations", "samples_s", "cpu_samples_s", "mean_s", "median_s",
                                      "stddev_s", "cv", "min_s", "max_s", "cpu_s", "instances_per_s", "bytes_per_s",
                                      "speedup", "floor_ratio"}));
  EXPECT_EQ(json["schema"], "poker-bench/2");
  EXPECT_EQ(json["noisy"], true);  // a warning: no baseline
  EXPECT_EQ(workload["runs"][1]["iterations"], 3);
  EXPECT_EQ(workload["runs"][1]["cpu_samples_s"].size(), 3u);
}

// The significant digits of a number as JSON writes it: 0.123456789 has 9,
// 123456789000.0 has 9, 1.5e-05 has 2.
std::size_t significant_digits(std::string text) {
  text = text.substr(0, text.find_first_of("eE"));
  std::string digits;
  for (const char c : text) {
    if (c >= '0' && c <= '9') digits += c;
  }
  digits.erase(0, digits.find_first_not_of('0'));
  digits.erase(digits.find_last_not_of('0') + 1);
  return digits.size();
}

// Each figure is rounded to nine significant digits before it is written,
// so that the shortest text that reads back as it has nine at most; whole
// counts are written whole.
TEST(BenchJson, WritesFiguresToNineSignificantDigits) {
  const std::string text = render_bench_json(sample_report());
  const Json json = Json::parse(text);
  for (const Json& run : json["workloads"][0]["runs"]) {
    for (const char* key : {"mean_s", "median_s", "stddev_s", "cv", "min_s", "max_s", "cpu_s", "instances_per_s",
                            "bytes_per_s", "speedup", "floor_ratio"}) {
      SCOPED_TRACE(key);
      EXPECT_LE(significant_digits(run[key].dump()), 9u) << run[key].dump();
    }
    for (const Json& sample : run["samples_s"]) EXPECT_LE(significant_digits(sample.dump()), 9u) << sample.dump();
  }
  EXPECT_NE(text.find("0.123456789,"), std::string::npos) << text;
  EXPECT_NE(text.find("0.12345679,"), std::string::npos) << text;  // 0.1234567899876: ...799 rounds up
  EXPECT_NE(text.find("\"speedup\": 2.71828183,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"memory_bytes\": 25769803776,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"instances\": 666666,"), std::string::npos) << text;
  // Indented, and a line of its own.
  EXPECT_EQ(text.rfind("{\n  \"schema\": \"poker-bench/2\",\n", 0), 0u) << text;
  EXPECT_EQ(text.back(), '\n');
}

// Names from the machine (/proc/cpuinfo, uname) and the command line (the
// --on-disk directory) are bytes: UTF-8 is written as \u escapes, a byte
// that is no UTF-8 as U+FFFD, and the report stays ASCII (nlohmann's
// default, throwing on such a byte, would lose the run's minutes of
// measuring at the end).
TEST(BenchJson, NamesThatAreNoAsciiAreEscaped) {
  Report report = sample_report();
  report.machine.cpu = "Caf\xC3\xA9 CPU\xE2\x84\xA2";
  report.settings.on_disk = "/tmp/\xFF\xFE";
  const std::string text = render_bench_json(report);
  for (const char c : text) ASSERT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << text;
  EXPECT_NE(text.find("\"cpu\": \"Caf\\u00e9 CPU\\u2122\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"on_disk\": \"/tmp/\\ufffd\\ufffd\""), std::string::npos) << text;
  EXPECT_EQ(read_bench_report(text, "this run").machine.cpu, "Caf\xC3\xA9 CPU\xE2\x84\xA2");
}

std::string read_data_file(const std::string& name) {
  std::ifstream in(std::string(POKER_TEST_DATA_DIR) + "/" + name, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// A report as version 0.2.0 wrote it (`poker bench --quick --workloads
// euler,newline-count -j 1,2 --on-disk DIR --json`), in its layout: every
// run on one line, nine-digit figures as "%.9g" printed them.
TEST(BenchJson, ReadsAReportThatVersion020Wrote) {
  const std::string saved = read_data_file("poker-bench-0.2.0.json");
  ASSERT_FALSE(saved.empty()) << "no " << POKER_TEST_DATA_DIR << "/poker-bench-0.2.0.json";
  const Report report = read_bench_report(saved, "0.2.0.json");
  EXPECT_EQ(report.build.version, "0.2.0");
  EXPECT_EQ(report.build.commit, "");
  EXPECT_EQ(report.machine.cores, 2u);
  EXPECT_EQ(report.settings.tolerance, 0.05);
  ASSERT_EQ(report.workloads.size(), 6u);
  EXPECT_EQ(report.workloads[0].name, "newline-count");
  EXPECT_EQ(report.workloads[1].source, "file");
  EXPECT_EQ(report.workloads[5].name, "euler");
  EXPECT_EQ(report.workloads[5].source, "pipe");
  ASSERT_EQ(report.workloads[0].runs.size(), 2u);
  EXPECT_EQ(report.workloads[0].runs[1].threads, 2u);
  EXPECT_EQ(report.workloads[0].runs[0].median_s, 0.006224664);
  EXPECT_EQ(report.workloads[0].runs[0].samples_s, (std::vector<double>{0.006817431, 0.006224664, 0.002039445}));
  // One pass per repetition, no CPU samples: the first schema's.
  EXPECT_EQ(report.workloads[0].runs[0].iterations, 1u);
  EXPECT_TRUE(report.workloads[0].runs[0].cpu_samples_s.empty());
  // Compared with itself, and with the report this version writes of it
  // (schema poker-bench/2).
  const CompareCounts counts = count_verdicts(compare_bench_reports(saved, "0.2.0.json", saved, "again.json"));
  EXPECT_EQ(counts.compared, 12u);
  EXPECT_EQ(counts.slower, 0u);
  EXPECT_EQ(counts.faster, 0u);
  const std::string rewritten = render_bench_json(report);
  EXPECT_NE(rewritten.find("\"schema\": \"poker-bench/2\""), std::string::npos);
  const CompareCounts again = count_verdicts(compare_bench_reports(saved, "0.2.0.json", rewritten, "new.json"));
  EXPECT_EQ(again.compared, 12u);
  EXPECT_EQ(again.slower, 0u);
}

// ---- --json=google-benchmark -------------------------------------------------------

// Each run a benchmark WORKLOAD/SOURCE/threads:N: a "iteration" entry per
// repetition with its times per pass in nanoseconds, then the aggregates
// mean, median, stddev and cv, as Google Benchmark writes them.
TEST(GoogleBenchmarkJson, HasAnEntryPerRepetitionAndTheAggregates) {
  const Json json = Json::parse(render_google_benchmark_json(sample_report()));
  EXPECT_EQ(json["context"]["executable"], "poker bench");
  EXPECT_EQ(json["context"]["num_cpus"], 2);
  EXPECT_EQ(json["context"]["library_build_type"], "release");
  const Json& benchmarks = json["benchmarks"];
  ASSERT_EQ(benchmarks.size(), 2u * (3 + 4));
  for (std::size_t family = 0; family < 2; ++family) {
    const std::size_t threads = family == 0 ? 1 : 3;
    const std::string name = "holdem-2/memory/threads:" + std::to_string(threads);
    const bench::Run run = sample_run(threads);
    SCOPED_TRACE(name);
    for (std::size_t i = 0; i < 3; ++i) {
      const Json& entry = benchmarks[family * 7 + i];
      EXPECT_EQ(entry["name"], name);
      EXPECT_EQ(entry["run_name"], name);
      EXPECT_EQ(entry["run_type"], "iteration");
      EXPECT_EQ(entry["family_index"], family);
      EXPECT_EQ(entry["repetitions"], 3);
      EXPECT_EQ(entry["repetition_index"], i);
      EXPECT_EQ(entry["threads"], threads);
      EXPECT_EQ(entry["iterations"], 3);
      EXPECT_EQ(entry["time_unit"], "ns");
      EXPECT_DOUBLE_EQ(entry["real_time"].get<double>(), run.samples_s[i] / 3 * 1e9);
      EXPECT_DOUBLE_EQ(entry["cpu_time"].get<double>(), run.cpu_samples_s[i] / 3 * 1e9);
      EXPECT_DOUBLE_EQ(entry["items_per_second"].get<double>(), 666666 / (run.samples_s[i] / 3));
      EXPECT_DOUBLE_EQ(entry["bytes_per_second"].get<double>(), 35999964 / (run.samples_s[i] / 3));
    }
    const double mean = (run.samples_s[0] + run.samples_s[1] + run.samples_s[2]) / 3 / 3;
    const char* aggregates[] = {"mean", "median", "stddev", "cv"};
    for (std::size_t i = 0; i < 4; ++i) {
      const Json& entry = benchmarks[family * 7 + 3 + i];
      EXPECT_EQ(entry["name"], name + "_" + aggregates[i]);
      EXPECT_EQ(entry["run_name"], name);
      EXPECT_EQ(entry["run_type"], "aggregate");
      EXPECT_EQ(entry["aggregate_name"], aggregates[i]);
      EXPECT_EQ(entry["aggregate_unit"], i == 3 ? "percentage" : "time");
      EXPECT_EQ(entry["time_unit"], "ns");
      EXPECT_EQ(entry["repetitions"], 3);
    }
    EXPECT_NEAR(benchmarks[family * 7 + 3]["real_time"].get<double>(), mean * 1e9, 1e-6 * mean * 1e9);
    EXPECT_NEAR(benchmarks[family * 7 + 4]["real_time"].get<double>(), run.samples_s[1] / 3 * 1e9, 1e-3);
    EXPECT_NEAR(benchmarks[family * 7 + 5]["real_time"].get<double>(), run.stddev_s / 3 * 1e9,
                1e-6 * run.stddev_s / 3 * 1e9);
    // The CV as a fraction, not scaled to nanoseconds.
    EXPECT_NEAR(benchmarks[family * 7 + 6]["real_time"].get<double>(), run.cv, 1e-9);
  }
}

// A run without CPU samples (a report of the first schema read back) takes
// its wall times as CPU times.
TEST(GoogleBenchmarkJson, WallTimesStandInForMissingCpuTimes) {
  Report report = sample_report();
  for (bench::Run& run : report.workloads[0].runs) run.cpu_samples_s.clear();
  const Json json = Json::parse(render_google_benchmark_json(report));
  for (const Json& entry : json["benchmarks"]) EXPECT_EQ(entry["cpu_time"], entry["real_time"]) << entry.dump();
}

}  // namespace
}  // namespace poker::bench
