#include "support/equity_reference.h"

#include <bit>

#include "poker/evaluator.h"

namespace poker::reference {
namespace {

struct Walk {
  const EquityQuery& query;
  PlainEquity& out;
  std::vector<CardMask> hands;

  void deal_hands(std::size_t player, CardMask used, double weight) {
    if (player == query.players.size()) {
      deal_board(0, used, query.board, weight);
      return;
    }
    for (const WeightedCombo& combo : query.players[player].combos) {
      if ((combo.mask() & used) != 0) continue;
      hands[player] = combo.mask();
      deal_hands(player + 1, used | combo.mask(), weight * combo.weight);
    }
  }

  // Adds board cards above `from` until the board has five.
  void deal_board(int from, CardMask used, CardMask board, double weight) {
    if (std::popcount(board) == 5) {
      score(board, weight);
      return;
    }
    for (int card = from; card < kCardCount; ++card) {
      const CardMask bit = CardMask{1} << card;
      if ((used & bit) != 0) continue;
      deal_board(card + 1, used | bit, board | bit, weight);
    }
  }

  void score(CardMask board, double weight) {
    std::vector<HandValue> values;
    HandValue best;
    for (const CardMask hand : hands) {
      values.push_back(evaluate(board | hand));
      best = std::max(best, values.back());
    }
    int sharing = 0;
    for (const HandValue value : values) sharing += value == best ? 1 : 0;
    for (std::size_t p = 0; p < values.size(); ++p) {
      if (values[p] != best) continue;
      (sharing == 1 ? out.wins : out.ties)[p] += weight;
      out.equity[p] += weight / sharing;
    }
    out.total += weight;
    ++out.boards;
  }
};

}  // namespace

PlainEquity plain_equity(const EquityQuery& query) {
  PlainEquity out;
  const std::size_t players = query.players.size();
  out.wins.assign(players, 0);
  out.ties.assign(players, 0);
  out.equity.assign(players, 0);
  Walk walk{query, out, std::vector<CardMask>(players, 0)};
  walk.deal_hands(0, query.board | query.dead, 1.0);
  return out;
}

}  // namespace poker::reference
