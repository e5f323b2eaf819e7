#include "poker/bench/compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "poker/bench/read_report.h"
#include "poker/bench/report.h"
#include "poker/bench/report_json.h"

namespace poker::bench {
namespace {

// Reports are built as JSON values (in the order of the members given),
// changed where a test needs it, and written as JSON text.
using Json = nlohmann::ordered_json;

Json number(double value) { return Json(value); }
Json text(std::string value) { return Json(std::move(value)); }
Json null() { return Json(nullptr); }
Json boolean(bool value) { return Json(value); }

Json object(std::initializer_list<std::pair<const char*, Json>> members) {
  Json json = Json::object();
  for (const auto& [key, value] : members) json[key] = value;
  return json;
}

Json array(std::vector<Json> elements) {
  Json json = Json::array();
  for (Json& element : elements) json.push_back(std::move(element));
  return json;
}

std::string to_json(const Json& json) { return json.dump(); }

// The member `key` of `json`, which must have it.
Json& at(Json& json, std::string_view key) {
  const auto found = json.find(std::string(key));
  if (found != json.end()) return *found;
  ADD_FAILURE() << "no member " << key;
  static Json none;
  return none;
}

void erase(Json& json, std::string_view key) { json.erase(std::string(key)); }

struct RunSpec {
  double threads;
  double median_s;
  double spread = 0;
};

struct WorkloadSpec {
  std::string name;
  std::vector<RunSpec> runs;
  std::string source = "memory";
  double instances = 1000;
};

// Repetitions whose median is `median_s` and whose spread is `spread`: the
// median twice, then the slowest.
std::vector<Json> samples(double median_s, double spread) {
  if (spread == 0) return {number(median_s)};
  return {number(median_s), number(median_s), number(median_s * (1 + spread))};
}

Json report(double tolerance, const std::vector<WorkloadSpec>& workloads) {
  std::vector<Json> workload_values;
  for (const WorkloadSpec& workload : workloads) {
    std::vector<Json> runs;
    for (const RunSpec& run : workload.runs) {
      runs.push_back(object({{"threads", number(run.threads)},
                             {"samples_s", array(samples(run.median_s, run.spread))},
                             {"median_s", number(run.median_s)},
                             {"min_s", number(run.median_s)},
                             {"max_s", number(run.median_s * (1 + run.spread))},
                             {"spread", number(run.spread)},
                             {"cpu_s", number(run.median_s)},
                             {"instances_per_s", number(workload.instances / run.median_s)},
                             {"bytes_per_s", number(52 * workload.instances / run.median_s)},
                             {"speedup", number(1)},
                             {"floor_ratio", null()}}));
    }
    workload_values.push_back(object({{"name", text(workload.name)},
                                      {"source", text(workload.source)},
                                      {"description", text("a workload")},
                                      {"instances", number(workload.instances)},
                                      {"bytes", number(52 * workload.instances)},
                                      {"runs", array(std::move(runs))}}));
  }
  return object({{"schema", text("poker-bench/1")},
                 {"started_at", text("2026-11-26T07:10:00Z")},
                 {"poker", object({{"version", text("1.4.0")},
                                   {"commit", text("8a015d0")},
                                   {"build", text("Release")},
                                   {"compiler", text("GCC 12.2.0")},
                                   {"simd", text("avx2")}})},
                 {"machine", object({{"cpu", text("AMD EPYC 7B13")},
                                     {"cores", number(2)},
                                     {"memory_bytes", number(25769803776.0)},
                                     {"kernel", text("Linux 6.1.0-18-amd64 x86_64")}})},
                 {"settings", object({{"quick", boolean(false)},
                                      {"warmup", number(1)},
                                      {"repetitions", number(5)},
                                      {"threads", array({number(1), number(2)})},
                                      {"on_disk", null()},
                                      {"tolerance", number(tolerance)}})},
                 {"workloads", array(std::move(workload_values))},
                 {"warnings", array({})}});
}

// A report of one workload run once, at 1 thread.
Json one_run(double median_s, double spread = 0, double tolerance = 0.05) {
  return report(tolerance, {{"holdem-2", {{1, median_s, spread}}}});
}

struct Outcome {
  int status;
  std::string output;
};

Outcome compare_texts(const std::string& old_json, const std::string& new_json) {
  std::ostringstream out;
  const CompareCounts counts = compare_bench_reports(old_json, "OLD.json", new_json, "NEW.json", out);
  // The command's exit status: 4 when a run is slower.
  return {counts.slower > 0 ? 4 : 0, out.str()};
}

Outcome compare(const Json& old_report, const Json& new_report) {
  return compare_texts(to_json(old_report), to_json(new_report));
}

// The table's line of (name, threads), split into its cells (two spaces or
// more apart; an empty cell is none).
std::vector<std::string> row(const std::string& output, std::string_view name, int threads) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::size_t at = 0;
    while (at < line.size()) {
      const std::size_t start = line.find_first_not_of(' ', at);
      if (start == std::string::npos) break;
      const std::size_t end = std::min(line.find("  ", start), line.size());
      cells.push_back(line.substr(start, end - start));
      at = end;
    }
    if (cells.size() >= 3 && cells[0] == name && cells[2] == std::to_string(threads)) return cells;
  }
  ADD_FAILURE() << "no row " << name << " -j " << threads << " in\n" << output;
  return {};
}

std::string verdict(const std::string& output, std::string_view name, int threads) {
  const std::vector<std::string> cells = row(output, name, threads);
  return cells.empty() ? "" : cells.back();
}

// The BenchReportError's message for comparing `old_json` with a valid
// report, or "" when there is none.
std::string old_error(const std::string& old_json) {
  try {
    compare_texts(old_json, to_json(one_run(1)));
  } catch (const BenchReportError& error) {
    return error.what();
  }
  return "";
}

std::string old_error(const Json& old_report) { return old_error(to_json(old_report)); }

// A literal is text, not a JSON string value.
std::string old_error(const char* old_json) { return old_error(std::string(old_json)); }

// With a tolerance of 1/16 and no spread, 1 + 1/16 is the bound itself
// (numbers a double holds exactly): at it the run is the same, past it slower.
TEST(BenchCompare, RatioExactlyAtTheAllowanceIsTheSame) {
  const Outcome at_bound = compare(one_run(1, 0, 0.0625), one_run(1.0625, 0, 0.0625));
  EXPECT_EQ(verdict(at_bound.output, "holdem-2", 1), "same") << at_bound.output;
  EXPECT_EQ(at_bound.status, 0);
  const Outcome past = compare(one_run(1, 0, 0.0625), one_run(1.0626, 0, 0.0625));
  EXPECT_EQ(verdict(past.output, "holdem-2", 1), "slower") << past.output;
  EXPECT_EQ(past.status, 4);
  EXPECT_EQ(verdict(compare(one_run(1, 0, 0.0625), one_run(0.9375, 0, 0.0625)).output, "holdem-2", 1), "same");
  EXPECT_EQ(verdict(compare(one_run(1, 0, 0.0625), one_run(0.9374, 0, 0.0625)).output, "holdem-2", 1), "faster");
}

// 0.5355 / 0.51 is 1.05 by hand, 1.0500000000000003 in doubles: the bound
// is where the user computes it.
TEST(BenchCompare, DecimalRatioAtTheAllowanceIsTheSame) {
  const Outcome outcome = compare(one_run(0.51), one_run(0.5355));
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "same") << outcome.output;
  EXPECT_EQ(outcome.status, 0);
  EXPECT_EQ(verdict(compare(one_run(0.51), one_run(0.5356)).output, "holdem-2", 1), "slower");
}

// allowance = tolerance + max(old spread, new spread) / 2, whichever run
// is the noisier.
TEST(BenchCompare, SpreadOfEitherRunWidensTheAllowance) {
  // 1/16 + 1/4 / 2 = 3/16.
  for (const auto& [old_spread, new_spread] : {std::pair(0.25, 0.0), std::pair(0.0, 0.25), std::pair(0.125, 0.25)}) {
    const Outcome same = compare(one_run(1, old_spread, 0.0625), one_run(1.1875, new_spread, 0.0625));
    EXPECT_EQ(verdict(same.output, "holdem-2", 1), "same") << same.output;
    EXPECT_EQ(row(same.output, "holdem-2", 1)[6], "\u00b118.8%");
    EXPECT_EQ(same.status, 0);
    const Outcome slower = compare(one_run(1, old_spread, 0.0625), one_run(1.1876, new_spread, 0.0625));
    EXPECT_EQ(verdict(slower.output, "holdem-2", 1), "slower") << slower.output;
    EXPECT_EQ(slower.status, 4);
    EXPECT_EQ(
        verdict(compare(one_run(1, old_spread, 0.0625), one_run(0.8125, new_spread, 0.0625)).output, "holdem-2", 1),
        "same");
    EXPECT_EQ(
        verdict(compare(one_run(1, old_spread, 0.0625), one_run(0.8124, new_spread, 0.0625)).output, "holdem-2", 1),
        "faster");
  }
}

TEST(BenchCompare, FasterIsNoFailure) {
  const Outcome outcome = compare(one_run(1), one_run(0.5));
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "faster");
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[5], "0.50\u00d7");
  EXPECT_EQ(outcome.status, 0);
  EXPECT_NE(outcome.output.find("0 of 1 slower beyond 5% + spread; 1 faster: holdem-2 -j 1\n"), std::string::npos)
      << outcome.output;
}

TEST(BenchCompare, TheToleranceIsTheNewReports) {
  EXPECT_EQ(compare(one_run(1, 0, 0.5), one_run(1.1, 0, 0.05)).status, 4);
  EXPECT_EQ(compare(one_run(1, 0, 0.05), one_run(1.1, 0, 0.5)).status, 0);
}

TEST(BenchCompare, SummaryNamesEverySlowerRun) {
  const Json old_report =
      report(0.05, {{"holdem-2", {{1, 1}, {2, 0.5}}}, {"euler", {{1, 2}, {2, 1}}}, {"eval", {{1, 1}}, "pipe"}});
  const Json new_report =
      report(0.05, {{"holdem-2", {{1, 1}, {2, 0.6}}}, {"euler", {{1, 2.5}, {2, 1}}}, {"eval", {{1, 2}}, "pipe"}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(outcome.status, 4);
  EXPECT_NE(outcome.output.find("3 of 5 slower beyond 5% + spread: holdem-2 -j 2, euler -j 1, eval (pipe) -j 1\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_EQ(row(outcome.output, "eval", 1)[1], "pipe");
}

// The whole output for two reports of the same build and machine.
TEST(BenchCompare, PrintsAnAlignedTable) {
  const Json old_report =
      report(0.05, {{"holdem-2", {{1, 0.51, 0.02}, {2, 0.26, 0.03}}}, {"equity-monte-carlo", {{1, 0.0000451}}}});
  const Json new_report =
      report(0.05, {{"holdem-2", {{1, 0.55, 0.01}, {2, 0.261, 0.12}}}, {"equity-monte-carlo", {{1, 12.5}}}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(outcome.output,
            "old: OLD.json  2026-11-26T07:10:00Z  poker 1.4.0 (8a015d0, Release, GCC 12.2.0, avx2) on AMD EPYC 7B13 "
            "(2 cores, 24.0 GiB), Linux 6.1.0-18-amd64 x86_64\n"
            "new: NEW.json  2026-11-26T07:10:00Z  poker 1.4.0 (8a015d0, Release, GCC 12.2.0, avx2) on AMD EPYC 7B13 "
            "(2 cores, 24.0 GiB), Linux 6.1.0-18-amd64 x86_64\n"
            "verdict: slower or faster beyond 5% (NEW.json's tolerance) + half the larger spread of the two runs\n"
            "\n"
            "workload            source  threads  old median  new median      ratio  allowance  verdict\n"
            "holdem-2            memory        1      510 ms      550 ms      1.08\u00d7      \u00b16.0%  slower\n"
            "holdem-2            memory        2      260 ms      261 ms      1.00\u00d7     \u00b111.0%  same\n"
            "equity-monte-carlo  memory        1     45.1 \u00b5s      12.5 s  2.77e+05\u00d7      \u00b15.0%  slower\n"
            "\n"
            "2 of 3 slower beyond 5% + spread: holdem-2 -j 1, equity-monte-carlo -j 1\n");
  EXPECT_EQ(outcome.status, 4);
}

TEST(BenchCompare, RunsInOneReportOnlyAreListedWithoutAVerdict) {
  const Json old_report = report(0.05, {{"holdem-2", {{1, 1}, {2, 1}}}, {"draw", {{1, 1}}}});
  const Json new_report = report(0.05, {{"holdem-2", {{1, 1}, {4, 9}}}, {"verify", {{1, 9}}}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "same");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 2), "only in OLD");
  EXPECT_EQ(verdict(outcome.output, "draw", 1), "only in OLD");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 4), "only in NEW");
  EXPECT_EQ(verdict(outcome.output, "verify", 1), "only in NEW");
  EXPECT_EQ(row(outcome.output, "draw", 1)[4], "-");  // no new median
  EXPECT_EQ(outcome.status, 0);
  EXPECT_NE(outcome.output.find("0 of 1 slower beyond 5% + spread\n"), std::string::npos) << outcome.output;
  // Compared first, then only in OLD, then only in NEW.
  EXPECT_LT(outcome.output.find("\nholdem-2"), outcome.output.find("\ndraw"));
  EXPECT_LT(outcome.output.find("\ndraw"), outcome.output.find("\nholdem-2", outcome.output.find("\ndraw")));
  EXPECT_LT(outcome.output.find("only in OLD"), outcome.output.find("only in NEW"));
  EXPECT_LT(outcome.output.find("\nholdem-2", outcome.output.find("\ndraw")), outcome.output.find("\nverify"));
}

TEST(BenchCompare, NothingInCommonIsNoFailure) {
  const Outcome outcome = compare(report(0.05, {{"draw", {{1, 1}}}}), report(0.05, {{"verify", {{1, 1}}}}));
  EXPECT_EQ(outcome.status, 0);
  EXPECT_NE(outcome.output.find("nothing compared: no run is in both reports\n"), std::string::npos);
}

// The source is part of a workload's identity: the same name on another
// source is another workload.
TEST(BenchCompare, WorkloadsAreNamedBySourceToo) {
  const Outcome outcome =
      compare(report(0.05, {{"holdem-2", {{1, 1}}, "file"}}), report(0.05, {{"holdem-2", {{1, 9}}, "pipe"}}));
  EXPECT_EQ(outcome.status, 0);
  EXPECT_NE(outcome.output.find("only in OLD"), std::string::npos);
  EXPECT_NE(outcome.output.find("only in NEW"), std::string::npos);
}

TEST(BenchCompare, DifferentMachinesAreNotedAboveTheTable) {
  Json new_report = one_run(1);
  at(at(new_report, "machine"), "cpu") = text("Intel Xeon 8375C");
  at(at(new_report, "machine"), "cores") = number(4);
  const Outcome outcome = compare(one_run(1), new_report);
  const std::size_t note =
      outcome.output.find("note: the runs differ in the machine (CPU, cores): the ratios measure that difference\n");
  EXPECT_NE(note, std::string::npos) << outcome.output;
  EXPECT_LT(note, outcome.output.find("workload"));
  EXPECT_EQ(outcome.status, 0);
}

TEST(BenchCompare, DifferentBuildsAreNotedAboveTheTable) {
  Json new_report = one_run(1);
  at(at(new_report, "poker"), "version") = text("1.5.0");
  at(at(new_report, "poker"), "commit") = null();
  at(at(new_report, "poker"), "compiler") = text("Clang 16.0.6");
  at(at(new_report, "machine"), "kernel") = text("Linux 6.5.0");
  const Outcome outcome = compare(one_run(1), new_report);
  EXPECT_NE(outcome.output.find("note: the runs differ in the poker build (version, commit, compiler) and the machine "
                                "(kernel): the ratios measure that difference\n"),
            std::string::npos)
      << outcome.output;
  EXPECT_NE(outcome.output.find("poker 1.5.0 (Release, Clang 16.0.6, avx2)"), std::string::npos);
}

TEST(BenchCompare, SameBuildAndMachineHaveNoNote) {
  EXPECT_EQ(compare(one_run(1), one_run(1)).output.find("note:"), std::string::npos);
}

// A --quick run does less work per repetition than a full one: the times
// per instance are compared.
TEST(BenchCompare, DifferentWorkPerRepetitionIsComparedPerInstance) {
  const Json old_report = report(0.05, {{"holdem-2", {{1, 1}}, "memory", 1000}});
  const Json new_report = report(0.05, {{"holdem-2", {{1, 0.11}}, "memory", 100}});
  const Outcome outcome = compare(old_report, new_report);
  EXPECT_EQ(row(outcome.output, "holdem-2", 1)[5], "1.10\u00d7");
  EXPECT_EQ(verdict(outcome.output, "holdem-2", 1), "slower");
  EXPECT_NE(outcome.output.find("note: holdem-2: the runs did different work per repetition"), std::string::npos)
      << outcome.output;
}

// Runs are matched by (name, source, threads), not by their place.
TEST(BenchCompare, ManyWorkloadsAreMatchedByTheirKeys) {
  std::vector<WorkloadSpec> workloads;
  for (int i = 0; i < 2000; ++i) workloads.push_back({std::string("w").append(std::to_string(i)), {{1, 1}, {2, 1}}});
  const Json old_report = report(0.05, workloads);
  workloads.back().runs[1].median_s = 2;
  std::reverse(workloads.begin(), workloads.end());
  const Outcome outcome = compare(old_report, report(0.05, workloads));
  EXPECT_EQ(outcome.status, 4);
  EXPECT_NE(outcome.output.find("1 of 4000 slower beyond 5% + spread: w1999 -j 2\n"), std::string::npos);
}

// A median is a time from a nanosecond to a day: a denormal one read from a
// corrupt baseline made a ratio of infinity, a huge one a ratio of zero.
TEST(BenchCompareErrors, MedianOutsideANanosecondToADayIsRefused) {
  for (const auto& [median, shown] :
       {std::pair(1e-320, "1e-320"), std::pair(1e-300, "1e-300"), std::pair(9.99e-10, "9.99e-10"),
        std::pair(86400.5, "86400.5"), std::pair(1e300, "1e+300")}) {
    Json broken = one_run(1);
    Json& run = at(at(broken, "workloads")[0], "runs")[0];
    at(run, "median_s") = number(median);
    at(run, "samples_s") = array({number(median)});
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0].runs[0]: median_s is ") + shown +
                                     ", not a time in seconds from 1e-09 to 86400");
  }
  // The bounds themselves are times.
  EXPECT_EQ(compare(one_run(1e-9), one_run(86400)).status, 4);
  EXPECT_EQ(compare(one_run(86400), one_run(1e-9)).status, 0);
}

// The text of a report whose median is written as `median`, its samples
// too, with nothing else of the report changed.
std::string with_median_text(const std::string& median) {
  Json report = one_run(1);
  Json& run = at(at(report, "workloads")[0], "runs")[0];
  const std::string marker = "\"@median@\"";
  at(run, "median_s") = "@median@";
  at(run, "samples_s") = array({text("@median@")});
  std::string json = to_json(report);
  for (std::size_t at = json.find(marker); at != std::string::npos; at = json.find(marker))
    json.replace(at, marker.size(), median);
  return json;
}

// The denormal of a corrupt file, as it is written there: refused with the
// value as the file writes it; one below a double's range reads as 0.
TEST(BenchCompareErrors, DenormalMedianIsRefused) {
  EXPECT_EQ(old_error(with_median_text("1e-320")),
            "OLD.json: workloads[0].runs[0]: median_s is 1e-320, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(old_error(with_median_text("1e-400")),
            "OLD.json: workloads[0].runs[0]: median_s is 0, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(old_error(with_median_text("-0")),
            "OLD.json: workloads[0].runs[0]: median_s is -0, not a time in seconds from 1e-09 to 86400");
}

// A spread must be the samples' (max - min) / median: a corrupt baseline's
// 1e308 made every verdict "same", and the gate let anything through.
TEST(BenchCompareErrors, SpreadThatIsNotTheSamplesIsRefused) {
  Json broken = one_run(1, 0.25);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "spread") = number(1e308);
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: spread is 1e+308, not (max - min) / median of samples_s (0.25)");
  at(run, "spread") = number(0.3);
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: spread is 0.3, not (max - min) / median of samples_s (0.25)");
  // As the new report too.
  EXPECT_THROW(compare(one_run(1), broken), BenchReportError);
  // As the report's nine digits round it, it is the spread.
  at(run, "spread") = number(0.250000001);
  EXPECT_EQ(old_error(broken), "");
}

TEST(BenchCompareErrors, MedianThatIsNotTheSamplesIsRefused) {
  Json broken = one_run(1, 0.25);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "median_s") = number(2);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: median_s is 2, not the median of samples_s (1)");
  // An even count's median is the mean of the middle two.
  at(run, "samples_s") = array({number(1), number(3)});
  at(run, "spread") = number(1);
  EXPECT_EQ(old_error(broken), "");
}

TEST(BenchCompareErrors, EmptyOrBadSamplesAreRefused) {
  Json broken = one_run(1);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "samples_s") = array({});
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s is empty: a run has one repetition at least");
  at(run, "samples_s") = array({number(1), text("1")});
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s[1] is a string, not a number");
  at(run, "samples_s") = array({number(1), number(1), number(-1)});
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: samples_s[2] is -1, not a time in seconds from 1e-09 to 86400");
  at(run, "samples_s") = array({number(1), number(1), number(1e-320)});
  EXPECT_EQ(old_error(broken),
            "OLD.json: workloads[0].runs[0]: samples_s[2] is 1e-320, not a time in seconds from 1e-09 to 86400");
  at(run, "samples_s") = number(1);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s is a number, not an array");
  erase(run, "samples_s");
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: samples_s is missing");
}

// The tolerance is a fraction from 0 to 10, as --tolerance takes it: a
// corrupt one would disable the gate as a corrupt spread would.
TEST(BenchCompareErrors, ToleranceOutsideWhatTheOptionTakesIsRefused) {
  for (const auto& [tolerance, shown] :
       {std::pair(1e308, "1e+308"), std::pair(10.5, "10.5"), std::pair(-0.05, "-0.05")}) {
    Json broken = one_run(1);
    at(at(broken, "settings"), "tolerance") = number(tolerance);
    EXPECT_EQ(old_error(broken),
              std::string("OLD.json: settings: tolerance is ") + shown + ", not a fraction from 0 to 10");
  }
  Json largest = one_run(1);
  at(at(largest, "settings"), "tolerance") = number(10);
  EXPECT_EQ(old_error(largest), "");
}

TEST(BenchCompareErrors, NotJson) {
  EXPECT_EQ(old_error("hello"), "OLD.json:1:1: invalid JSON: expected a value, found 'h'");
  EXPECT_EQ(old_error("{\"schema\": \"poker-bench/1\"\n \"x\": 1}"),
            "OLD.json:2:2: invalid JSON: expected ',' or '}', found '\"'");
}

TEST(BenchCompareErrors, EmptyFile) {
  EXPECT_EQ(old_error(""), "OLD.json:1:1: invalid JSON: the input is empty");
  EXPECT_EQ(old_error("\n"), "OLD.json:2:1: invalid JSON: expected a value, found the end of the input");
}

// Every cut of a valid report is an error naming the file, never a crash.
TEST(BenchCompareErrors, TruncatedAnywhere) {
  const std::string valid = to_json(report(0.05, {{"holdem-2", {{1, 0.5, 0.01}, {2, 0.25}}}}));
  for (std::size_t size = 0; size < valid.size(); ++size) {
    const std::string message = old_error(valid.substr(0, size));
    EXPECT_EQ(message.rfind("OLD.json:", 0), 0u) << size << ": " << message;
    EXPECT_NE(message.find("invalid JSON"), std::string::npos) << size << ": " << message;
  }
  EXPECT_EQ(old_error(valid), "");
}

TEST(BenchCompareErrors, WrongSchema) {
  Json wrong = one_run(1);
  at(wrong, "schema") = text("x");
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench/1 report: schema is \"x\"");
  at(wrong, "schema") = text("poker-bench/2");
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench/1 report: schema is \"poker-bench/2\"");
  at(wrong, "schema") = text("poker-stats/1\n\"" + std::string(50, 'x'));
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench/1 report: schema is \"poker-stats/1\\x0a\\x22" +
                                  std::string(25, 'x') + "\"...");
  at(wrong, "schema") = number(1);
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench/1 report: schema is a number, not a string");
  erase(wrong, "schema");
  EXPECT_EQ(old_error(wrong), "OLD.json: not a poker-bench/1 report: it has no schema");
  EXPECT_EQ(old_error("[1, 2]"), "OLD.json: not a poker-bench/1 report: the JSON is an array, not an object");
  EXPECT_EQ(old_error("\"poker-bench/1\""),
            "OLD.json: not a poker-bench/1 report: the JSON is a string, not an object");
}

TEST(BenchCompareErrors, MissingFields) {
  Json three = report(0.05, {{"a", {{1, 1}}}, {"b", {{1, 1}}}, {"c", {{1, 1}, {2, 1}}}});
  erase(at(at(three, "workloads")[2], "runs")[0], "median_s");
  EXPECT_EQ(old_error(three), "OLD.json: workloads[2].runs[0]: median_s is missing");

  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"started_at"}, "OLD.json: started_at is missing"},
      {{"poker"}, "OLD.json: poker is missing"},
      {{"poker", "version"}, "OLD.json: poker: version is missing"},
      {{"poker", "commit"}, "OLD.json: poker: commit is missing"},
      {{"machine", "cpu"}, "OLD.json: machine: cpu is missing"},
      {{"machine", "memory_bytes"}, "OLD.json: machine: memory_bytes is missing"},
      {{"settings"}, "OLD.json: settings is missing"},
      {{"settings", "tolerance"}, "OLD.json: settings: tolerance is missing"},
      {{"workloads"}, "OLD.json: workloads is missing"},
  };
  for (const auto& [path, message] : cases) {
    Json broken = one_run(1);
    Json* parent = &broken;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) parent = &at(*parent, path[i]);
    erase(*parent, path.back());
    EXPECT_EQ(old_error(broken), message);
  }
  for (const char* key : {"name", "source", "instances", "runs"}) {
    Json broken = one_run(1);
    erase(at(broken, "workloads")[0], key);
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0]: ") + key + " is missing");
  }
  for (const char* key : {"threads", "samples_s", "spread"}) {
    Json broken = one_run(1);
    erase(at(at(broken, "workloads")[0], "runs")[0], key);
    EXPECT_EQ(old_error(broken), std::string("OLD.json: workloads[0].runs[0]: ") + key + " is missing");
  }
}

TEST(BenchCompareErrors, WrongTypes) {
  Json broken = one_run(1);
  Json& run = at(at(broken, "workloads")[0], "runs")[0];
  at(run, "median_s") = text("0.5");
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: median_s is a string, not a number");
  at(run, "median_s") = null();
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0].runs[0]: median_s is null, not a number");

  broken = one_run(1);
  at(at(broken, "poker"), "commit") = number(5);
  EXPECT_EQ(old_error(broken), "OLD.json: poker: commit is a number, not a string or null");
  broken = one_run(1);
  at(broken, "workloads") = object({});
  EXPECT_EQ(old_error(broken), "OLD.json: workloads is an object, not an array");
  broken = one_run(1);
  at(broken, "workloads").push_back(number(3));
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[1] is a number, not an object");
  broken = one_run(1);
  at(at(broken, "workloads")[0], "runs").push_back(array({}));
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0]: runs[1] is an array, not an object");
  broken = one_run(1);
  at(broken, "settings") = boolean(true);
  EXPECT_EQ(old_error(broken), "OLD.json: settings is a boolean, not an object");
}

TEST(BenchCompareErrors, ValuesOutOfRange) {
  const auto run_error = [](const char* key, Json value) {
    Json broken = one_run(1);
    at(at(at(broken, "workloads")[0], "runs")[0], key) = std::move(value);
    return old_error(broken);
  };
  EXPECT_EQ(run_error("median_s", number(0)),
            "OLD.json: workloads[0].runs[0]: median_s is 0, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(run_error("median_s", number(-0.5)),
            "OLD.json: workloads[0].runs[0]: median_s is -0.5, not a time in seconds from 1e-09 to 86400");
  EXPECT_EQ(run_error("spread", number(-0.1)),
            "OLD.json: workloads[0].runs[0]: spread is -0.1, not a number of at least 0");
  EXPECT_EQ(run_error("threads", number(1.5)),
            "OLD.json: workloads[0].runs[0]: threads is 1.5, not a whole number from 1 to 1048576");
  EXPECT_EQ(run_error("threads", number(0)),
            "OLD.json: workloads[0].runs[0]: threads is 0, not a whole number from 1 to 1048576");
  EXPECT_EQ(run_error("threads", number(1e20)),
            "OLD.json: workloads[0].runs[0]: threads is 1e+20, not a whole number from 1 to 1048576");
  Json broken = one_run(1);
  at(at(broken, "workloads")[0], "instances") = number(0);
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0]: instances is 0, not a whole number from 1 to 9007199254740992");
  broken = one_run(1);
  at(at(broken, "workloads")[0], "name") = text("");
  EXPECT_EQ(old_error(broken), "OLD.json: workloads[0]: name is empty");
}

TEST(BenchCompareErrors, RunsAndWorkloadsAppearOnce) {
  EXPECT_EQ(old_error(report(0.05, {{"a", {{1, 1}, {2, 1}, {1, 2}}}})),
            "OLD.json: workloads[0].runs[2]: a second run at threads 1 (the first is runs[0])");
  EXPECT_EQ(old_error(report(0.05, {{"a", {{1, 1}}}, {"a", {{1, 1}}, "pipe"}, {"a", {{1, 1}}}})),
            "OLD.json: workloads[2]: a second \"a\" on \"memory\" (the first is workloads[0])");
}

TEST(BenchCompareErrors, DeepNesting) {
  EXPECT_EQ(old_error(std::string(100000, '[')),
            "OLD.json:1:65: invalid JSON: arrays and objects nested deeper than 64");
  Json deep = one_run(1);
  Json nested = number(1);
  for (int i = 0; i < 70; ++i) nested = array({nested});
  deep["extra"] = nested;
  EXPECT_NE(old_error(deep).find("invalid JSON: arrays and objects nested deeper than 64"), std::string::npos);
}

TEST(BenchCompareErrors, HugeNumbers) {
  const std::string message = old_error(with_median_text("1e999"));
  EXPECT_EQ(message.rfind("OLD.json:", 0), 0u);
  EXPECT_NE(message.find(": invalid JSON: number out of the range of a double"), std::string::npos) << message;
}

TEST(BenchCompareErrors, InvalidStrings) {
  std::string text = to_json(one_run(1));
  const std::string cpu = "AMD EPYC";
  const std::size_t at_cpu = text.find(cpu);
  ASSERT_NE(at_cpu, std::string::npos);
  std::string bad_utf8 = text;
  bad_utf8[at_cpu + 3] = '\xFF';
  EXPECT_NE(old_error(bad_utf8).find("invalid JSON: invalid UTF-8 byte '\\xff' in a string"), std::string::npos);
  std::string bad_escape = text;
  bad_escape.replace(at_cpu, 3, "\\q");
  EXPECT_NE(old_error(bad_escape).find("invalid JSON: invalid escape '\\q' in a string"), std::string::npos);
  std::string lone = text;
  lone.replace(at_cpu, 3, "\\udc00");
  EXPECT_NE(old_error(lone).find("invalid JSON: unpaired surrogate '\\udc00' in a string"), std::string::npos);
}

TEST(BenchCompareErrors, TheNewReportIsNamedToo) {
  try {
    compare_texts(to_json(one_run(1)), "{}");
    FAIL() << "no error";
  } catch (const BenchReportError& error) {
    EXPECT_STREQ(error.what(), "NEW.json: not a poker-bench/1 report: it has no schema");
  }
}

// Messages print on one line of printable ASCII, whatever bytes the file
// names or holds.
TEST(BenchCompareErrors, MessagesAreOneLineOfPrintableAscii) {
  std::string text = to_json(one_run(1));
  for (std::size_t i = 0; i < text.size(); i += 7) {
    for (const char byte : {'\0', '\n', '\x1b', '\xC3', '"', '{', '9'}) {
      std::string mutated = text;
      mutated[i] = byte;
      try {
        compare_texts(mutated, text);
      } catch (const BenchReportError& error) {
        for (const char c : std::string_view(error.what())) {
          ASSERT_TRUE(c >= 0x20 && c < 0x7F) << error.what();
        }
      }
    }
  }
}

// The reader fills the very Report that `poker bench` writes: what
// --compare uses comes back as render_bench_json wrote it (numbers that
// nine significant digits hold exactly), the rest keeps its defaults.
TEST(ReadBenchReport, ReadsBackTheReportThatRenderBenchJsonWrites) {
  Report written;
  written.started_at = "2026-11-26T07:10:00Z";
  written.build = {"1.4.0", "8a015d0", "Release", "GCC 12.2.0", "avx2"};
  written.machine = {"AMD EPYC 7B13", 2, 25769803776, "Linux 6.1.0-18-amd64 x86_64"};
  written.settings.quick = true;
  written.settings.threads = {1, 3};
  written.settings.tolerance = 0.125;
  WorkloadResult workload;
  workload.name = "holdem-2";
  workload.source = "pipe";
  workload.description = "a workload";
  workload.instances = 1000;
  workload.bytes = 52000;
  bench::Run run;
  run.threads = 3;
  run.samples_s = {0.25, 0.5};
  run.median_s = 0.375;
  run.spread = (0.5 - 0.25) / 0.375;
  run.floor_ratio = 2;
  workload.runs = {run};
  written.workloads = {workload};
  written.warnings = {"a warning"};

  const Report read = read_bench_report(render_bench_json(written), "this run");
  EXPECT_EQ(read.started_at, written.started_at);
  EXPECT_EQ(read.build.version, "1.4.0");
  EXPECT_EQ(read.build.commit, "8a015d0");
  EXPECT_EQ(read.build.build_type, "Release");
  EXPECT_EQ(read.build.compiler, "GCC 12.2.0");
  EXPECT_EQ(read.build.simd, "avx2");
  EXPECT_EQ(read.machine.cpu, "AMD EPYC 7B13");
  EXPECT_EQ(read.machine.cores, 2u);
  EXPECT_EQ(read.machine.memory_bytes, 25769803776u);
  EXPECT_EQ(read.machine.kernel, "Linux 6.1.0-18-amd64 x86_64");
  EXPECT_EQ(read.settings.tolerance, 0.125);
  ASSERT_EQ(read.workloads.size(), 1u);
  EXPECT_EQ(read.workloads[0].name, "holdem-2");
  EXPECT_EQ(read.workloads[0].source, "pipe");
  EXPECT_EQ(read.workloads[0].instances, 1000u);
  ASSERT_EQ(read.workloads[0].runs.size(), 1u);
  EXPECT_EQ(read.workloads[0].runs[0].threads, 3u);
  EXPECT_EQ(read.workloads[0].runs[0].median_s, 0.375);
  EXPECT_NEAR(read.workloads[0].runs[0].spread, 2.0 / 3, 1e-9);
  EXPECT_EQ(read.workloads[0].runs[0].samples_s, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(read.workloads[0].runs[0].min_s, 0.25);
  EXPECT_EQ(read.workloads[0].runs[0].max_s, 0.5);
  // Not what --compare uses: not read.
  EXPECT_FALSE(read.settings.quick);
  EXPECT_TRUE(read.settings.threads.empty());
  EXPECT_TRUE(read.workloads[0].description.empty());
  EXPECT_FALSE(read.workloads[0].runs[0].floor_ratio);
  EXPECT_TRUE(read.warnings.empty());
}

// BuildInfo's unknown commit is the empty string, which the JSON writes as
// null: null reads back as it, and the build line names no commit.
TEST(ReadBenchReport, NullCommitReadsAsTheUnknownCommit) {
  Report written;
  written.build = {"1.4.0", "", "Release", "GCC 12.2.0", "avx2"};
  written.machine.cores = 1;
  const std::string json = render_bench_json(written);
  ASSERT_NE(json.find("\"commit\": null"), std::string::npos) << json;
  EXPECT_EQ(read_bench_report(json, "this run").build.commit, "");

  Json unknown = one_run(1);
  at(at(unknown, "poker"), "commit") = null();
  const Outcome outcome = compare(unknown, unknown);
  EXPECT_NE(outcome.output.find("poker 1.4.0 (Release, GCC 12.2.0, avx2)"), std::string::npos) << outcome.output;
  EXPECT_EQ(outcome.output.find("note:"), std::string::npos) << outcome.output;
}

}  // namespace
}  // namespace poker::bench
