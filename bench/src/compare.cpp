#include "poker/bench/compare.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "poker/bench/report.h"
#include "poker/escape.h"

namespace poker::bench {

namespace {

// Relative margin for the rounding of the reports' decimals: a ratio that
// equals a bound as the user computes it by hand is within it.
constexpr double kRoundingMargin = 1e-9;

enum class Verdict { kSlower, kFaster, kSame, kOnlyInOld, kOnlyInNew };

const char* verdict_text(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSlower: return "slower";
    case Verdict::kFaster: return "faster";
    case Verdict::kSame: return "same";
    case Verdict::kOnlyInOld: return "only in OLD";
    case Verdict::kOnlyInNew: return "only in NEW";
  }
  return "";
}

Verdict judge(double ratio, double allowance) {
  if (ratio > (1 + allowance) * (1 + kRoundingMargin)) return Verdict::kSlower;
  if (ratio < (1 - allowance) * (1 - kRoundingMargin)) return Verdict::kFaster;
  return Verdict::kSame;
}

// One line of the table: a run in both reports, or in one.
struct Row {
  const WorkloadResult* workload;  // the new report's, or the old's when only there
  std::size_t threads;
  std::optional<double> old_median_s;
  std::optional<double> new_median_s;
  double ratio = 0;
  double allowance = 0;
  Verdict verdict;
};

std::string printf_text(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// Three significant digits in the unit that keeps them whole: 512 ms,
// 1.23 s, 45.1 µs.
std::string seconds_text(double seconds) {
  struct Unit {
    double scale;
    const char* name;
  };
  static constexpr Unit kUnits[] = {{1, "s"}, {1e3, "ms"}, {1e6, "\u00b5s"}, {1e9, "ns"}};
  const Unit* unit = &kUnits[0];
  for (const Unit& candidate : kUnits) {
    unit = &candidate;
    if (seconds * candidate.scale >= 1) break;
  }
  const double value = seconds * unit->scale;
  const char* format = value >= 1000 ? "%.3g %s" : value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s";
  char text[64];
  std::snprintf(text, sizeof text, format, value, unit->name);
  return text;
}

std::string percent_text(double fraction) {
  const double percent = fraction * 100;
  return printf_text(percent < 1000 ? "%.1f%%" : "%.3g%%", percent);
}

// The tolerance as the summary says it: "5%", "2.5%".
std::string tolerance_text(double tolerance) { return printf_text("%g%%", tolerance * 100); }

std::string run_label(const WorkloadResult& workload, std::size_t threads) {
  std::string label = escape_bytes(workload.name);
  if (workload.source != "memory") label += " (" + escape_bytes(workload.source) + ")";
  return label + " -j " + std::to_string(threads);
}

std::string build_text(const BuildInfo& build) {
  std::string text = "poker " + escape_bytes(build.version) + " (";
  if (!build.commit.empty()) text += escape_bytes(build.commit) + ", ";
  return text + escape_bytes(build.build_type) + ", " + escape_bytes(build.compiler) + ", " + escape_bytes(build.simd) +
         ")";
}

std::string machine_text(const MachineInfo& machine) {
  const double gibibytes = static_cast<double>(machine.memory_bytes) / (1024.0 * 1024.0 * 1024.0);
  return escape_bytes(machine.cpu) + " (" + std::to_string(machine.cores) + " cores, " +
         printf_text("%.1f GiB", gibibytes) + "), " + escape_bytes(machine.kernel);
}

// "version, commit": the fields in which the two differ.
std::string differences(const std::vector<std::pair<const char*, bool>>& fields) {
  std::string text;
  for (const auto& [name, differs] : fields) {
    if (!differs) continue;
    if (!text.empty()) text += ", ";
    text += name;
  }
  return text;
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

// A report's runs by (name, source, threads), so that matching the two
// reports is O(n log n) whatever their size.
using RunKey = std::tuple<std::string_view, std::string_view, std::size_t>;
using RunIndex = std::map<RunKey, std::pair<const WorkloadResult*, const Run*>>;

RunIndex index_runs(const Report& report) {
  RunIndex index;
  for (const WorkloadResult& workload : report.workloads) {
    for (const Run& run : workload.runs) {
      index.emplace(RunKey(workload.name, workload.source, run.threads), std::pair(&workload, &run));
    }
  }
  return index;
}

// The compared runs in the new report's order, then those only in the old
// report, then those only in the new one. `per_instance` collects the
// workloads whose runs did different work per repetition.
std::vector<Row> make_rows(const Report& old_report, const Report& new_report, double tolerance,
                           std::vector<std::string>& per_instance) {
  std::vector<Row> compared;
  std::vector<Row> only_old;
  std::vector<Row> only_new;
  const RunIndex old_runs = index_runs(old_report);
  const RunIndex new_runs = index_runs(new_report);
  for (const WorkloadResult& workload : new_report.workloads) {
    bool noted = false;
    for (const Run& run : workload.runs) {
      const auto old_at = old_runs.find(RunKey(workload.name, workload.source, run.threads));
      if (old_at == old_runs.end()) {
        only_new.push_back({&workload, run.threads, std::nullopt, run.median_s, 0, 0, Verdict::kOnlyInNew});
        continue;
      }
      // The same work per repetition in both (the same settings): the ratio
      // of the medians. Otherwise (a --quick run against a full one) the
      // ratio of the times per instance, which is the same thing then.
      const auto [old_workload, old_run] = old_at->second;
      double ratio = run.median_s / old_run->median_s;
      if (workload.instances != old_workload->instances) {
        ratio *= static_cast<double>(old_workload->instances) / static_cast<double>(workload.instances);
        if (!noted) per_instance.push_back(escape_bytes(workload.name));
        noted = true;
      }
      const double allowance = tolerance + std::max(old_run->spread, run.spread) / 2;
      compared.push_back(
          {&workload, run.threads, old_run->median_s, run.median_s, ratio, allowance, judge(ratio, allowance)});
    }
  }
  for (const WorkloadResult& workload : old_report.workloads) {
    for (const Run& run : workload.runs) {
      if (!new_runs.contains(RunKey(workload.name, workload.source, run.threads))) {
        only_old.push_back({&workload, run.threads, run.median_s, std::nullopt, 0, 0, Verdict::kOnlyInOld});
      }
    }
  }
  compared.insert(compared.end(), only_old.begin(), only_old.end());
  compared.insert(compared.end(), only_new.begin(), only_new.end());
  return compared;
}

// Columns as they print on a terminal: a UTF-8 character is one column
// (every cell is ASCII but for µ, × and ±).
std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void print_table(const std::vector<std::vector<std::string>>& cells, const std::vector<bool>& right_aligned,
                 std::ostream& out) {
  std::vector<std::size_t> widths(right_aligned.size(), 0);
  for (const auto& line : cells) {
    for (std::size_t column = 0; column < line.size(); ++column) {
      widths[column] = std::max(widths[column], display_width(line[column]));
    }
  }
  for (const auto& line : cells) {
    std::string text;
    for (std::size_t column = 0; column < line.size(); ++column) {
      const std::string padding(widths[column] - display_width(line[column]), ' ');
      if (column > 0) text += "  ";
      text += right_aligned[column] ? padding + line[column] : line[column] + padding;
    }
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << '\n';
  }
}

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

// The lines above the table: the two reports, what differs between their
// builds and machines, and how the verdicts are reached.
void print_heading(std::string_view old_name, const Report& old_report, std::string_view new_name,
                   const Report& new_report, std::ostream& out) {
  const std::size_t name_width = std::max(old_name.size(), new_name.size());
  const auto describe = [&](const char* which, std::string_view name, const Report& report) {
    out << which << ": " << name << std::string(name_width - name.size(), ' ') << "  "
        << escape_bytes(report.started_at) << "  " << build_text(report.build) << " on " << machine_text(report.machine)
        << '\n';
  };
  describe("old", old_name, old_report);
  describe("new", new_name, new_report);
  if (const std::string note = difference_note(old_report, new_report); !note.empty()) out << note << '\n';
  out << "verdict: slower or faster beyond " << tolerance_text(new_report.settings.tolerance) << " (" << new_name
      << "'s tolerance) + half the larger spread of the two runs\n\n";
}

// The lines below the table: the note on work per repetition, the summary.
void print_summary(const std::vector<std::string>& per_instance, std::size_t compared,
                   const std::vector<std::string>& slower, const std::vector<std::string>& faster, double tolerance,
                   std::ostream& out) {
  if (!per_instance.empty()) {
    out << "note: " << join(per_instance)
        << ": the runs did different work per repetition (--quick against a full run?): compared per instance\n";
  }
  if (compared == 0) {
    out << "nothing compared: no run is in both reports\n";
    return;
  }
  out << slower.size() << " of " << compared << " slower beyond " << tolerance_text(tolerance) << " + spread";
  if (!slower.empty()) out << ": " << join(slower);
  if (!faster.empty()) out << "; " << faster.size() << " faster: " << join(faster);
  out << '\n';
}

}  // namespace

CompareCounts compare_bench_reports(std::string_view old_json, std::string_view old_name, std::string_view new_json,
                                    std::string_view new_name, std::ostream& out) {
  const Report old_report = read_bench_report(old_json, old_name);
  const Report new_report = read_bench_report(new_json, new_name);
  const double tolerance = new_report.settings.tolerance;
  std::vector<std::string> per_instance;
  const std::vector<Row> rows = make_rows(old_report, new_report, tolerance, per_instance);
  print_heading(old_name, old_report, new_name, new_report, out);

  std::vector<std::vector<std::string>> cells = {
      {"workload", "source", "threads", "old median", "new median", "ratio", "allowance", "verdict"}};
  std::vector<std::string> slower;
  std::vector<std::string> faster;
  std::size_t compared = 0;
  for (const Row& row : rows) {
    const bool both = row.old_median_s && row.new_median_s;
    cells.push_back({escape_bytes(row.workload->name), escape_bytes(row.workload->source), std::to_string(row.threads),
                     row.old_median_s ? seconds_text(*row.old_median_s) : "-",
                     row.new_median_s ? seconds_text(*row.new_median_s) : "-",
                     both ? printf_text(row.ratio < 1000 ? "%.2f\u00d7" : "%.3g\u00d7", row.ratio) : "",
                     both ? "\u00b1" + percent_text(row.allowance) : "", verdict_text(row.verdict)});
    if (both) ++compared;
    if (row.verdict == Verdict::kSlower) slower.push_back(run_label(*row.workload, row.threads));
    if (row.verdict == Verdict::kFaster) faster.push_back(run_label(*row.workload, row.threads));
  }
  print_table(cells, {false, false, true, true, true, true, true, false}, out);
  out << '\n';
  print_summary(per_instance, compared, slower, faster, tolerance, out);
  return CompareCounts{compared, slower.size(), faster.size()};
}

}  // namespace poker::bench
