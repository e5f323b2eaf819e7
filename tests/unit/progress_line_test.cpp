// The progress line's rules (cli/progress.h): where it may show, and what it
// says. Its timing and erasing need a terminal and are not tested here.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>

#include "progress.h"

namespace poker::cli {
namespace {

TEST(ProgressLine, ShowsOnlyWhereItCorruptsNothing) {
  EXPECT_TRUE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = true, .stdout_is_stderr_terminal = false}, true, true));
  EXPECT_FALSE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = false, .stdout_is_stderr_terminal = false}, true, true));
  // The answers on the same terminal would run into the line.
  EXPECT_FALSE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = true, .stdout_is_stderr_terminal = true}, true, true));
  // The answers going to a file (-o FILE): stdout's terminal gets none of them.
  EXPECT_TRUE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = true, .stdout_is_stderr_terminal = true}, false, true));
  // Someone typing instances by hand.
  EXPECT_FALSE(progress_allowed(
      {.stdin_is_terminal = true, .stderr_is_terminal = true, .stdout_is_stderr_terminal = false}, true, true));
}

// A person who types `poker draw big.txt -o out.txt` at a terminal: stdin is
// that terminal, but the input is the file, and nobody types.
TEST(ProgressLine, ShowsForANamedFileWhileStdinIsATerminal) {
  EXPECT_TRUE(progress_allowed(
      {.stdin_is_terminal = true, .stderr_is_terminal = true, .stdout_is_stderr_terminal = true}, false, false));
  EXPECT_TRUE(progress_allowed(
      {.stdin_is_terminal = true, .stderr_is_terminal = true, .stdout_is_stderr_terminal = false}, true, false));
}

// What current_terminals() says of stdout in a child whose controlling
// terminal is a new pseudo-terminal, on stderr too, with stdout opened by
// `open_stdout` (run in the child): 1 if stdout is stderr's terminal, 0 if
// not, -1 if the child could not be set up, -2 if this system has no
// pseudo-terminals to give it.
constexpr int kNoPseudoTerminal = -2;
int stdout_is_stderr_terminal_in_child(int (*open_stdout)(const char* terminal)) {
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0) return kNoPseudoTerminal;
  const char* const name = ::grantpt(master) == 0 && ::unlockpt(master) == 0 ? ::ptsname(master) : nullptr;
  if (name == nullptr) {
    ::close(master);
    return kNoPseudoTerminal;
  }
  const pid_t child = ::fork();
  if (child == 0) {
    // A new session has no controlling terminal; the first terminal it
    // opens becomes it.
    if (::setsid() < 0) ::_exit(3);
    const int terminal = ::open(name, O_RDWR);
    const int out = terminal < 0 ? -1 : open_stdout(name);
    if (out < 0 || ::dup2(terminal, STDERR_FILENO) < 0 || ::dup2(out, STDOUT_FILENO) < 0) ::_exit(3);
    ::_exit(current_terminals().stdout_is_stderr_terminal ? 1 : 0);
  }
  int status = 0;
  const bool waited = child > 0 && ::waitpid(child, &status, 0) == child;
  ::close(master);
  if (!waited || !WIFEXITED(status) || WEXITSTATUS(status) > 1) return -1;
  return WEXITSTATUS(status);
}

// `poker > /dev/tty` writes its answers to the terminal stderr is on, under
// another name: the progress line would have run into them.
TEST(ProgressLine, StdoutAsDevTtyIsStderrsTerminal) {
  if (stdout_is_stderr_terminal_in_child([](const char* terminal) { return ::open(terminal, O_WRONLY); }) ==
      kNoPseudoTerminal) {
    GTEST_SKIP() << "no pseudo-terminal on this system";
  }
  EXPECT_EQ(stdout_is_stderr_terminal_in_child([](const char* /*terminal*/) { return ::open("/dev/tty", O_WRONLY); }),
            1);
  EXPECT_EQ(stdout_is_stderr_terminal_in_child([](const char* terminal) { return ::open(terminal, O_WRONLY); }), 1);
  EXPECT_EQ(stdout_is_stderr_terminal_in_child([](const char* /*terminal*/) { return ::open("/dev/null", O_WRONLY); }),
            0);
}

TEST(ProgressLine, SaysTheShareAndTimeLeftOfAKnownSize) {
  RunStats stats;
  stats.bytes = 25'000'000;
  stats.instances = 1'000'000;
  EXPECT_EQ(progress_text(stats, 100'000'000, 2.0),
            "poker: 25.0 MB of 100.0 MB (25%), 6 s left, 1000000 instances, 12.5 MB/s");
  EXPECT_EQ(progress_text(stats, std::nullopt, 2.0), "poker: 25.0 MB, 1000000 instances, 12.5 MB/s");
  // A file that grew past its size when opened: no share, no nonsense.
  EXPECT_EQ(progress_text(stats, 1'000'000, 2.0), "poker: 25.0 MB, 1000000 instances, 12.5 MB/s");
}

}  // namespace
}  // namespace poker::cli
