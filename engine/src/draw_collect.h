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
// a round is a few ANDs and shifts per (state, take) pair, for all D at once.
// Different D in one state must all be kept: a later start is not always
// better (it may have passed the cards the pattern needed).
//
// Internal to engine/src. Thread safety: pure functions.
#ifndef POKER_ENGINE_DRAW_COLLECT_H_
#define POKER_ENGINE_DRAW_COLLECT_H_

#include <array>
#include <cstdint>

#include "draw_windows.h"

namespace poker::draw::detail {

template <int... Need>
class Collect {
 public:
  static constexpr int kGroups = sizeof...(Need);
  using Sets = std::array<int, kGroups>;  // a set index per group (draw_windows.h)

  // The least rounds r < cap after which the pattern can be held, or cap if
  // it needs cap rounds or more.
  // REQUIRES: the sets are disjoint and each holds at least its need.
  static int least_rounds(const DeckWindows& windows, const Sets& sets, int cap) {
    std::array<std::uint64_t, kStates> starts{};  // per state, the reachable next-block starts
    starts[0] = 1;                                // nothing collected, block 0 at position 0
    for (int round = 0; round < cap; ++round) {
      std::array<std::uint64_t, kStates> next{};
      for (const Move& move : kMoves) {
        std::uint64_t d = starts[move.from];
        if (d == 0) continue;
        for (int g = 0; g < kGroups; ++g) d &= windows.at_least[sets[g]][move.lanes][move.take[g]];
        next[move.to] |= d << move.lanes;
      }
      if (next[kComplete] != 0) return round;
      for (int s = 0; s < kStates; ++s) starts[s] = next[s] & kLiveStarts;
    }
    return cap;
  }

 private:
  static constexpr std::array<int, kGroups> kNeed{Need...};
  static constexpr int kStates = ((Need + 1) * ...);
  static constexpr int kComplete = kStates - 1;  // every group at its need

  // State index: mixed radix, group 0 least significant.
  static constexpr std::array<int, kGroups> counts_of(int state) {
    std::array<int, kGroups> counts{};
    for (int g = 0; g < kGroups; ++g) {
      counts[g] = state % (kNeed[g] + 1);
      state /= kNeed[g] + 1;
    }
    return counts;
  }

  struct Move {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t lanes = 0;  // the block's size: 5 - cards collected in `from`
    std::array<std::uint8_t, kGroups> take{};
  };

  // A move per (incomplete state, cards taken per group within the needs).
  static constexpr int count_moves() {
    int moves = 0;
    for (int from = 0; from < kComplete; ++from) {
      int options = 1;
      const auto counts = counts_of(from);
      for (int g = 0; g < kGroups; ++g) options *= kNeed[g] - counts[g] + 1;
      moves += options;
    }
    return moves;
  }

  static constexpr std::array<Move, count_moves()> make_moves() {
    std::array<Move, count_moves()> moves{};
    int m = 0;
    for (int from = 0; from < kComplete; ++from) {
      const auto counts = counts_of(from);
      int held = 0;
      for (int c : counts) held += c;
      // Every `to` whose counts are at least `from`'s, group by group.
      for (int to = from; to < kStates; ++to) {
        const auto after = counts_of(to);
        bool reachable = true;
        for (int g = 0; g < kGroups; ++g) reachable = reachable && after[g] >= counts[g];
        if (!reachable) continue;
        Move& move = moves[m++];
        move.from = static_cast<std::uint8_t>(from);
        move.to = static_cast<std::uint8_t>(to);
        move.lanes = static_cast<std::uint8_t>(kHandSize - held);
        for (int g = 0; g < kGroups; ++g) move.take[g] = static_cast<std::uint8_t>(after[g] - counts[g]);
      }
    }
    return moves;
  }

  static constexpr auto kMoves = make_moves();
};

}  // namespace poker::draw::detail

#endif  // POKER_ENGINE_DRAW_COLLECT_H_
