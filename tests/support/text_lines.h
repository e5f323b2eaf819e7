// Test helper: a text's lines.
#ifndef POKER_TESTS_SUPPORT_TEXT_LINES_H_
#define POKER_TESTS_SUPPORT_TEXT_LINES_H_

#include <string>
#include <string_view>
#include <vector>

namespace poker::testing {

// The lines of `text` without their newlines; a last line without one
// counts too, an empty text has none.
inline std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(at));
      break;
    }
    lines.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_TEXT_LINES_H_
