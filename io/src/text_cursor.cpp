#include "poker/io/text_cursor.h"

#include <algorithm>
#include <cstring>

namespace poker::io {

bool TextCursor::look(std::size_t min_size, Window& window) {
  if (error_ != 0) return false;
  window = source_.window(offset_, min_size);
  if (window.error_number != 0) {
    error_ = window.error_number;
    return false;
  }
  return true;
}

bool TextCursor::skip_equal(std::string_view text) {
  if (text.empty()) return error_ == 0;
  Window window;
  if (!look(text.size(), window)) return false;
  if (window.size < text.size() || std::memcmp(window.data, text.data(), text.size()) != 0) return false;
  offset_ += text.size();
  return true;
}

bool TextCursor::next_line(Line& line, std::size_t keep) {
  line = Line{};
  bool started = false;
  for (;;) {
    Window window;
    if (!look(1, window)) return false;
    if (window.size == 0) return started;  // the input ends inside the line, or before it
    started = true;
    const auto* newline = static_cast<const char*>(std::memchr(window.data, '\n', window.size));
    const std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - window.data) : window.size;
    if (line.head.size() < keep) line.head.append(window.data, std::min(length, keep - line.head.size()));
    line.length += length;
    if (newline != nullptr) {
      offset_ += length + 1;
      line.has_newline = true;
      return true;
    }
    offset_ += length;  // a long line: on to the next window, leaving this one behind
  }
}

bool TextCursor::at_end() {
  Window window;
  return look(1, window) && window.size == 0;
}

}  // namespace poker::io
