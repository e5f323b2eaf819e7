#include "commands/bench_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string_view>
#include <variant>

#include "bench/bench_compare.h"
#include "bench/bench_json.h"
#include "bench/bench_machine.h"
#include "bench/bench_report.h"
#include "bench/bench_run.h"
#include "bench/bench_table.h"
#include "bench/bench_timing.h"
#include "bench/bench_workloads.h"
#include "bench/read_bench_report.h"
#include "bench/report_file.h"
#include "command_line/did_you_mean.h"
#include "command_line/value_checks.h"
#include "commands/shared_options.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/escape.h"
#include "poker/number_text.h"
#include "poker/pipeline.h"
#include "run/run_plan.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

// Without --warmup and --repetitions. --quick also generates a sixth of
// each workload's instances (bench_workloads.cpp).
constexpr int kWarmup = 1;
constexpr int kRepetitions = 5;
constexpr int kQuickRepetitions = 3;
// A spread above this makes the run's figures untrustworthy: a warning.
constexpr double kSpreadWarning = 0.10;

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

// The report in file `path` (`name` as messages print it), read and
// checked; or the exit status of the failure reported: 3 for one that
// cannot be read, 1 for one that is no poker-bench/1 report.
std::variant<std::string, int> load_report(const std::string& path, const std::string& name,
                                           const StopSignals& signals) {
  ReportText read = read_report_file(path, name, signals);
  if (const io::IoError* error = std::get_if<io::IoError>(&read.read)) return fail(signals, *error);
  if (!read.not_a_report.empty()) return fail(signals, read.not_a_report, kExitInvalidInput);
  std::string& text = std::get<std::string>(read.read);
  try {
    read_bench_report(text, name);
  } catch (const BenchReportError& error) {
    return fail(signals, error.what(), kExitInvalidInput);
  }
  return std::move(text);
}

// A report's file as messages and the comparison's header name it.
std::string report_name(const std::string& path) { return display_name(path, "<stdin>"); }

// Compares two reports; the exit status (1 for a report that is not valid).
int compare_reports(const std::string& old_text, const std::string& old_name, const std::string& new_text,
                    const std::string& new_name, std::ostream& out) {
  try {
    return compare_bench_reports(old_text, old_name, new_text, new_name, out);
  } catch (const BenchReportError& error) {
    out.flush();
    report(error.what());
    return kExitInvalidInput;
  }
}

// --compare OLD.json --against NEW.json: no measuring.
int compare_saved(const std::string& compare, const std::string& against, const StopSignals& signals) {
  std::string texts[2];
  const std::string* paths[2] = {&compare, &against};
  for (int i = 0; i < 2; ++i) {
    auto loaded = load_report(*paths[i], report_name(*paths[i]), signals);
    if (const int* status = std::get_if<int>(&loaded)) return *status;
    texts[i] = std::move(std::get<std::string>(loaded));
  }
  std::ostringstream table;
  const int status = compare_reports(texts[0], report_name(compare), texts[1], report_name(against), table);
  int status_written = kExitOk;
  const std::unique_ptr<io::OutputSink> out = open_output_or_report("-", signals, status_written);
  if (!out) return status_written;
  const int written = write_and_finish(*out, table.str(), signals);
  return written != kExitOk ? written : status;
}

// The spread's warning, as the report lists it.
std::string spread_warning(const bench::WorkloadResult& workload, const bench::Run& run) {
  const std::string where = workload.name + (workload.source == "memory" ? "" : " (" + workload.source + ")");
  return where + " at -j " + std::to_string(run.threads) + ": spread " +
         std::to_string(static_cast<int>(run.spread * 100 + 0.5)) +
         "% > 10%: the machine was busy; the result is not to be trusted";
}

// Measures one workload from one source at every thread count.
bench::WorkloadResult measure(const bench::Workload& workload, bench::Source source, const std::string& file,
                              const bench::Settings& settings, const StopSignals& signals) {
  bench::WorkloadResult result;
  result.name = workload.name;
  result.source = bench::source_name(source);
  result.description = workload.description;
  result.bytes = workload.input.size();
  const double extra = bench::extra_work_factor();
  for (const std::size_t threads : settings.threads) {
    std::uint64_t instances = 0;
    const auto once = [&] {
      if (signals.received() == 0) instances = bench::run_once(workload, source, file, threads, signals.stop_flag());
    };
    const std::vector<bench::Repetition> repetitions =
        bench::time_repetitions(once, settings.warmup, settings.repetitions, extra);
    if (signals.received() != 0) return result;
    result.instances = instances;
    bench::Run run = bench::summarize(threads, repetitions, instances, result.bytes);
    if (!result.runs.empty() && run.median_s > 0) run.speedup = result.runs.front().median_s / run.median_s;
    result.runs.push_back(std::move(run));
  }
  return result;
}

// Each run's ratio to the floor's at the same threads and source.
void set_floor_ratios(bench::WorkloadResult& workload, const std::vector<bench::WorkloadResult>& floors) {
  for (const bench::WorkloadResult& floor : floors) {
    if (floor.source != workload.source) continue;
    for (bench::Run& run : workload.runs) {
      for (const bench::Run& floor_run : floor.runs) {
        if (floor_run.threads == run.threads && floor_run.bytes_per_s > 0)
          run.floor_ratio = run.bytes_per_s / floor_run.bytes_per_s;
      }
    }
  }
}

}  // namespace

void BenchCommand::add_options(CLI::App& app, Binding binding) {
  ValueChecks& checks = binding.checks;
  app_ = &app;
  app.add_option("-j,--threads", threads_,
                 "Thread counts to measure, like 1,2,4 (default 1, 2, 4, ... and the usable cores)")
      ->type_name("LIST");
  app.add_option("--workloads", workloads_,
                 "The workloads to measure, like holdem-2,euler (default all: holdem-2, holdem-8, explain, euler, "
                 "eval, draw, equity-exact, equity-monte-carlo, verify, and the floor newline-count)")
      ->type_name("LIST");
  checks.add(
      *app.add_option("--repetitions", repetitions_, "Timed repetitions per run, 1 to 1000 (default 5; --quick 3)")
           ->type_name("N"),
      whole_number(1, 1000));
  checks.add(
      *app.add_option("--warmup", warmup_, "Untimed repetitions before them, 0 to 100 (default 1)")->type_name("N"),
      whole_number(0, 100));
  app.add_flag("--quick", quick_, "A sixth of the instances and 3 repetitions: seconds, not a minute");
  app.add_flag("--json", json_, "Write the report as JSON, schema poker-bench/1 (docs/performance.md)");
  app.add_option("-o,--output", binding.shared.output, "Write the report to FILE ('-': standard output, the default)")
      ->type_name("FILE");
  app.add_option("--on-disk", on_disk_,
                 "Also measure each workload read from a file written in DIR (page-cached, then removed) and "
                 "through a pipe")
      ->type_name("DIR");
  app.add_option("--compare", compare_,
                 "Compare this run with a report saved by --json ('-': standard input); status 4 when a workload is "
                 "slower beyond the tolerance")
      ->type_name("FILE");
  app.add_option("--against", against_,
                 "With --compare: compare its report with this saved one ('-': standard input) instead of measuring")
      ->type_name("FILE");
  checks.add(*app.add_option("--tolerance", tolerance_,
                             "How much slower counts as slower in a comparison, beyond the runs' spread, 0 to 10 "
                             "(default 0.05: 5%)")
                  ->type_name("FRACTION"),
             fraction(0, bench::kMaxTolerance));
  add_version_flag(app);
}

std::optional<std::string> BenchCommand::settle(const SharedOptions& shared) {
  const CLI::App& app = *app_;
  if (!against_.empty()) {
    if (compare_.empty()) return "--against NEW.json needs --compare OLD.json";
    for (const char* name : {"--threads", "--workloads", "--repetitions", "--warmup", "--quick", "--json", "--on-disk",
                             "--tolerance", "--output"}) {
      if (app.count(name) > 0)
        return std::string(name) + " does not apply to --against, which measures nothing (the tolerance is NEW's)";
    }
    return std::nullopt;
  }
  // -o's empty name is the command line's check.
  for (const auto& [name, value] : {std::pair{"--compare", &compare_}, std::pair{"--on-disk", &on_disk_}}) {
    if (value->empty() && app.count(name) > 0) return std::string(name) + ": the name is empty";
  }
  if (app.count("--threads") > 0) {
    auto counts = thread_counts(threads_);
    if (const std::string* problem = std::get_if<std::string>(&counts)) return *problem;
    thread_counts_ = std::get<std::vector<std::size_t>>(counts);
  } else if (shared.threads != 0) {  // `poker -j N bench`
    thread_counts_ = {usable_threads(shared.threads)};
  } else {
    thread_counts_ = default_thread_counts();
  }
  return settle_workloads();
}

std::optional<std::string> BenchCommand::settle_workloads() {
  const std::span<const std::string> names = bench::workload_names();
  if (app_->count("--workloads") == 0) {
    selected_.assign(names.begin(), names.end());
    return std::nullopt;
  }
  std::vector<std::string> asked;
  for (const std::string_view word : split_list(workloads_)) {
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
    if (std::find(asked.begin(), asked.end(), name) != asked.end()) selected_.push_back(name);
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
  return own_run(shared, [this, &shared](const StopSignals& signals) { return run(shared, signals); });
}

int BenchCommand::run(const SharedOptions& shared, const StopSignals& signals) const {
  if (!against_.empty()) return compare_saved(compare_, against_, signals);
  // Every file first: a missing or malformed OLD.json or an output that
  // cannot be written fails now, not after minutes of measuring.
  std::string old_text;
  if (!compare_.empty()) {
    auto loaded = load_report(compare_, report_name(compare_), signals);
    if (const int* failed = std::get_if<int>(&loaded)) return *failed;
    old_text = std::move(std::get<std::string>(loaded));
  }
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> out = open_report_output_or_report(shared.output, signals, status);
  if (!out) return status;

  bench::Report report;
  report.started_at = bench::utc_now();
  report.build = bench::build_info();
  report.machine = bench::machine_info();
  bench::Settings& settings = report.settings;
  settings.quick = quick_;
  settings.warmup = warmup_.value_or(kWarmup);
  settings.repetitions = repetitions_.value_or(quick_ ? kQuickRepetitions : kRepetitions);
  settings.threads = thread_counts_;
  settings.on_disk = on_disk_;
  settings.tolerance = tolerance_;
  // The human report is written as it is measured; JSON at the end.
  const auto write = [&](const std::string& text) {
    return json_ ? kExitOk : report_write_result(out->write(text), signals);
  };
  if (const int written = write(bench::render_bench_header(report)); written != kExitOk) return written;

  std::vector<bench::Source> sources{bench::Source::kMemory};
  if (!on_disk_.empty()) sources.insert(sources.end(), {bench::Source::kFile, bench::Source::kPipe});
  // The floor first, so that every table after it has its ratios.
  std::vector<std::string> order = selected_;
  std::stable_partition(order.begin(), order.end(), [](const std::string& name) { return name == bench::kFloorName; });
  std::vector<bench::WorkloadResult> floors;
  try {
    for (const std::string& name : order) {
      const bench::Workload workload = bench::make_workload(name, quick_, signals.stop_flag());
      if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
      std::optional<bench::WorkloadFile> file;
      if (!on_disk_.empty()) {
        io::IoError error;
        file.emplace(on_disk_, name, workload.input, signals.stop_flag(), error);
        if (error.error_number != 0) return fail(signals, error);
        if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
      }
      for (const bench::Source source : sources) {
        bench::WorkloadResult result = measure(workload, source, file ? file->path() : "", settings, signals);
        if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
        if (name == bench::kFloorName)
          floors.push_back(result);
        else
          set_floor_ratios(result, floors);
        for (const bench::Run& run : result.runs) {
          if (run.spread <= kSpreadWarning) continue;
          report.warnings.push_back(spread_warning(result, run));
          cli::report("bench: warning: " + report.warnings.back());
        }
        if (const int written = write(bench::render_workload_table(result)); written != kExitOk) return written;
        report.workloads.push_back(std::move(result));
      }
    }
  } catch (const bench::RunFailure& failure) {
    return fail(signals, failure.what(), kExitIo);
  }
  const std::string json = bench::render_bench_json(report);
  if (compare_.empty()) return write_and_finish(*out, json_ ? json : "", signals);
  // The comparison follows the table; after JSON it goes to stderr, so that
  // the output stays one JSON document. It reads this run back from its JSON
  // rather than taking `report` as it is: the JSON holds nine significant
  // digits (bench_json.cpp) and read_bench_report checks what it reads (a
  // median of 0 is no report), so this comparison prints exactly what
  // `--compare OLD.json --against` the saved `--json` of this run prints.
  std::ostringstream table;
  const int compared = compare_reports(old_text, report_name(compare_), json, "this run", json_ ? std::cerr : table);
  const int written = write_and_finish(*out, json_ ? json : "\n" + table.str(), signals);
  return written != kExitOk ? written : compared;
}

}  // namespace poker::cli
