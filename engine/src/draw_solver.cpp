// The draw solver: for each type, the least rounds over its patterns, each
// pattern searched by Collect (draw_collect.h), which explains why that is
// exact.
//
//   pair             13 patterns: 2 cards of value v
//   three of a kind  13: 3 of value v
//   two pair         78: 2 of v and 2 of w, v < w
//   full house      156: 3 of v and 2 of w, v != w
//   straight          9: 1 of each of 5 consecutive values, lowest 1..9
//   flush             4: 5 of suit s
//   four of a kind   13, straight flush 36: fixed card sets, so simply
//                    least_rounds_to_hold of them
//
// Patterns are tried in order of a lower bound (the need-th earliest card of
// each set must be drawn, at most 5 cards a round), and each search is cut
// off at the best rounds so far, so most patterns cost nothing.
#include "poker/draw_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "draw_collect.h"
#include "draw_windows.h"

namespace poker::draw {
namespace {

using detail::Collect;
using detail::DeckWindows;
using detail::kSuits;
using detail::kValues;
using detail::suit_set;
using detail::value_set;

constexpr int kRunCount = 9;  // lowest values 1..9: A-2-3-4-5 .. 9-10-J-Q-K

// The rounds needed at least to draw position p: 5 cards a round at most.
constexpr int rounds_to_reach(int position) { return position / kHandSize; }

// The position of the n-th earliest card (n = 1..) of a set.
int nth_position(std::uint64_t cards, int n) {
  for (int i = 1; i < n; ++i) cards &= cards - 1;
  return std::countr_zero(cards);
}

// The least rounds over patterns of one shape, each given by its sets and a
// lower bound on its rounds: by increasing bound, each search capped at the
// best so far, stopping once no bound is below it.
template <class Shape, std::size_t N>
int least_over(const DeckWindows& windows, const std::array<typename Shape::Sets, N>& sets,
               const std::array<int, N>& lower_bound) {
  int best = kDeckSize;
  for (int level = 0; level < best; ++level) {
    for (std::size_t i = 0; i < N && level < best; ++i) {
      if (lower_bound[i] == level) best = Shape::least_rounds(windows, sets[i], best);
    }
  }
  return best;
}

// Patterns of `need` cards of one value.
template <int Need>
int least_of_a_kind(const DeckWindows& windows) {
  std::array<typename Collect<Need>::Sets, kValues> sets;
  std::array<int, kValues> lower_bound;
  for (int v = 1; v <= kValues; ++v) {
    sets[v - 1] = {value_set(v)};
    lower_bound[v - 1] = rounds_to_reach(nth_position(windows.cards[value_set(v)], Need));
  }
  return least_over<Collect<Need>>(windows, sets, lower_bound);
}

// Patterns of `need_v` cards of one value and `need_w` of another; with
// Ordered, (v, w) and (w, v) are different patterns.
template <int NeedV, int NeedW, bool Ordered>
int least_two_values(const DeckWindows& windows) {
  using Shape = Collect<NeedV, NeedW>;
  constexpr std::size_t kCount = Ordered ? kValues * (kValues - 1) : kValues * (kValues - 1) / 2;
  std::array<typename Shape::Sets, kCount> sets;
  std::array<int, kCount> lower_bound;
  std::size_t i = 0;
  for (int v = 0; v < kValues; ++v) {
    for (int w = Ordered ? 0 : v + 1; w < kValues; ++w) {
      if (w == v) continue;
      sets[i] = {value_set(v + 1), value_set(w + 1)};
      lower_bound[i] = rounds_to_reach(
          std::max(nth_position(windows.cards[value_set(v + 1)], NeedV), nth_position(windows.cards[value_set(w + 1)], NeedW)));
      ++i;
    }
  }
  return least_over<Shape>(windows, sets, lower_bound);
}

int least_straight(const DeckWindows& windows) {
  using Shape = Collect<1, 1, 1, 1, 1>;
  std::array<Shape::Sets, kRunCount> sets;
  std::array<int, kRunCount> lower_bound{};
  for (int low = 1; low <= kRunCount; ++low) {
    for (int i = 0; i < 5; ++i) {
      sets[low - 1][i] = value_set(low + i);
      lower_bound[low - 1] =
          std::max(lower_bound[low - 1], rounds_to_reach(nth_position(windows.cards[value_set(low + i)], 1)));
    }
  }
  return least_over<Shape>(windows, sets, lower_bound);
}

int least_flush(const DeckWindows& windows) {
  std::array<Collect<5>::Sets, kSuits> sets;
  std::array<int, kSuits> lower_bound;
  for (int s = 0; s < kSuits; ++s) {
    sets[s] = {suit_set(s)};
    lower_bound[s] = rounds_to_reach(nth_position(windows.cards[suit_set(s)], 5));
  }
  return least_over<Collect<5>>(windows, sets, lower_bound);
}

int least_four_of_a_kind(const DeckWindows& windows) {
  int best = kDeckSize;
  for (int v = 1; v <= kValues; ++v) best = std::min(best, least_rounds_to_hold(windows.cards[value_set(v)]));
  return best;
}

int least_straight_flush(const DeckWindows& windows) {
  int best = kDeckSize;
  for (int s = 0; s < kSuits; ++s) {
    for (int low = 0; low < kRunCount; ++low) {
      std::uint64_t cards = 0;
      for (int i = 0; i < 5; ++i) cards |= std::uint64_t{1} << windows.position[s][low + i];
      best = std::min(best, least_rounds_to_hold(cards));
    }
  }
  return best;
}

}  // namespace

int least_rounds_to_hold(std::uint64_t positions) {
  constexpr std::uint64_t kHandBits = (std::uint64_t{1} << kHandSize) - 1;
  int lanes = kHandSize - std::popcount(positions & kHandBits);  // junk slots
  int next = kHandSize;                                           // next deck position
  int rounds = 0;
  for (std::uint64_t rest = positions & ~kHandBits; rest != 0; rest &= rest - 1) {
    const int target = std::countr_zero(rest);
    if (target >= next) {
      const int blocks = (target + 1 - next + lanes - 1) / lanes;
      rounds += blocks;
      next += blocks * lanes;
    }
    --lanes;  // from the next round on this card takes a slot
  }
  return rounds;
}

RoundCounts least_rounds(const Deck& deck) {
  DeckWindows windows;
  detail::build_windows(deck, windows);
  return {least_of_a_kind<2>(windows),
          least_two_values<2, 2, false>(windows),
          least_of_a_kind<3>(windows),
          least_straight(windows),
          least_flush(windows),
          least_two_values<3, 2, true>(windows),
          least_four_of_a_kind(windows),
          least_straight_flush(windows)};
}

}  // namespace poker::draw
