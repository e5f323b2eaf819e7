// The answer of an equity query in words: a table for the command line, a
// line for a query file, a JSON object for programs.
#include <algorithm>
#include <cstdio>

#include "poker/equity_format.h"
#include "poker/json_text.h"

namespace poker {
namespace {

// `share` (0..1) as a percentage with six decimals, right-aligned in `width`.
std::string percent(double share, int width = 0) {
  char text[32];
  std::snprintf(text, sizeof text, "%*.6f", width, share * 100);
  return text;
}

// `cards` as written in a query, one after another: "Ts9s2d".
std::string card_run(const std::vector<Card>& cards) {
  std::string text;
  for (const Card card : cards) append_card(text, card, Notation::kHoldem);
  return text;
}

// `cards` for people to read: "Ts 9s 2d".
std::string spaced_cards(const std::vector<Card>& cards) {
  std::string text;
  for (const Card card : cards) {
    if (!text.empty()) text += ' ';
    append_card(text, card, Notation::kHoldem);
  }
  return text;
}

// The query again, in words it could be given as: "AK QQ --board Ts9s2d".
std::string query_text(const EquityEcho& echo) {
  std::string text;
  for (const std::string_view player : echo.players) {
    if (!text.empty()) text += ' ';
    text += player;
  }
  if (!echo.board.empty()) text += " --board " + card_run(echo.board);
  if (!echo.dead.empty()) text += " --dead " + card_run(echo.dead);
  return text;
}

void append_json_share(std::string& out, const char* name, double share) {
  char text[48];
  std::snprintf(text, sizeof text, "\"%s\":%.8f", name, share);
  out += text;
}

}  // namespace

std::string equity_table(const EquityEcho& echo, const EquityResult& result) {
  std::string table;
  if (!echo.board.empty()) table += "Board: " + spaced_cards(echo.board) + "\n";
  if (!echo.dead.empty()) table += "Dead:  " + spaced_cards(echo.dead) + "\n";
  std::size_t name_width = 4;  // "Hand"
  for (const std::string_view name : echo.players) name_width = std::max(name_width, name.size());
  const auto pad = [name_width](std::string_view text) {
    return std::string(text) + std::string(name_width - text.size(), ' ');
  };
  table += pad("Hand");
  table += "      Win %      Tie %   Equity %";
  table += result.exact ? "\n" : "  Std error\n";
  const auto cell = [&table](double share) {
    table += ' ';
    table += percent(share, 10);
  };
  for (std::size_t p = 0; p < result.players.size(); ++p) {
    const PlayerEquity& player = result.players[p];
    table += pad(echo.players[p]);
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

void append_equity_line(std::string& out, const EquityEcho& echo, const EquityResult& result) {
  out += query_text(echo);
  out += ": ";
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

void append_equity_json(std::string& out, const EquityEcho& echo, const EquityResult& result) {
  out += "{\"query\":";
  out += json_quote(query_text(echo));
  out += ",\"board\":";
  out += json_quote(card_run(echo.board));
  out += ",\"dead\":";
  out += json_quote(card_run(echo.dead));
  out += ",\"players\":[";
  for (std::size_t p = 0; p < result.players.size(); ++p) {
    const PlayerEquity& player = result.players[p];
    out += p == 0 ? "{\"hand\":" : ",{\"hand\":";
    out += json_quote(p < echo.players.size() ? echo.players[p] : std::string_view{});
    out += ',';
    append_json_share(out, "win", player.win);
    out += ',';
    append_json_share(out, "tie", player.tie);
    out += ',';
    append_json_share(out, "equity", player.equity);
    out += ',';
    append_json_share(out, "std_error", player.equity_error);
    out += '}';
  }
  out += "],\"deals\":" + std::to_string(result.boards);
  out += result.exact ? ",\"method\":\"exact\"}\n" : ",\"method\":\"monte-carlo\"}\n";
}

}  // namespace poker
