#include "file_source.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <mutex>
#include <utility>
#include <vector>

#include "aligned_bytes.h"
#include "poker/io/atomic_min.h"

namespace poker::io {
namespace {

// Where the first byte that a truncated file no longer held was asked for.
struct ShortReads {
  std::atomic<std::uint64_t> first{UINT64_MAX};  // input offset
  void note(std::uint64_t offset) { lower_to(first, offset); }
};

// Reads [offset, offset + size) of the input at file offset `start` on into
// `buffer`, every byte: zeros past the file's end (noted in `short_reads`).
// 0, or the errno of a failed read.
int read_fully(int fd, std::uint64_t start, std::uint64_t offset, char* buffer, std::size_t size,
               ShortReads& short_reads) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t got = ::pread(fd, buffer + done, size - done, static_cast<off_t>(start + offset + done));
    if (got < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (got == 0) {
      std::memset(buffer + done, 0, size - done);
      short_reads.note(offset + done);
      return 0;
    }
    done += static_cast<std::size_t>(got);
  }
  return 0;
}

// Room left in front of the bytes read (Window::headroom), where the Framer
// puts the partial record carried from the range before: far more than a
// record of the judge's formats takes, and a whole page, so that the bytes
// are read on a page's start all the same.
constexpr std::size_t kHeadroom = kBufferAlignment;

// Buffers that ranges were read into, kept for the next ranges once their
// chunks are done: a fresh buffer costs a page fault per page (on a VM,
// microseconds each), a reused one nothing. The chunks in flight bound how
// many there are. The buffer given back last is taken first: its bytes are
// the likeliest to be in the cache still.
class BufferPool : public std::enable_shared_from_this<BufferPool> {
 public:
  // A buffer of `size` bytes at `data`, after kHeadroom bytes of its own.
  std::shared_ptr<const void> take(std::size_t size, char*& data) {
    AlignedBytes buffer;
    std::size_t capacity = size;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      const auto fits =
          std::find_if(free_.rbegin(), free_.rend(), [size](const Free& f) { return f.capacity >= size; });
      if (fits != free_.rend()) {
        buffer = std::move(fits->buffer);
        capacity = fits->capacity;
        free_.erase(std::next(fits).base());
      }
    }
    if (!buffer) buffer = allocate_aligned(kHeadroom + capacity);
    data = buffer.get() + kHeadroom;
    return std::shared_ptr<const void>(buffer.release(), [pool = shared_from_this(), capacity](const void* p) {
      pool->give_back(AlignedBytes(static_cast<char*>(const_cast<void*>(p))), capacity);
    });
  }

 private:
  struct Free {
    AlignedBytes buffer;
    std::size_t capacity;
  };
  void give_back(AlignedBytes buffer, std::size_t capacity) {
    const std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(Free{std::move(buffer), capacity});
  }

  std::mutex mutex_;
  std::vector<Free> free_;
};

// The descriptor and what its reads share, owned by the source and by any
// read in flight (SharedReads): the descriptor is closed once both are done.
class FileReads final : public SharedReads {
 public:
  FileReads(int fd, std::uint64_t start, std::uint64_t size)
      : fd_(fd), start_(start), size_(size), pool_(std::make_shared<BufferPool>()) {}
  ~FileReads() override { ::close(fd_); }
  FileReads(const FileReads&) = delete;
  FileReads& operator=(const FileReads&) = delete;

  Window read_at(std::uint64_t from, std::size_t size) override {
    char* data = nullptr;
    std::shared_ptr<const void> owner = pool_->take(size, data);
    if (const int error = read_fully(fd_, start_, from, data, size, short_reads_); error != 0) {
      return Window{nullptr, nullptr, 0, false, error};
    }
    return Window{std::move(owner), data, size, from + size == size_, 0, kHeadroom};
  }

  int fd() const { return fd_; }
  // Input offset of the first byte that a read found no longer in the file.
  std::uint64_t first_short_read() const { return short_reads_.first.load(std::memory_order_relaxed); }

 private:
  const int fd_;
  const std::uint64_t start_;  // file offset of input offset 0
  const std::uint64_t size_;   // input bytes
  ShortReads short_reads_;
  const std::shared_ptr<BufferPool> pool_;
};

class FileSource final : public ByteSource {
 public:
  FileSource(int fd, std::uint64_t start, std::uint64_t file_size, std::size_t buffer_size, std::size_t window_size,
             std::string why, std::string path)
      : ByteSource(std::move(path)),
        reads_(std::make_shared<FileReads>(fd, start, file_size - start)),
        start_(start),
        size_(file_size - start),
        buffer_size_(std::max<std::size_t>(buffer_size, 1)),
        window_size_(window_size != 0 ? window_size : kDefaultWindow),
        why_(std::move(why)) {
    move_offset_past(0);
  }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  // In-order reads, for a caller that reads the input as a stream (the
  // pipeline reads ranges with read_at() instead): each window is read anew,
  // a buffer's worth or `min_size` bytes, whichever is more.
  Window window(std::uint64_t from, std::size_t min_size) override {
    const auto size = static_cast<std::size_t>(std::min<std::uint64_t>(std::max(min_size, buffer_size_), size_ - from));
    Window window = read_at(from, size);
    if (window.error_number == 0) consumed(from + window.size);
    return window;
  }
  bool more_ready() override { return true; }
  bool is_mapped() const override { return false; }
  std::string strategy() const override { return why_.empty() ? "pread" : "pread: " + why_; }

  std::uint64_t size_for_reads_at() const override { return size_; }

  Window read_at(std::uint64_t from, std::size_t size) override { return reads_->read_at(from, size); }
  std::shared_ptr<SharedReads> shared_reads() override { return reads_; }

  // The offset is shared with a caller's stdin, which a later reader then
  // finds past what was read: it moves as a memory map of the file would move
  // it (mapped_source.cpp), a window ahead of the input cut, so that a run
  // that stops early (an error, a reader gone) leaves it where the map
  // leaves it, whichever path read the file. One lseek per window.
  void consumed(std::uint64_t end) override {
    if (end > sought_) move_offset_past(end);
  }
  // The bytes read are the file's: the only ones that are not are the zeros
  // read past the end of a file that shrank.
  int check_intact(std::uint64_t end) const override {
    return end > reads_->first_short_read() ? kTruncatedWhileRead : 0;
  }

 private:
  // Where no window size is given: that of the judge's maps (main.cpp).
  static constexpr std::uint64_t kDefaultWindow = 64 * 1024 * 1024;

  // The offset goes where a map of the window from input offset `end` would
  // end: a window past the page that holds it, or the end of the input.
  void move_offset_past(std::uint64_t end) {
    const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    const std::uint64_t at = start_ + end;
    sought_ = std::min(start_ + size_, std::max(at, at - at % page + window_size_)) - start_;
    ::lseek(reads_->fd(), static_cast<off_t>(start_ + sought_), SEEK_SET);
  }

  const std::shared_ptr<FileReads> reads_;
  const std::uint64_t start_;  // file offset of input offset 0
  const std::uint64_t size_;   // input bytes
  const std::size_t buffer_size_;
  const std::uint64_t window_size_;
  const std::string why_;
  std::uint64_t sought_ = 0;
};

}  // namespace

std::unique_ptr<ByteSource> make_file_source(int fd, std::uint64_t start, std::uint64_t file_size,
                                             std::size_t buffer_size, std::size_t window_size, std::string why,
                                             std::string path) {
  return std::make_unique<FileSource>(fd, start, file_size, buffer_size, window_size, std::move(why), std::move(path));
}

}  // namespace poker::io
