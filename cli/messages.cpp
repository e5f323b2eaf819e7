#include "messages.h"

#include <cstdio>
#include <cstring>

#include "exit_status.h"
#include "poker/escape.h"

namespace poker::cli {

bool is_standard(const std::string& path) { return path.empty() || path == "-"; }

std::string display_name(const std::string& path, const char* standard) {
  return is_standard(path) ? standard : escape_bytes(path);
}

namespace {
const char* g_report_prefix = "poker: ";
std::string* g_report_copy = nullptr;
}  // namespace

void report(const std::string& what) {
  std::fprintf(stderr, "%s%s\n", g_report_prefix, what.c_str());
  if (g_report_copy != nullptr) g_report_copy->append(g_report_prefix).append(what).append("\n");
}

void route_reports(const char* prefix, std::string* copy) {
  g_report_prefix = prefix;
  g_report_copy = copy;
}

std::string io_error_line(const io::IoError& error) {
  const char* what = "read error";
  switch (error.action) {
    case io::IoError::Action::kOpen: what = "cannot open"; break;
    case io::IoError::Action::kOpenForWriting: what = "cannot open for writing"; break;
    case io::IoError::Action::kRead: what = "read error"; break;
    case io::IoError::Action::kWrite: what = "write error"; break;
  }
  return display_name(error.path, error.writing() ? "<stdout>" : "<stdin>") + ": " + what + ": " +
         io::read_error_text(error.error_number);
}

void report(const io::IoError& error) { report(io_error_line(error)); }

int usage_error(const std::string& what, const char* command) {
  const std::string named = command == nullptr ? std::string() : std::string(command) + ": ";
  const std::string help = command == nullptr ? std::string() : std::string(command) + " ";
  std::fprintf(stderr, "poker: %s%s\nRun 'poker %s--help' for usage.\n", named.c_str(), what.c_str(), help.c_str());
  return kExitUsage;
}

int fail(const StopSignals& signals, const std::string& message, int status) {
  if (signals.received() == 0) {
    report(message);
    return status;
  }
  const char* name = sigabbrev_np(signals.received());  // "INT", "TERM"
  report(std::string("interrupted by SIG") + (name != nullptr ? name : "?"));
  return kExitIo;  // not returned: main() re-raises the signal
}

int fail(const StopSignals& signals, const io::IoError& error) { return fail(signals, io_error_line(error), kExitIo); }

}  // namespace poker::cli
