#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "file_source.h"
#include "open_input_internal.h"
#include "poker/io/input.h"
#include "poll_wait.h"

namespace poker::io {
namespace {

class FdReader final : public Reader {
 public:
  FdReader(int fd, bool owned, int wake_fd) : fd_(fd), owned_(owned), wake_fd_(wake_fd) {}
  ~FdReader() override {
    if (owned_) ::close(fd_);
  }
  FdReader(const FdReader&) = delete;
  FdReader& operator=(const FdReader&) = delete;

  ssize_t read(char* buffer, std::size_t size) override {
    if (wake_fd_ >= 0 || hook_ != nullptr) {
      if (const int error = wait_for_input(); error != 0) {
        errno = error;
        return -1;
      }
    }
    return ::read(fd_, buffer, size);
  }

  bool ready() override {
    pollfd request{fd_, POLLIN, 0};
    return ::poll(&request, 1, 0) > 0;
  }

  void set_wait_hook(WaitHook* hook) override { hook_ = hook; }

 private:
  // 0 once there is input (or its end, or an error the read will report);
  // ECANCELED once the wake-up comes first; EINTR (the caller retries). One
  // or two poll()s per buffer of reads cost nothing beside the read itself.
  int wait_for_input() {
    pollfd requests[2] = {{fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
    if (const int error = poll_or_wait(requests, 2, hook_); error != 0) return error;
    return requests[1].revents != 0 ? ECANCELED : 0;
  }

  const int fd_;
  const bool owned_;
  const int wake_fd_;
  WaitHook* hook_ = nullptr;
};

constexpr std::size_t kPipeSize = 1024 * 1024;

}  // namespace

std::unique_ptr<Reader> make_fd_reader(int fd, bool owned, int wake_fd) {
  return std::make_unique<FdReader>(fd, owned, wake_fd);
}

namespace {

// A memory map of `fd`, a regular file of `size` bytes, from its current
// offset on; null (and `fd` as it was) if nothing is left there or the map
// fails (then `error` is why). The source maps through a duplicate of `fd`,
// so that a failed map closes nothing the reads that replace it need.
std::unique_ptr<ByteSource> try_to_map(int fd, std::uint64_t size, const std::string& path, const InputOptions& options,
                                       MapFunction map, int& error) {
  const off_t offset = ::lseek(fd, 0, SEEK_CUR);
  if (offset < 0 || static_cast<std::uint64_t>(offset) >= size) return nullptr;
  const int mapped_fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (mapped_fd < 0) {
    error = errno;
    return nullptr;
  }
  auto source = make_mapped_source(mapped_fd, static_cast<std::uint64_t>(offset), size, options.window_size,
                                   options.buffer_size, map, path);
  // Map the first window now so that a file that cannot be mapped falls back
  // to reads before anything has been consumed.
  error = source->window(0, 1).error_number;
  if (error != 0) return nullptr;
  return source;
}

// A source reading `fd`, a regular file of `size` bytes, with pread() from
// its current offset on; null (and `fd` as it was) if nothing is left there,
// or the file holds fewer bytes than its size says (a sysfs file: read as a
// stream). Reads through a duplicate of `fd`, which shares its offset.
std::unique_ptr<ByteSource> try_to_read_at(int fd, std::uint64_t size, const std::string& path,
                                           const InputOptions& options, std::string why) {
  const off_t offset = ::lseek(fd, 0, SEEK_CUR);
  if (offset < 0 || static_cast<std::uint64_t>(offset) >= size) return nullptr;
  char last = 0;
  if (::pread(fd, &last, 1, static_cast<off_t>(size - 1)) != 1) return nullptr;
  const int read_fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (read_fd < 0) return nullptr;
  return make_file_source(read_fd, static_cast<std::uint64_t>(offset), size, options.buffer_size, options.window_size,
                          std::move(why), path);
}

}  // namespace

OpenedInput open_input(const std::string& path, const InputOptions& options, MapFunction map) {
  const bool is_stdin = path.empty() || path == "-";
  const auto failed = [&path](int error) { return OpenedInput{nullptr, IoError{IoError::Action::kOpen, path, error}}; };
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return failed(errno);
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    if (!is_stdin) ::close(fd);
    return failed(error);
  }
  if (S_ISDIR(info.st_mode)) {
    if (!is_stdin) ::close(fd);
    return failed(EISDIR);
  }
  // Regular files are read with pread() or memory-mapped, as the caller
  // asks (stdin too, when redirected from one, from its current offset); a
  // file that cannot be mapped (a small `ulimit -v`) is read with pread()
  // instead, and one that holds fewer bytes than its size says (a sysfs
  // file) as a stream. An empty "regular" file may be a /proc file whose
  // size is unknown: read.
  const bool sized = S_ISREG(info.st_mode) && info.st_size > 0;
  const auto size = static_cast<std::uint64_t>(info.st_size);
  std::string why;  // the map's failure, for strategy()
  if (options.reading == FileReading::kMap && sized) {
    int error = 0;
    if (auto source = try_to_map(fd, size, path, options, map, error)) {
      if (!is_stdin) ::close(fd);
      return OpenedInput{std::move(source), {}};
    }
    if (error != 0) why = std::string("mmap failed: ") + std::strerror(error);
  }
  if (options.reading != FileReading::kStream && sized) {
    if (auto source = try_to_read_at(fd, size, path, options, std::move(why))) {
      if (!is_stdin) ::close(fd);
      return OpenedInput{std::move(source), {}};
    }
  }
  if (S_ISFIFO(info.st_mode)) {
    // A pipe holds 64 KiB by default: the producer then wakes the reader for
    // every 64 KiB. A larger pipe halves the cost of a fast producer's copy
    // (the kernel may refuse past /proc/sys/fs/pipe-max-size; that is fine).
    ::fcntl(fd, F_SETPIPE_SZ, static_cast<int>(kPipeSize));
  }
  return OpenedInput{make_stream_source(make_fd_reader(fd, !is_stdin, options.wake_fd), options.buffer_size, path), {}};
}

OpenedInput open_input(const std::string& path, const InputOptions& options) {
  return open_input(path, options, ::mmap);
}

}  // namespace poker::io
