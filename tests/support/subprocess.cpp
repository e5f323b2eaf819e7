#include "support/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace poker::testing {
namespace {

using Clock = std::chrono::steady_clock;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void make_pipe(int fds[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe2: ") + std::strerror(errno));
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void child_fail(const char* what) {
  const char* reason = std::strerror(errno);
  (void)!::write(STDERR_FILENO, what, std::strlen(what));
  (void)!::write(STDERR_FILENO, ": ", 2);
  (void)!::write(STDERR_FILENO, reason, std::strlen(reason));
  (void)!::write(STDERR_FILENO, "\n", 1);
  ::_exit(127);
}

// In the child: makes `target` the file `path` opened with `flags`, or, with
// no path, the pipe end `pipe_fd`.
void redirect(int target, const char* path, int flags, int pipe_fd) {
  const int fd = path != nullptr ? ::open(path, flags) : pipe_fd;
  if (fd < 0) child_fail(path);
  if (::dup2(fd, target) < 0) child_fail("dup2");
}

Milliseconds remaining(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<Milliseconds>(deadline - Clock::now());
  return left < Milliseconds(0) ? Milliseconds(0) : left;
}

// Reads what is available on `fd` into `into`; closes `fd` at end of file.
void drain(int& fd, std::string& into, bool until_empty = false) {
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) {
      // One buffer per call: reading on while the child keeps writing could
      // drain its whole output, and a test that holds the child with an
      // undrained pipe (Faults.FileTruncatedWhileMapped...) would not hold it.
      into.append(buffer, static_cast<std::size_t>(got));
      if (until_empty) continue;
      return;
    }
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    close_fd(fd);  // end of file, or an error: nothing more will come
    return;
  }
}

}  // namespace

Subprocess::Subprocess(const std::string& program, const SpawnOptions& options) : start_(Clock::now()) {
  ::signal(SIGPIPE, SIG_IGN);
  int in[2] = {-1, -1};
  int out[2];
  int err[2];
  if (!options.stdin_file) make_pipe(in);
  make_pipe(out);
  make_pipe(err);

  // Everything the child needs is prepared before fork: after it, the child
  // may only make async-signal-safe calls.
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : options.args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const char* directory = options.working_directory.empty() ? nullptr : options.working_directory.c_str();
  const char* stdin_path = options.stdin_file ? options.stdin_file->c_str() : nullptr;
  const char* stdout_path = options.stdout_file ? options.stdout_file->c_str() : nullptr;

  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    if (::dup2(err[1], STDERR_FILENO) < 0) ::_exit(127);
    redirect(STDOUT_FILENO, stdout_path, O_WRONLY, out[1]);
    redirect(STDIN_FILENO, stdin_path, O_RDONLY, in[0]);
    if (directory != nullptr && ::chdir(directory) != 0) child_fail(directory);
    ::execv(program.c_str(), argv.data());
    child_fail(program.c_str());
  }
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  if (stdout_path != nullptr) close_fd(out[0]);
  stdin_fd_ = in[1];
  stdout_fd_ = out[0];
  stderr_fd_ = err[0];
  if (stdin_fd_ >= 0) set_nonblocking(stdin_fd_);
  if (stdout_fd_ >= 0) set_nonblocking(stdout_fd_);
  set_nonblocking(stderr_fd_);
}

Subprocess::Subprocess(Subprocess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      stdin_fd_(std::exchange(other.stdin_fd_, -1)),
      stdout_fd_(std::exchange(other.stdout_fd_, -1)),
      stderr_fd_(std::exchange(other.stderr_fd_, -1)),
      stdin_broken_(other.stdin_broken_),
      reaped_(std::exchange(other.reaped_, true)),
      wait_status_(other.wait_status_),
      max_rss_kib_(other.max_rss_kib_),
      out_(std::move(other.out_)),
      err_(std::move(other.err_)),
      start_(other.start_) {}

Subprocess::~Subprocess() {
  close_fd(stdin_fd_);
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
  if (pid_ > 0 && !reaped_) kill_and_reap();
}

void Subprocess::kill_and_reap() {
  ::kill(pid_, SIGKILL);
  while (reap(0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
}

pid_t Subprocess::reap(int flags) {
  rusage usage{};
  const pid_t done = ::wait4(pid_, &wait_status_, flags, &usage);
  if (done == pid_) max_rss_kib_ = usage.ru_maxrss;
  return done;
}

void Subprocess::pump(std::string_view* pending, Milliseconds timeout) {
  pollfd fds[3];
  nfds_t count = 0;
  const bool writing = pending != nullptr && !pending->empty() && stdin_fd_ >= 0;
  if (writing) fds[count++] = pollfd{stdin_fd_, POLLOUT, 0};
  if (stdout_fd_ >= 0) fds[count++] = pollfd{stdout_fd_, POLLIN, 0};
  if (stderr_fd_ >= 0) fds[count++] = pollfd{stderr_fd_, POLLIN, 0};
  if (count == 0) return;
  const int ready = ::poll(fds, count, static_cast<int>(timeout.count()));
  if (ready <= 0) return;
  for (nfds_t i = 0; i < count; ++i) {
    if (fds[i].revents == 0) continue;
    if (fds[i].fd == stdout_fd_) {
      drain(stdout_fd_, out_);
    } else if (fds[i].fd == stderr_fd_) {
      drain(stderr_fd_, err_);
    } else if (fds[i].fd == stdin_fd_) {
      const ssize_t written = ::write(stdin_fd_, pending->data(), pending->size());
      if (written > 0) {
        pending->remove_prefix(static_cast<std::size_t>(written));
      } else if (written < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        stdin_broken_ = true;  // EPIPE: the child closed its stdin or exited
        close_fd(stdin_fd_);
      }
    }
  }
}

bool Subprocess::write_stdin(std::string_view bytes, Milliseconds timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  while (!bytes.empty()) {
    if (stdin_fd_ < 0 || stdin_broken_) return false;
    if (Clock::now() >= deadline) return false;
    pump(&bytes, remaining(deadline));
  }
  return true;
}

void Subprocess::close_stdin() { close_fd(stdin_fd_); }

std::optional<std::string> Subprocess::read_stdout_line(Milliseconds timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    const std::size_t newline = out_.find('\n');
    if (newline != std::string::npos) {
      std::string line = out_.substr(0, newline + 1);
      out_.erase(0, newline + 1);
      return line;
    }
    if (stdout_fd_ < 0 || Clock::now() >= deadline) return std::nullopt;
    pump(nullptr, remaining(deadline));
  }
}

void Subprocess::close_stdout() { close_fd(stdout_fd_); }

RunResult Subprocess::wait(Milliseconds timeout) {
  close_stdin();
  return collect(timeout);
}

RunResult Subprocess::wait_with_stdin_open(Milliseconds timeout) {
  RunResult result = collect(timeout);
  close_stdin();
  return result;
}

RunResult Subprocess::collect(Milliseconds timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  RunResult result;
  while ((stdout_fd_ >= 0 || stderr_fd_ >= 0) && Clock::now() < deadline) pump(nullptr, remaining(deadline));
  // Both pipes closed: the child has exited or closed them; give it the rest
  // of the deadline to exit.
  while (!reaped_) {
    const pid_t done = reap(WNOHANG);
    if (done == pid_) {
      reaped_ = true;
      break;
    }
    if (done < 0 && errno != EINTR) {
      reaped_ = true;
      break;
    }
    if (Clock::now() >= deadline) {
      result.timed_out = true;
      kill_and_reap();
      break;
    }
    ::usleep(1000);
  }
  if (stdout_fd_ >= 0 || stderr_fd_ >= 0) result.timed_out = true;
  // What is left in the pipes after a kill.
  if (stdout_fd_ >= 0) drain(stdout_fd_, out_, true);
  if (stderr_fd_ >= 0) drain(stderr_fd_, err_, true);
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
  if (WIFEXITED(wait_status_)) {
    result.exit_status = WEXITSTATUS(wait_status_);
  } else if (WIFSIGNALED(wait_status_)) {
    result.signal = WTERMSIG(wait_status_);
  }
  result.out = std::move(out_);
  result.err = std::move(err_);
  result.elapsed = std::chrono::duration_cast<Milliseconds>(Clock::now() - start_);
  result.max_rss_kib = max_rss_kib_;
  return result;
}

RunResult run(const std::string& program, const SpawnOptions& options, std::string_view stdin_bytes,
              Milliseconds timeout) {
  const Clock::time_point deadline = Clock::now() + timeout;
  Subprocess child(program, options);
  if (!options.stdin_file) {
    // A child that stops reading early (an error, a usage error) closes the
    // pipe: not a failure of the run, which wait() reports.
    child.write_stdin(stdin_bytes, remaining(deadline));
  }
  return child.wait(remaining(deadline));
}

}  // namespace poker::testing
