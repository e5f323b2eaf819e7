// Equity queries for the tests: cards and hands written as a query writes
// them ("Ah", "AhKhQd", no blanks), and queries of specific hands dealt
// from a shuffled deck, to compare the engine with a reference.
#ifndef POKER_TESTS_SUPPORT_EQUITY_QUERIES_H_
#define POKER_TESTS_SUPPORT_EQUITY_QUERIES_H_

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "poker/equity.h"
#include "poker/range.h"

namespace poker::testing {

// One card, "Ah". REQUIRES: a valid card.
inline Card card(std::string_view text) { return parse_card(text, Notation::kHoldem).value(); }

// Cards written one after another, "AhKhQd". REQUIRES: valid cards.
inline CardMask packed_cards(std::string_view text) {
  CardMask mask = 0;
  for (std::size_t i = 0; i < text.size(); i += 2) mask |= mask_of(card(text.substr(i, 2)));
  return mask;
}

// A two-card combination, "AhKh", in either order, with its weight.
inline WeightedCombo combo(std::string_view text, double weight = 1.0) {
  const Card a = card(text.substr(0, 2));
  const Card b = card(text.substr(2, 2));
  return WeightedCombo{std::max(a, b), std::min(a, b), weight};
}

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

#endif  // POKER_TESTS_SUPPORT_EQUITY_QUERIES_H_
