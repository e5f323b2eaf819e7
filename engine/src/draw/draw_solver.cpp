// The draw solver: for each type, the least rounds over its patterns.
//
//   pair, three of a kind, four of a kind: per value, every set of 2, 3 or 4
//                    of its cards (6 + 4 + 1), timed by least_rounds_to_hold
//   straight flush   36 fixed card sets, likewise
//   two pair         78 patterns: 2 of v and 2 of w, v < w
//   full house      156: 3 of v and 2 of w, v != w
//   straight          9: 1 of each of 5 consecutive values, lowest 1..9
//   flush             4: 5 of suit s
// The last four search each pattern with Collect (draw_collect.h, which says
// why that is exact), in order of a lower bound and each cut off at the best
// rounds so far, so most patterns cost nothing. The bound of a two-value
// pattern is the exact rounds of its harder part (from the per-value sets:
// holding the pattern means holding its parts); of a straight or a flush,
// that its last needed card must be drawn, at most 5 cards a round.
#include "poker/draw_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "draw/draw_collect.h"
#include "draw/draw_windows.h"

namespace poker::draw {
namespace {

using detail::Collect;
using detail::DeckWindows;
using detail::kSuits;
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

// Per value, the least rounds to hold 2, 3 and 4 of its cards: the few card
// sets of one value, each timed by least_rounds_to_hold. They answer pair,
// three of a kind and four of a kind, and bound two pair and full house from
// below (holding a set means holding each of its parts).
struct OfAKind {
  std::array<int, kValueCount> two;
  std::array<int, kValueCount> three;
  std::array<int, kValueCount> four;
};

OfAKind of_a_kind_rounds(const DeckWindows& windows) {
  OfAKind rounds;
  for (int v = 1; v <= kValueCount; ++v) {
    std::array<std::uint64_t, kSuits> card{};  // the value's four cards, one bit each
    std::uint64_t all = windows.cards[value_set(v)];
    for (std::uint64_t& c : card) {
      c = all & -all;
      all &= all - 1;
    }
    const std::uint64_t four = windows.cards[value_set(v)];
    int two = kDeckSize;
    int three = kDeckSize;
    for (int i = 0; i < kSuits; ++i) {
      three = std::min(three, least_rounds_to_hold(four & ~card[i]));
      for (int j = i + 1; j < kSuits; ++j) two = std::min(two, least_rounds_to_hold(card[i] | card[j]));
    }
    rounds.two[v - 1] = two;
    rounds.three[v - 1] = three;
    rounds.four[v - 1] = least_rounds_to_hold(four);
  }
  return rounds;
}

int least_of(const std::array<int, kValueCount>& rounds) { return *std::min_element(rounds.begin(), rounds.end()); }

// Patterns of NeedV cards of one value v and NeedW of another w, whose parts
// take at least part_v[v] and part_w[w] rounds; with Ordered, (v, w) and (w, v)
// are different patterns.
template <int NeedV, int NeedW, bool Ordered>
int least_two_values(const DeckWindows& windows, const std::array<int, kValueCount>& part_v,
                     const std::array<int, kValueCount>& part_w) {
  using Shape = Collect<NeedV, NeedW>;
  constexpr std::size_t kCount = Ordered ? kValueCount * (kValueCount - 1) : kValueCount * (kValueCount - 1) / 2;
  std::array<typename Shape::Sets, kCount> sets;
  std::array<int, kCount> lower_bound;
  std::size_t i = 0;
  for (int v = 0; v < kValueCount; ++v) {
    for (int w = Ordered ? 0 : v + 1; w < kValueCount; ++w) {
      if (w == v) continue;
      sets[i] = {value_set(v + 1), value_set(w + 1)};
      lower_bound[i] = std::max(part_v[v], part_w[w]);
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
  assert(positions != 0 && std::popcount(positions) <= kHandSize && positions >> kDeckSize == 0);
  // The greedy player, a block of rounds at a time. Cards of the starting
  // hand (below kHandSize = next) are simply kept.
  int lanes = kHandSize;  // cards drawn a round: the slots not kept
  int next = kHandSize;   // next deck position
  int rounds = 0;
  for (std::uint64_t rest = positions; rest != 0; rest &= rest - 1) {
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
  const OfAKind of_a_kind = of_a_kind_rounds(windows);
  return {least_of(of_a_kind.two),   least_two_values<2, 2, false>(windows, of_a_kind.two, of_a_kind.two),
          least_of(of_a_kind.three), least_straight(windows),
          least_flush(windows),      least_two_values<3, 2, true>(windows, of_a_kind.three, of_a_kind.two),
          least_of(of_a_kind.four),  least_straight_flush(windows)};
}

}  // namespace poker::draw
