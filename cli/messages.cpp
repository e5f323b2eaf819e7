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

void report(const std::string& what) { std::fprintf(stderr, "poker: %s\n", what.c_str()); }

int fail(const StopSignals& signals, const std::string& message, int status) {
  if (signals.received() == 0) {
    report(message);
    return status;
  }
  const char* name = sigabbrev_np(signals.received());  // "INT", "TERM"
  report(std::string("interrupted by SIG") + (name != nullptr ? name : "?"));
  return kExitIo;  // not returned: main() re-raises the signal
}

}  // namespace poker::cli
