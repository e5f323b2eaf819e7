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
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "checker_protocol.h"
#include "command_table.h"
#include "exit_status.h"
#include "gradescope_results.h"
#include "input_error_hint.h"
#include "messages.h"
#include "options.h"
#include "output_file.h"
#include "poker/escape.h"
#include "poker/io/head_keeping_source.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "poker/verify.h"
#include "progress.h"
#include "standard_descriptors.h"
#include "stats_json.h"
#include "status_line.h"
#include "stop_signals.h"

namespace poker::cli {

// The run's thread limit, kept to the end of the process (never destroyed:
// lifting the limit would let TBB start, at exit, the workers it was denied,
// and a failure to start one there aborts). Not in the anonymous namespace,
// so that the pointer stays in memory where a leak checker sees it.
tbb::global_control* g_thread_limit = nullptr;

namespace {

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

// The files of a run, all opened before any work: every input before any
// output, so that a missing input never truncates an existing output.
struct Streams {
  std::string input_name, candidate_name;
  std::unique_ptr<io::HeadKeepingSource> input;   // its head for the hints
  std::unique_ptr<io::ByteSource> candidate;      // `poker verify`'s answers; null otherwise
  std::optional<io::IoError> candidate_unopened;  // --gradescope: why the answers could not be opened
  std::unique_ptr<io::OutputSink> output;
};

// Opens the run's files into `streams`; the exit status of the reported
// failure, or nothing.
std::optional<int> open_streams(const Options& options, const StopSignals& signals,
                                const ClosedStandardDescriptors& closed, Streams& streams) {
  io::InputOptions input_options;
  input_options.reading = options.mmap ? io::FileReading::kMap : io::FileReading::kReadAt;
  input_options.buffer_size = std::max<std::size_t>(4 * options.chunk_size, 64 * 1024);
  input_options.wake_fd = signals.wake_fd();
  streams.input_name = display_name(options.input, "<stdin>");
  streams.candidate_name = display_name(options.verify.answers, "<stdin>");
  const std::string output_name = display_name(options.output, "<stdout>");
  if (closed.in && (is_standard(options.input) || (options.verify.on && is_standard(options.verify.answers)))) {
    const std::string& path = is_standard(options.input) ? options.input : options.verify.answers;
    return fail(signals, io::IoError{io::IoError::Action::kRead, path, EBADF});
  }
  {
    // Opening a FIFO waits for its peer: a stop signal cuts that short.
    const StopSignals::InterruptScope interruptible;
    io::OpenedInput input = io::open_input(options.input, input_options);
    if (!input.source) return fail(signals, input.error);
    streams.input = std::make_unique<io::HeadKeepingSource>(std::move(input.source));
    if (options.verify.on) {
      // Never mapped: the answers' file may be truncated while it is read.
      input_options.reading = io::FileReading::kStream;
      io::OpenedInput opened = io::open_input(options.verify.answers, input_options);
      if (!opened.source && options.verify.gradescope.dir.empty()) return fail(signals, opened.error);
      if (!opened.source) {
        // A submission without its answers scores 0 (results.json says
        // why), once the instances are known to judge cleanly: compared
        // with nothing meanwhile.
        streams.candidate_unopened = opened.error;
        opened.source = io::make_memory_source({});
      }
      streams.candidate = std::move(opened.source);
    }
  }
  if (io::output_overwrites_input(options.input, options.output)) {
    return fail(signals, output_name + ": is the input file; refusing to overwrite it", kExitUsage);
  }
  if (options.verify.on && io::output_overwrites_input(options.verify.answers, options.output)) {
    return fail(signals, output_name + ": is the candidate's answers file; refusing to overwrite it", kExitUsage);
  }
  int status = kExitOk;
  streams.output = open_output_or_report(options.output, signals, status);
  if (!streams.output) return status;
  // This process runs one pipeline: while a pipe keeps it waiting, its other
  // threads may sleep rather than spin (the input's waits: judge()).
  io::WaitHook& release_threads = release_threads_while_waiting();
  if (streams.candidate) streams.candidate->set_wait_hook(&release_threads);
  streams.output->set_wait_hook(&release_threads);
  return std::nullopt;
}

// A person at a terminal who gave no input file would wait on a silent
// program: say what it reads, and how to end it (as `bc` and `python -` do).
void say_when_reading_a_terminal(const Options& options) {
  if (options.quiet || !current_terminals().stdin_is_terminal) return;
  const char* what = nullptr;
  if (is_standard(options.input)) {
    what = options.command == Command::kEquity ? "queries" : "instances";
  } else if (options.verify.on && is_standard(options.verify.answers)) {
    what = "the candidate's answers";
  }
  if (what != nullptr) report(std::string("reading ") + what + " from standard input; Ctrl-D ends");
}

// What the pipeline came to, and `poker verify`'s verdict.
struct Judged {
  RunOutcome outcome;
  std::optional<VerifyOutcome> verified;
};

// `poker verify`'s options from the command line's (--gradescope's counting
// every instance).
VerifyOptions verify_options(const Options& options) {
  const VerifyCommand& verify = options.verify;
  return verify.gradescope.dir.empty() ? verify.compare : gradescope_verify_options(verify.compare, verify.gradescope);
}

// Runs the pipeline over the input: the answers to the output, or to the
// comparison with the candidate's.
Judged judge(const Options& options, const Format& format, Streams& streams, const StopSignals& signals,
             spdlog::logger& logger, std::string_view format_name, std::size_t threads) {
  const auto start = std::chrono::steady_clock::now();
  Judged judged;
  {
    // `poker verify --answers -` reads the candidate's answers from stdin:
    // typed there too, perhaps.
    const bool stdin_read = is_standard(options.input) || (options.verify.on && is_standard(options.verify.answers));
    ProgressLine progress(!options.quiet, is_standard(options.output), stdin_read, input_size(options.input));
    PipelineOptions pipeline_options;
    pipeline_options.chunk_size = options.chunk_size;
    pipeline_options.on_progress = [&progress](const RunStats& stats) { progress.update(stats); };
    pipeline_options.stop = &signals.stop_flag();
    pipeline_options.wait_hook = &release_threads_while_waiting();  // see open_streams()
    if (streams.candidate) {
      judged.verified =
          run_verify(format, *streams.input, *streams.candidate, pipeline_options, verify_options(options));
      judged.outcome = judged.verified->run;
    } else {
      judged.outcome = run_pipeline(format, *streams.input, *streams.output, pipeline_options);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const RunStats& stats = judged.outcome.stats;
  if (options.verbose && options.json) {
    const std::string line =
        stats_json(format_name, threads, options.chunk_size, stats, seconds, streams.input->strategy());
    write_all(STDERR_FILENO, line);
  } else {
    // How the input was read, as it stands at the end: a map may have
    // given way to reads in the middle of the run.
    const Format::Noun noun = format.instance_noun();
    logger.info("{} bytes, {} {} in {:.3f} s: {:.1f} MB/s, {:.0f} {}/s; input read with {}", stats.bytes,
                stats.instances, stats.instances == 1 ? noun.one : noun.many, seconds,
                static_cast<double>(stats.bytes) / 1e6 / seconds, static_cast<double>(stats.instances) / seconds,
                noun.many, streams.input->strategy());
  }
  return judged;
}

// `poker verify`'s report on the output, and its status for scripts; a
// checker's verdict the protocol's way.
int report_verdict(const Options& options, const VerifyOutcome& verified, const Streams& streams,
                   const StopSignals& signals, CheckerRun* checker) {
  if (verified.report.candidate_error != 0) {
    return fail(signals,
                io::IoError{io::IoError::Action::kRead, options.verify.answers, verified.report.candidate_error});
  }
  if (checker != nullptr) return checker->verdict(verified, signals);
  // The verdict: none with -q (the status says it), JSON with --json.
  const std::string verdict =
      options.quiet  ? std::string()
      : options.json ? render_verify_json(verified, verify_options(options), streams.input_name, streams.candidate_name)
                     : render_verify_report(verified, verify_options(options), streams.candidate_name);
  const int written = write_and_finish(*streams.output, verdict, signals);
  if (written != kExitOk) return written;
  return verified.report.passed() ? kExitOk : kExitMismatch;
}

// `poker verify --gradescope DIR`: DIR/results.json, then the report as
// without it; status 0 once results.json is written, whatever the score (a
// candidate that cannot be read scores 0 there).
int report_to_gradescope(const Options& options, const VerifyOutcome& verified, std::uint64_t instances,
                         const Streams& streams, const StopSignals& signals) {
  const GradescopeSettings& settings = options.verify.gradescope;
  std::optional<io::IoError> unreadable = streams.candidate_unopened;
  if (!unreadable && verified.report.candidate_error != 0) {
    unreadable = io::IoError{io::IoError::Action::kRead, options.verify.answers, verified.report.candidate_error};
  }
  const std::string results = unreadable
                                  ? render_gradescope_unreadable(instances, settings, io_error_line(*unreadable))
                                  : render_gradescope_results(verified, instances, settings,
                                                              options.verify.reveal_expected, streams.input_name);
  if (const int written = write_gradescope_results(settings, results, signals); written != kExitOk) return written;
  if (unreadable) return kExitOk;
  const int reported = report_verdict(options, verified, streams, signals, nullptr);
  return reported == kExitMismatch ? kExitOk : reported;
}

// The exit status of a pipeline's outcome, its failure reported.
int report_outcome(const Options& options, const Format& format, const RunOutcome& outcome, const Streams& streams,
                   const StopSignals& signals) {
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  switch (outcome.status) {
    case RunOutcome::Status::kOk:
    case RunOutcome::Status::kBrokenPipe:  // the reader has all it wanted, like `head`
      return kExitOk;
    case RunOutcome::Status::kInvalidInput: {
      const std::string head = streams.input->head();
      report(input_error_line(streams.input_name, format, *outcome.input_error, head, options.input,
                              outcome.stats.instances + 1));
    }
      return kExitInvalidInput;
    case RunOutcome::Status::kReadError:
    case RunOutcome::Status::kWriteError: report(outcome.error); return kExitIo;
    case RunOutcome::Status::kStopped: return fail(signals, "stopped", kExitIo);
  }
  return kExitIo;
}

// The run of the command line; `checker`: the checker protocol's, or null.
int run_command(const Options& options, const StopSignals& signals, const ClosedStandardDescriptors& closed,
                CheckerRun* checker) {
  auto logger = spdlog::stderr_logger_st("poker");
  logger->set_pattern("poker: %v");
  logger->set_level(options.verbose ? spdlog::level::info : spdlog::level::warn);
  // The threads that run: TBB's arena never has more than the hardware's,
  // whatever -j allows, nor than the system lets start.
  const std::size_t threads = usable_threads(options.threads);
  g_thread_limit = new tbb::global_control(tbb::global_control::max_allowed_parallelism, threads);

  const CommandRow& row = command_row(options.command);
  if (closed.out && is_standard(options.output)) {
    return fail(signals, io::IoError{io::IoError::Action::kWrite, options.output, EBADF});
  }
  if (row.run_alone != nullptr) {
    if (const AloneRun run = row.run_alone(options, signals); run.done()) return run.exit_status();
  }
  if (checker != nullptr) {
    if (const std::optional<int> failed = checker->open(signals)) return *failed;
  }
  Streams streams;
  if (const std::optional<int> failed = open_streams(options, signals, closed, streams)) return *failed;
  say_when_reading_a_terminal(options);
  const std::unique_ptr<Format> format = row.make_format(options, signals.stop_flag());
  const std::string format_name = row.describe(options);
  if (!options.json) {
    // The input's strategy ends the line, where scripts look for it.
    logger->info("{}, {} threads, chunk size {} bytes, {}input {} ({})", format_name, threads, options.chunk_size,
                 streams.candidate ? "candidate " + streams.candidate_name + ", " : std::string(), streams.input_name,
                 streams.input->strategy());
  }
  const Judged judged = judge(options, *format, streams, signals, *logger, format_name, threads);
  // An instance file that does not judge cleanly is the grader's to fix,
  // not the candidate's fault: the judge's error and status, no verdict.
  if (judged.verified && judged.outcome.status == RunOutcome::Status::kOk) {
    if (!options.verify.gradescope.dir.empty()) {
      return report_to_gradescope(options, *judged.verified, judged.outcome.stats.instances, streams, signals);
    }
    return report_verdict(options, *judged.verified, streams, signals, checker);
  }
  return report_outcome(options, *format, judged.outcome, streams, signals);
}

int run(const Options& options, const StopSignals& signals, const ClosedStandardDescriptors& closed) {
  if (options.verify.protocol == CheckerProtocol::kNone) return run_command(options, signals, closed, nullptr);
  // Whatever else ends a checker's run is a judge error, told its way.
  CheckerRun checker(options);
  const int status = run_command(options, signals, closed, &checker);
  return checker.gave_verdict() ? status : checker.judge_error(status, signals);
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
      const int error = closed.out ? EBADF : poker::cli::write_all(STDOUT_FILENO, parsed.standard_output);
      if (error == 0) return parsed.exit_status;
      poker::cli::report(poker::io::IoError{poker::io::IoError::Action::kWrite, "-", error});
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
