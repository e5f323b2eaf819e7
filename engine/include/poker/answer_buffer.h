// AnswerBuffer: the rendered answers of a chunk (ChunkResult::answers,
// poker/format.h), a byte string that grows without zero-filling.
//
// Thread safety: a plain value, used by one thread at a time.
#ifndef POKER_ANSWER_BUFFER_H_
#define POKER_ANSWER_BUFFER_H_

#include <cstddef>
#include <cstring>
#include <iosfwd>
#include <memory>
#include <string_view>
#include <utility>

namespace poker {

// The rendered answers of a chunk: a byte string that can grow by bytes left
// uninitialised for the caller to write (extend()), where std::string (until
// C++23's resize_and_overwrite) zero-fills what it grows by, which would cost
// the hold'em judge about as many instructions per instance as an evaluation
// (`bench/instructions.sh build/release poker` counts them).
class AnswerBuffer {
 public:
  AnswerBuffer() = default;
  AnswerBuffer(const AnswerBuffer& other) { *this += other.view(); }
  AnswerBuffer(AnswerBuffer&& other) noexcept
      : bytes_(std::move(other.bytes_)), size_(other.size_), capacity_(other.capacity_) {
    other.size_ = other.capacity_ = 0;
  }
  AnswerBuffer& operator=(const AnswerBuffer& other) {
    if (this != &other) {
      clear();
      *this += other.view();
    }
    return *this;
  }
  AnswerBuffer& operator=(AnswerBuffer&& other) noexcept {
    bytes_ = std::move(other.bytes_);
    size_ = other.size_;
    capacity_ = other.capacity_;
    other.size_ = other.capacity_ = 0;
    return *this;
  }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }  // bytes it holds without growing
  bool empty() const { return size_ == 0; }
  const char* data() const { return bytes_.get(); }
  std::string_view view() const { return {bytes_.get(), size_}; }
  const char* begin() const { return bytes_.get(); }
  const char* end() const { return bytes_.get() + size_; }
  char back() const { return bytes_[size_ - 1]; }       // REQUIRES: !empty()
  operator std::string_view() const { return view(); }  // NOLINT: used as text everywhere
  void clear() { size_ = 0; }

  // Appends `count` bytes whose values the caller writes through the
  // returned pointer (valid until the next growth).
  char* extend(std::size_t count) {
    if (capacity_ - size_ < count) grow(size_ + count);
    char* const start = bytes_.get() + size_;
    size_ += count;
    return start;
  }
  // Makes room for `count` more bytes without growing again (the room left
  // uninitialised: pages never written are never touched).
  void reserve_more(std::size_t count) {
    if (capacity_ - size_ < count) grow(size_ + count);
  }
  // Cuts the buffer to its first `size` bytes. REQUIRES: size <= size().
  void truncate(std::size_t size) { size_ = size; }

  AnswerBuffer& operator+=(std::string_view text) {
    if (!text.empty()) std::memcpy(extend(text.size()), text.data(), text.size());
    return *this;
  }
  AnswerBuffer& operator+=(char c) {
    *extend(1) = c;
    return *this;
  }
  AnswerBuffer& append(std::string_view text) { return *this += text; }

  friend bool operator==(const AnswerBuffer& buffer, std::string_view text) { return buffer.view() == text; }

 private:
  void grow(std::size_t at_least) {
    std::size_t capacity = capacity_ < 64 ? 64 : 2 * capacity_;
    if (capacity < at_least) capacity = at_least;
    auto bytes = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ != 0) std::memcpy(bytes.get(), bytes_.get(), size_);
    bytes_ = std::move(bytes);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> bytes_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// For test failure messages: the buffer's text.
std::ostream& operator<<(std::ostream& out, const AnswerBuffer& buffer);

}  // namespace poker

#endif  // POKER_ANSWER_BUFFER_H_
