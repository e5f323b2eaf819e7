#include "range_command.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "exit_status.h"
#include "messages.h"
#include "poker/range.h"
#include "poker/range_grid.h"

namespace poker::cli {

bool colour_on_stdout() {
  const char* no_colour = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) == 1 && (no_colour == nullptr || *no_colour == '\0') &&
         !(term != nullptr && std::string_view(term) == "dumb");
}

int run_range_command(const std::string& range_text) {
  const auto parsed = parse_range(range_text);
  if (const auto* error = std::get_if<RangeError>(&parsed)) {
    return usage_error(error->message, "range");
  }
  const std::string grid = range_grid(std::get<Range>(parsed), colour_on_stdout());
  errno = 0;
  const bool written = std::fwrite(grid.data(), 1, grid.size(), stdout) == grid.size() && std::fflush(stdout) == 0;
  // A reader that closed the pipe had what it wanted, as for the judge.
  if (!written && errno != EPIPE) {
    report(io::IoError{io::IoError::Action::kWrite, "-", errno != 0 ? errno : EIO});
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace poker::cli
