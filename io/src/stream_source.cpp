#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aligned_bytes.h"
#include "poker/io/input.h"

namespace poker::io {
namespace {

// A heap buffer shared by the source (which appends to its free tail) and the
// chunks that view its filled head. Appending never moves filled bytes.
struct Buffer {
  explicit Buffer(std::size_t capacity) : data(allocate_aligned(capacity)), capacity(capacity) {}
  AlignedBytes data;
  std::size_t capacity;
  // Windows handed out and not yet released. Their last release (release
  // order) and the source's check before it moves bytes (acquire order)
  // order the chunks' reads on other threads before the overwrite; a
  // shared_ptr's use_count() is a relaxed load and would not.
  std::atomic<std::size_t> leases{0};
};

// An owner for a window of `buffer`: counted in `leases` until released.
std::shared_ptr<const void> lease(const std::shared_ptr<Buffer>& buffer) {
  buffer->leases.fetch_add(1, std::memory_order_relaxed);
  return std::shared_ptr<const void>(buffer->data.get(),
                                     [buffer](const void*) { buffer->leases.fetch_sub(1, std::memory_order_release); });
}

// The first buffer's size: a short input (a few instances through a pipe, a
// one-line candidate) costs no more, whatever the largest buffer allowed.
constexpr std::size_t kFirstBufferSize = 64 * 1024;

class StreamSource final : public ByteSource {
 public:
  StreamSource(std::unique_ptr<Reader> reader, std::size_t buffer_size, std::string path)
      : ByteSource(std::move(path)),
        reader_(std::move(reader)),
        buffer_size_(std::max<std::size_t>(buffer_size, 1)),
        next_size_(std::min(buffer_size_, kFirstBufferSize)),
        buffer_(std::make_shared<Buffer>(next_size_)) {}

  Window window(std::uint64_t from, std::size_t min_size) override {
    std::size_t skip = head_ + static_cast<std::size_t>(from - buffer_offset_);
    while (filled_ - skip < min_size && !at_end_) {
      if (filled_ == buffer_->capacity) {
        carry_over(skip, min_size);
        skip = head_;
      }
      const ssize_t got = reader_->read(buffer_->data.get() + filled_, buffer_->capacity - filled_);
      if (got < 0) {
        if (errno == EINTR) continue;
        return Window{nullptr, nullptr, 0, false, errno};
      }
      if (got == 0) at_end_ = true;
      filled_ += static_cast<std::size_t>(got);
    }
    return Window{lease(buffer_), buffer_->data.get() + skip, filled_ - skip, at_end_, 0};
  }

  bool more_ready() override { return !at_end_ && reader_->ready(); }
  void set_wait_hook(WaitHook* hook) override { reader_->set_wait_hook(hook); }
  bool is_mapped() const override { return false; }
  std::string strategy() const override { return "stream"; }

 private:
  // The buffer is full: move the bytes from `skip` on (a partial record) to
  // the front of a buffer with room for `min_size` bytes and more, just far
  // enough from its start that the next read lands on kReadAlignment. A full
  // buffer means input keeps coming: the next one is twice the size, up to
  // buffer_size_, so that buffers grow with what is read. The current
  // buffer is reused when no chunk views it any longer; otherwise a spare
  // that no chunk views any longer, or a new one. Buffers are recycled, not
  // freed and allocated again: a fresh megabyte costs its page faults, and
  // with chunks still in flight on other threads most carry-overs would need
  // a fresh buffer (the CPU time of bench/throughput.sh's pipe path shows it).
  void carry_over(std::size_t skip, std::size_t min_size) {
    const std::size_t kept = filled_ - skip;
    const std::size_t head = (kReadAlignment - kept % kReadAlignment) % kReadAlignment;
    next_size_ = std::min(buffer_size_, 2 * next_size_);
    const std::size_t capacity = head + std::max({next_size_, 2 * kept, min_size});
    if (reusable(*buffer_, capacity)) {
      std::memmove(buffer_->data.get() + head, buffer_->data.get() + skip, kept);
    } else {
      const auto spare = std::find_if(spares_.begin(), spares_.end(),
                                      [capacity](const auto& buffer) { return reusable(*buffer, capacity); });
      std::shared_ptr<Buffer> next;
      if (spare != spares_.end()) {
        next = std::move(*spare);
        spares_.erase(spare);
      } else {
        next = std::make_shared<Buffer>(capacity);
      }
      std::memcpy(next->data.get() + head, buffer_->data.get() + skip, kept);
      // Chunks in flight bound the buffers in use; a few spares beyond them
      // are kept, the rest freed (when their chunks are done), as are those
      // smaller than buffers have grown to, which would never serve again.
      if (spares_.size() < kMaxSpares && buffer_->capacity >= next_size_) spares_.push_back(std::move(buffer_));
      buffer_ = std::move(next);
    }
    buffer_offset_ += skip - head_;
    head_ = head;
    filled_ = head + kept;
  }

  static bool reusable(const Buffer& buffer, std::size_t capacity) {
    return buffer.leases.load(std::memory_order_acquire) == 0 && capacity <= buffer.capacity;
  }

  static constexpr std::size_t kMaxSpares = 16;

  std::unique_ptr<Reader> reader_;
  const std::size_t buffer_size_;  // the size buffers grow to (more only for a long record)
  std::size_t next_size_;          // the size of the next buffer: doubles up to buffer_size_
  std::shared_ptr<Buffer> buffer_;
  std::vector<std::shared_ptr<Buffer>> spares_;  // earlier buffers, reused once no chunk views them
  std::uint64_t buffer_offset_ = 0;              // input offset of buffer_->data[head_]
  std::size_t head_ = 0;                         // bytes of buffer_ before its input: a read lands aligned
  std::size_t filled_ = 0;                       // bytes of buffer_ up to the end of its input
  bool at_end_ = false;
};

}  // namespace

std::unique_ptr<ByteSource> make_stream_source(std::unique_ptr<Reader> reader, std::size_t buffer_size,
                                               std::string path) {
  return std::make_unique<StreamSource>(std::move(reader), buffer_size, std::move(path));
}

}  // namespace poker::io
