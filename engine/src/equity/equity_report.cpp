// The answer of an equity query in words: a table for the command line, a
// line for a query file.
#include <algorithm>
#include <cstdio>

#include "poker/equity_format.h"

namespace poker {
namespace {

// `share` (0..1) as a percentage with six decimals, right-aligned in `width`.
std::string percent(double share, int width = 0) {
  char text[32];
  std::snprintf(text, sizeof text, "%*.6f", width, share * 100);
  return text;
}

}  // namespace

std::string equity_table(std::span<const std::string_view> names, const EquityResult& result) {
  std::size_t name_width = 4;  // "Hand"
  for (const std::string_view name : names) name_width = std::max(name_width, name.size());
  const auto pad = [name_width](std::string_view text) {
    return std::string(text) + std::string(name_width - text.size(), ' ');
  };
  std::string table = pad("Hand");
  table += "      Win %      Tie %   Equity %";
  table += result.exact ? "\n" : "  Std error\n";
  const auto cell = [&table](double share) {
    table += ' ';
    table += percent(share, 10);
  };
  for (std::size_t p = 0; p < result.players.size(); ++p) {
    const PlayerEquity& player = result.players[p];
    table += pad(names[p]);
    cell(player.win);
    cell(player.tie);
    cell(player.equity);
    if (!result.exact) cell(player.equity_error);
    table += '\n';
  }
  table += result.exact ? std::to_string(result.boards) + " boards, exact enumeration\n"
                        : std::to_string(result.boards) + " deals, Monte Carlo\n";
  return table;
}

void append_equity_line(std::string& out, const EquityResult& result) {
  const auto column = [&](const char* name, double PlayerEquity::*field) {
    out += name;
    for (const PlayerEquity& player : result.players) {
      out += ' ';
      out += percent(player.*field);
    }
    out += "; ";
  };
  column("equity", &PlayerEquity::equity);
  column("win", &PlayerEquity::win);
  column("tie", &PlayerEquity::tie);
  if (!result.exact) column("error", &PlayerEquity::equity_error);
  const std::string count = std::to_string(result.boards);
  out += result.exact ? "boards " + count + " exact\n" : "deals " + count + " monte-carlo\n";
}

}  // namespace poker
