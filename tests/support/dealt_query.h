// Equity queries of specific hands dealt from a shuffled deck, for the tests
// that compare the engine with a reference on random deals.
#ifndef POKER_TESTS_SUPPORT_DEALT_QUERY_H_
#define POKER_TESTS_SUPPORT_DEALT_QUERY_H_

#include <algorithm>
#include <cstddef>
#include <vector>

#include "poker/cards.h"
#include "poker/equity.h"
#include "poker/range.h"

namespace poker::testing {

// `players` hands of the deck's cards in order, two a player, then
// `board_cards` board cards, then, when `with_dead`, two dead cards.
// REQUIRES: the deck holds that many distinct cards.
inline EquityQuery dealt_query(const std::vector<Card>& deck, int players, int board_cards, bool with_dead) {
  EquityQuery query;
  std::size_t next = 0;
  for (int p = 0; p < players; ++p, next += 2) {
    query.players.push_back(
        Range{{WeightedCombo{std::max(deck[next], deck[next + 1]), std::min(deck[next], deck[next + 1]), 1.0}}});
  }
  for (int b = 0; b < board_cards; ++b) query.board |= mask_of(deck[next++]);
  if (with_dead) query.dead = mask_of(deck[next]) | mask_of(deck[next + 1]);
  return query;
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_DEALT_QUERY_H_
