#include "run/gradescope_results.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <system_error>
#include <vector>

#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/json_text.h"

namespace poker::cli {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::uint64_t kUnits = GradescopeSettings::kScoreUnits;

// Points in units of 1/kUnits: the nearest double, which json_text() writes
// in its fewest digits, those of the exact decimal ("12", "0.5", "33.3333"),
// as the text does (points_text).
std::string points_text(std::uint64_t units) {
  std::string text;
  append_json_number(text, points_of(units), std::nullopt);
  return text;
}

std::string count(std::uint64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// One test: `count` instances from `first` (1-based), worth `max_units`.
struct PlannedTest {
  std::uint64_t first = 1;
  std::uint64_t count = 0;
  std::uint64_t max_units = 0;
};

// The tests: one per block of tests_of instances (one for the whole file
// when 0, or when there are no instances), the total split among them by
// their instances, each worth whole units, the units left over one each to
// the first tests, so that the maxima sum to the total.
std::vector<PlannedTest> plan_tests(std::uint64_t instances, const GradescopeSettings& settings) {
  const std::uint64_t total = static_cast<std::uint64_t>(std::llround(settings.max_score * kUnits));
  const std::uint64_t per = settings.tests_of == 0 ? std::max<std::uint64_t>(instances, 1) : settings.tests_of;
  std::vector<PlannedTest> tests;
  std::uint64_t given = 0;
  for (std::uint64_t first = 1; first <= std::max<std::uint64_t>(instances, 1); first += per) {
    PlannedTest& test = tests.emplace_back();
    test.first = first;
    test.count = std::min(per, instances - std::min(instances, first - 1));
    test.max_units = instances == 0 ? total
                                    : static_cast<std::uint64_t>(static_cast<long double>(total) * test.count /
                                                                 static_cast<long double>(instances));
    given += test.max_units;
  }
  for (std::size_t k = 0; given < total; k = (k + 1) % tests.size(), ++given) ++tests[k].max_units;
  return tests;
}

std::string test_name(const PlannedTest& test, std::uint64_t instances, std::size_t tests) {
  if (tests == 1) return "answers to " + count(instances, "instance", "instances");
  if (test.count == 1) return "instance " + std::to_string(test.first);
  return "instances " + std::to_string(test.first) + " to " + std::to_string(test.first + test.count - 1);
}

// One test's object.
Json test_json(const GradedTest& test, std::size_t number, const GradescopeSettings& settings) {
  Json json = {{"name", test.name},
               {"number", std::to_string(number)},
               {"score", points_of(test.units)},
               {"max_score", points_of(test.max_units)},
               {"status", test.passed ? "passed" : "failed"},
               {"output", test.output},
               {"output_format", "text"},
               {"name_format", "text"}};
  if (!settings.visibility.empty()) json["visibility"] = settings.visibility;
  return json;
}

// results.json: the object around the tests, the score their sum, one line.
std::string results_json(const GradedRun& run, const GradescopeSettings& settings) {
  Json tests = Json::array();
  for (std::size_t k = 0; k < run.tests.size(); ++k) tests.push_back(test_json(run.tests[k], k + 1, settings));
  Json results = {{"score", points_of(run.units)},
                  {"output", run.output},
                  {"output_format", "text"},
                  {"test_output_format", "text"},
                  {"test_name_format", "text"}};
  // The tests' default too, so that a test Gradescope adds itself agrees.
  if (!settings.visibility.empty()) results["visibility"] = settings.visibility;
  results["extra_data"] = {{"schema", "poker-gradescope/1"},
                           {"max_score", points_of(run.max_units)},
                           {"instances", run.instances},
                           {"right", run.right},
                           {"wrong", run.wrong},
                           {"missing", run.missing},
                           {"extra", run.extra},
                           {"summary_differs", run.summary_differs},
                           {"unreadable", run.unreadable.empty() ? Json(nullptr) : Json(run.unreadable)}};
  results["tests"] = std::move(tests);
  return json_text(results) + "\n";
}

// The report's tally of one test: its instances, as verify counts a whole
// candidate, with the mismatches that count against it. The lines after
// the last answer and a differing summary count against the last test.
VerifyReport test_report(const VerifyReport& report, const PlannedTest& test, std::uint64_t block, bool last,
                         bool hide_expected) {
  const VerifyBlock tally = block < report.blocks.size() ? report.blocks[block] : VerifyBlock{};
  VerifyReport part;
  part.compared = test.count;
  part.right = tally.right;
  part.mismatching = test.count - tally.right;
  part.missing = tally.missing;
  part.extra_inside = tally.extra_lines;
  part.extra = last && report.extra;
  part.extra_lines = last ? std::max<std::uint64_t>(report.extra_lines, report.extra ? 1 : 0) : 0;
  part.summary_differs = last && report.summary_differs;
  for (const Mismatch& m : report.listed) {
    if (m.block != block) continue;
    part.listed.push_back(m);
    if (hide_expected) part.listed.back().expected.clear();
  }
  return part;
}

}  // namespace

VerifyOptions gradescope_verify_options(VerifyOptions options, const GradescopeSettings& settings) {
  options.all = true;
  options.max_listed = 1;
  options.block_instances = settings.tests_of == 0 ? std::numeric_limits<std::uint64_t>::max() : settings.tests_of;
  return options;
}

double points_of(std::uint64_t units) { return static_cast<double>(units) / static_cast<double>(kUnits); }

GradedRun grade_tests(const VerifyOutcome& outcome, std::uint64_t instances, const GradescopeSettings& settings,
                      bool reveal_expected, std::string_view input_name) {
  const VerifyReport& report = outcome.report;
  const std::vector<PlannedTest> planned = plan_tests(instances, settings);
  VerifyOptions shown;  // each test's own report: its first difference, without the counts
  shown.all = false;
  GradedRun run;
  for (std::size_t k = 0; k < planned.size(); ++k) {
    const PlannedTest& test = planned[k];
    VerifyOutcome part{outcome.run, test_report(report, test, k, k + 1 == planned.size(), !reveal_expected)};
    const VerifyReport& tally = part.report;
    // Each extra line and a differing summary count as one more wrong
    // answer: printing every possible answer scores no better than guessing.
    const std::uint64_t items = test.count + tally.extra_inside + tally.extra_lines + (tally.summary_differs ? 1 : 0);
    GradedTest& graded = run.tests.emplace_back();
    graded.name = test_name(test, instances, planned.size());
    graded.max_units = test.max_units;
    graded.passed = tally.passed();
    graded.units = graded.passed ? test.max_units : 0;
    if (!graded.passed && settings.partial_credit && items > 0 && test.max_units > 0) {
      const auto share = static_cast<std::uint64_t>(static_cast<long double>(test.max_units) * tally.right /
                                                    static_cast<long double>(items));
      graded.units = std::min(share, test.max_units - 1);  // full marks only when it passes
    }
    graded.output = render_verify_report(part, shown);
    if (!graded.passed) {
      graded.output += std::to_string(tally.right) + " of " + count(test.count, "answer", "answers") + " right, " +
                       std::to_string(tally.wrong()) + " wrong, " + std::to_string(tally.missing) + " missing";
      if (tally.extra_inside + tally.extra_lines > 0) {
        graded.output += ", " + count(tally.extra_inside + tally.extra_lines, "extra line", "extra lines");
      }
      graded.output += "\n";
    }
    run.units += graded.units;
    run.max_units += graded.max_units;
  }
  run.output = "poker verify " + std::string(input_name) + ": score " + points_text(run.units) + " of " +
               points_text(run.max_units) + " (" + (settings.partial_credit ? "partial credit" : "all or nothing") +
               (planned.size() == 1 ? "" : " per test") + ")\n";
  run.output += render_verify_tail(report, gradescope_verify_options({}, settings));
  run.instances = instances;
  run.right = report.right;
  run.wrong = report.wrong();
  run.missing = report.missing;
  run.extra = report.extra_inside + report.extra_lines;
  run.summary_differs = report.summary_differs;
  return run;
}

GradedRun grade_unreadable(std::uint64_t instances, const GradescopeSettings& settings, std::string_view why) {
  const std::vector<PlannedTest> planned = plan_tests(instances, settings);
  GradedRun run;
  run.output = "no answers to grade: " + std::string(why) + "\n";
  for (const PlannedTest& test : planned) {
    run.tests.push_back(GradedTest{test_name(test, instances, planned.size()), 0, test.max_units, false, run.output});
    run.max_units += test.max_units;
  }
  run.instances = instances;  // nothing compared
  run.unreadable = why;
  return run;
}

std::string render_gradescope_results(const VerifyOutcome& outcome, std::uint64_t instances,
                                      const GradescopeSettings& settings, bool reveal_expected,
                                      std::string_view input_name) {
  return results_json(grade_tests(outcome, instances, settings, reveal_expected, input_name), settings);
}

std::string render_gradescope_results(const GradedRun& run, const GradescopeSettings& settings) {
  return results_json(run, settings);
}

std::string render_gradescope_unreadable(std::uint64_t instances, const GradescopeSettings& settings,
                                         std::string_view why) {
  return results_json(grade_unreadable(instances, settings, why), settings);
}

int make_results_dir(const std::string& dir, const StopSignals& signals) {
  std::error_code error;
  // A path that exists and is no folder fails here too (ENOTDIR, EEXIST).
  if (std::filesystem::create_directories(dir, error) || !error) {
    if (std::filesystem::is_directory(dir, error)) return kExitOk;
    if (!error) error = std::make_error_code(std::errc::not_a_directory);
  }
  return fail(signals, dir + ": cannot make the results folder: " + std::strerror(error.value()), kExitIo);
}

int write_gradescope_results(const GradescopeSettings& settings, std::string_view results, const StopSignals& signals) {
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> file = open_output_or_report(settings.dir + "/results.json", signals, status);
  if (!file) return status;
  return write_and_finish(*file, results, signals);
}

}  // namespace poker::cli
