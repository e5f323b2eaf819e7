// Running a program as a user runs it, for end-to-end tests: argv, stdin
// (bytes written through a pipe, or a file opened in its place), a working
// directory; stdout, stderr and the exit status captured.
//
// Every wait has a deadline: a child that outlives it is killed (SIGKILL), and
// the result says so, so that a hang fails a test instead of hanging CTest.
//
// Thread safety: a Subprocess is used by one thread. Creating one ignores
// SIGPIPE in the calling process (writing to a child that has exited must fail
// with EPIPE, not kill the test); the child gets the default disposition back.
#ifndef POKER_TESTS_SUPPORT_SUBPROCESS_H_
#define POKER_TESTS_SUPPORT_SUBPROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace poker::testing {

using Milliseconds = std::chrono::milliseconds;

struct RunResult {
  int exit_status = -1;  // the status passed to exit(), or -1 if killed by a signal
  int signal = 0;        // the signal that ended the child, or 0
  bool timed_out = false;
  std::string out;  // everything written on stdout
  std::string err;  // everything written on stderr
  Milliseconds elapsed{0};
  long max_rss_kib = 0;  // the child's peak resident memory (getrusage's ru_maxrss)
};

// How to start a child. Its stdin is, in order of preference: the file
// `stdin_file` (opened read-only), or a pipe; its stdout the file
// `stdout_file` (opened write-only, e.g. /dev/full), or a pipe.
struct SpawnOptions {
  std::vector<std::string> args;  // argv[1..]; argv[0] is the program path
  std::string working_directory;  // empty: the caller's
  std::optional<std::string> stdin_file;
  std::optional<std::string> stdout_file;
};

// A running child with pipes on its stdout and stderr (and its stdin unless
// stdin_file is given). Move-only: it owns the pipes and the child.
class Subprocess {
 public:
  // Starts `program`; on failure (fork, exec, open) the child exits with 127
  // and writes the reason on its stderr.
  Subprocess(const std::string& program, const SpawnOptions& options);
  ~Subprocess();  // kills and reaps the child if still running
  Subprocess(Subprocess&& other) noexcept;
  Subprocess& operator=(Subprocess&&) = delete;
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  pid_t pid() const { return pid_; }

  // Writes all of `bytes` to the child's stdin while collecting its output
  // (so a child blocked on a full stdout pipe cannot deadlock us). False if
  // the deadline passes first or the child closed its stdin (EPIPE).
  bool write_stdin(std::string_view bytes, Milliseconds timeout);
  void close_stdin();
  // Whether a write to stdin failed because the child no longer reads it.
  bool stdin_broken() const { return stdin_broken_; }

  // Waits until a whole line ('\n' included) is available on stdout and
  // returns it, collecting stderr meanwhile; nothing at the deadline or if
  // stdout closes first.
  std::optional<std::string> read_stdout_line(Milliseconds timeout);

  // Closes our end of the child's stdout: its further writes fail with EPIPE.
  void close_stdout();

  // Closes stdin (if still open), collects stdout and stderr to their end and
  // reaps the child; kills it at the deadline. The stdout lines already taken
  // by read_stdout_line() are not in the result.
  RunResult wait(Milliseconds timeout);
  // The same with stdin left open until the child is reaped: a child that
  // must end by a signal cannot end by the end of its input instead.
  RunResult wait_with_stdin_open(Milliseconds timeout);

 private:
  // One round of poll() on the open pipes, up to `timeout`; moves what
  // arrives into the buffers and writes what it can of `pending` to stdin.
  void pump(std::string_view* pending, Milliseconds timeout);
  // wait() once stdin is dealt with.
  RunResult collect(Milliseconds timeout);
  void kill_and_reap();
  // wait4() for the child with `flags`, keeping its peak memory.
  pid_t reap(int flags);

  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  bool stdin_broken_ = false;
  bool reaped_ = false;
  int wait_status_ = 0;
  long max_rss_kib_ = 0;
  std::string out_;
  std::string err_;
  std::chrono::steady_clock::time_point start_;
};

// Runs `program` to the end with `stdin_bytes` on its stdin (through a pipe,
// unless options.stdin_file is set).
RunResult run(const std::string& program, const SpawnOptions& options, std::string_view stdin_bytes = {},
              Milliseconds timeout = Milliseconds(60000));

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_SUBPROCESS_H_
