#include "poker/range_grid.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace poker {
namespace {

constexpr int kAllCombos = kCardCount * (kCardCount - 1) / 2;
// A plain cell: "[AKs*]", or " AKs " for a class the range does not hold.
constexpr std::size_t kPlainCellWidth = 6;

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

// What the range holds of one class.
struct CellContent {
  int combos = 0;
  double min_weight = 1;
  double max_weight = 0;
};

using CellGrid = std::array<std::array<CellContent, kRankCount>, kRankCount>;

CellGrid cell_contents(const Range& range) {
  CellGrid cells{};
  for (const WeightedCombo& combo : range.combos) {
    const Cell cell = cell_of(combo);
    CellContent& content = cells[static_cast<std::size_t>(cell.row)][static_cast<std::size_t>(cell.column)];
    if (content.combos == 0) content.min_weight = combo.weight;
    ++content.combos;
    content.min_weight = std::min(content.min_weight, combo.weight);
    content.max_weight = std::max(content.max_weight, combo.weight);
  }
  return cells;
}

// A class the range holds whole, every combo at one weight: its weight,
// else 0.
double whole_class_weight(const CellGrid& cells, int row, int column) {
  const CellContent& content = cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
  const bool whole = content.combos == class_combos(row, column) && content.min_weight == content.max_weight;
  return whole ? content.max_weight : 0;
}

// ":0.25" for a weight below 1, as the notation writes it (digits, one
// '.', no exponent), in the fewest digits that read back as the same double.
std::string weight_suffix(double weight) {
  if (weight == 1) return {};
  char text[400];
  const auto [end, error] = std::to_chars(text, text + sizeof text, weight, std::chars_format::fixed);
  std::string suffix = ":";
  suffix.append(text, error == std::errc() ? end : text);
  return suffix;
}

// The runs of consecutive ranks in `held` (rank -> held), highest first, as
// parts: `top` is the rank a run ends at to be written with '+', `name`
// writes one class of the run, `suffix` ends every part.
void append_runs(std::vector<std::string>& parts, const std::array<bool, kRankCount>& held, int top,
                 const std::function<std::string(int)>& name, const std::string& suffix) {
  for (int high = top; high >= 0; --high) {
    if (!held[static_cast<std::size_t>(high)]) continue;
    int low = high;
    while (low > 0 && held[static_cast<std::size_t>(low - 1)]) --low;
    if (low == high) {
      parts.push_back(name(high) + suffix);
    } else if (high == top) {
      parts.push_back(name(low) + "+" + suffix);
    } else {
      parts.push_back(name(high) + "-" + name(low) + suffix);
    }
    high = low;
  }
}

// The classes held whole at `weight`, as PokerStove writes them: pairs, then
// the suited and the offsuit hands by their first rank.
void append_classes(std::vector<std::string>& parts, const CellGrid& cells, double weight) {
  // Rank r (0 = deuce) is row and column 12 - r.
  const auto at = [](int rank) { return kRankCount - 1 - rank; };
  const std::string suffix = weight_suffix(weight);
  std::array<bool, kRankCount> pairs{};
  for (int rank = 0; rank < kRankCount; ++rank) {
    pairs[static_cast<std::size_t>(rank)] = whole_class_weight(cells, at(rank), at(rank)) == weight;
  }
  append_runs(
      parts, pairs, kRankCount - 1, [](int rank) { return std::string(2, rank_char(rank)); }, suffix);
  for (const char suitedness : {'s', 'o'}) {
    for (int high = kRankCount - 1; high > 0; --high) {
      std::array<bool, kRankCount> kickers{};
      for (int low = 0; low < high; ++low) {
        const int row = suitedness == 's' ? at(high) : at(low);
        const int column = suitedness == 's' ? at(low) : at(high);
        kickers[static_cast<std::size_t>(low)] = whole_class_weight(cells, row, column) == weight;
      }
      append_runs(
          parts, kickers, high - 1,
          [&](int low) {
            return std::string{rank_char(high), rank_char(low), suitedness};
          },
          suffix);
    }
  }
}

}  // namespace

std::string range_notation(const Range& range) {
  const CellGrid cells = cell_contents(range);
  // The weights of the whole classes, 1 first, then from the highest.
  std::set<double, std::greater<>> weights;
  bool everything = true;
  for (int row = 0; row < kRankCount; ++row) {
    for (int column = 0; column < kRankCount; ++column) {
      const double weight = whole_class_weight(cells, row, column);
      if (weight > 0) weights.insert(weight);
      everything = everything && weight > 0 && weight == whole_class_weight(cells, 0, 0);
    }
  }
  if (everything) return "random" + weight_suffix(range.combos.front().weight);
  std::vector<std::string> parts;
  for (const double weight : weights) append_classes(parts, cells, weight);
  // The combos of the classes held in part, one by one.
  for (const WeightedCombo& combo : range.combos) {
    const Cell cell = cell_of(combo);
    if (whole_class_weight(cells, cell.row, cell.column) > 0) continue;
    std::string name;
    append_card(name, combo.high, Notation::kHoldem);
    append_card(name, combo.low, Notation::kHoldem);
    parts.push_back(name + weight_suffix(combo.weight));
  }
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ",") + part;
  return text;
}

std::string range_grid(const Range& range, bool color) {
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
      if (color) {
        const char* style = full ? "\033[30;42m" : none ? "\033[2m" : "\033[30;43m";
        text = std::string(style) + text + std::string(3 - text.size(), ' ') + "\033[0m";
      } else {
        // Every cell named, as PokerStove labels its grid, so that the grid
        // reads in a pipe or an email: a held class in brackets.
        text = none ? " " + text + " " : full ? "[" + text + "]" : "[" + text + "*]";
        text += std::string(kPlainCellWidth - text.size(), ' ');
      }
      grid += text;
      if (color && column + 1 < kRankCount) grid += ' ';
    }
    // Trailing blanks are trimmed: the cell of 2s is the last of every row.
    while (!grid.empty() && grid.back() == ' ') grid.pop_back();
    grid += '\n';
  }
  grid += range_notation(range) + '\n';
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
    grid += color ? "green: every combo of the class; yellow: some of them, or weights below 1\n"
                  : "[AKs]: every combo of the class; [AKs*]: some of them, or weights below 1\n";
  } else if (!color && !range.combos.empty()) {
    grid += "[AKs]: every combo of the class\n";
  }
  return grid;
}

}  // namespace poker
