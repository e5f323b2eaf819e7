// Every five-, six- and seven-card hand, one card added per loop level as a
// hold'em judge shares a board: the one enumeration of the exhaustive
// evaluator tests (tests/unit/evaluator_exhaustive_test.cpp) and of the
// benchmarks that go through every hand (bench/eval_workloads.h).
// Header-only, and needing nothing of GoogleTest, for the benchmarks' sake.
//
// Thread safety: pure functions; each call uses only its own state.
#ifndef POKER_TESTS_SUPPORT_SEVEN_CARD_HANDS_H_
#define POKER_TESTS_SUPPORT_SEVEN_CARD_HANDS_H_

#include <array>
#include <cstdint>

#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker::testing {

inline constexpr std::int64_t kSevenCardHands = 133'784'560;

// Calls visit(cards, hand) for every five ascending cards whose lowest is in
// [lowest_begin, lowest_end): cards[0..4] are set, and `hand` is their Hand.
// `cards` has room for two more: a caller that goes on to six or seven
// cards adds them itself, each above the one before (a benchmark decides on
// the flush test once per five cards, and once per six).
template <typename Visit>
void for_each_five_cards(int lowest_begin, int lowest_end, Visit&& visit) {
  for (auto a = static_cast<Card>(lowest_begin); a < lowest_end; ++a) {
    const Hand ha = Hand().plus(a);
    for (Card b = a + 1; b < kCardCount; ++b) {
      const Hand hb = ha.plus(b);
      for (Card c = b + 1; c < kCardCount; ++c) {
        const Hand hc = hb.plus(c);
        for (Card d = c + 1; d < kCardCount; ++d) {
          const Hand hd = hc.plus(d);
          for (Card e = d + 1; e < kCardCount; ++e) visit(std::array<Card, 7>{a, b, c, d, e, 0, 0}, hd.plus(e));
        }
      }
    }
  }
}

// Calls visit(cards, first_six) for every seven-card hand whose lowest card
// is in [lowest_begin, lowest_end), cards ascending, first_six being the
// Hand of cards[0..5].
template <typename Visit>
void for_each_seven_card_hand(int lowest_begin, int lowest_end, Visit&& visit) {
  for_each_five_cards(lowest_begin, lowest_end, [&](std::array<Card, 7> h, const Hand& first_five) {
    for (h[5] = h[4] + 1; h[5] < kCardCount; ++h[5]) {
      const Hand first_six = first_five.plus(h[5]);
      for (h[6] = h[5] + 1; h[6] < kCardCount; ++h[6]) visit(h, first_six);
    }
  });
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_SEVEN_CARD_HANDS_H_
