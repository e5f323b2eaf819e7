#include "poker/range_grid.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

namespace poker {
namespace {

constexpr int kAllCombos = kCardCount * (kCardCount - 1) / 2;

// A class's cell: row and column 0 are aces. Above the diagonal (column >
// row) the suited class of the row's and the column's ranks, below it the
// offsuit one.
struct Cell {
  int row = 0;
  int column = 0;
};

Cell cell_of(const WeightedCombo& combo) {
  const int high = kRankCount - 1 - rank_of(combo.high);
  const int low = kRankCount - 1 - rank_of(combo.low);
  const auto [first, second] = std::minmax(high, low);  // `high` is the higher card, not always the higher rank
  const bool suited = suit_of(combo.high) == suit_of(combo.low);
  return suited ? Cell{first, second} : Cell{second, first};
}

std::string class_name(int row, int column) {
  const int first = std::min(row, column);
  const int second = std::max(row, column);
  std::string name = {rank_char(kRankCount - 1 - first), rank_char(kRankCount - 1 - second)};
  if (row != column) name += column > row ? 's' : 'o';
  return name;
}

int class_combos(int row, int column) {
  if (row == column) return 6;
  return column > row ? 4 : 12;
}

std::string share_of_all(double combos) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%", combos * 100 / kAllCombos);
  return text;
}

}  // namespace

std::string range_grid(const Range& range, bool colour) {
  std::array<std::array<double, kRankCount>, kRankCount> weights{};
  double weighted = 0;
  for (const WeightedCombo& combo : range.combos) {
    const Cell cell = cell_of(combo);
    weights[static_cast<std::size_t>(cell.row)][static_cast<std::size_t>(cell.column)] += combo.weight;
    weighted += combo.weight;
  }
  std::string grid;
  bool partial_shown = false;
  for (int row = 0; row < kRankCount; ++row) {
    for (int column = 0; column < kRankCount; ++column) {
      const double weight = weights[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
      const bool full = weight > class_combos(row, column) - 1e-9;
      const bool none = weight == 0;
      partial_shown = partial_shown || (!full && !none);
      std::string text = class_name(row, column);
      if (colour) {
        const char* style = full ? "\033[30;42m" : none ? "\033[2m" : "\033[30;43m";
        text = std::string(style) + text + std::string(3 - text.size(), ' ') + "\033[0m";
      } else {
        text = none ? "." : full ? text : text + "*";
        text += std::string(4 - text.size(), ' ');
      }
      grid += text;
      if (column + 1 < kRankCount) grid += ' ';
    }
    // Trailing blanks are trimmed: the cell of 2s is the last of every row.
    while (!grid.empty() && grid.back() == ' ') grid.pop_back();
    grid += '\n';
  }
  const std::size_t combos = range.combos.size();
  grid += std::to_string(combos) + (combos == 1 ? " combo, " : " combos, ") +
          share_of_all(static_cast<double>(combos)) + " of all 1326";
  if (weighted < static_cast<double>(combos) - 1e-9) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", weighted);
    grid += std::string("; weighted ") + text + ", " + share_of_all(weighted);
  }
  grid += '\n';
  if (partial_shown) {
    grid += colour ? "green: every combo of the class; yellow: some of them, or weights below 1\n"
                   : "*: some of the class's combos, or weights below 1\n";
  }
  return grid;
}

}  // namespace poker
