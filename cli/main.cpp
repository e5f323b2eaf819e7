// `poker`: wires the command line to the engine and io; holds no logic of its own.
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "equity_command.h"
#include "generate_command.h"
#include "exit_status.h"
#include "messages.h"
#include "options.h"
#include "poker/draw_format.h"
#include "poker/escape.h"
#include "poker/equity_format.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "poker/verify.h"
#include "progress.h"
#include "standard_descriptors.h"
#include "stats_json.h"
#include "stop_signals.h"
#include "threads.h"

namespace poker::cli {

// The run's thread limit, kept to the end of the process (never destroyed:
// lifting the limit would let TBB start, at exit, the workers it was denied,
// and a failure to start one there aborts). Not in the anonymous namespace,
// so that the pointer stays in memory where a leak checker sees it.
tbb::global_control* g_thread_limit = nullptr;

namespace {

// Mapped windows are large enough to make remapping rare, small enough that
// a few of them alive at once stay far below the memory bound.
constexpr std::size_t kMapWindow = 64 * 1024 * 1024;

// Writes all of `text` to `fd`: 0, or the errno of the failed write.
int write_all(int fd, std::string_view text);

// A line made elsewhere (the -v --json statistics) onto stderr, as is.
void report_raw(std::string_view line) { write_all(STDERR_FILENO, line); }

// Writes all of `text` to `fd`: 0, or the errno of the failed write.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  return 0;
}

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

int run(const Options& options, const StopSignals& signals, const ClosedStandardDescriptors& closed) {
  const std::string input_name = display_name(options.input, "<stdin>");
  const std::string output_name = display_name(options.output, "<stdout>");
  auto logger = spdlog::stderr_logger_st("poker");
  logger->set_pattern("poker: %v");
  logger->set_level(options.verbose ? spdlog::level::info : spdlog::level::warn);

  // The threads that run: TBB's arena never has more than the hardware's,
  // whatever -j allows, nor than the system lets start.
  const std::size_t threads = usable_threads(options.threads);
  g_thread_limit = new tbb::global_control(tbb::global_control::max_allowed_parallelism, threads);
  if (closed.out && is_standard(options.output)) {
    return fail(signals, "<stdout>: write error: " + std::string(std::strerror(EBADF)), kExitIo);
  }
  if (options.command == Command::kEquity && !options.equity.hands.empty()) return run_equity_query(options, signals);
  if (options.generate) return run_generate_command(options.generator, options.output, signals);

  const std::size_t buffer_size = std::max<std::size_t>(4 * options.chunk_size, 64 * 1024);
  const std::string candidate_name = display_name(options.answers, "<stdin>");
  // Every input is opened before any output, so that a missing input never
  // truncates an existing output; every output before any work. Opening a
  // FIFO waits for its peer: a stop signal cuts that short.
  std::optional<StopSignals::InterruptScope> interruptible(std::in_place);
  if (closed.in && (is_standard(options.input) || (options.verify && is_standard(options.answers)))) {
    const std::string name = is_standard(options.input) ? input_name : candidate_name;
    return fail(signals, name + ": read error: " + std::strerror(EBADF), kExitIo);
  }
  io::OpenedInput input = io::open_input(options.input, kMapWindow, buffer_size, signals.wake_fd());
  if (!input.source) {
    return fail(signals, input_name + ": cannot open: " + std::strerror(input.error_number), kExitIo);
  }
  std::unique_ptr<io::ByteSource> candidate;
  if (options.verify) {
    io::OpenedInput opened = io::open_read_input(options.answers, buffer_size, signals.wake_fd());
    if (!opened.source) {
      return fail(signals, candidate_name + ": cannot open: " + std::strerror(opened.error_number), kExitIo);
    }
    candidate = std::move(opened.source);
  }
  if (io::output_overwrites_input(options.input, options.output)) {
    return fail(signals, output_name + ": is the input file; refusing to overwrite it", kExitUsage);
  }
  if (options.verify && io::output_overwrites_input(options.answers, options.output)) {
    return fail(signals, output_name + ": is the candidate's answers file; refusing to overwrite it", kExitUsage);
  }
  io::OpenedOutput output = io::open_output(options.output, signals.wake_fd());
  if (!output.sink) {
    return fail(signals, output_name + ": cannot open for writing: " + std::strerror(output.error_number), kExitIo);
  }
  interruptible.reset();
  std::string format_name;
  const std::unique_ptr<Format> format = make_format(options, signals, format_name);

  if (!options.json) {
    logger->info("{}, {} threads, chunk size {} bytes, input {} ({})", format_name, threads, options.chunk_size,
                 input_name, input.source->is_mapped() ? "memory-mapped" : "buffered reads");
  }
  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome;
  std::optional<VerifyOutcome> verified;
  VerifyOptions verify_options;
  verify_options.all = options.all;
  verify_options.strip_trailing_cr = options.strip_trailing_cr;
  verify_options.ignore_trailing_space = options.ignore_trailing_space;
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
  if (options.verbose && options.json) {
    report_raw(stats_json(format_name, threads, options.chunk_size, outcome.stats, seconds));
  } else {
    logger->info("{} bytes, {} instances in {:.3f} s: {:.1f} MB/s, {:.0f} instances/s", outcome.stats.bytes,
                 outcome.stats.instances, seconds, static_cast<double>(outcome.stats.bytes) / 1e6 / seconds,
                 static_cast<double>(outcome.stats.instances) / seconds);
  }

  if (verified && verified->report.candidate_error != 0) {
    return fail(signals, candidate_name + ": read error: " + std::strerror(verified->report.candidate_error),
                kExitIo);
  }
  if (verified && (outcome.status == RunOutcome::Status::kOk || outcome.status == RunOutcome::Status::kInvalidInput)) {
    // The verdict: the report on the output (none with -q), the status for scripts.
    const std::string verdict =
        options.quiet ? std::string()
        : options.json ? render_verify_json(*verified, verify_options, input_name, candidate_name)
                       : render_verify_report(*verified, verify_options, input_name, candidate_name);
    io::WriteResult written = output.sink->write(verdict);
    if (written.ok()) written = output.sink->finish();
    if (written.kind == io::WriteResult::Kind::kFailed) {
      return fail(signals, output_name + ": write error: " + std::strerror(written.error_number), kExitIo);
    }
    return verified->report.passed() ? kExitOk : kExitMismatch;
  }
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
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
    case RunOutcome::Status::kStopped:
      return fail(signals, "stopped", kExitIo);
  }
  return kExitIo;
}

}  // namespace
}  // namespace poker::cli

int main(int argc, char** argv) {
  const poker::cli::ClosedStandardDescriptors closed = poker::cli::fill_closed_standard_descriptors();
  // Writes to a closed pipe fail with EPIPE instead of killing the process,
  // so that a broken pipe ends the run quietly and in order; writes past
  // RLIMIT_FSIZE fail with EFBIG ("File too large"), an I/O error like any.
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    const poker::cli::ParsedCommandLine parsed = poker::cli::parse_command_line(argc, argv);
    if (!parsed.options) {
      if (parsed.standard_output.empty()) return parsed.exit_status;
      const int error =
          closed.out ? EBADF : poker::cli::write_all(STDOUT_FILENO, parsed.standard_output);
      if (error == 0) return parsed.exit_status;
      poker::cli::report(std::string("<stdout>: write error: ") + std::strerror(error));
      return poker::cli::kExitIo;
    }
    const poker::cli::StopSignals signals;
    const int status = poker::cli::run(*parsed.options, signals, closed);
    if (signals.received() != 0) signals.reraise();
    return status;
  } catch (const std::bad_alloc&) {
    poker::cli::report("out of memory");
  } catch (const std::system_error& error) {
    // std::thread's failure to start one (EAGAIN), the only system_error
    // thrown here.
    poker::cli::report(error.code() == std::errc::resource_unavailable_try_again ? "cannot start threads"
                                                                                : error.what());
  } catch (const std::exception& error) {
    // TBB's failure to start a worker reads "pthread_create has failed".
    poker::cli::report(std::string_view(error.what()).find("pthread_create") != std::string_view::npos
                           ? std::string("cannot start threads")
                           : std::string(error.what()));
  }
  return poker::cli::kExitIo;
}
