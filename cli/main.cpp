// `poker`: parse → plan → open → run → report. The command line names a
// command (command_line/), the command plans its run (commands/), and the
// plan is carried out and its end told (run/).
#include <unistd.h>

#include <csignal>
#include <new>
#include <string>
#include <string_view>
#include <system_error>

#include "command_line/command_line.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/io/output_sink.h"
#include "run/run.h"
#include "standard_descriptors.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

// --help's or --version's text on stdout: the status parsing came to, or
// the I/O error of a failed write.
int print(const ParsedCommandLine& parsed, const ClosedStandardDescriptors& closed) {
  if (closed.out) {
    report(io::IoError{io::IoError::Action::kWrite, "-", EBADF});
    return kExitIo;
  }
  const io::WriteResult written = io::make_fd_sink(STDOUT_FILENO, false)->write(parsed.standard_output());
  if (written.ok() || written.kind == io::WriteResult::Kind::kBrokenPipe) return parsed.exit_status();
  report(written.error);
  return kExitIo;
}

int parse_plan_and_run(int argc, char** argv, const ClosedStandardDescriptors& closed) {
  const ParsedCommandLine parsed = parse_command_line(argc, argv);
  if (!parsed.runs()) return parsed.standard_output().empty() ? parsed.exit_status() : print(parsed, closed);
  RunPlan plan = parsed.plan();
  const StopSignals signals;
  const int status = run(plan, signals, closed);
  if (signals.received() != 0) signals.reraise();
  return status;
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
    return poker::cli::parse_plan_and_run(argc, argv, closed);
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
