#include "poker/io/text_cursor.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace poker::io {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

// `piece` of a line onto `line` squeezed: each run of blanks one space, none
// at the start; `blank` says whether a run is pending (dropped if the line
// ends there).
void append_squeezed(TextCursor::Line& line, std::string_view piece, std::size_t keep, bool& blank) {
  for (const char c : piece) {
    if (is_blank(c)) {
      blank = true;
      continue;
    }
    if (blank && line.length > 0) {
      if (line.head.size() < keep) line.head += ' ';
      ++line.length;
    }
    blank = false;
    if (line.head.size() < keep) line.head += c;
    ++line.length;
  }
}

}  // namespace

bool TextCursor::look(std::size_t min_size, std::string_view& bytes) {
  if (error_ != 0) return false;
  const std::uint64_t window_end = window_offset_ + window_.size;
  if (window_.data == nullptr || offset_ > window_end || (window_end - offset_ < min_size && !window_.at_end)) {
    window_ = Window{};  // released first: the source may then reuse its buffer
    window_ = source_.window(offset_, min_size);
    window_offset_ = offset_;
    if (window_.error_number != 0) {
      error_ = window_.error_number;
      window_ = Window{};
      return false;
    }
    if (window_.data == nullptr) {  // the end of the input (a mapped file gives no data there)
      bytes = {};
      return true;
    }
  }
  const auto skip = static_cast<std::size_t>(offset_ - window_offset_);
  bytes = std::string_view(window_.data + skip, window_.size - skip);
  return true;
}

bool TextCursor::skip_equal(std::string_view text) {
  if (text.empty()) return error_ == 0;
  std::string_view bytes;
  if (!look(text.size(), bytes)) return false;
  if (bytes.size() < text.size() || std::memcmp(bytes.data(), text.data(), text.size()) != 0) return false;
  offset_ += text.size();
  return true;
}

bool TextCursor::next_line(Line& line, std::size_t keep, std::uint64_t limit, bool squeeze) {
  line = Line{};
  bool started = false;
  std::uint64_t read = 0;  // the line's bytes so far
  bool blank = false;      // squeeze: a run of blanks is pending
  // Squeezed, `limit` counts what is compared, and the bytes read to find
  // it are bounded far above that: a run of blanks of any sane length is
  // read through.
  const std::uint64_t bytes_limit = !squeeze ? limit : limit > (UINT64_MAX >> 10) ? UINT64_MAX : limit << 10;
  for (;;) {
    std::string_view bytes;
    if (!look(1, bytes)) return false;
    if (bytes.empty()) return started;  // the input ends inside the line, or before it
    started = true;
    const auto* newline = static_cast<const char*>(std::memchr(bytes.data(), '\n', bytes.size()));
    std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - bytes.data()) : bytes.size();
    // Cut at the same byte whatever the windows: the verdict on a long line
    // must not depend on buffer sizes.
    if (length > bytes_limit - read) {
      length = static_cast<std::size_t>(bytes_limit - read) + 1;
      newline = nullptr;
      line.too_long = true;
    }
    read += length;
    if (squeeze) {
      append_squeezed(line, bytes.substr(0, length), keep, blank);
      if (line.length > limit) {
        newline = nullptr;
        line.too_long = true;
      }
    } else {
      if (line.head.size() < keep) line.head.append(bytes.data(), std::min(length, keep - line.head.size()));
      line.length += length;
    }
    if (newline != nullptr) {
      offset_ += length + 1;
      line.has_newline = true;
      return true;
    }
    offset_ += length;
    if (line.too_long) {
      line.length = limit + 1;
      return true;
    }
    // A long line: on to the next window, leaving this one behind.
  }
}

bool TextCursor::skip_whitespace(std::uint64_t limit, std::uint64_t& newlines) {
  for (std::uint64_t skipped = 0; skipped < limit;) {
    std::string_view bytes;
    if (!look(1, bytes)) return false;
    if (bytes.empty()) return true;
    const std::size_t most = static_cast<std::size_t>(std::min<std::uint64_t>(bytes.size(), limit - skipped));
    // 0: no whitespace; 1: a blank; 2: a newline.
    static constexpr auto kKind = [] {
      std::array<std::uint8_t, 256> kind{};
      for (const unsigned char c : {' ', '\t', '\v', '\f', '\r'}) kind[c] = 1;
      kind['\n'] = 2;
      return kind;
    }();
    std::size_t i = 0;
    // Blocks of 64 bytes without a branch per byte (a loop the compiler
    // vectorizes), while they are all whitespace; then byte by byte.
    for (constexpr std::size_t kBlock = 64; i + kBlock <= most; i += kBlock) {
      unsigned all = 1;
      unsigned lines = 0;
      for (std::size_t k = 0; k < kBlock; ++k) {
        const auto c = static_cast<unsigned char>(bytes[i + k]);
        all &= static_cast<unsigned>(c == ' ') | static_cast<unsigned>(static_cast<unsigned char>(c - '\t') <= 4);
        lines += static_cast<unsigned>(c == '\n');
      }
      if (all == 0) break;
      newlines += lines;
    }
    for (; i < most; ++i) {
      const std::uint8_t kind = kKind[static_cast<unsigned char>(bytes[i])];
      if (kind == 0) break;
      newlines += kind >> 1;
    }
    offset_ += i;
    skipped += i;
    if (i < most) return true;  // a byte that is no whitespace
  }
  return true;
}

bool TextCursor::at_end() {
  std::string_view bytes;
  return look(1, bytes) && bytes.empty();
}

}  // namespace poker::io
