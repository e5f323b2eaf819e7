#include "run/gradescope_results.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "exit_status.h"
#include "output_file.h"
#include "poker/json_text.h"

namespace poker::cli {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::uint64_t kUnits = GradescopeSettings::kScoreUnits;

// Points in units of 1/kUnits: the nearest double, which json_text() writes
// in its fewest digits, those of the exact decimal ("12", "0.5", "33.3333"),
// as the text does (points_text).
double points(std::uint64_t units) { return static_cast<double>(units) / static_cast<double>(kUnits); }

std::string points_text(std::uint64_t units) {
  std::string text;
  append_json_number(text, points(units), std::nullopt);
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
Json test_json(const PlannedTest& test, std::size_t number, const std::string& name, std::uint64_t score, bool passed,
               std::string_view output) {
  return {{"name", name},
          {"number", std::to_string(number)},
          {"score", points(score)},
          {"max_score", points(test.max_units)},
          {"status", passed ? "passed" : "failed"},
          {"output", output},
          {"output_format", "text"},
          {"name_format", "text"}};
}

// The counts of extra_data (a candidate's whole tally) and why it was not
// read, or null.
struct Tally {
  std::uint64_t instances = 0;
  std::uint64_t right = 0;
  std::uint64_t wrong = 0;
  std::uint64_t missing = 0;
  std::uint64_t extra = 0;
  bool summary_differs = false;
  Json unreadable;
};

// results.json: the object around the tests, the score their sum, one line.
std::string results_json(std::uint64_t score, std::uint64_t max_units, std::string_view output, const Tally& tally,
                         Json tests) {
  const Json results = {{"score", points(score)},
                        {"output", output},
                        {"output_format", "text"},
                        {"test_output_format", "text"},
                        {"test_name_format", "text"},
                        {"extra_data",
                         {{"schema", "poker-gradescope/1"},
                          {"max_score", points(max_units)},
                          {"instances", tally.instances},
                          {"right", tally.right},
                          {"wrong", tally.wrong},
                          {"missing", tally.missing},
                          {"extra", tally.extra},
                          {"summary_differs", tally.summary_differs},
                          {"unreadable", tally.unreadable}}},
                        {"tests", std::move(tests)}};
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

std::string render_gradescope_results(const VerifyOutcome& outcome, std::uint64_t instances,
                                      const GradescopeSettings& settings, bool reveal_expected,
                                      std::string_view input_name) {
  const VerifyReport& report = outcome.report;
  const std::vector<PlannedTest> planned = plan_tests(instances, settings);
  VerifyOptions shown;  // each test's own report: its first difference, without the counts
  shown.all = false;
  Json tests = Json::array();
  std::uint64_t score = 0, max_units = 0;
  for (std::size_t k = 0; k < planned.size(); ++k) {
    const PlannedTest& test = planned[k];
    VerifyOutcome part{outcome.run, test_report(report, test, k, k + 1 == planned.size(), !reveal_expected)};
    const VerifyReport& tally = part.report;
    // Each extra line and a differing summary count as one more wrong
    // answer: printing every possible answer scores no better than guessing.
    const std::uint64_t items = test.count + tally.extra_inside + tally.extra_lines + (tally.summary_differs ? 1 : 0);
    const bool passed = tally.passed();
    std::uint64_t units = passed ? test.max_units : 0;
    if (!passed && settings.partial_credit && items > 0 && test.max_units > 0) {
      const auto share = static_cast<std::uint64_t>(static_cast<long double>(test.max_units) * tally.right /
                                                    static_cast<long double>(items));
      units = std::min(share, test.max_units - 1);  // full marks only when it passes
    }
    std::string output = render_verify_report(part, shown);
    if (!passed) {
      output += std::to_string(tally.right) + " of " + count(test.count, "answer", "answers") + " right, " +
                std::to_string(tally.wrong()) + " wrong, " + std::to_string(tally.missing) + " missing";
      if (tally.extra_inside + tally.extra_lines > 0) {
        output += ", " + count(tally.extra_inside + tally.extra_lines, "extra line", "extra lines");
      }
      output += "\n";
    }
    tests.push_back(test_json(test, k + 1, test_name(test, instances, planned.size()), units, passed, output));
    score += units;
    max_units += test.max_units;
  }
  std::string output = "poker verify " + std::string(input_name) + ": score " + points_text(score) + " of " +
                       points_text(max_units) + " (" + (settings.partial_credit ? "partial credit" : "all or nothing") +
                       (planned.size() == 1 ? "" : " per test") + ")\n";
  output += render_verify_tail(report, gradescope_verify_options({}, settings));
  const Tally tally{.instances = instances,
                    .right = report.right,
                    .wrong = report.wrong(),
                    .missing = report.missing,
                    .extra = report.extra_inside + report.extra_lines,
                    .summary_differs = report.summary_differs,
                    .unreadable = nullptr};
  return results_json(score, max_units, output, tally, std::move(tests));
}

std::string render_gradescope_unreadable(std::uint64_t instances, const GradescopeSettings& settings,
                                         std::string_view why) {
  const std::vector<PlannedTest> planned = plan_tests(instances, settings);
  const std::string said = "no answers to grade: " + std::string(why) + "\n";
  Json tests = Json::array();
  std::uint64_t max_units = 0;
  for (std::size_t k = 0; k < planned.size(); ++k) {
    tests.push_back(test_json(planned[k], k + 1, test_name(planned[k], instances, planned.size()), 0, false, said));
    max_units += planned[k].max_units;
  }
  Tally tally;  // nothing compared
  tally.instances = instances;
  tally.unreadable = why;
  return results_json(0, max_units, said, tally, std::move(tests));
}

int write_gradescope_results(const GradescopeSettings& settings, std::string_view results, const StopSignals& signals) {
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> file = open_output_or_report(settings.dir + "/results.json", signals, status);
  if (!file) return status;
  return write_and_finish(*file, results, signals);
}

}  // namespace poker::cli
