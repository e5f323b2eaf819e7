// The answer of an equity query in words: a table for the command line, a
// line for a query file, a JSON object for programs.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "poker/equity_query.h"
#include "poker/json_text.h"

namespace poker {
namespace {

// The decimals of the percentages: six for an exact answer; for Monte
// Carlo, those the standard error supports, down to its second significant
// digit (an error of 0.14 points: 46.23, not 46.231976), the largest
// error among the players deciding for all.
int percent_decimals(const EquityResult& result) {
  constexpr int kMostDecimals = 6;
  if (result.exact) return kMostDecimals;
  double error = 0;
  for (const PlayerEquity& player : result.players) error = std::max(error, player.equity_error * 100);
  if (!(error > 0)) return kMostDecimals;
  const int first_digit = static_cast<int>(std::floor(std::log10(error)));
  return std::clamp(1 - first_digit, 0, kMostDecimals);
}

// `share` (0..1) as a percentage with `decimals` decimals, right-aligned in `width`.
std::string percent(double share, int decimals, int width = 0) {
  char text[48];
  std::snprintf(text, sizeof text, "%*.*f", width, decimals, share * 100);
  return text;
}

// The deals a player won alone and the deals it tied, as PokerStove and
// pokenum count pots: its shares of the deals counted. With weights below 1
// the counts are weighted, so rounded to whole pots.
std::uint64_t pots(double share, const EquityResult& result) {
  return static_cast<std::uint64_t>(std::llround(share * static_cast<double>(result.boards)));
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

// An Omaha hand as the hold'em notation spells cards ("ahaskdkc" is
// AhAsKdKc), or "random".
std::string omaha_hand_text(std::string_view hand) {
  std::string text(hand);
  const bool random = text.size() == 6 && std::tolower(static_cast<unsigned char>(text[0])) == 'r';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    text[i] = static_cast<char>(random || i % 2 == 1 ? std::tolower(c) : std::toupper(c));
  }
  return text;
}

// The players' hands or ranges as the notation spells them ("ahkh" is AhKh).
std::vector<std::string> player_names(const EquityEcho& echo) {
  std::vector<std::string> names;
  for (const std::string_view player : echo.players) {
    names.push_back(is_omaha(echo.game) ? omaha_hand_text(player) : normalized_range_text(player));
  }
  return names;
}

// The query again, in words it could be given as: "AK QQ --board Ts9s2d".
std::string query_text(const EquityEcho& echo) {
  std::string text;
  for (const std::string& player : player_names(echo)) {
    if (!text.empty()) text += ' ';
    text += player;
  }
  if (echo.game != EquityGame::kHoldem) text += " --game " + std::string(equity_game_name(echo.game));
  if (!echo.board.empty()) text += " --board " + card_run(echo.board);
  if (!echo.dead.empty()) text += " --dead " + card_run(echo.dead);
  return text;
}

// The decimals of the JSON's shares (fractions in [0, 1]), whatever the method.
constexpr int kShareDecimals = 8;

// "1 board", "2 boards".
std::string counted(std::uint64_t count, const char* singular) {
  return std::to_string(count) + " " + singular + (count == 1 ? "" : "s");
}

}  // namespace

std::string equity_table(const EquityEcho& echo, const EquityResult& result) {
  const int decimals = percent_decimals(result);
  // Every column's cells, header first, right-aligned to the widest but the
  // hands, which are left-aligned.
  std::vector<std::vector<std::string>> columns;
  columns.push_back({"Hand"});
  for (std::string& name : player_names(echo)) columns.back().push_back(std::move(name));
  const auto add_column = [&](const char* header, const auto& cell) {
    columns.push_back({header});
    for (const PlayerEquity& player : result.players) columns.back().push_back(cell(player));
  };
  const auto share_column = [&](const char* header, double PlayerEquity::*field) {
    add_column(header, [&](const PlayerEquity& player) { return percent(player.*field, decimals); });
  };
  if (result.hilo) {
    share_column("Equity %", &PlayerEquity::equity);
    if (!result.exact) share_column("Std error", &PlayerEquity::equity_error);
    share_column("Scoop %", &PlayerEquity::scoop);
    share_column("High win %", &PlayerEquity::win);
    share_column("High tie %", &PlayerEquity::tie);
    share_column("Low win %", &PlayerEquity::low_win);
    share_column("Low tie %", &PlayerEquity::low_tie);
  } else {
    share_column("Win %", &PlayerEquity::win);
    share_column("Tie %", &PlayerEquity::tie);
    share_column("Equity %", &PlayerEquity::equity);
    if (!result.exact) share_column("Std error", &PlayerEquity::equity_error);
    add_column("Pots won", [&](const PlayerEquity& player) { return std::to_string(pots(player.win, result)); });
    add_column("Pots tied", [&](const PlayerEquity& player) { return std::to_string(pots(player.tie, result)); });
  }

  std::string table;
  if (echo.game != EquityGame::kHoldem) table += "Game:  " + std::string(equity_game_name(echo.game)) + "\n";
  if (!echo.board.empty()) table += "Board: " + spaced_cards(echo.board) + "\n";
  if (!echo.dead.empty()) table += "Dead:  " + spaced_cards(echo.dead) + "\n";
  for (std::size_t row = 0; row < columns.front().size(); ++row) {
    for (std::size_t column = 0; column < columns.size(); ++column) {
      std::size_t width = 0;
      for (const std::string& cell : columns[column]) width = std::max(width, cell.size());
      const std::string& cell = columns[column][row];
      const std::string padding(width - cell.size(), ' ');
      table += column == 0 ? cell + padding : "  " + padding + cell;
    }
    table += '\n';
  }
  if (result.hilo) table += "No low: " + percent(result.no_low, decimals) + "% of the boards\n";
  table += result.exact ? counted(result.boards, "board") + ", exact enumeration\n"
                        : counted(result.boards, "deal") + ", Monte Carlo\n";
  return table;
}

void append_equity_line(std::string& out, const EquityEcho& echo, const EquityResult& result) {
  const int decimals = percent_decimals(result);
  out += query_text(echo);
  out += ": ";
  const auto column = [&](const char* name, double PlayerEquity::*field) {
    out += name;
    for (const PlayerEquity& player : result.players) {
      out += ' ';
      out += percent(player.*field, decimals);
    }
    out += "; ";
  };
  column("equity", &PlayerEquity::equity);
  if (result.hilo) {
    column("scoop", &PlayerEquity::scoop);
    column("high win", &PlayerEquity::win);
    column("high tie", &PlayerEquity::tie);
    column("low win", &PlayerEquity::low_win);
    column("low tie", &PlayerEquity::low_tie);
    out += "no low " + percent(result.no_low, decimals) + "; ";
  } else {
    column("win", &PlayerEquity::win);
    column("tie", &PlayerEquity::tie);
  }
  if (!result.exact) column("error", &PlayerEquity::equity_error);
  const std::string count = std::to_string(result.boards);
  out += result.exact ? "boards " + count + " exact\n" : "deals " + count + " monte-carlo\n";
}

void append_equity_json(std::string& out, const EquityEcho& echo, const EquityResult& result) {
  const std::vector<std::string> names = player_names(echo);
  nlohmann::ordered_json players = nlohmann::ordered_json::array();
  for (std::size_t p = 0; p < result.players.size(); ++p) {
    const PlayerEquity& player = result.players[p];
    nlohmann::ordered_json entry = {{"hand", p < names.size() ? names[p] : std::string()},
                                    {"win", player.win},
                                    {"tie", player.tie},
                                    {"equity", player.equity},
                                    {"std_error", player.equity_error},
                                    {"pots_won", pots(player.win, result)},
                                    {"pots_tied", pots(player.tie, result)}};
    if (result.hilo) {
      entry["scoop"] = player.scoop;
      entry["low_win"] = player.low_win;
      entry["low_tie"] = player.low_tie;
    }
    players.push_back(std::move(entry));
  }
  nlohmann::ordered_json answer = {{"schema", "poker-equity/1"},
                                   {"query", query_text(echo)},
                                   {"game", std::string(equity_game_name(echo.game))},
                                   {"board", card_run(echo.board)},
                                   {"dead", card_run(echo.dead)},
                                   {"players", std::move(players)},
                                   {"deals", result.boards},
                                   {"method", result.exact ? "exact" : "monte-carlo"}};
  if (result.hilo) answer["no_low"] = result.no_low;
  // The shares, the only fractions, with the 8 decimals the schema gives them.
  append_json_text(out, answer, kShareDecimals);
  out += '\n';
}

}  // namespace poker
