#include "poker/bench/text_table.h"

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace poker::bench {
namespace {

// Columns as they print on a terminal: a UTF-8 character is one column.
std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string plain(const TextTable& table) {
  std::vector<std::size_t> widths(table.heads.size(), 0);
  const auto measure = [&](const std::vector<std::string>& line) {
    for (std::size_t column = 0; column < line.size() && column < widths.size(); ++column)
      widths[column] = std::max(widths[column], display_width(line[column]));
  };
  measure(table.heads);
  for (const auto& row : table.rows) measure(row);
  std::string text;
  const auto print = [&](const std::vector<std::string>& line) {
    std::string out;
    for (std::size_t column = 0; column < line.size() && column < widths.size(); ++column) {
      const std::string padding(widths[column] - display_width(line[column]), ' ');
      if (column > 0) out += "  ";
      out += table.right_aligned[column] ? padding + line[column] : line[column] + padding;
    }
    out.erase(out.find_last_not_of(' ') + 1);
    text += out + '\n';
  };
  print(table.heads);
  for (const auto& row : table.rows) print(row);
  return text;
}

std::string markdown_cell(std::string_view cell) {
  std::string escaped;
  for (const char c : cell) {
    if (c == '|') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

std::string markdown(const TextTable& table) {
  std::string text;
  const auto line = [&text](const std::vector<std::string>& cells) {
    text.append("|");
    for (const std::string& cell : cells) text.append(" ").append(markdown_cell(cell)).append(" |");
    text.append("\n");
  };
  line(table.heads);
  text.append("|");
  for (std::size_t column = 0; column < table.heads.size(); ++column)
    text.append(table.right_aligned[column] ? " ---: |" : " :--- |");
  text.append("\n");
  for (const auto& row : table.rows) line(row);
  return text;
}

}  // namespace

std::string render_text_table(const TextTable& table, TableStyle style) {
  return style == TableStyle::kMarkdown ? markdown(table) : plain(table);
}

}  // namespace poker::bench
