// The tables of `poker bench` (a workload's runs, a comparison) as a
// terminal shows them, columns aligned, or as Markdown for a pull request
// (`--markdown`).
//
// Thread safety: pure.
#ifndef POKER_BENCH_TEXT_TABLE_H_
#define POKER_BENCH_TEXT_TABLE_H_

#include <string>
#include <vector>

namespace poker::bench {

enum class TableStyle { kPlain, kMarkdown };

struct TextTable {
  std::vector<std::string> heads;
  std::vector<bool> right_aligned;  // one per column
  std::vector<std::vector<std::string>> rows;
};

// kPlain: each column as wide as its widest cell (a character of several
// UTF-8 bytes, "±", one column), two spaces between, no trailing blanks.
// kMarkdown: a pipe table with its alignment row; a '|' in a cell escaped.
// Every line ends with a newline.
std::string render_text_table(const TextTable& table, TableStyle style);

}  // namespace poker::bench

#endif  // POKER_BENCH_TEXT_TABLE_H_
