#include "poker/io/text_cursor.h"

#include <algorithm>
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
  for (;;) {
    std::string_view bytes;
    if (!look(1, bytes)) return false;
    if (bytes.empty()) return started;  // the input ends inside the line, or before it
    started = true;
    const auto* newline = static_cast<const char*>(std::memchr(bytes.data(), '\n', bytes.size()));
    std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - bytes.data()) : bytes.size();
    // Cut at the same byte whatever the windows: the verdict on a long line
    // must not depend on buffer sizes.
    if (length > limit - read) {
      length = static_cast<std::size_t>(limit - read) + 1;
      newline = nullptr;
      line.too_long = true;
    }
    read += length;
    if (squeeze) {
      append_squeezed(line, bytes.substr(0, length), keep, blank);
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
      line.length = read;  // squeezed too: a line too long is told by its bytes
      return true;
    }
    // A long line: on to the next window, leaving this one behind.
  }
}

bool TextCursor::at_end() {
  std::string_view bytes;
  return look(1, bytes) && bytes.empty();
}

}  // namespace poker::io
