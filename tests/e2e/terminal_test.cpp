// `poker` as a person at a terminal runs it: its standard streams on a new
// pseudo-terminal, whose other end the test reads and types into. The
// progress lines show where nothing else is being typed or written, and a
// run that waits for typed input says so.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Clock = std::chrono::steady_clock;
using testing::Milliseconds;

// A child `poker` whose stderr, and stdin and stdout where asked, are a
// pseudo-terminal (the others /dev/null), in the source directory. Its
// controlling terminal is that one, as a login shell's child's would be.
class TerminalRun {
 public:
  struct Streams {
    bool stdin_on_terminal = true;
    bool stdout_on_terminal = true;
  };

  TerminalRun(const std::vector<std::string>& args, Streams streams) {
    master_ = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0) return;
    const std::string terminal = ::ptsname(master_);
    std::vector<std::string> words{kBinary};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      // A new session has no controlling terminal; the first one it opens
      // becomes it.
      if (::setsid() < 0) ::_exit(126);
      const int tty = ::open(terminal.c_str(), O_RDWR);
      const int null = ::open("/dev/null", O_RDWR);
      if (tty < 0 || null < 0 || ::chdir(kSourceDir.c_str()) != 0) ::_exit(126);
      if (::dup2(streams.stdin_on_terminal ? tty : null, STDIN_FILENO) < 0 ||
          ::dup2(streams.stdout_on_terminal ? tty : null, STDOUT_FILENO) < 0 || ::dup2(tty, STDERR_FILENO) < 0) {
        ::_exit(126);
      }
      ::execv(kBinary.c_str(), argv.data());
      ::_exit(127);
    }
  }

  ~TerminalRun() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) ::close(master_);
  }

  TerminalRun(const TerminalRun&) = delete;
  TerminalRun& operator=(const TerminalRun&) = delete;

  bool started() const { return master_ >= 0 && pid_ > 0; }

  // Everything the terminal showed so far.
  const std::string& shown() const { return shown_; }

  // Reads what the terminal shows, for up to `timeout`; false once the
  // child has closed it (it has ended).
  bool read_for(Milliseconds timeout) {
    pollfd watched{master_, POLLIN, 0};
    if (::poll(&watched, 1, static_cast<int>(timeout.count())) <= 0) return true;
    char buffer[4096];
    const ssize_t got = ::read(master_, buffer, sizeof buffer);
    if (got > 0) {
      shown_.append(buffer, static_cast<std::size_t>(got));
      return true;
    }
    return got < 0 && errno == EINTR;  // EIO: no process holds the terminal any more
  }

  // Reads until the terminal has shown `text`, for up to `timeout`.
  bool wait_for(std::string_view text, Milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    while (shown_.find(text) == std::string::npos) {
      if (Clock::now() >= deadline || !read_for(Milliseconds(50))) return shown_.find(text) != std::string::npos;
    }
    return true;
  }

  // Types `bytes` at the terminal.
  void type(std::string_view bytes) { ASSERT_EQ(::write(master_, bytes.data(), bytes.size()), ssize_t(bytes.size())); }

  // Reads to the end and reaps the child: its exit status, or -1 when it
  // was killed (at the deadline, or by a signal).
  int wait(Milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    bool open = true;
    while (open && Clock::now() < deadline) open = read_for(Milliseconds(50));
    if (open) ::kill(pid_, SIGKILL);  // still running at the deadline
    int status = 0;
    const bool reaped = ::waitpid(pid_, &status, 0) == pid_;
    reaped_ = true;
    return reaped && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
  bool reaped_ = false;
  std::string shown_;
};

constexpr Milliseconds kTimeout(120000);
constexpr std::string_view kErase = "\r\033[K";

#define START_OR_SKIP(run)                               \
  if (!(run).started()) {                                \
    GTEST_SKIP() << "no pseudo-terminal on this system"; \
  }

// `poker -i FIFO -o /dev/null` typed at a terminal: the input is a named
// file, not the terminal, so the judge's progress line shows on stderr once
// the run has lasted a second. The input arrives as the test writes it, so
// that the run lasts as long as the line takes to show on any machine.
TEST(JudgeProgress, ShowsOnATerminalForANamedInputFile) {
  const std::string fifo = temp_path("progress.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  TerminalRun poker({"-i", fifo, "-o", "/dev/null", "--chunk-size", "1K", "-j", "1"}, {});
  START_OR_SKIP(poker);
  // The writer's open waits for the reader: poll for it while watching the terminal.
  int writer = -1;
  const Clock::time_point deadline = Clock::now() + kTimeout;
  while (writer < 0 && Clock::now() < deadline) {
    writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (writer < 0) {
      ASSERT_TRUE(poker.read_for(Milliseconds(20))) << printable(poker.shown());
    }
  }
  ASSERT_GE(writer, 0);
  ASSERT_EQ(::fcntl(writer, F_SETFL, 0), 0);  // blocking writes from here on
  std::string batch;
  const std::string sample = read_whole_file(kSourceDir + "/examples/sample.txt");
  while (batch.size() < 4096) batch += sample;
  while (poker.shown().find(" instances, ") == std::string::npos && Clock::now() < deadline) {
    ASSERT_EQ(::write(writer, batch.data(), batch.size()), ssize_t(batch.size()));
    ASSERT_TRUE(poker.read_for(Milliseconds(50))) << printable(poker.shown());
  }
  ::close(writer);
  EXPECT_EQ(poker.wait(kTimeout), 0) << printable(poker.shown());
  EXPECT_NE(poker.shown().find("poker: "), std::string::npos) << printable(poker.shown());
  EXPECT_NE(poker.shown().find(" instances, "), std::string::npos) << printable(poker.shown());
  // Erased at the end: the last thing the terminal shows.
  EXPECT_TRUE(poker.shown().ends_with(kErase)) << printable(poker.shown());
}

// `poker equity random random random` with its answer on the terminal: the
// answer comes once the computation ends, so the line shows meanwhile on
// the same terminal, and is erased before the answer.
TEST(EquityProgress, ShowsOnTheTerminalTheAnswerGoesTo) {
  TerminalRun poker({"equity", "random", "random", "random", "--time", "3", "-j", "1"}, {});
  START_OR_SKIP(poker);
  EXPECT_EQ(poker.wait(kTimeout), 0) << printable(poker.shown());
  const std::string& shown = poker.shown();
  EXPECT_NE(shown.find("poker: equity "), std::string::npos) << printable(shown);
  const std::size_t erased = shown.rfind(kErase);
  ASSERT_NE(erased, std::string::npos) << printable(shown);
  const std::string after = shown.substr(erased + kErase.size());
  EXPECT_EQ(after.find("poker: equity "), std::string::npos) << printable(shown);
  EXPECT_NE(after.find('%'), std::string::npos) << printable(shown);  // the answer's table
}

// `poker` or `poker equity` with nothing to read but the terminal: a line on
// stderr says so, and Ctrl-D ends the input.
TEST(ReadingATerminal, SaysWhatItReadsAndHowToEnd) {
  for (const auto& [args, says] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{}, "poker: reading instances from standard input; Ctrl-D ends"},
           {{"euler"}, "poker: reading instances from standard input; Ctrl-D ends"},
           {{"equity"}, "poker: reading queries from standard input; Ctrl-D ends"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    TerminalRun poker(args, {});
    START_OR_SKIP(poker);
    ASSERT_TRUE(poker.wait_for(says, kTimeout)) << printable(poker.shown());
    poker.type("\x04");  // Ctrl-D at the start of a line: the end of the input
    EXPECT_EQ(poker.wait(kTimeout), 0) << printable(poker.shown());
  }
}

// A named file: nothing is read from the terminal, and nothing said of it.
TEST(ReadingATerminal, SaysNothingForANamedFile) {
  TerminalRun named({"examples/sample.txt"}, {});
  START_OR_SKIP(named);
  EXPECT_EQ(named.wait(kTimeout), 0);
  EXPECT_NE(named.shown().find("Player 1"), std::string::npos) << printable(named.shown());
  EXPECT_EQ(named.shown().find("reading"), std::string::npos) << printable(named.shown());
}

}  // namespace
}  // namespace poker::e2e
