#include "poker/io/output_sink.h"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace poker::io {
namespace {

WriteResult failure(int error_number) {
  if (error_number == EPIPE) return WriteResult{WriteResult::Kind::kBrokenPipe, error_number};
  return WriteResult{WriteResult::Kind::kFailed, error_number};
}

// Whether a write to `fd` may wait on a reader that stalls.
bool may_stall(int fd) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) return false;
  return S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode) || ::isatty(fd) == 1;
}

// The next piece of `bytes` that a write() fits at once where poll() says
// there is room: at most PIPE_BUF bytes, cut after the last newline in them.
std::string_view next_piece(std::string_view bytes) {
  if (bytes.size() <= PIPE_BUF) return bytes;
  const std::string_view most = bytes.substr(0, PIPE_BUF);
  const std::size_t newline = most.rfind('\n');
  return newline == std::string_view::npos ? most : most.substr(0, newline + 1);
}

class FdSink final : public OutputSink {
 public:
  FdSink(int fd, bool owned, int wake_fd) : fd_(fd), owned_(owned), wake_fd_(wake_fd >= 0 && may_stall(fd) ? wake_fd : -1) {}
  ~FdSink() override {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  FdSink(const FdSink&) = delete;
  FdSink& operator=(const FdSink&) = delete;

  WriteResult write(std::string_view bytes) override {
    while (!bytes.empty()) {
      std::string_view piece = bytes;
      if (wake_fd_ >= 0) {
        if (const int error = wait_for_room(); error != 0) return failure(error);
        piece = next_piece(bytes);
      }
      const ssize_t written = ::write(fd_, piece.data(), piece.size());
      if (written < 0) {
        if (errno == EINTR) continue;
        return failure(errno);
      }
      bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return WriteResult{};
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
  // 0 once the output has room (or an error a write will report), ECANCELED
  // once the wake-up comes first.
  int wait_for_room() const {
    while (true) {
      pollfd requests[2] = {{fd_, POLLOUT, 0}, {wake_fd_, POLLIN, 0}};
      if (::poll(requests, 2, -1) < 0) {
        if (errno == EINTR) continue;
        return errno;
      }
      if (requests[1].revents != 0) return ECANCELED;
      if (requests[0].revents != 0) return 0;
    }
  }

  int fd_;
  const bool owned_;
  const int wake_fd_;  // -1: writes never wait on it
};

}  // namespace

std::unique_ptr<OutputSink> make_fd_sink(int fd, bool owned, int wake_fd) {
  return std::make_unique<FdSink>(fd, owned, wake_fd);
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
  if (path.empty() || path == "-") return OpenedOutput{make_fd_sink(STDOUT_FILENO, false, wake_fd), 0};
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) return OpenedOutput{nullptr, errno};
  return OpenedOutput{make_fd_sink(fd, true, wake_fd), 0};
}

}  // namespace poker::io
