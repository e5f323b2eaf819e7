#include "run/run.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <memory>
#include <string>

#include "commands/command.h"
#include "commands/shared_options.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"
#include "poker/token_verify.h"
#include "progress.h"
#include "stats_json.h"
#include "status_line.h"

namespace poker::cli {

// The run's thread limit, kept to the end of the process (never destroyed:
// lifting the limit would let TBB start, at exit, the workers it was denied,
// and a failure to start one there aborts). Not in the anonymous namespace,
// so that the pointer stays in memory where a leak checker sees it.
tbb::global_control* g_thread_limit = nullptr;

namespace {

// The files of a judging run, all opened before any work: every input
// before any output, so that a missing input never truncates an existing
// output.
struct Streams {
  std::string input_name, answers_name;
  std::unique_ptr<io::HeadKeepingSource> input;  // its head for the hints
  std::unique_ptr<io::ByteSource> candidate;     // `poker verify`'s answers; null otherwise
  std::optional<io::IoError> answers_unopened;   // why the answers could not be opened (compared as empty)
  std::unique_ptr<io::OutputSink> output;
};

// The inputs, opened into `streams`: the status of the reported failure,
// or nothing.
std::optional<int> open_inputs(const RunPlan& plan, const StopSignals& signals, Streams& streams) {
  const SharedOptions& shared = *plan.shared;
  io::InputOptions input_options;
  input_options.reading = shared.mmap ? io::FileReading::kMap : io::FileReading::kReadAt;
  input_options.buffer_size = std::max<std::size_t>(4 * shared.chunk_size, 64 * 1024);
  input_options.wake_fd = signals.wake_fd();
  // Opening a FIFO waits for its peer: a stop signal cuts that short.
  const StopSignals::InterruptScope interruptible;
  io::OpenedInput input = io::open_input(shared.input, input_options);
  if (!input.source) return fail(signals, input.error);
  streams.input = std::make_unique<io::HeadKeepingSource>(std::move(input.source));
  if (!plan.candidate) return std::nullopt;
  // Never mapped: the answers' file may be truncated while it is read.
  input_options.reading = io::FileReading::kStream;
  io::OpenedInput opened = io::open_input(plan.candidate->answers, input_options);
  if (!opened.source && !plan.candidate->unopened_is_empty) return fail(signals, opened.error);
  if (!opened.source) {
    streams.answers_unopened = opened.error;
    opened.source = io::make_memory_source({});
  }
  streams.candidate = std::move(opened.source);
  return std::nullopt;
}

// Opens the run's files into `streams`; the exit status of the reported
// failure, or nothing.
std::optional<int> open_streams(const RunPlan& plan, const StopSignals& signals,
                                const ClosedStandardDescriptors& closed, Streams& streams) {
  const SharedOptions& shared = *plan.shared;
  streams.input_name = display_name(shared.input, "<stdin>");
  const std::string* answers = plan.candidate ? &plan.candidate->answers : nullptr;
  if (answers != nullptr) streams.answers_name = display_name(*answers, "<stdin>");
  const std::string output_name = display_name(shared.output, "<stdout>");
  if (closed.in && (is_standard(shared.input) || (answers != nullptr && is_standard(*answers)))) {
    const std::string& path = is_standard(shared.input) ? shared.input : *answers;
    return fail(signals, io::IoError{io::IoError::Action::kRead, path, EBADF});
  }
  if (const std::optional<int> failed = open_inputs(plan, signals, streams)) return failed;
  if (io::output_overwrites_input(shared.input, shared.output)) {
    return fail(signals, output_name + ": is the input file; refusing to overwrite it", kExitUsage);
  }
  if (answers != nullptr && io::output_overwrites_input(*answers, shared.output)) {
    return fail(signals, output_name + ": is the candidate's answers file; refusing to overwrite it", kExitUsage);
  }
  int status = kExitOk;
  streams.output = open_output_or_report(shared.output, signals, status);
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
void say_when_reading_a_terminal(const RunPlan& plan, const Format& format) {
  const SharedOptions& shared = *plan.shared;
  if (shared.quiet || !current_terminals().stdin_is_terminal) return;
  std::string what;
  if (is_standard(shared.input)) {
    what = format.instance_noun().many;
  } else if (plan.candidate && is_standard(plan.candidate->answers)) {
    what = "the candidate's answers";
  }
  if (!what.empty()) report("reading " + what + " from standard input; Ctrl-D ends");
}

// -v's last line: what was judged, how fast, and how the input was read as
// it stands at the end (a map may have given way to reads in the middle).
void log_statistics(const RunPlan& plan, const Format& format, const RunStats& stats, double seconds,
                    const std::string& reader, spdlog::logger& logger) {
  const SharedOptions& shared = *plan.shared;
  if (shared.verbose && shared.json) {
    const std::string line = stats_json(plan.format->judged(), plan.threads, shared.chunk_size, stats, seconds, reader);
    (void)io::make_fd_sink(STDERR_FILENO, false)->write(line);  // as a report() line: nothing to do if it fails
    return;
  }
  const Format::Noun noun = format.instance_noun();
  logger.info("{} bytes, {} {} in {:.3f} s: {:.1f} MB/s, {:.0f} {}/s; input read with {}", stats.bytes, stats.instances,
              stats.instances == 1 ? noun.one : noun.many, seconds, static_cast<double>(stats.bytes) / 1e6 / seconds,
              static_cast<double>(stats.instances) / seconds, noun.many, reader);
}

// The comparison by lines of answers a judge system's rule rejected, for
// the feedback: the input and the answers read again, where they are
// regular files (a pipe's bytes are gone; a FIFO's open would wait).
std::optional<VerifyOutcome> compare_lines_again(const RunPlan& plan, const Format& format,
                                                 const StopSignals& signals) {
  const std::string& answers = plan.candidate->answers;
  const auto regular = [](const std::string& path) {
    struct stat info {};
    const bool known = is_standard(path) ? ::fstat(STDIN_FILENO, &info) == 0 : ::stat(path.c_str(), &info) == 0;
    return known && S_ISREG(info.st_mode);
  };
  if (!regular(plan.shared->input) || !regular(answers)) return std::nullopt;
  io::InputOptions input_options;
  input_options.wake_fd = signals.wake_fd();
  io::OpenedInput input = io::open_input(plan.shared->input, input_options);
  // A new description of the standard input's file: read from its start,
  // leaving the one given alone.
  io::OpenedInput candidate = io::open_input(is_standard(answers) ? "/dev/stdin" : answers, input_options);
  if (!input.source || !candidate.source) return std::nullopt;
  PipelineOptions options;
  options.chunk_size = plan.shared->chunk_size;
  options.stop = &signals.stop_flag();
  VerifyOutcome outcome = run_verify(format, *input.source, *candidate.source, options, plan.candidate->compare);
  if (outcome.run.status != RunOutcome::Status::kOk || outcome.report.candidate_error != 0) return std::nullopt;
  return outcome;
}

// Runs the pipeline over the input: the answers to the output, or to the
// comparison with the candidate's.
JudgedRun judge(const RunPlan& plan, const Format& format, Streams& streams, const StopSignals& signals,
                spdlog::logger& logger) {
  const SharedOptions& shared = *plan.shared;
  JudgedRun judged{shared, format, {}, {}, {}, *streams.input, streams.input_name, *streams.output, {}, {}, {}};
  if (plan.candidate) {
    judged.answers = plan.candidate->answers;
    judged.answers_name = streams.answers_name;
    judged.answers_unopened = streams.answers_unopened;
  }
  const auto start = std::chrono::steady_clock::now();
  {
    // `poker verify --answers -` reads the candidate's answers from stdin:
    // typed there too, perhaps.
    const bool stdin_read = is_standard(shared.input) || (plan.candidate && is_standard(plan.candidate->answers));
    ProgressLine progress(!shared.quiet, is_standard(shared.output), stdin_read, input_size(shared.input));
    PipelineOptions options;
    options.chunk_size = shared.chunk_size;
    options.on_progress = [&progress](const RunStats& stats) { progress.update(stats); };
    options.stop = &signals.stop_flag();
    options.wait_hook = &release_threads_while_waiting();  // see open_streams()
    if (streams.candidate && plan.candidate->tokens) {
      judged.tokens = run_token_verify(format, *streams.input, *streams.candidate, options, *plan.candidate->tokens);
      judged.outcome = judged.tokens->run;
    } else if (streams.candidate) {
      judged.verified = run_verify(format, *streams.input, *streams.candidate, options, plan.candidate->compare);
      judged.outcome = judged.verified->run;
    } else {
      judged.outcome = run_pipeline(format, *streams.input, *streams.output, options);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  log_statistics(plan, format, judged.outcome.stats, seconds, streams.input->strategy(), logger);
  if (judged.tokens && judged.outcome.status == RunOutcome::Status::kOk && !judged.tokens->verdict.accepted()) {
    judged.verified = compare_lines_again(plan, format, signals);
  }
  return judged;
}

// Opens, judges and reports; the exit status, before the reporter's finish.
int open_and_judge(RunPlan& plan, const StopSignals& signals, const ClosedStandardDescriptors& closed) {
  auto logger = spdlog::stderr_logger_st("poker");
  logger->set_pattern("poker: %v");
  logger->set_level(plan.shared->verbose ? spdlog::level::info : spdlog::level::warn);
  Reporter& reporter = *plan.reporter;
  if (const std::optional<int> failed = reporter.open(signals)) return *failed;
  Streams streams;
  if (const std::optional<int> failed = open_streams(plan, signals, closed, streams)) return *failed;
  const std::unique_ptr<Format> format = plan.format->make_format(signals.stop_flag());
  say_when_reading_a_terminal(plan, *format);
  const SharedOptions& shared = *plan.shared;
  if (!shared.json) {
    // The input's strategy ends the line, where scripts look for it.
    logger->info("{}, {} threads, chunk size {} bytes, {}input {} ({})", plan.format->judged(), plan.threads,
                 shared.chunk_size, plan.candidate ? "candidate " + streams.answers_name + ", " : std::string(),
                 streams.input_name, streams.input->strategy());
  }
  JudgedRun judged = judge(plan, *format, streams, signals, *logger);
  return reporter.report(judged, signals);
}

}  // namespace

RunPlan own_run(const SharedOptions& shared, std::function<int(const StopSignals& signals)> run) {
  RunPlan plan;
  plan.shared = &shared;
  plan.own_run = std::move(run);
  return plan;
}

int run(RunPlan& plan, const StopSignals& signals, const ClosedStandardDescriptors& closed) {
  const SharedOptions& shared = *plan.shared;
  // The threads that run: TBB's arena never has more than the hardware's,
  // whatever -j allows, nor than the system lets start.
  plan.threads = usable_threads(shared.threads);
  g_thread_limit = new tbb::global_control(tbb::global_control::max_allowed_parallelism, plan.threads);
  int status = kExitOk;
  if (closed.out && is_standard(shared.output)) {
    status = fail(signals, io::IoError{io::IoError::Action::kWrite, shared.output, EBADF});
  } else if (plan.own_run) {
    return plan.own_run(signals);
  } else {
    status = open_and_judge(plan, signals, closed);
  }
  return plan.reporter ? plan.reporter->finish(status, signals) : status;
}

}  // namespace poker::cli
