// The search at the heart of the draw solver: the least rounds to collect
// `Need[g]` cards from each of a few disjoint card sets g (a pattern such as
// "3 aces and 2 kings"), over every choice of the cards.
//
// Why it is exact. By the header's proof, a target set T is held after the
// rounds of the greedy player, who draws 5 - (cards of T held) cards a round;
// so the greedy play is a sequence of blocks of consecutive positions (the
// starting hand being block 0, of 5) whose sizes depend only on how many
// cards of T the earlier blocks held. The search follows every greedy play
// at once, round by round: a state is how many cards of each set have been
// collected (so lanes = 5 - their sum) together with the start D of the next
// block; from a block it may keep any number of each set's cards that the
// block holds, up to the need. That enumerates every T of the pattern by
// which of its cards each block holds, which is all the rounds depend on.
// The starts D reachable in a state are one 64-bit mask, and "the block at D
// holds at least c cards of set g" is a precomputed mask (draw_windows.h), so
// a round is a few ANDs and shifts per (state, take) pair, for all D at once;
// takes that no start allows are not followed.
// Different D in one state must all be kept: a later start is not always
// better (it may have passed the cards the pattern needed).
//
// Internal to engine/src. Thread safety: pure functions.
#ifndef POKER_ENGINE_DRAW_DRAW_COLLECT_H_
#define POKER_ENGINE_DRAW_DRAW_COLLECT_H_

#include <array>
#include <cstdint>

#include "draw/draw_windows.h"

namespace poker::draw::detail {

template <int... Need>
class Collect {
 public:
  static constexpr int kGroups = sizeof...(Need);
  static_assert(((Need >= 1) && ...) && (Need + ...) <= kHandSize, "a pattern fits in one hand");
  using Sets = std::array<int, kGroups>;  // a set index per group (draw_windows.h)

  // The least rounds r < cap after which the pattern can be held, or cap if
  // it needs cap rounds or more.
  // REQUIRES: the sets are disjoint and each holds at least its need.
  static int least_rounds(const DeckWindows& windows, const Sets& sets, int cap) {
    States starts{};  // per state, the reachable starts of the next block
    starts[0] = 1;    // nothing collected, block 0 (the starting hand) at 0
    for (int round = 0; round < cap; ++round) {
      States next{};
      for (int from = 0; from < kComplete; ++from) {
        if (starts[from] != 0) spread<0>(windows, sets, kCounts[from], kLanes[from], from, starts[from], next);
      }
      if (next[kComplete] != 0) return round;
      for (std::uint64_t& s : next) s &= kLiveStarts;
      starts = next;
    }
    return cap;
  }

 private:
  static constexpr std::array<int, kGroups> kNeed{Need...};
  static constexpr int kStates = ((Need + 1) * ...);
  static constexpr int kComplete = kStates - 1;  // every group at its need
  using States = std::array<std::uint64_t, kStates>;
  using Counts = std::array<int, kGroups>;

  // State index: mixed radix, group 0 least significant.
  static constexpr std::array<int, kGroups> kStride = [] {
    std::array<int, kGroups> stride{};
    int s = 1;
    for (int g = 0; g < kGroups; ++g) {
      stride[g] = s;
      s *= kNeed[g] + 1;
    }
    return stride;
  }();
  static constexpr std::array<Counts, kStates> kCounts = [] {
    std::array<Counts, kStates> counts{};
    for (int state = 0; state < kStates; ++state) {
      for (int g = 0; g < kGroups; ++g) counts[state][g] = state / kStride[g] % (kNeed[g] + 1);
    }
    return counts;
  }();
  // The block size in each state: the slots not taken by collected cards.
  static constexpr std::array<int, kStates> kLanes = [] {
    std::array<int, kStates> lanes{};
    for (int state = 0; state < kStates; ++state) {
      lanes[state] = kHandSize;
      for (int c : kCounts[state]) lanes[state] -= c;
    }
    return lanes;
  }();

  // Every way to keep cards of groups g.. from the block at each start in d
  // (whose state so far is `to`): the starts that allow taking `take` more of
  // group g are d & at_least[..][take], which shrinks as take grows, so the
  // first empty one ends the loop.
  template <int g>
  static void spread(const DeckWindows& windows, const Sets& sets, const Counts& counts, int lanes, int to,
                     std::uint64_t d, States& next) {
    if constexpr (g == kGroups) {
      next[to] |= d << lanes;
    } else {
      spread<g + 1>(windows, sets, counts, lanes, to, d, next);
      const auto& at_least = windows.at_least[sets[g]][lanes];
      for (int take = 1; take <= kNeed[g] - counts[g]; ++take) {
        const std::uint64_t can = d & at_least[take];
        if (can == 0) break;
        spread<g + 1>(windows, sets, counts, lanes, to + take * kStride[g], can, next);
      }
    }
  }
};

}  // namespace poker::draw::detail

#endif  // POKER_ENGINE_DRAW_DRAW_COLLECT_H_
