#include "poker/range_grid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "support/text_lines.h"

namespace poker {
namespace {

Range parse_ok(std::string_view text) { return std::get<Range>(parse_range(text)); }

using testing::split_lines;

// The cell of row `row`, column `column` (0: aces) of a plain grid, its
// blanks trimmed.
std::string cell(const std::string& grid, int row, int column) {
  const std::string line = split_lines(grid)[static_cast<std::size_t>(row)];
  const std::string padded = line + std::string(13 * 6, ' ');
  std::string text = padded.substr(static_cast<std::size_t>(column) * 6, 6);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  return text;
}

TEST(RangeGrid, PairsOnTheDiagonalSuitedAboveOffsuitBelow) {
  const std::string grid = range_grid(parse_ok("random"), false);
  const std::vector<std::string> lines = split_lines(grid);
  ASSERT_EQ(lines.size(), 16u);
  EXPECT_EQ(lines[0], "[AA]  [AKs] [AQs] [AJs] [ATs] [A9s] [A8s] [A7s] [A6s] [A5s] [A4s] [A3s] [A2s]");
  EXPECT_EQ(lines[12], "[A2o] [K2o] [Q2o] [J2o] [T2o] [92o] [82o] [72o] [62o] [52o] [42o] [32o] [22]");
  EXPECT_EQ(cell(grid, 4, 5), "[T9s]");
  EXPECT_EQ(cell(grid, 5, 4), "[T9o]");
  EXPECT_EQ(cell(grid, 7, 7), "[77]");
  EXPECT_EQ(lines[13], "random");
  EXPECT_EQ(lines[14], "1326 combos, 100.00% of all 1326");
  EXPECT_EQ(lines[15], "[AKs]: every combo of the class");
}

TEST(RangeGrid, FullPartialAndEmptyCells) {
  // AQs only in hearts, AKo at half weight: parts of their classes.
  const std::string grid = range_grid(parse_ok("QQ+,AKs,AhQh,AKo:0.5"), false);
  EXPECT_EQ(cell(grid, 0, 0), "[AA]");
  EXPECT_EQ(cell(grid, 0, 1), "[AKs]");
  EXPECT_EQ(cell(grid, 0, 2), "[AQs*]");
  EXPECT_EQ(cell(grid, 1, 0), "[AKo*]");
  EXPECT_EQ(cell(grid, 3, 3), "JJ");
  EXPECT_EQ(cell(grid, 12, 12), "22");
  const std::vector<std::string> lines = split_lines(grid);
  EXPECT_EQ(lines[13], "QQ+,AKs,AKo:0.5,AhQh");
  EXPECT_EQ(lines[14], "35 combos, 2.64% of all 1326; weighted 29.00, 2.19%");
  EXPECT_EQ(lines[15], "[AKs]: every combo of the class; [AKs*]: some of them, or weights below 1");
  EXPECT_EQ(split_lines(range_grid(parse_ok("AhKh"), false))[14], "1 combo, 0.08% of all 1326");
}

// Under the grid, the range in words: every cell it holds named, and the
// hands a percentage means.
TEST(RangeGrid, TheRangeIsWrittenOutUnderTheGrid) {
  const std::vector<std::string> lines = split_lines(range_grid(parse_ok("10.3%"), false));
  EXPECT_EQ(lines[13], "77+,A9s+,KTs+,QTs+,AJo+,KQo");
  EXPECT_EQ(lines[14], "136 combos, 10.26% of all 1326");
}

TEST(RangeGrid, RangeNotationWritesRangesAsPokerStoveDoes) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"10.3%", "77+,A9s+,KTs+,QTs+,AJo+,KQo"},
      {"AKs,QQ+", "QQ+,AKs"},
      {"22-55", "55-22"},
      {"22,44", "44,22"},
      {"A2s-A5s,KQo:0.5", "A5s-A2s,KQo:0.5"},
      {"AK", "AKs,AKo"},
      {"T9s+", "T9s"},
      {"K2s+", "K2s+"},
      {"random", "random"},
      {"random:0.1", "random:0.1"},
      {"ahkh", "AhKh"},
      {"AA:0.00000000000000000001", "AA:0.00000000000000000001"},
  };
  for (const auto& [text, written] : cases) {
    const std::string notation = range_notation(parse_ok(text));
    EXPECT_EQ(notation, written) << text;
  }
  // Whatever the range, its notation reads back as the same combos and weights.
  for (const std::string_view text : {"QQ+,AKs,AhQh,AKo:0.5", "random:0.1,AA", "5%-15%", "T9s-65s:0.3,J9o-75o",
                                      "AsAh,2c2d:0.75,KQ", "random,72o:0.1", "50%"}) {
    const Range range = parse_ok(text);
    const Range again = parse_ok(range_notation(range));
    ASSERT_EQ(again.combos.size(), range.combos.size()) << text << " -> " << range_notation(range);
    for (std::size_t i = 0; i < range.combos.size(); ++i) {
      EXPECT_EQ(again.combos[i].high, range.combos[i].high) << text;
      EXPECT_EQ(again.combos[i].low, range.combos[i].low) << text;
      EXPECT_EQ(again.combos[i].weight, range.combos[i].weight) << text;
    }
  }
}

// A plain grid reads in a pipe or an email as PokerStove's does: every cell
// names its class, held or not, and only the brackets tell what is held.
TEST(RangeGrid, PlainGridLabelsEveryCell) {
  const std::string grid = range_grid(parse_ok("AA,AhKh"), false);
  const std::vector<std::string> lines = split_lines(grid);
  EXPECT_EQ(lines[0], "[AA]  [AKs*] AQs   AJs   ATs   A9s   A8s   A7s   A6s   A5s   A4s   A3s   A2s");
  EXPECT_EQ(lines[1], " AKo   KK    KQs   KJs   KTs   K9s   K8s   K7s   K6s   K5s   K4s   K3s   K2s");
  const std::string ranks = "AKQJT98765432";
  for (int row = 0; row < 13; ++row) {
    for (int column = 0; column < 13; ++column) {
      const auto r = static_cast<std::size_t>(std::min(row, column));
      const auto c = static_cast<std::size_t>(std::max(row, column));
      std::string name = {ranks[r], ranks[c]};
      if (row != column) name += column > row ? 's' : 'o';
      const std::string shown = cell(grid, row, column);
      const bool held = (row == 0 && column <= 1);
      EXPECT_EQ(shown, held ? "[" + name + (column == 1 ? "*]" : "]") : name) << row << "," << column;
    }
  }
  EXPECT_EQ(grid.find(" . "), std::string::npos) << grid;
}

TEST(RangeGrid, ColorMarksEveryCellAndLeavesNoDotsOrStars) {
  const std::string grid = range_grid(parse_ok("AA,AhKh"), true);
  EXPECT_EQ(grid.rfind("\033[30;42mAA \033[0m \033[30;43mAKs\033[0m \033[2mAQs\033[0m", 0), 0u) << grid;
  EXPECT_EQ(grid.find('*'), std::string::npos);
  EXPECT_NE(grid.find("green: every combo of the class; yellow: some of them"), std::string::npos);
  // Without color, no escape at all.
  EXPECT_EQ(range_grid(parse_ok("AA,AhKh"), false).find('\033'), std::string::npos);
}

}  // namespace
}  // namespace poker
