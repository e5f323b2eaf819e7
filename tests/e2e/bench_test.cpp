// `poker bench` (docs/performance.md): its JSON report holds every field of
// schema poker-bench/1 with sane values, its usage errors exit 2 in the
// command line's own words, --on-disk leaves no file behind and touches no
// file it did not make, the slowdown a test injects shows in the figures,
// --compare passes two runs of one build and flags a slowed one, and refuses
// a report that is none (corrupt figures, /dev/zero) before measuring.
//
// Kept small: one workload, -j 1, --quick and few repetitions, so that the
// tests stay fast under the sanitizers on a loaded 2-core machine.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

// The report as nlohmann's JSON reads it: a member that is missing, or a
// value of another type, throws, which fails the test.
using Json = nlohmann::json;

Json parse(const std::string& text) { return Json::parse(text); }

// ---- Running the benchmark -----------------------------------------------------

// The environment variable set while this lives.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

// The smallest run that measures: one workload (and the floor), -j 1.
const Args kSmallRun = {"bench", "--quick", "--workloads", "holdem-2", "-j", "1", "--warmup", "1", "--json"};

RunResult bench(const Args& args) {
  RunResult result = run_poker(args);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  return result;
}

// The median of holdem-2's run at -j 1.
double holdem_median(const std::string& json) {
  const Json report = parse(json);
  for (const Json& workload : report.at("workloads")) {
    if (workload.at("name").get<std::string>() == "holdem-2")
      return workload.at("runs").at(0).at("median_s").get<double>();
  }
  ADD_FAILURE() << "no holdem-2 in the report";
  return 0;
}

TEST(Bench, JsonReportHasEveryFieldOfTheSchema) {
  const RunResult result =
      bench({"bench", "--quick", "--workloads", "holdem-2,newline-count", "-j", "1", "--repetitions", "2", "--json"});
  const Json report = parse(result.out);
  EXPECT_EQ(report.at("schema").get<std::string>(), "poker-bench/1");
  EXPECT_EQ(report.at("started_at").get<std::string>().size(), std::string("2026-11-26T07:10:00Z").size());
  EXPECT_EQ(report.at("started_at").get<std::string>().back(), 'Z');
  const Json& poker = report.at("poker");
  EXPECT_EQ(poker.at("version").get<std::string>(), POKER_VERSION);
  EXPECT_TRUE(poker.at("commit").is_null() || !poker.at("commit").get<std::string>().empty());
  for (const char* key : {"build", "compiler", "simd"}) EXPECT_TRUE(poker[key].is_string()) << key;
  EXPECT_TRUE(poker.at("simd").get<std::string>() == "avx2" || poker.at("simd").get<std::string>() == "sse4.1" ||
              poker.at("simd").get<std::string>() == "scalar");
  const Json& machine = report.at("machine");
  EXPECT_FALSE(machine.at("cpu").get<std::string>().empty());
  EXPECT_GE(machine.at("cores").get<double>(), 1);
  EXPECT_GT(machine.at("memory_bytes").get<double>(), 1e6);
  EXPECT_FALSE(machine.at("kernel").get<std::string>().empty());
  const Json& settings = report.at("settings");
  EXPECT_EQ(settings.at("quick").get<bool>(), true);
  EXPECT_EQ(settings.at("warmup").get<double>(), 1);
  EXPECT_EQ(settings.at("repetitions").get<double>(), 2);
  ASSERT_EQ(settings.at("threads").size(), 1u);
  EXPECT_EQ(settings.at("threads")[0].get<double>(), 1);
  EXPECT_TRUE(settings.at("on_disk").is_null());
  EXPECT_EQ(settings.at("tolerance").get<double>(), 0.05);
  ASSERT_EQ(report.at("workloads").size(), 2u);
  std::map<std::string, double> bytes_per_s;
  for (const Json& workload : report.at("workloads")) {
    const std::string name = workload.at("name").get<std::string>();
    SCOPED_TRACE(name);
    EXPECT_EQ(workload.at("source").get<std::string>(), "memory");
    EXPECT_FALSE(workload.at("description").get<std::string>().empty());
    EXPECT_GT(workload.at("instances").get<double>(), 1000);
    EXPECT_GT(workload.at("bytes").get<double>(), workload.at("instances").get<double>());
    ASSERT_EQ(workload.at("runs").size(), 1u);
    const Json& run = workload.at("runs")[0];
    EXPECT_EQ(run.at("threads").get<double>(), 1);
    ASSERT_EQ(run.at("samples_s").size(), 2u);
    const double low = run.at("min_s").get<double>(), high = run.at("max_s").get<double>(),
                 middle = run.at("median_s").get<double>();
    EXPECT_GT(low, 0);
    EXPECT_LE(low, middle);
    EXPECT_LE(middle, high);
    for (const Json& sample : run.at("samples_s")) {
      EXPECT_GE(sample.get<double>(), low);
      EXPECT_LE(sample.get<double>(), high);
    }
    EXPECT_NEAR(run.at("spread").get<double>(), (high - low) / middle, 1e-6);
    EXPECT_GT(run.at("cpu_s").get<double>(), 0);
    EXPECT_NEAR(run.at("instances_per_s").get<double>() * middle, workload.at("instances").get<double>(),
                1e-3 * workload.at("instances").get<double>());
    EXPECT_NEAR(run.at("bytes_per_s").get<double>() * middle, workload.at("bytes").get<double>(),
                1e-3 * workload.at("bytes").get<double>());
    EXPECT_EQ(run.at("speedup").get<double>(), 1);
    bytes_per_s[name] = run.at("bytes_per_s").get<double>();
    if (name == "newline-count") {
      EXPECT_TRUE(run.at("floor_ratio").is_null());
    } else {
      ASSERT_TRUE(run.at("floor_ratio").is_number());
    }
  }
  const Json& holdem = report.at("workloads")[0].at("name").get<std::string>() == "holdem-2"
                           ? report.at("workloads")[0]
                           : report.at("workloads")[1];
  EXPECT_NEAR(holdem.at("runs")[0].at("floor_ratio").get<double>(),
              bytes_per_s["holdem-2"] / bytes_per_s["newline-count"], 1e-6);
  // holdem-2's bytes are the floor's: the lines counted are 3 per instance.
  const Json& floor = &holdem == &report.at("workloads")[0] ? report.at("workloads")[1] : report.at("workloads")[0];
  EXPECT_EQ(floor.at("bytes").get<double>(), holdem.at("bytes").get<double>());
  EXPECT_EQ(floor.at("instances").get<double>(), 3 * holdem.at("instances").get<double>());
  EXPECT_TRUE(report.at("warnings").empty() || report.at("warnings")[0].is_string());
}

TEST(Bench, HumanReportNamesTheMachineAndEveryColumn) {
  const RunResult result =
      bench({"bench", "--quick", "--workloads", "newline-count", "-j", "1", "--repetitions", "1", "--warmup", "0"});
  EXPECT_NE(result.out.find("poker " POKER_VERSION), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("cores"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("threads     median   spread  instances/s      MB/s  speed-up  × floor   CPU s"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("newline-count (memory)"), std::string::npos) << result.out;
}

TEST(Bench, UnknownWorkloadIsAUsageError) {
  RunResult result = run_poker({"bench", "--workloads", "nope"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_NE(result.err.find("poker: bench: unknown workload 'nope'; expected one of holdem-2,"), std::string::npos)
      << result.err;
  result = run_poker({"bench", "--workloads", "holdem-2,hodlem-8"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_NE(result.err.find("unknown workload 'hodlem-8'; did you mean 'holdem-8'?"), std::string::npos) << result.err;
  EXPECT_EQ(result.out, "");
}

TEST(Bench, BadThreadListIsAUsageError) {
  const RunResult result = run_poker({"bench", "-j", "1,x"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_NE(result.err.find("poker: bench: -j: expected thread counts"), std::string::npos) << result.err;
}

TEST(Bench, AgainstWithoutCompareIsAUsageError) {
  const RunResult result = run_poker({"bench", "--against", "new.json"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_NE(result.err.find("--against NEW.json needs --compare OLD.json"), std::string::npos) << result.err;
}

TEST(Bench, MissingCompareFileIsAnIoErrorBeforeMeasuring) {
  const std::string missing = temp_path("missing.json");
  const RunResult result = run_poker({"bench", "--compare", missing});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: " + missing + ": cannot open: No such file or directory\n");
  EXPECT_EQ(result.out, "");
}

TEST(Bench, OnDiskLeavesNoFilesBehind) {
  const std::string directory = temp_path("on-disk");
  std::filesystem::create_directory(directory);
  const RunResult result = bench({"bench", "--quick", "--workloads", "newline-count,euler", "-j", "1", "--repetitions",
                                  "1", "--warmup", "0", "--on-disk", directory, "--json"});
  EXPECT_TRUE(std::filesystem::is_empty(directory));
  const Json report = parse(result.out);
  EXPECT_EQ(report.at("settings").at("on_disk").get<std::string>(), directory);
  std::vector<std::string> sources;
  for (const Json& workload : report.at("workloads"))
    sources.push_back(workload.at("name").get<std::string>() + " " + workload.at("source").get<std::string>());
  EXPECT_EQ(sources, (std::vector<std::string>{"newline-count memory", "newline-count file", "newline-count pipe",
                                               "euler memory", "euler file", "euler pipe"}));
  // Each source's instances are the same work.
  const auto& workloads = report.at("workloads");
  EXPECT_EQ(workloads[3].at("instances").get<double>(), workloads[4].at("instances").get<double>());
  EXPECT_EQ(workloads[3].at("instances").get<double>(), workloads[5].at("instances").get<double>());
}

// The scratch names of the past, `DIR/poker-bench-NAME.txt`: a file of the
// user's there was truncated and removed, and a link planted there by
// another user made root write through it. Neither is the run's.
TEST(Bench, OnDiskLeavesAFileAndALinkAtTheOldScratchNamesAlone) {
  const std::string directory = temp_path("on-disk-planted");
  std::filesystem::create_directory(directory);
  const std::string target = write_temp_file("link-target.txt", "not the bench's\n");
  const std::string users = directory + "/poker-bench-newline-count.txt";
  const std::string link = directory + "/poker-bench-euler.txt";
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  {
    std::FILE* file = std::fopen(users.c_str(), "w");
    ASSERT_NE(file, nullptr);
    std::fputs("the user's own\n", file);
    std::fclose(file);
  }
  bench({"bench", "--quick", "--workloads", "newline-count,euler", "-j", "1", "--repetitions", "1", "--warmup", "0",
         "--on-disk", directory, "--json"});
  EXPECT_EQ(read_whole_file(users), "the user's own\n");
  EXPECT_EQ(read_whole_file(target), "not the bench's\n");
  struct stat info {};
  ASSERT_EQ(::lstat(link.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  std::vector<std::string> left;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) left.push_back(entry.path().filename());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"poker-bench-euler.txt", "poker-bench-newline-count.txt"}));
}

// The hook the --compare tests slow a run down with: every timed repetition
// takes about FACTOR times as long. On a loaded machine one pair of runs may
// be unlucky, so the pair is measured up to three times.
TEST(Bench, ExtraWorkSlowsEveryRepetition) {
  bool slowed = false;
  for (int attempt = 0; attempt < 3 && !slowed; ++attempt) {
    const double normal = holdem_median(bench(concat(kSmallRun, {"--repetitions", "3"})).out);
    double slow = 0;
    {
      const ScopedEnv extra("POKER_BENCH_EXTRA_WORK", "2");
      slow = holdem_median(bench(concat(kSmallRun, {"--repetitions", "3"})).out);
    }
    slowed = slow >= 1.5 * normal;
    if (!slowed) std::cerr << "attempt " << attempt << ": median " << slow << " s against " << normal << " s\n";
  }
  EXPECT_TRUE(slowed);
}

TEST(Bench, CompareOfTwoRunsOfTheSameBuildPasses) {
  const std::string old_path = temp_path("old.json"), new_path = temp_path("new.json");
  // A generous tolerance: two runs on a loaded machine (the tests run two at
  // a time, under sanitizers too) differ by far more than 5%: 1.7 times was
  // seen; the medians of 5 do not differ by twice.
  bench(concat(kSmallRun, {"--repetitions", "5", "--tolerance", "1", "-o", old_path}));
  bench(concat(kSmallRun, {"--repetitions", "5", "--tolerance", "1", "-o", new_path}));
  const RunResult compared = run_poker({"bench", "--compare", old_path, "--against", new_path});
  EXPECT_EQ(compared.exit_status, 0) << compared.out << compared.err;
  EXPECT_NE(compared.out.find("holdem-2"), std::string::npos) << compared.out;
}

TEST(Bench, CompareFlagsAnInjectedSlowdown) {
  const std::string old_path = temp_path("fast.json");
  bench(concat(kSmallRun, {"--repetitions", "3", "-o", old_path}));
  RunResult compared;
  {
    // Three times slower: beyond the tolerance and any spread but a wild one.
    const ScopedEnv extra("POKER_BENCH_EXTRA_WORK", "3");
    compared = run_poker(concat(kSmallRun, {"--repetitions", "3", "--tolerance", "0.5", "--compare", old_path}));
  }
  EXPECT_EQ(compared.exit_status, 4) << compared.out << compared.err;
  // The report on stdout stays one JSON document; the verdicts go to stderr.
  EXPECT_NO_THROW(parse(compared.out));
  EXPECT_NE(compared.err.find("holdem-2"), std::string::npos) << compared.err;
}

// --tolerance is a fraction from 0 to 10: "nan" made a report that is no
// JSON, and a comparison that failed on it after minutes of measuring.
TEST(Bench, ToleranceThatIsNoFractionIsAUsageErrorBeforeMeasuring) {
  for (const char* tolerance : {"nan", "inf", "-0.05", "-1", "1e-3", "10.5", "1e308", "0x1", ""}) {
    SCOPED_TRACE(tolerance);
    const RunResult result = run_poker(concat(kSmallRun, {"--repetitions", "1", "--tolerance", tolerance}));
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.err,
              std::string("poker: bench: --tolerance: expected a fraction from 0 to 10, like 0.05, found '") +
                  tolerance + "'\nRun 'poker bench --help' for usage.\n");
    EXPECT_EQ(result.out, "");
  }
}

// The bench's counts are worded as every option's are, not as CLI11 words
// its ranges ("Value 0 not in range 1 to 1000").
TEST(Bench, CountOutOfRangeIsWordedAsEveryOptionsIs) {
  for (const auto& [option, value, range] :
       {std::tuple("--repetitions", "0", "1 to 1000"), std::tuple("--repetitions", "1001", "1 to 1000"),
        std::tuple("--warmup", "101", "0 to 100"), std::tuple("--warmup", "x", "0 to 100")}) {
    const RunResult result = run_poker({"bench", option, value});
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.err, std::string("poker: bench: ") + option + ": expected a whole number from " + range +
                              ", found '" + value + "'\nRun 'poker bench --help' for usage.\n");
  }
}

// A report of one run of holdem-2 at -j 1, its figures as given.
std::string saved_report(const std::string& samples, const std::string& median, const std::string& spread) {
  return R"({"schema": "poker-bench/1", "started_at": "2026-11-26T07:10:00Z",
 "poker": {"version": "0.2.0", "commit": null, "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
 "machine": {"cpu": "AMD EPYC 7B13", "cores": 2, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0"},
 "settings": {"tolerance": 0.05},
 "workloads": [{"name": "holdem-2", "source": "memory", "instances": 666666, "runs": [
   {"threads": 1, "samples_s": [)" +
         samples + "], \"median_s\": " + median + ", \"spread\": " + spread + "}]}]}\n";
}

// A corrupt baseline is no gate: a median of 1e-320 made a ratio of
// infinity, a spread of 1e308 a verdict of "same" whatever the times, and
// no samples passed. Each is refused, naming the file and the field, before
// anything is measured.
TEST(Bench, CorruptBaselineIsRefusedBeforeMeasuring) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {saved_report("1e-320", "1e-320", "0"),
       "workloads[0].runs[0]: median_s is 1e-320, not a time in seconds from 1e-09 to 86400"},
      {saved_report("0.1, 0.1, 0.2", "0.1", "1e308"),
       "workloads[0].runs[0]: spread is 1e+308, not (max - min) / median of samples_s (1)"},
      {saved_report("", "0.1", "0"), "workloads[0].runs[0]: samples_s is empty: a run has one repetition at least"},
      {saved_report("0.1", "0.5", "0"), "workloads[0].runs[0]: median_s is 0.5, not the median of samples_s (0.1)"},
  };
  for (const auto& [text, what] : cases) {
    SCOPED_TRACE(what);
    const std::string path = write_temp_file("corrupt.json", text);
    for (const Args& args : {concat(kSmallRun, {"--compare", path}),
                             Args{"bench", "--compare", path, "--against",
                                  write_temp_file("good.json", saved_report("0.1", "0.1", "0"))}}) {
      const RunResult result = run_poker(args);
      EXPECT_EQ(result.exit_status, 1);
      EXPECT_EQ(result.err, "poker: " + path + ": " + what + "\n");
      EXPECT_EQ(result.out, "");
    }
  }
}

// /dev/zero as a report: read to the first byte, not for gigabytes.
TEST(Bench, CompareStopsReadingAReportAtItsFirstInvalidByte) {
  for (const Args& args : {Args{"bench", "--compare", "/dev/zero"},
                           Args{"bench", "--compare", write_temp_file("good.json", saved_report("0.1", "0.1", "0")),
                                "--against", "/dev/zero"}}) {
    const RunResult result = run_poker(args);
    EXPECT_FALSE(result.timed_out);
    EXPECT_EQ(result.exit_status, 1);
    EXPECT_EQ(result.err, "poker: /dev/zero:1:1: invalid JSON: expected a value, found '\\x00'\n");
    EXPECT_LT(result.max_rss_kib, kMemoryBoundKib);
  }
}

// Text JSON allows, without end: read up to the cap, no further.
TEST(Bench, CompareRefusesAReportLargerThanTheCap) {
  const std::string path = write_temp_file("spaces.json", std::string((16 << 20) + 1, ' '));
  const RunResult result = run_poker({"bench", "--compare", path});
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.err, "poker: " + path + ": not a poker-bench/1 report: it is larger than 16 MiB\n");
  const std::string cap = write_temp_file("cap.json", std::string(16 << 20, ' '));
  EXPECT_EQ(run_poker({"bench", "--compare", cap}).err,
            "poker: " + cap + ":1:16777217: invalid JSON: expected a value, found the end of the input\n");
}

}  // namespace
}  // namespace poker::e2e
