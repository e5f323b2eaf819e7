// The comparison as people and programs read it: the table with its
// heading and summary (plain or Markdown), or JSON.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "figure_text.h"
#include "json_parts.h"
#include "poker/bench/compare.h"
#include "poker/bench/measure.h"
#include "poker/bench/table.h"
#include "poker/escape.h"

namespace poker::bench {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

// "poker 0.2.0 (b6845c5, Release, GCC 12.2.0, avx2)"; a program measured
// by --baseline is known by its version alone.
std::string build_text(const BuildInfo& build) {
  std::vector<std::string> details;
  for (const std::string* detail : {&build.commit, &build.build_type, &build.compiler, &build.simd}) {
    if (!detail->empty()) details.push_back(escape_bytes(*detail));
  }
  std::string text = "poker " + escape_bytes(build.version);
  if (!details.empty()) text += " (" + join(details) + ")";
  return text;
}

std::string machine_text(const MachineInfo& machine) {
  const double gibibytes = static_cast<double>(machine.memory_bytes) / (1024.0 * 1024.0 * 1024.0);
  return escape_bytes(machine.cpu) + " (" + std::to_string(machine.cores) + " cores, " +
         printf_text("%.1f GiB", gibibytes) + "), " + escape_bytes(machine.kernel);
}

// "version, commit": the fields in which the two differ.
std::string differences(const std::vector<std::pair<const char*, bool>>& fields) {
  std::vector<std::string> named;
  for (const auto& [name, differs] : fields) {
    if (differs) named.emplace_back(name);
  }
  return join(named);
}

// The line above the table when the two runs are of different builds or
// machines, or nothing.
std::string difference_note(const Report& old_report, const Report& new_report) {
  const BuildInfo& a = old_report.build;
  const BuildInfo& b = new_report.build;
  const std::string build = differences({{"version", a.version != b.version},
                                         {"commit", a.commit != b.commit},
                                         {"build type", a.build_type != b.build_type},
                                         {"compiler", a.compiler != b.compiler},
                                         {"SIMD path", a.simd != b.simd}});
  const MachineInfo& m = old_report.machine;
  const MachineInfo& n = new_report.machine;
  const std::string machine = differences({{"CPU", m.cpu != n.cpu},
                                           {"cores", m.cores != n.cores},
                                           {"memory", m.memory_bytes != n.memory_bytes},
                                           {"kernel", m.kernel != n.kernel}});
  if (build.empty() && machine.empty()) return {};
  std::string note = "note: the runs differ in ";
  if (!build.empty()) note += "the poker build (" + build + ")";
  if (!build.empty() && !machine.empty()) note += " and ";
  if (!machine.empty()) note += "the machine (" + machine + ")";
  return note + ": the ratios measure that difference";
}

std::string heading(const Comparison& comparison) {
  const std::size_t width = std::max(comparison.old_name.size(), comparison.new_name.size());
  std::string text;
  const auto describe = [&](const char* which, const std::string& name, const Report& report) {
    text += std::string(which) + ": " + name + std::string(width - name.size(), ' ') + "  " +
            escape_bytes(report.started_at) + "  " + build_text(report.build) + " on " + machine_text(report.machine) +
            "\n";
  };
  describe("old", comparison.old_name, comparison.old_report);
  describe("new", comparison.new_name, comparison.new_report);
  if (comparison.mode == "alternating")
    text += "measured in alternation on the same workloads: rounds of one run of each, half of them old first\n";
  if (const std::string note = difference_note(comparison.old_report, comparison.new_report); !note.empty())
    text += note + "\n";
  if (!comparison.noisy_old.empty()) {
    text += "note: " + comparison.old_name + " is no baseline where its CV was above " + tolerance_text(kNoisyCv) +
            ": " + join(comparison.noisy_old) + "\n";
  }
  const VerdictRule& rule = comparison.rule;
  const std::string tolerance = tolerance_text(rule.tolerance);
  const std::string shared = rule.runs > 1 ? " (" + tolerance_text(rule.family_alpha) + " shared by the " +
                                                 std::to_string(rule.runs) + " runs compared)"
                                           : "";
  text += "verdict: slower (faster) when the two-sided " + std::string(test_name(rule)) + " test gives p < " +
          p_value_text(rule.alpha()) + shared + " and the " + confidence_percent_text(rule.confidence()) +
          " confidence interval of the ratio lies beyond " + tolerance + " (" + comparison.new_name +
          "'s tolerance); same when it lies within " + tolerance + "; otherwise noisy: too noisy to decide\n";
  if (comparison.mode != "alternating") {
    text += "a saved report: noisy too where a run had less of the machine, where a CV above " +
            tolerance_text(kNoisyCv) + " allows no such change, or where the machine itself (" + kFloorName +
            ") moved as much\n";
  }
  return text;
}

std::string summary(const Comparison& comparison) {
  std::vector<std::string> slower, faster, noisy;
  for (const ComparedRun& run : comparison.runs) {
    const std::string label = run_label(run.workload, run.source, run.threads);
    if (run.verdict.verdict == Verdict::kSlower) slower.push_back(label);
    if (run.verdict.verdict == Verdict::kFaster) faster.push_back(label);
    if (run.verdict.verdict == Verdict::kNoisy) noisy.push_back(label);
  }
  std::string text;
  if (!comparison.different_work.empty()) {
    text += "note: " + join(comparison.different_work) +
            ": the runs did different work per pass (--quick against a full run?): compared per instance\n";
  }
  const CompareCounts counts = count_verdicts(comparison);
  if (counts.compared == 0) return text + "nothing compared: no run is in both\n";
  const std::string of = " of " + std::to_string(counts.compared);
  const std::string tolerance = tolerance_text(comparison.rule.tolerance);
  text += std::to_string(slower.size()) + of + " slower beyond " + tolerance +
          (slower.empty() ? "" : ": " + join(slower)) + "\n";
  if (!faster.empty())
    text += std::to_string(faster.size()) + of + " faster beyond " + tolerance + ": " + join(faster) + "\n";
  if (!noisy.empty()) {
    text += std::to_string(noisy.size()) + of + " too noisy to decide at " + tolerance + ": " + join(noisy) +
            (comparison.mode == "alternating" ? " (more --repetitions, a longer --min-time, a quieter machine)\n"
                                              : " (more --repetitions, a longer --min-time, a quieter machine, or "
                                                "--baseline)\n");
  }
  return text;
}

using Json = nlohmann::ordered_json;

Json optional_number(const std::optional<double>& value) {
  return value && std::isfinite(*value) ? Json(*value) : Json(nullptr);
}

Json side_json(const std::string& name, const Report& report) {
  return Json{{"name", name},
              {"started_at", report.started_at},
              {"poker", build_json(report.build)},
              {"machine", machine_json(report.machine)}};
}

}  // namespace

std::string render_comparison(const Comparison& comparison, TableStyle style) {
  TextTable table{{"workload", "source", "threads", "old", "new", "old CV", "new CV", "ratio",
                   confidence_percent_text(comparison.rule.confidence()) + " CI", "p", "verdict"},
                  {false, false, true, true, true, true, true, true, true, true, false},
                  {}};
  for (const ComparedRun& run : comparison.runs) {
    const bool both = run.old_time && run.new_time;
    const RunVerdict& verdict = run.verdict;
    table.rows.push_back({escape_bytes(run.workload), escape_bytes(run.source), std::to_string(run.threads),
                          run.old_time ? render_seconds(*run.old_time) : "-",
                          run.new_time ? render_seconds(*run.new_time) : "-",
                          run.old_cv ? percent_text(*run.old_cv) : "-", run.new_cv ? percent_text(*run.new_cv) : "-",
                          both ? ratio_text(verdict.ratio) : "",
                          both ? ratio_text(verdict.interval.low) + "\u2013" + ratio_text(verdict.interval.high) : "",
                          both ? p_value_text(verdict.test.p_value) : "", verdict_name(verdict.verdict)});
  }
  return heading(comparison) + "times per instance, the median of the repetitions\n\n" +
         render_text_table(table, style) + "\n" + summary(comparison);
}

std::string render_comparison_json(const Comparison& comparison) {
  Json runs = Json::array();
  for (const ComparedRun& run : comparison.runs) {
    const bool both = run.old_time && run.new_time;
    const RunVerdict& verdict = run.verdict;
    runs.push_back(Json{{"workload", run.workload},
                        {"source", run.source},
                        {"threads", run.threads},
                        {"old_median_s", optional_number(run.old_time)},
                        {"new_median_s", optional_number(run.new_time)},
                        {"old_cv", optional_number(run.old_cv)},
                        {"new_cv", optional_number(run.new_cv)},
                        {"ratio", both ? optional_number(verdict.ratio) : Json(nullptr)},
                        {"ratio_low", both ? optional_number(verdict.interval.low) : Json(nullptr)},
                        {"ratio_high", both ? optional_number(verdict.interval.high) : Json(nullptr)},
                        {"p_value", both ? optional_number(verdict.test.p_value) : Json(nullptr)},
                        {"verdict", verdict_name(verdict.verdict)},
                        {"reason", verdict.reason}});
  }
  const CompareCounts counts = count_verdicts(comparison);
  const Json json{{"schema", "poker-bench-comparison/1"},
                  {"mode", comparison.mode},
                  {"old", side_json(comparison.old_name, comparison.old_report)},
                  {"new", side_json(comparison.new_name, comparison.new_report)},
                  {"test", std::string(test_name(comparison.rule)) + ", two-sided"},
                  {"alpha", comparison.rule.family_alpha},
                  {"correction", "Bonferroni"},
                  {"runs_compared", comparison.rule.runs},
                  {"run_alpha", comparison.rule.alpha()},
                  {"confidence", comparison.rule.confidence()},
                  {"tolerance", comparison.rule.tolerance},
                  {"runs", std::move(runs)},
                  {"summary",
                   {{"compared", counts.compared},
                    {"slower", counts.slower},
                    {"faster", counts.faster},
                    {"same", counts.same},
                    {"noisy", counts.noisy}}}};
  return json.dump(2, ' ', true, Json::error_handler_t::replace) + "\n";
}

}  // namespace poker::bench
