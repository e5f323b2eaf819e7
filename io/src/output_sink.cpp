#include "poker/io/output_sink.h"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <utility>

#include "poll_wait.h"

namespace poker::io {
namespace {

enum class Stall { kNever, kPipe, kOther };

// Whether a write to `fd` may wait on a reader that stalls.
Stall may_stall(int fd) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) return Stall::kNever;
  if (S_ISFIFO(info.st_mode)) return Stall::kPipe;
  return S_ISSOCK(info.st_mode) || ::isatty(fd) == 1 ? Stall::kOther : Stall::kNever;
}

// Bytes a write() to the pipe `fd` takes at once, without waiting, once
// poll() has said there is room (at least PIPE_BUF then). The pipe holds
// F_GETPIPE_SZ / page bytes in pages; its unread bytes fill at most one
// page more than they need (a page half read at the head, one half written
// at the tail), so the pages beyond those are free.
std::size_t room_in_pipe(int fd) {
  static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const int size = ::fcntl(fd, F_GETPIPE_SZ);
  int unread = 0;
  if (size <= 0 || ::ioctl(fd, FIONREAD, &unread) != 0 || unread < 0) return PIPE_BUF;
  const std::size_t pages = static_cast<std::size_t>(size) / page;
  const std::size_t used = (static_cast<std::size_t>(unread) + page - 1) / page + 1;
  return std::max<std::size_t>(pages > used ? (pages - used) * page : 0, PIPE_BUF);
}

// The next piece of `bytes` that a write() takes at once when `room` bytes
// are free: all of them if they fit, else the most that fits, cut after its
// last newline, so that a write given up on after it leaves whole lines.
std::string_view next_piece(std::string_view bytes, std::size_t room) {
  if (bytes.size() <= room) return bytes;
  const std::string_view most = bytes.substr(0, room);
  const std::size_t newline = most.rfind('\n');
  return newline == std::string_view::npos ? most : most.substr(0, newline + 1);
}

class FdSink final : public OutputSink {
 public:
  FdSink(int fd, bool owned, int wake_fd, std::string path)
      : fd_(fd),
        owned_(owned),
        stall_(wake_fd >= 0 ? may_stall(fd) : Stall::kNever),
        wake_fd_(wake_fd),
        path_(std::move(path)) {}
  ~FdSink() override {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  FdSink(const FdSink&) = delete;
  FdSink& operator=(const FdSink&) = delete;

  WriteResult write(std::string_view bytes) override {
    while (!bytes.empty()) {
      std::string_view piece = bytes;
      if (stall_ != Stall::kNever) {
        if (const int error = wait_for_room(); error != 0) return failure(error);
        piece = next_piece(bytes, stall_ == Stall::kPipe ? room_in_pipe(fd_) : PIPE_BUF);
      }
      const ssize_t written = ::write(fd_, piece.data(), piece.size());
      if (written < 0) {
        // EAGAIN: a descriptor left non-blocking by whoever shares it; the
        // poll() above waits for room then.
        if (errno == EINTR || (errno == EAGAIN && stall_ != Stall::kNever)) continue;
        return failure(errno);
      }
      bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return WriteResult{};
  }

  void set_wait_hook(WaitHook* hook) override {
    hook_ = hook;
    if (hook_ != nullptr && stall_ == Stall::kNever && fd_ >= 0) stall_ = may_stall(fd_);
  }

  WriteResult finish() override {
    if (!owned_ || fd_ < 0) return WriteResult{};
    const int fd = fd_;
    fd_ = -1;
    // close() is where some file systems report a failed write-back.
    if (::close(fd) != 0 && errno != EINTR) return failure(errno);
    return WriteResult{};
  }

 private:
  WriteResult failure(int error_number) const {
    return WriteResult{error_number == EPIPE ? WriteResult::Kind::kBrokenPipe : WriteResult::Kind::kFailed,
                       IoError{IoError::Action::kWrite, path_, error_number}};
  }

  // 0 once the output has room (or an error a write will report), ECANCELED
  // once the wake-up comes first.
  int wait_for_room() const {
    while (true) {
      pollfd requests[2] = {{fd_, POLLOUT, 0}, {wake_fd_, POLLIN, 0}};
      if (const int error = poll_or_wait(requests, 2, hook_); error != 0) {
        if (error == EINTR) continue;
        return error;
      }
      if (requests[1].revents != 0) return ECANCELED;
      if (requests[0].revents != 0) return 0;
    }
  }

  int fd_;
  const bool owned_;
  Stall stall_;  // kNever: writes never poll (no wake-up, no hook)
  const int wake_fd_;
  const std::string path_;
  WaitHook* hook_ = nullptr;
};

}  // namespace

std::unique_ptr<OutputSink> make_fd_sink(int fd, bool owned, int wake_fd, std::string path) {
  return std::make_unique<FdSink>(fd, owned, wake_fd, std::move(path));
}

bool output_overwrites_input(const std::string& input, const std::string& output) {
  struct stat in {};
  struct stat out {};
  const bool in_ok = input.empty() || input == "-" ? ::fstat(STDIN_FILENO, &in) == 0 : ::stat(input.c_str(), &in) == 0;
  const bool out_ok =
      output.empty() || output == "-" ? ::fstat(STDOUT_FILENO, &out) == 0 : ::stat(output.c_str(), &out) == 0;
  return in_ok && out_ok && S_ISREG(in.st_mode) && in.st_dev == out.st_dev && in.st_ino == out.st_ino;
}

OpenedOutput open_output(const std::string& path, int wake_fd) {
  if (path.empty() || path == "-") return OpenedOutput{make_fd_sink(STDOUT_FILENO, false, wake_fd, path), {}};
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) {
    const int error = errno;
    return OpenedOutput{nullptr, IoError{IoError::Action::kOpenForWriting, path, error}};
  }
  return OpenedOutput{make_fd_sink(fd, true, wake_fd, path), {}};
}

}  // namespace poker::io
