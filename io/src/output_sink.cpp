#include "poker/io/output_sink.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace poker::io {
namespace {

WriteResult failure(int error_number) {
  if (error_number == EPIPE) return WriteResult{WriteResult::Kind::kBrokenPipe, error_number};
  return WriteResult{WriteResult::Kind::kFailed, error_number};
}

class FdSink final : public OutputSink {
 public:
  FdSink(int fd, bool owned) : fd_(fd), owned_(owned) {}
  ~FdSink() override {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  FdSink(const FdSink&) = delete;
  FdSink& operator=(const FdSink&) = delete;

  WriteResult write(std::string_view bytes) override {
    while (!bytes.empty()) {
      const ssize_t written = ::write(fd_, bytes.data(), bytes.size());
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
  int fd_;
  const bool owned_;
};

}  // namespace

std::unique_ptr<OutputSink> make_fd_sink(int fd, bool owned) {
  return std::make_unique<FdSink>(fd, owned);
}

bool output_overwrites_input(const std::string& input, const std::string& output) {
  struct stat in {};
  struct stat out {};
  const bool in_ok = input.empty() || input == "-" ? ::fstat(STDIN_FILENO, &in) == 0 : ::stat(input.c_str(), &in) == 0;
  const bool out_ok =
      output.empty() || output == "-" ? ::fstat(STDOUT_FILENO, &out) == 0 : ::stat(output.c_str(), &out) == 0;
  return in_ok && out_ok && S_ISREG(in.st_mode) && in.st_dev == out.st_dev && in.st_ino == out.st_ino;
}

OpenedOutput open_output(const std::string& path) {
  if (path.empty() || path == "-") return OpenedOutput{make_fd_sink(STDOUT_FILENO, false), 0};
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return OpenedOutput{nullptr, errno};
  return OpenedOutput{make_fd_sink(fd, true), 0};
}

}  // namespace poker::io
