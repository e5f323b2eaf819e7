#include "commands/bench_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "command_line/did_you_mean.h"
#include "command_line/value_checks.h"
#include "command_line/version_text.h"
#include "commands/bench_run.h"
#include "commands/shared_options.h"
#include "poker/bench/report.h"
#include "poker/bench/workloads.h"
#include "poker/escape.h"
#include "poker/number_text.h"
#include "poker/pipeline.h"
#include "run/run_plan.h"

namespace poker::cli {
namespace {

std::vector<std::string_view> split_list(std::string_view list) {
  std::vector<std::string_view> words;
  for (std::size_t start = 0;;) {
    const std::size_t comma = list.find(',', start);
    words.push_back(list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return words;
    start = comma + 1;
  }
}

// -j LIST: the distinct thread counts, ascending, each as many as can run;
// or the usage error.
std::variant<std::vector<std::size_t>, std::string> thread_counts(const std::string& list) {
  std::vector<std::size_t> counts;
  for (const std::string_view word : split_list(list)) {
    const std::optional<std::uint64_t> count = parse_whole_number(word);
    if (!count || *count < 1 || *count > 4096)
      return "-j: expected thread counts from 1 to 4096, separated by commas, like 1,2,4; found '" +
             escape_bytes(word) + "'";
    counts.push_back(usable_threads(static_cast<std::size_t>(*count)));
  }
  std::sort(counts.begin(), counts.end());
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  return counts;
}

// 1, 2, 4, ... below the usable cores, and the cores.
std::vector<std::size_t> default_thread_counts() {
  const std::size_t cores = usable_threads(0);
  std::vector<std::size_t> counts;
  for (std::size_t count = 1; count < cores; count *= 2) counts.push_back(count);
  counts.push_back(cores);
  return counts;
}

}  // namespace

void BenchCommand::add_options(CLI::App& app, Binding binding) {
  ValueChecks& checks = binding.checks;
  BenchOptions& command = options_;
  app_ = &app;
  app.add_option("-j,--threads", command.threads,
                 "Thread counts to measure, like 1,2,4 (default 1, 2, 4, ... and the usable cores)")
      ->type_name("LIST");
  std::string names;
  for (const std::string& name : bench::workload_names()) names += (names.empty() ? "" : ", ") + name;
  // "list of: " names the values, which the completions offer.
  app.add_option("--workloads", command.workloads,
                 "The workloads to measure, like holdem-2,euler, a list of: " + names +
                     " (default all; newline-count is the floor, the newline count of the same bytes)")
      ->type_name("LIST");
  checks.add(*app.add_option("--repetitions", command.repetitions,
                             "Timed repetitions per run, 1 to 1000 (default 10; --quick 9; rounds with --baseline: 40, "
                             "--quick 16); the comparison's rank test needs 9 or more")
                  ->type_name("N"),
             whole_number(1, 1000));
  checks.add(*app.add_option("--warmup", command.warmup, "Untimed repetitions before them, 0 to 100 (default 1)")
                  ->type_name("N"),
             whole_number(0, 100));
  checks.add(*app.add_option("--min-time", command.min_time,
                             "The shortest repetition in seconds, 0.001 to 60: each makes as many passes over the "
                             "workload (default 0.2; --baseline 0.05; --quick 0.025)")
                  ->type_name("SECONDS"),
             fraction(0.001, 60));
  app.add_flag("--quick", command.quick,
               "A sixth of the instances, 9 repetitions of 25 ms: seconds, not a minute, and more often undecided");
  app.add_flag("--json{poker}", command.json_format,
               "Write the report as JSON: schema poker-bench/2 (docs/performance.md), or with "
               "--json=google-benchmark in Google Benchmark's format (for compare.py); a comparison as schema "
               "poker-bench-comparison/1")
      ->type_name("FORMAT");
  app.add_flag("--markdown", command.markdown, "Write the tables in Markdown, for a pull request");
  app.add_option("-o,--output", binding.shared.output, "Write the report to FILE ('-': standard output, the default)")
      ->type_name("FILE");
  app.add_option("--on-disk", command.on_disk,
                 "Also measure each workload read from a file written in DIR (page-cached, then removed) and "
                 "through a pipe; with --baseline, where the workload files are written (default $TMPDIR or /tmp)")
      ->type_name("DIR");
  app.add_option("--compare", command.compare,
                 "Compare this run with a report saved by --json ('-': standard input); status 4 when a workload is "
                 "slower beyond the tolerance with statistical significance")
      ->type_name("FILE");
  app.add_option("--against", command.against,
                 "With --compare: compare its report with this saved one ('-': standard input) instead of measuring")
      ->type_name("FILE");
  app.add_option("--baseline", command.baseline,
                 "Measure the poker program OLD_POKER and this one (or --candidate) in alternation on the same "
                 "workloads, and compare them: the way to compare two builds on a busy machine")
      ->type_name("OLD_POKER");
  app.add_option("--candidate", command.candidate, "With --baseline: the program to compare instead of this one")
      ->type_name("OTHER_POKER");
  checks.add(*app.add_option("--tolerance", command.tolerance,
                             "How much slower counts as slower in a comparison, 0 to 10 (default 0.05: 5%)")
                  ->type_name("FRACTION"),
             fraction(0, bench::kMaxTolerance));
  add_version_flag(app);
}

std::optional<std::string> BenchCommand::settle(const SharedOptions& shared) {
  BenchOptions& command = options_;
  const CLI::App& app = *app_;
  if (!command.json_format.empty() && command.json_format != "poker" && command.json_format != kGoogleBenchmarkJson)
    return "--json: unknown format '" + escape_bytes(command.json_format) + "'; expected poker or google-benchmark";
  if (!command.json_format.empty() && command.markdown) return "--json and --markdown exclude each other";
  if (!command.candidate.empty() && command.baseline.empty())
    return "--candidate OTHER_POKER needs --baseline OLD_POKER";
  for (const auto& [name, value] :
       {std::pair{"--baseline", &command.baseline}, std::pair{"--candidate", &command.candidate}}) {
    if (value->empty() && app.count(name) > 0) return std::string(name) + ": the name is empty";
  }
  if (!command.baseline.empty() && !command.compare.empty())
    return "--baseline measures two programs: it takes no --compare report";
  if (command.json_format == kGoogleBenchmarkJson && (!command.against.empty() || !command.baseline.empty()))
    return "--json=google-benchmark writes a run's report: a comparison is written as poker's JSON";
  if (!command.against.empty()) {
    if (command.compare.empty()) return "--against NEW.json needs --compare OLD.json";
    for (const char* name : {"--threads", "--workloads", "--repetitions", "--warmup", "--min-time", "--quick",
                             "--on-disk", "--tolerance", "--output"}) {
      if (app.count(name) > 0)
        return std::string(name) + " does not apply to --against, which measures nothing (the tolerance is NEW's)";
    }
    return std::nullopt;
  }
  // -o's empty name is the command line's check.
  for (const auto& [name, value] :
       {std::pair{"--compare", &command.compare}, std::pair{"--on-disk", &command.on_disk}}) {
    if (value->empty() && app.count(name) > 0) return std::string(name) + ": the name is empty";
  }
  if (app.count("--threads") > 0) {
    auto counts = thread_counts(command.threads);
    if (const std::string* problem = std::get_if<std::string>(&counts)) return *problem;
    command.thread_counts = std::get<std::vector<std::size_t>>(counts);
  } else if (shared.threads != 0) {  // `poker -j N bench`
    command.thread_counts = {usable_threads(shared.threads)};
  } else {
    command.thread_counts = default_thread_counts();
  }
  if (std::optional<std::string> problem = settle_workloads()) return problem;
  const auto is_floor = [](const std::string& name) { return name == bench::kFloorName; };
  if (!command.baseline.empty() && std::all_of(command.selected.begin(), command.selected.end(), is_floor))
    return std::string("--baseline compares programs, and ") + bench::kFloorName +
           " runs none: choose other --workloads";
  return std::nullopt;
}

std::optional<std::string> BenchCommand::settle_workloads() {
  BenchOptions& command = options_;
  const std::span<const std::string> names = bench::workload_names();
  if (app_->count("--workloads") == 0) {
    command.selected.assign(names.begin(), names.end());
    return std::nullopt;
  }
  std::vector<std::string> asked;
  for (const std::string_view word : split_list(command.workloads)) {
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      std::string known;
      for (const std::string& name : names) known.append(known.empty() ? "" : ", ").append(name);
      const std::optional<std::string> meant = closest_word(word, names);
      return "unknown workload '" + escape_bytes(word) + "'" +
             (meant ? "; did you mean '" + *meant + "'?" : "; expected one of " + known);
    }
    asked.emplace_back(word);
  }
  for (const std::string& name : names) {
    if (std::find(asked.begin(), asked.end(), name) != asked.end()) command.selected.push_back(name);
  }
  return std::nullopt;
}

std::optional<Mistake> BenchCommand::check(CheckContext& context) {
  if (std::optional<std::string> problem = judge_options_given(context.shared, "bench")) {
    return Mistake{*problem, "bench"};
  }
  if (std::optional<std::string> problem = settle(context.shared)) return Mistake{*problem, "bench"};
  return std::nullopt;
}

RunPlan BenchCommand::plan(const SharedOptions& shared) const {
  return own_run(shared,
                 [this, &shared](const StopSignals& signals) { return run_bench(options_, shared.output, signals); });
}

}  // namespace poker::cli
