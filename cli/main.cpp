// `poker`: wires the command line to the engine and io; holds no logic of its own.
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "equity_command.h"
#include "exit_status.h"
#include "options.h"
#include "poker/draw_format.h"
#include "poker/equity_format.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "poker/verify.h"
#include "progress.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

// Mapped windows are large enough to make remapping rare, small enough that
// a few of them alive at once stay far below the memory bound.
constexpr std::size_t kMapWindow = 64 * 1024 * 1024;

std::string display_name(const std::string& path, const char* standard) {
  return path.empty() || path == "-" ? standard : path;
}

void report(const std::string& what) { std::fprintf(stderr, "poker: %s\n", what.c_str()); }

// The engine format the command line asked for, and its name for -v.
std::unique_ptr<Format> make_format(const Options& options, const StopSignals& signals, std::string& name) {
  switch (options.command) {
    case Command::kEuler:
      name = "euler";
      return make_euler_format(EulerOptions{options.summary});
    case Command::kEval:
      name = "eval";
      return make_eval_format();
    case Command::kDraw:
      name = "draw";
      return make_draw_format();
    case Command::kEquity: {
      name = "equity queries";
      EquitySettings settings = options.equity.settings;
      settings.stop = &signals.stop_flag();  // a query may compute for long: it stops on a signal too
      return make_equity_format(settings);
    }
    case Command::kHoldem:
      break;
  }
  name = "hold'em, " + std::to_string(options.players) + " players";
  return make_holdem_format(HoldemOptions{options.players, options.explain});
}

int run(const Options& options, const StopSignals& signals) {
  const std::string input_name = display_name(options.input, "<stdin>");
  const std::string output_name = display_name(options.output, "<stdout>");
  auto logger = spdlog::stderr_logger_st("poker");
  logger->set_pattern("poker: %v");
  logger->set_level(options.verbose ? spdlog::level::info : spdlog::level::warn);

  std::optional<tbb::global_control> thread_limit;
  if (options.threads > 0) thread_limit.emplace(tbb::global_control::max_allowed_parallelism, options.threads);
  const std::size_t threads = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  if (options.command == Command::kEquity && !options.equity.hands.empty()) return run_equity_query(options, signals);

  io::OpenedInput input = io::open_input(options.input, kMapWindow,
                                         std::max<std::size_t>(4 * options.chunk_size, 64 * 1024), signals.wake_fd());
  if (!input.source) {
    report(input_name + ": cannot open: " + std::strerror(input.error_number));
    return kExitIo;
  }
  if (io::output_overwrites_input(options.input, options.output)) {
    report(output_name + ": is the input file; refusing to overwrite it");
    return kExitUsage;
  }
  if (options.verify && io::output_overwrites_input(options.answers, options.output)) {
    report(output_name + ": is the candidate's answers file; refusing to overwrite it");
    return kExitUsage;
  }
  io::OpenedOutput output = io::open_output(options.output);
  if (!output.sink) {
    report(output_name + ": cannot open for writing: " + std::strerror(output.error_number));
    return kExitIo;
  }
  std::string format_name;
  const std::unique_ptr<Format> format = make_format(options, signals, format_name);
  const std::size_t buffer_size = std::max<std::size_t>(4 * options.chunk_size, 64 * 1024);
  std::unique_ptr<io::ByteSource> candidate;
  const std::string candidate_name = display_name(options.answers, "<stdin>");
  if (options.verify) {
    io::OpenedInput opened = io::open_read_input(options.answers, buffer_size, signals.wake_fd());
    if (!opened.source) {
      report(candidate_name + ": cannot open: " + std::strerror(opened.error_number));
      return kExitIo;
    }
    candidate = std::move(opened.source);
  }

  logger->info("{}, {} threads, chunk size {} bytes, input {} ({})", format_name, threads,
               options.chunk_size, input_name, input.source->is_mapped() ? "memory-mapped" : "buffered reads");
  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome;
  std::optional<VerifyOutcome> verified;
  const VerifyOptions verify_options{options.all};
  {
    ProgressLine progress(!options.quiet);
    PipelineOptions pipeline_options;
    pipeline_options.chunk_size = options.chunk_size;
    pipeline_options.on_progress = [&progress](const RunStats& stats) { progress.update(stats); };
    pipeline_options.stop = &signals.stop_flag();
    if (candidate) {
      verified = run_verify(*format, *input.source, *candidate, pipeline_options, verify_options);
      outcome = verified->run;
    } else {
      outcome = run_pipeline(*format, *input.source, *output.sink, pipeline_options);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  logger->info("{} bytes, {} instances in {:.3f} s: {:.1f} MB/s, {:.0f} instances/s", outcome.stats.bytes,
               outcome.stats.instances, seconds, static_cast<double>(outcome.stats.bytes) / 1e6 / seconds,
               static_cast<double>(outcome.stats.instances) / seconds);

  if (verified && verified->report.candidate_error != 0) {
    report(candidate_name + ": read error: " + std::strerror(verified->report.candidate_error));
    return kExitIo;
  }
  if (verified && (outcome.status == RunOutcome::Status::kOk || outcome.status == RunOutcome::Status::kInvalidInput)) {
    // The verdict: the report on the output, the status for scripts.
    io::WriteResult written = output.sink->write(render_verify_report(*verified, verify_options, input_name));
    if (written.ok()) written = output.sink->finish();
    if (written.kind == io::WriteResult::Kind::kFailed) {
      report(output_name + ": write error: " + std::strerror(written.error_number));
      return kExitIo;
    }
    return verified->report.passed() ? kExitOk : kExitMismatch;
  }
  switch (outcome.status) {
    case RunOutcome::Status::kOk:
    case RunOutcome::Status::kBrokenPipe:  // the reader has all it wanted, like `head`
      return kExitOk;
    case RunOutcome::Status::kInvalidInput: {
      const InputError& error = *outcome.input_error;
      report(input_name + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": " +
             error.message);
      return kExitInvalidInput;
    }
    case RunOutcome::Status::kReadError:
      report(input_name + ": read error: " + io::read_error_text(outcome.error_number));
      return kExitIo;
    case RunOutcome::Status::kWriteError:
      report(output_name + ": write error: " + std::strerror(outcome.error_number));
      return kExitIo;
    case RunOutcome::Status::kStopped: {
      const char* name = sigabbrev_np(signals.received());  // "INT", "TERM"
      report(std::string("interrupted by SIG") + (name != nullptr ? name : "?"));
      return kExitIo;  // not returned: main() re-raises the signal
    }
  }
  return kExitIo;
}

}  // namespace
}  // namespace poker::cli

int main(int argc, char** argv) {
  // Writes to a closed pipe fail with EPIPE instead of killing the process,
  // so that a broken pipe ends the run quietly and in order.
  std::signal(SIGPIPE, SIG_IGN);
  const poker::cli::ParsedCommandLine parsed = poker::cli::parse_command_line(argc, argv);
  if (!parsed.options) return parsed.exit_status;
  const poker::cli::StopSignals signals;
  const int status = poker::cli::run(*parsed.options, signals);
  if (signals.received() != 0) signals.reraise();
  return status;
}
