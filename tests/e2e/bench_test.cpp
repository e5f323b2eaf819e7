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
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

// ---- A JSON reader, enough for the report ------------------------------------

struct Json {
  std::variant<std::nullptr_t, bool, double, std::string, std::vector<Json>, std::map<std::string, Json>> value;
  bool is_null() const { return std::holds_alternative<std::nullptr_t>(value); }
  bool is_number() const { return std::holds_alternative<double>(value); }
  bool is_string() const { return std::holds_alternative<std::string>(value); }
  bool is_bool() const { return std::holds_alternative<bool>(value); }
  double number() const { return std::get<double>(value); }
  const std::string& text() const { return std::get<std::string>(value); }
  const std::vector<Json>& array() const { return std::get<std::vector<Json>>(value); }
  const std::map<std::string, Json>& object() const { return std::get<std::map<std::string, Json>>(value); }
  bool has(const std::string& key) const { return object().count(key) > 0; }
  const Json& operator[](const std::string& key) const { return object().at(key); }
};

class JsonReader {
 public:
  explicit JsonReader(const std::string& text) : text_(text) {}
  Json document() {
    Json value = read();
    blanks();
    if (at_ != text_.size()) throw std::runtime_error("text after the JSON value");
    return value;
  }

 private:
  void blanks() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])) != 0) ++at_;
  }
  void expect(char c) {
    blanks();
    if (at_ >= text_.size() || text_[at_] != c) throw std::runtime_error(std::string("expected ") + c);
    ++at_;
  }
  bool next_is(char c) {
    blanks();
    return at_ < text_.size() && text_[at_] == c;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      if (text_[at_] == '\\') {
        ++at_;
        if (text_.at(at_) == 'u') {
          out += static_cast<char>(std::stoi(text_.substr(at_ + 1, 4), nullptr, 16));
          at_ += 4;
        } else {
          out += text_[at_] == 'n' ? '\n' : text_[at_];
        }
      } else {
        out += text_[at_];
      }
      ++at_;
    }
    expect('"');
    return out;
  }
  Json read() {
    blanks();
    if (at_ >= text_.size()) throw std::runtime_error("unexpected end");
    const char c = text_[at_];
    if (c == '{') {
      ++at_;
      std::map<std::string, Json> members;
      if (next_is('}')) return Json{(++at_, members)};
      do {
        std::string key = string();
        expect(':');
        members.emplace(std::move(key), read());
      } while (next_is(',') && ++at_ != 0);
      expect('}');
      return Json{members};
    }
    if (c == '[') {
      ++at_;
      std::vector<Json> items;
      if (next_is(']')) return Json{(++at_, items)};
      do {
        items.push_back(read());
      } while (next_is(',') && ++at_ != 0);
      expect(']');
      return Json{items};
    }
    if (c == '"') return Json{string()};
    for (const auto& [word, value] :
         {std::pair<const char*, Json>{"null", Json{nullptr}}, {"true", Json{true}}, {"false", Json{false}}}) {
      if (text_.compare(at_, std::strlen(word), word) == 0) {
        at_ += std::strlen(word);
        return value;
      }
    }
    std::size_t used = 0;
    const double number = std::stod(text_.substr(at_), &used);
    at_ += used;
    return Json{number};
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

Json parse(const std::string& text) { return JsonReader(text).document(); }

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
  for (const Json& workload : report["workloads"].array()) {
    if (workload["name"].text() == "holdem-2") return workload["runs"].array().at(0)["median_s"].number();
  }
  ADD_FAILURE() << "no holdem-2 in the report";
  return 0;
}

TEST(Bench, JsonReportHasEveryFieldOfTheSchema) {
  const RunResult result =
      bench({"bench", "--quick", "--workloads", "holdem-2,newline-count", "-j", "1", "--repetitions", "2", "--json"});
  const Json report = parse(result.out);
  EXPECT_EQ(report["schema"].text(), "poker-bench/1");
  EXPECT_EQ(report["started_at"].text().size(), std::string("2026-11-26T07:10:00Z").size());
  EXPECT_EQ(report["started_at"].text().back(), 'Z');
  const Json& poker = report["poker"];
  EXPECT_EQ(poker["version"].text(), POKER_VERSION);
  EXPECT_TRUE(poker["commit"].is_null() || !poker["commit"].text().empty());
  for (const char* key : {"build", "compiler", "simd"}) EXPECT_TRUE(poker[key].is_string()) << key;
  EXPECT_TRUE(poker["simd"].text() == "avx2" || poker["simd"].text() == "sse4.1" || poker["simd"].text() == "scalar");
  const Json& machine = report["machine"];
  EXPECT_FALSE(machine["cpu"].text().empty());
  EXPECT_GE(machine["cores"].number(), 1);
  EXPECT_GT(machine["memory_bytes"].number(), 1e6);
  EXPECT_FALSE(machine["kernel"].text().empty());
  const Json& settings = report["settings"];
  EXPECT_EQ(std::get<bool>(settings["quick"].value), true);
  EXPECT_EQ(settings["warmup"].number(), 1);
  EXPECT_EQ(settings["repetitions"].number(), 2);
  ASSERT_EQ(settings["threads"].array().size(), 1u);
  EXPECT_EQ(settings["threads"].array()[0].number(), 1);
  EXPECT_TRUE(settings["on_disk"].is_null());
  EXPECT_EQ(settings["tolerance"].number(), 0.05);
  ASSERT_EQ(report["workloads"].array().size(), 2u);
  std::map<std::string, double> bytes_per_s;
  for (const Json& workload : report["workloads"].array()) {
    const std::string name = workload["name"].text();
    SCOPED_TRACE(name);
    EXPECT_EQ(workload["source"].text(), "memory");
    EXPECT_FALSE(workload["description"].text().empty());
    EXPECT_GT(workload["instances"].number(), 1000);
    EXPECT_GT(workload["bytes"].number(), workload["instances"].number());
    ASSERT_EQ(workload["runs"].array().size(), 1u);
    const Json& run = workload["runs"].array()[0];
    EXPECT_EQ(run["threads"].number(), 1);
    ASSERT_EQ(run["samples_s"].array().size(), 2u);
    const double low = run["min_s"].number(), high = run["max_s"].number(), middle = run["median_s"].number();
    EXPECT_GT(low, 0);
    EXPECT_LE(low, middle);
    EXPECT_LE(middle, high);
    for (const Json& sample : run["samples_s"].array()) {
      EXPECT_GE(sample.number(), low);
      EXPECT_LE(sample.number(), high);
    }
    EXPECT_NEAR(run["spread"].number(), (high - low) / middle, 1e-6);
    EXPECT_GT(run["cpu_s"].number(), 0);
    EXPECT_NEAR(run["instances_per_s"].number() * middle, workload["instances"].number(),
                1e-3 * workload["instances"].number());
    EXPECT_NEAR(run["bytes_per_s"].number() * middle, workload["bytes"].number(), 1e-3 * workload["bytes"].number());
    EXPECT_EQ(run["speedup"].number(), 1);
    bytes_per_s[name] = run["bytes_per_s"].number();
    if (name == "newline-count") {
      EXPECT_TRUE(run["floor_ratio"].is_null());
    } else {
      ASSERT_TRUE(run["floor_ratio"].is_number());
    }
  }
  const Json& holdem = report["workloads"].array()[0]["name"].text() == "holdem-2" ? report["workloads"].array()[0]
                                                                                   : report["workloads"].array()[1];
  EXPECT_NEAR(holdem["runs"].array()[0]["floor_ratio"].number(), bytes_per_s["holdem-2"] / bytes_per_s["newline-count"],
              1e-6);
  // holdem-2's bytes are the floor's: the lines counted are 3 per instance.
  const Json& floor =
      &holdem == &report["workloads"].array()[0] ? report["workloads"].array()[1] : report["workloads"].array()[0];
  EXPECT_EQ(floor["bytes"].number(), holdem["bytes"].number());
  EXPECT_EQ(floor["instances"].number(), 3 * holdem["instances"].number());
  EXPECT_TRUE(report["warnings"].array().empty() || report["warnings"].array()[0].is_string());
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
  EXPECT_EQ(report["settings"]["on_disk"].text(), directory);
  std::vector<std::string> sources;
  for (const Json& workload : report["workloads"].array())
    sources.push_back(workload["name"].text() + " " + workload["source"].text());
  EXPECT_EQ(sources, (std::vector<std::string>{"newline-count memory", "newline-count file", "newline-count pipe",
                                               "euler memory", "euler file", "euler pipe"}));
  // Each source's instances are the same work.
  const auto& workloads = report["workloads"].array();
  EXPECT_EQ(workloads[3]["instances"].number(), workloads[4]["instances"].number());
  EXPECT_EQ(workloads[3]["instances"].number(), workloads[5]["instances"].number());
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
