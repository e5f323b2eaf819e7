#include "status_line.h"

#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace poker::cli {
namespace {

// The terminal's width on stderr, or 80 when it does not say.
std::size_t terminal_width() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

bool same_file(int a, int b) {
  struct stat first {};
  struct stat second {};
  return ::fstat(a, &first) == 0 && ::fstat(b, &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino && first.st_rdev == second.st_rdev;
}

// `fd` was opened as /dev/tty: the process's controlling terminal under
// another name (device 5, 0), which no comparison of files tells from the
// terminal stderr is on (`poker > /dev/tty`). It is taken for stderr's: a
// progress line missing costs nothing, one inside the answers does.
bool is_controlling_terminal_alias(int fd) {
  struct stat info {};
  return ::fstat(fd, &info) == 0 && S_ISCHR(info.st_mode) && info.st_rdev == makedev(5, 0);
}

}  // namespace

Terminals current_terminals() {
  Terminals terminals;
  terminals.stdin_is_terminal = ::isatty(STDIN_FILENO) == 1;
  terminals.stderr_is_terminal = ::isatty(STDERR_FILENO) == 1;
  terminals.stdout_is_stderr_terminal =
      terminals.stderr_is_terminal && ::isatty(STDOUT_FILENO) == 1 &&
      (same_file(STDOUT_FILENO, STDERR_FILENO) || is_controlling_terminal_alias(STDOUT_FILENO));
  return terminals;
}

bool StatusLine::allowed(const Terminals& terminals, bool answers_on_stdout) {
  return terminals.stderr_is_terminal && !(answers_on_stdout && terminals.stdout_is_stderr_terminal);
}

StatusLine::StatusLine(bool allowed) : enabled_(allowed) {}

StatusLine::~StatusLine() { erase(); }

void StatusLine::show(std::string_view text) {
  if (!enabled_) return;
  // One column short of the width: a line that fills it wraps on some terminals.
  const std::size_t width = terminal_width() - 1;
  std::string line = "\r\033[K";
  line += text.substr(0, width);
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  shown_ = true;
}

void StatusLine::erase() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace poker::cli
