// Where the cards of each value and each suit lie in a draw-puzzle deck, as
// "windows": for a block of `lanes` consecutive positions starting at D, how
// many cards of the set it holds, one bit per start D. The solver's search
// (draw_collect.h) asks "which of my current block starts D draw at least c
// cards of this set?" with one AND.
//
// Internal to engine/src. Thread safety: a plain value, built per deck.
#ifndef POKER_ENGINE_DRAW_DRAW_WINDOWS_H_
#define POKER_ENGINE_DRAW_DRAW_WINDOWS_H_

#include <array>
#include <cstdint>

#include "poker/draw_solver.h"

namespace poker::draw::detail {

inline constexpr int kSuits = 4;
inline constexpr int kSetCount = kValueCount + kSuits;  // sets 0..12: values 1..13; 13..16: suits
inline constexpr int kMaxLanes = kHandSize;
// The block starts worth tracking: a block starting at 52 draws nothing.
inline constexpr std::uint64_t kLiveStarts = (std::uint64_t{1} << kDeckSize) - 1;

constexpr int value_set(int value) { return value - 1; }
constexpr int suit_set(int suit) { return kValueCount + suit; }

struct DeckWindows {
  // cards[set]: bit p set iff the card at position p belongs to the set.
  std::array<std::uint64_t, kSetCount> cards;
  // at_least[set][lanes][count], lanes 1..5, count 0..5: bit D set iff
  // positions [D, D + lanes) hold at least `count` cards of the set
  // (count 0: every live start). Row lanes = 0 is unused.
  std::array<std::array<std::array<std::uint64_t, kMaxLanes + 1>, kMaxLanes + 1>, kSetCount> at_least;
  // position[suit][value - 1]: where that card lies.
  std::array<std::array<std::uint8_t, kValueCount>, kSuits> position;
};

// REQUIRES: every card exactly once in deck.
inline void build_windows(const Deck& deck, DeckWindows& out) {
  out.cards = {};
  for (int p = 0; p < kDeckSize; ++p) {
    const std::uint64_t bit = std::uint64_t{1} << p;
    out.cards[value_set(deck[p].value)] |= bit;
    out.cards[suit_set(deck[p].suit)] |= bit;
    out.position[deck[p].suit][deck[p].value - 1] = static_cast<std::uint8_t>(p);
  }
  for (int set = 0; set < kSetCount; ++set) {
    // A bit-sliced counter per start D (3 bits: at most 5 cards in a block),
    // adding one more position of the block per lanes step.
    std::uint64_t c0 = 0, c1 = 0, c2 = 0;
    for (int lanes = 1; lanes <= kMaxLanes; ++lanes) {
      const std::uint64_t add = out.cards[set] >> (lanes - 1);
      const std::uint64_t carry0 = c0 & add;
      c0 ^= add;
      const std::uint64_t carry1 = c1 & carry0;
      c1 ^= carry0;
      c2 |= carry1;
      auto& row = out.at_least[set][lanes];
      row[0] = kLiveStarts;
      row[1] = c0 | c1 | c2;
      row[2] = c1 | c2;
      row[3] = c2 | (c1 & c0);
      row[4] = c2;
      row[5] = c2 & (c0 | c1);
    }
  }
}

}  // namespace poker::draw::detail

#endif  // POKER_ENGINE_DRAW_DRAW_WINDOWS_H_
