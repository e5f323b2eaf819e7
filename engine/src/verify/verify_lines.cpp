#include "verify/verify_lines.h"

#include <algorithm>

namespace poker::verify {
std::size_t skip_lines(std::string_view text, std::size_t from, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count && from < text.size(); ++i) {
    const std::size_t newline = text.find('\n', from);
    from = newline == std::string_view::npos ? text.size() : newline + 1;
  }
  return from;
}

std::vector<std::string> lines_of(std::string_view text, std::size_t keep) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    lines.emplace_back(line.substr(0, keep));
    if (line.size() > keep) lines.back() += "...";
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
  }
  return lines;
}

std::string_view without_trailing_blanks(std::string_view line) {
  // Not strchr(): it finds a NUL too, the end of its set.
  const std::size_t end = line.find_last_not_of(kLineBlanks);
  line.remove_suffix(end == std::string_view::npos ? line.size() : line.size() - end - 1);
  return line;
}

}  // namespace poker::verify

namespace poker::verify {

std::string squeezed(std::string_view line) {
  std::string out;
  for (std::size_t from = line.find_first_not_of(kLineBlanks); from != std::string_view::npos;) {
    const std::size_t end = std::min(line.find_first_of(kLineBlanks, from), line.size());
    if (!out.empty()) out += ' ';
    out.append(line.substr(from, end - from));
    from = line.find_first_not_of(kLineBlanks, end);
  }
  return out;
}

}  // namespace poker::verify
