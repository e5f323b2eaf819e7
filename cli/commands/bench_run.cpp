#include "commands/bench_run.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>
#include <variant>
#include <vector>

#include "command_line/version_text.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/bench/compare.h"
#include "poker/bench/compare_programs.h"
#include "poker/bench/google_benchmark_json.h"
#include "poker/bench/machine.h"
#include "poker/bench/measure.h"
#include "poker/bench/read_report.h"
#include "poker/bench/report.h"
#include "poker/bench/report_bytes.h"
#include "poker/bench/report_json.h"
#include "poker/bench/run.h"
#include "poker/bench/table.h"
#include "poker/bench/timing.h"
#include "poker/bench/workloads.h"
#include "poker/escape.h"
#include "poker/io/input.h"
#include "poker/simd_path.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

// Without --warmup, --repetitions and --min-time: enough repetitions for
// the comparison's rank test (Google Benchmark's compare.py asks for 9),
// each long enough for the clock and the scheduler, and the whole default
// run about a minute on a 2-core machine. --quick also generates a sixth of
// each workload's instances (bench/src/workloads.cpp).
constexpr int kWarmup = 1;
constexpr int kRepetitions = 10;
constexpr int kQuickRepetitions = 9;
constexpr double kMinTime = 0.2;
constexpr double kQuickMinTime = 0.025;
// --baseline decides on the rounds' pairs, each run at the 0.5% shared by
// every run compared (18 by default). A pair's two runs share the load of
// their moment only when they are short, so the minute goes to many short
// rounds rather than a few long ones: on a shared machine that narrows the
// pairs' interval most. 16 rounds with --quick leave room for a few small
// pairs against the rest.
constexpr int kBaselineRounds = 40;
constexpr int kQuickBaselineRounds = 16;
constexpr double kBaselineMinTime = 0.05;

// The report in file `path` ("-": standard input), read as the judge reads
// its input: opened with io::open_input() inside an InterruptScope (opening
// a FIFO waits for its writer: a stop signal cuts that short), its reads
// woken by the stop (signals.wake_fd()), then bounded as
// bench::read_report_bytes() reads.
bench::ReportText read_report_file(const std::string& path, std::string_view name, const StopSignals& signals) {
  io::InputOptions options;
  options.reading = io::FileReading::kStream;  // in order, whatever the file: a report is small
  options.buffer_size = 64 * 1024;             // the reads' largest buffer: a report is a few KiB
  options.wake_fd = signals.wake_fd();
  io::OpenedInput opened;
  {
    const StopSignals::InterruptScope interruptible;
    opened = io::open_input(path, options);
  }
  if (!opened.source) return bench::ReportText{opened.error, {}};
  return bench::read_report_bytes(*opened.source, name);
}

// The report in file `path` (`name` as messages print it), read and
// checked; or the exit status of the failure reported: 3 for one that
// cannot be read, 1 for one that is no poker-bench report.
std::variant<std::string, int> load_report(const std::string& path, const std::string& name,
                                           const StopSignals& signals) {
  bench::ReportText read = read_report_file(path, name, signals);
  if (const io::IoError* error = std::get_if<io::IoError>(&read.read)) return fail(signals, *error);
  if (!read.not_a_report.empty()) return fail(signals, read.not_a_report, kExitInvalidInput);
  std::string& text = std::get<std::string>(read.read);
  try {
    bench::read_bench_report(text, name);
  } catch (const bench::BenchReportError& error) {
    return fail(signals, error.what(), kExitInvalidInput);
  }
  return std::move(text);
}

// A report's file as messages and the comparison's header name it.
std::string report_name(const std::string& path) { return display_name(path, "<stdin>"); }

// The status a comparison ends with: 4 when a run is slower.
int comparison_status(const bench::Comparison& comparison) {
  return bench::count_verdicts(comparison).slower > 0 ? kExitMismatch : kExitOk;
}

// The comparison as the command line asks for it: JSON, or the table.
std::string render(const bench::Comparison& comparison, const BenchOptions& command) {
  if (!command.json_format.empty()) return bench::render_comparison_json(comparison);
  return bench::render_comparison(comparison,
                                  command.markdown ? bench::TableStyle::kMarkdown : bench::TableStyle::kPlain);
}

// --compare OLD.json --against NEW.json: no measuring.
int compare_saved(const BenchOptions& command, const StopSignals& signals) {
  std::string texts[2];
  const std::string* paths[2] = {&command.compare, &command.against};
  for (int i = 0; i < 2; ++i) {
    auto loaded = load_report(*paths[i], report_name(*paths[i]), signals);
    if (const int* status = std::get_if<int>(&loaded)) return *status;
    texts[i] = std::move(std::get<std::string>(loaded));
  }
  bench::Comparison comparison;
  try {
    comparison =
        bench::compare_bench_reports(texts[0], report_name(command.compare), texts[1], report_name(command.against));
  } catch (const bench::BenchReportError& error) {
    return fail(signals, error.what(), kExitInvalidInput);  // read by load_report(): no run in common
  }
  int status_written = kExitOk;
  const std::unique_ptr<io::OutputSink> out = open_output_or_report("-", signals, status_written);
  if (!out) return status_written;
  const int written = write_and_finish(*out, render(comparison, command), signals);
  return written != kExitOk ? written : comparison_status(comparison);
}

// The report before any measuring: when, which build, which machine, and
// the settings of the command line.
bench::Report report_heading(const BenchOptions& command) {
  bench::Report report;
  report.started_at = bench::utc_now();
  report.build = bench::BuildInfo{poker_version(), build_commit(), build_type(), compiler_name(),
                                  std::string(active_decode_path_name())};
  report.machine = bench::machine_info();
  bench::Settings& settings = report.settings;
  settings.quick = command.quick;
  settings.warmup = command.warmup.value_or(kWarmup);
  const bool alternating = !command.baseline.empty();
  settings.repetitions =
      command.repetitions.value_or(alternating ? (command.quick ? kQuickBaselineRounds : kBaselineRounds)
                                               : (command.quick ? kQuickRepetitions : kRepetitions));
  settings.min_time_s = command.min_time.value_or(command.quick ? kQuickMinTime
                                                  : alternating ? kBaselineMinTime
                                                                : kMinTime);
  settings.threads = command.thread_counts;
  settings.on_disk = command.on_disk;
  settings.tolerance = command.tolerance;
  return report;
}

bench::TableStyle style(const BenchOptions& command) {
  return command.markdown ? bench::TableStyle::kMarkdown : bench::TableStyle::kPlain;
}

// The line of a repetition that failed: its I/O error's, or what it says.
int run_failed(const bench::RunFailure& failure, const StopSignals& signals) {
  if (failure.io_error()) return fail(signals, *failure.io_error());
  return fail(signals, failure.what(), kExitIo);
}

// Measures the selected workloads into `report` (measure.h: every run in
// rounds), then writes a table per workload with `write`, which returns its
// status. The floor first, so that every table after it has its ratios.
// The exit status: 0, or that of the failure or the stop reported.
int measure_workloads(const BenchOptions& command, bench::Report& report,
                      const std::function<int(const std::string&)>& write, const StopSignals& signals) {
  std::vector<bench::Source> sources{bench::Source::kMemory};
  if (!command.on_disk.empty()) sources.insert(sources.end(), {bench::Source::kFile, bench::Source::kPipe});
  std::vector<std::string> order = command.selected;
  std::stable_partition(order.begin(), order.end(), [](const std::string& name) { return name == bench::kFloorName; });
  const std::atomic<bool>* stop = &signals.stop_flag();
  // Every workload is made (and written to its file) before any is timed:
  // the rounds take one repetition of each in turn.
  std::vector<bench::Workload> workloads;
  std::vector<bench::WorkloadFile> files;
  workloads.reserve(order.size());
  for (const std::string& name : order) {
    workloads.push_back(bench::make_workload(name, command.quick, stop));
    if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
    if (!command.on_disk.empty()) {
      io::IoError error;
      files.emplace_back(command.on_disk, name, workloads.back().input, stop, error);
      if (error.error_number != 0) return fail(signals, error);
      if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
    }
  }
  std::vector<bench::Measurand> measurands;
  for (std::size_t i = 0; i < workloads.size(); ++i) {
    for (const bench::Source source : sources)
      measurands.push_back({&workloads[i], source, files.empty() ? std::string() : files[i].path()});
  }
  const double extra_work = bench::extra_work_factor(std::getenv("POKER_BENCH_EXTRA_WORK"));
  std::vector<bench::WorkloadResult> results = bench::measure_in_rounds(measurands, report.settings, extra_work, stop);
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  std::vector<bench::WorkloadResult> floors;
  for (bench::WorkloadResult& result : results) {
    if (result.name == bench::kFloorName)
      floors.push_back(result);
    else
      bench::set_floor_ratios(result, floors);
    for (std::string& warning : bench::noise_warnings(result)) {
      cli::report("bench: warning: " + warning);
      report.warnings.push_back(std::move(warning));
    }
    if (const int written = write(bench::render_workload_table(result, style(command))); written != kExitOk)
      return written;
    report.workloads.push_back(std::move(result));
  }
  return kExitOk;
}

// Where --baseline writes its workload files: --on-disk DIR, else $TMPDIR,
// else /tmp.
std::string scratch_directory(const BenchOptions& command) {
  if (!command.on_disk.empty()) return command.on_disk;
  const char* temporary = std::getenv("TMPDIR");
  return temporary != nullptr && *temporary != '\0' ? temporary : "/tmp";
}

// This program, as --baseline runs it when no --candidate is given.
std::string this_program() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string("/proc/self/exe") : self.string();
}

// --baseline OLD_POKER [--candidate OTHER_POKER]: the two programs measured
// in alternation, compared; the exit status as for --compare.
int compare_programs(const BenchOptions& command, const std::string& output, const StopSignals& signals) {
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> out = open_report_output_or_report(output, signals, status);
  if (!out) return status;
  const std::string candidate = command.candidate.empty() ? this_program() : command.candidate;
  bench::ProgramReports reports;
  try {
    reports = bench::measure_programs(command.selected, command.quick, report_heading(command), command.baseline,
                                      candidate, scratch_directory(command), &signals.stop_flag(), signals.wake_fd());
  } catch (const bench::RunFailure& failure) {
    // A program that fails or answers otherwise is no build to compare: 1.
    if (failure.io_error()) return fail(signals, *failure.io_error());
    return fail(signals, failure.what(), kExitInvalidInput);
  }
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  for (const std::string& left_out : reports.left_out) cli::report("bench: warning: " + left_out);
  // A gate that compares nothing would pass whatever was measured.
  if (reports.candidate.workloads.empty() && !reports.left_out.empty()) {
    return fail(signals, escape_bytes(command.baseline) + " can run none of the workloads: nothing to compare",
                kExitInvalidInput);
  }
  const bench::Comparison comparison =
      bench::compare_runs(reports.baseline, escape_bytes(command.baseline), reports.candidate,
                          command.candidate.empty() ? "this poker" : escape_bytes(command.candidate), "alternating");
  const int written = write_and_finish(*out, render(comparison, command), signals);
  return written != kExitOk ? written : comparison_status(comparison);
}

}  // namespace

int run_bench(const BenchOptions& command, const std::string& output, const StopSignals& signals) {
  if (!command.against.empty()) return compare_saved(command, signals);
  if (!command.baseline.empty()) return compare_programs(command, output, signals);
  // Every file first: a missing or malformed OLD.json or an output that
  // cannot be written fails now, not after minutes of measuring.
  std::string old_text;
  if (!command.compare.empty()) {
    auto loaded = load_report(command.compare, report_name(command.compare), signals);
    if (const int* failed = std::get_if<int>(&loaded)) return *failed;
    old_text = std::move(std::get<std::string>(loaded));
  }
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> out = open_report_output_or_report(output, signals, status);
  if (!out) return status;

  bench::Report report = report_heading(command);
  // The human report is written as it is measured; JSON at the end.
  const bool json = !command.json_format.empty();
  const auto write = [&](const std::string& text) {
    return json ? kExitOk : report_write_result(out->write(text), signals);
  };
  if (const int written = write(bench::render_bench_header(report)); written != kExitOk) return written;
  try {
    if (const int measured = measure_workloads(command, report, write, signals); measured != kExitOk) return measured;
  } catch (const bench::RunFailure& failure) {
    return run_failed(failure, signals);
  }
  const std::string report_json = bench::render_bench_json(report);
  const std::string written_json =
      command.json_format == kGoogleBenchmarkJson ? bench::render_google_benchmark_json(report) : report_json;
  if (command.compare.empty()) return write_and_finish(*out, json ? written_json : "", signals);
  // The comparison follows the table; after JSON it goes to stderr, so that
  // the output stays one JSON document. It reads this run back from its JSON
  // rather than taking `report` as it is: the JSON holds nine significant
  // digits (bench/src/report_json.cpp) and read_bench_report checks what it
  // reads, so this comparison prints exactly what `--compare OLD.json
  // --against` the saved `--json` of this run prints.
  int compared = kExitOk;
  std::string table;
  try {
    const bench::Comparison comparison =
        bench::compare_bench_reports(old_text, report_name(command.compare), report_json, "this run");
    table = bench::render_comparison(comparison, style(command));
    compared = comparison_status(comparison);
  } catch (const bench::BenchReportError& error) {
    cli::report(error.what());
    compared = kExitInvalidInput;
  }
  if (json) std::cerr << table;
  const int written = write_and_finish(*out, json ? written_json : "\n" + table, signals);
  return written != kExitOk ? written : compared;
}

}  // namespace poker::cli
