// The evaluator workloads shared by the Google Benchmark targets
// (evaluator_bench.cpp) and the instruction counter (eval_instructions.cpp),
// so that both measure exactly the same loops.
//
// Thread safety: pure functions; each call uses only its own state.
#ifndef POKER_BENCH_EVAL_WORKLOADS_H_
#define POKER_BENCH_EVAL_WORKLOADS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "support/seven_card_hands.h"

namespace poker::bench {

// `count` deals of N distinct cards each (partial Fisher-Yates shuffles of one
// deck), the same for the same seed.
template <std::size_t N>
std::vector<std::array<Card, N>> deals(std::size_t count, std::uint64_t seed = 0xBE7C4) {
  static_assert(N <= kCardCount);
  std::mt19937_64 rng(seed);
  std::vector<std::array<Card, N>> result(count);
  std::array<Card, kCardCount> deck{};
  for (int i = 0; i < kCardCount; ++i) deck[i] = static_cast<Card>(i);
  for (auto& deal : result) {
    for (std::size_t i = 0; i < N; ++i) {
      std::uniform_int_distribution<std::size_t> pick(i, kCardCount - 1);
      std::swap(deck[i], deck[pick(rng)]);
      deal[i] = deck[i];
    }
  }
  return result;
}

// The 7-card Hand of a deal's first seven cards.
template <std::size_t N>
Hand hand_of_seven(const std::array<Card, N>& c) {
  static_assert(N >= 7);
  return Hand().plus(c[0]).plus(c[1]).plus(c[2]).plus(c[3]).plus(c[4]).plus(c[5]).plus(c[6]);
}

// Calls visit(HandValue) for each of the 133,784,560 seven-card hands, one
// card added per loop level (as a judge shares a board). With kHoistFlushTest
// the flush test is hoisted: skipped for every 7th card when no suit holds 4
// of the first 6 cards, and for every 6th and 7th card when no suit holds 3
// of the first 5; without it, every hand is evaluate()d.
template <bool kHoistFlushTest = true, typename Visit>
void for_each_seven_card_value(Visit&& visit) {
  testing::for_each_five_cards(0, kCardCount, [&](const std::array<Card, 7>& h, const Hand& he) {
    const bool five_cannot_flush = kHoistFlushTest && !he.flush_possible_after(2);
    for (Card f = h[4] + 1; f < kCardCount; ++f) {
      const Hand hf = he.plus(f);
      if (five_cannot_flush || (kHoistFlushTest && !hf.flush_possible_after(1))) {
#pragma GCC unroll 4
        for (Card g = f + 1; g < kCardCount; ++g) visit(hf.plus(g).evaluate_no_flush());
      } else {
        for (Card g = f + 1; g < kCardCount; ++g) visit(hf.plus(g).evaluate());
      }
    }
  });
}
using testing::kSevenCardHands;

// The judge's work on one hold'em instance, `cards` being the board's five
// cards then each player's two: the engine's holdem_winner() (the board's key
// summed once, two additions and a lookup per player). Returns the single
// best player's index, or Players when two or more share the best hand.
template <int Players>
int holdem_winner(const std::array<Card, 5 + 2 * Players>& cards) {
  return poker::holdem_winner(cards.data(), cards.data() + 5, Players);
}

}  // namespace poker::bench

#endif  // POKER_BENCH_EVAL_WORKLOADS_H_
