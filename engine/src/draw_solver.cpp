// First version: every smallest card set of every type, each timed with
// least_rounds_to_hold. About 21,000 sets a deck (pairs 78, two pair 2,808,
// three of a kind 52, straights 9,216, flushes 5,148, full houses 3,744, four
// of a kind 13, straight flushes 36): correct and simple, not yet fast.
#include "poker/draw_solver.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace poker::draw {
namespace {

constexpr int kSuits = 4;
constexpr int kValues = 13;
constexpr int kRunCount = 9;  // lowest values 1..9: A-2-3-4-5 .. 9-10-J-Q-K

// position_bit[suit][value - 1]: the one-bit mask of where that card lies.
using PositionBits = std::array<std::array<std::uint64_t, kValues>, kSuits>;

PositionBits position_bits_of(const Deck& deck) {
  PositionBits bits{};
  for (int position = 0; position < kDeckSize; ++position) {
    bits[deck[position].suit][deck[position].value - 1] = std::uint64_t{1} << position;
  }
  return bits;
}

int best_pair(const PositionBits& at) {
  int best = kDeckSize;
  for (int v = 0; v < kValues; ++v) {
    for (int a = 0; a < kSuits; ++a) {
      for (int b = a + 1; b < kSuits; ++b) best = std::min(best, least_rounds_to_hold(at[a][v] | at[b][v]));
    }
  }
  return best;
}

int best_two_pair(const PositionBits& at) {
  int best = kDeckSize;
  for (int v = 0; v < kValues; ++v) {
    for (int w = v + 1; w < kValues; ++w) {
      for (int a = 0; a < kSuits; ++a) {
        for (int b = a + 1; b < kSuits; ++b) {
          for (int c = 0; c < kSuits; ++c) {
            for (int d = c + 1; d < kSuits; ++d) {
              best = std::min(best, least_rounds_to_hold(at[a][v] | at[b][v] | at[c][w] | at[d][w]));
            }
          }
        }
      }
    }
  }
  return best;
}

// The set of all four cards of value v but the one of suit `missing`.
std::uint64_t three_of(const PositionBits& at, int v, int missing) {
  std::uint64_t bits = 0;
  for (int s = 0; s < kSuits; ++s) {
    if (s != missing) bits |= at[s][v];
  }
  return bits;
}

int best_three_of_a_kind(const PositionBits& at) {
  int best = kDeckSize;
  for (int v = 0; v < kValues; ++v) {
    for (int missing = 0; missing < kSuits; ++missing) {
      best = std::min(best, least_rounds_to_hold(three_of(at, v, missing)));
    }
  }
  return best;
}

int best_straight(const PositionBits& at) {
  int best = kDeckSize;
  for (int low = 0; low < kRunCount; ++low) {
    for (int suits = 0; suits < 1 << (2 * 5); ++suits) {  // two bits of suit per value
      std::uint64_t bits = 0;
      for (int i = 0; i < 5; ++i) bits |= at[(suits >> (2 * i)) & 3][low + i];
      best = std::min(best, least_rounds_to_hold(bits));
    }
  }
  return best;
}

int best_flush(const PositionBits& at) {
  int best = kDeckSize;
  for (int s = 0; s < kSuits; ++s) {
    for (unsigned values = 0; values < 1u << kValues; ++values) {
      if (std::popcount(values) != 5) continue;
      std::uint64_t bits = 0;
      for (int v = 0; v < kValues; ++v) {
        if (values >> v & 1) bits |= at[s][v];
      }
      best = std::min(best, least_rounds_to_hold(bits));
    }
  }
  return best;
}

int best_full_house(const PositionBits& at) {
  int best = kDeckSize;
  for (int v = 0; v < kValues; ++v) {
    for (int w = 0; w < kValues; ++w) {
      if (w == v) continue;
      for (int missing = 0; missing < kSuits; ++missing) {
        for (int c = 0; c < kSuits; ++c) {
          for (int d = c + 1; d < kSuits; ++d) {
            best = std::min(best, least_rounds_to_hold(three_of(at, v, missing) | at[c][w] | at[d][w]));
          }
        }
      }
    }
  }
  return best;
}

int best_four_of_a_kind(const PositionBits& at) {
  int best = kDeckSize;
  for (int v = 0; v < kValues; ++v) best = std::min(best, least_rounds_to_hold(three_of(at, v, -1)));
  return best;
}

int best_straight_flush(const PositionBits& at) {
  int best = kDeckSize;
  for (int s = 0; s < kSuits; ++s) {
    for (int low = 0; low < kRunCount; ++low) {
      std::uint64_t bits = 0;
      for (int i = 0; i < 5; ++i) bits |= at[s][low + i];
      best = std::min(best, least_rounds_to_hold(bits));
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
  const PositionBits at = position_bits_of(deck);
  return {best_pair(at),      best_two_pair(at),   best_three_of_a_kind(at), best_straight(at),
          best_flush(at),     best_full_house(at), best_four_of_a_kind(at),  best_straight_flush(at)};
}

}  // namespace poker::draw
