// Omaha hand evaluation: high hands and eight-or-better lows.
//
// In Omaha a player's hand is the best five cards made of EXACTLY TWO of
// their hole cards (4, 5 or 6 of them) and EXACTLY THREE of the five board
// cards. So, unlike hold'em:
//   * four board cards of one suit and one hole card of that suit are no
//     flush: two hole cards of the suit are needed (and three board cards);
//   * a straight on the board plays only with two hole cards that keep it;
//   * hole cards alone make at most a pair (A-A-K-K in the hand is one
//     pair of aces unless the board pairs a king), and four of a kind on the
//     board plays as three of a kind at most.
//
// High hands are judged as the hold'em evaluator judges five cards
// (poker/evaluator.h): omaha_high() returns the same HandValue, so the
// categories, their order and category() are those of hold'em.
//
// The low (Omaha hi-lo, "eight or better") is the best five cards of
// distinct ranks 8 or lower, again exactly two hole and three board cards
// (chosen separately from the high hand). The ace plays low; straights and
// flushes do not spoil a low, so A-2-3-4-5 (the wheel) is both the best
// low and a straight. Lows compare from their highest card down: 7-5-4-3-2
// beats 7-6-3-2-A. A hand without five such cards has no low: LowValue()
// (LowValue::qualifies() is false), which every qualifying low beats. The
// board has a low for somebody only if it holds three distinct ranks 8 or
// lower.
//
// Usage:
//     const poker::OmahaBoard board(board_cards);  // 5 cards; cheap
//     poker::HandValue high = board.high(hole, 4);
//     poker::LowValue low = board.low(hole, 4);
//     if (low.qualifies()) ... low.ranks() ...
// or, for one hand, omaha_high(board_cards, hole, 4) and
// omaha_low(board_cards, hole, 4). An OmahaBoard is read-only once built: a
// judge builds one per board and evaluates every player's hole cards with it.
//
// Cost: the board is judged once for every pair of hole ranks, from a
// table of every five-rank board (2.1 MB, built on the first OmahaBoard
// and then shared: tens of milliseconds); a hand then costs a lookup per
// pair of its hole cards (6 for four cards, 10 for five, 15 for six), plus
// the flushes when the board holds three cards of a suit and the hand two
// of that suit. A low is one lookup in a table of 64 KB (built on the first
// low or OmahaBoard). BM_OmahaHigh* and BM_OmahaLow* in bench/poker_bench
// measure them.
//
// Thread safety: the tables are built once, on first use, safely from any
// thread, and only read afterwards; OmahaBoard's methods are const and
// pure. As with the evaluator, do not evaluate from a static initializer.
#ifndef POKER_OMAHA_H_
#define POKER_OMAHA_H_

#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>

#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker {

inline constexpr int kOmahaBoardCards = 5;
// Hole cards a player holds: 4 (Omaha), 5 (five-card Omaha) or 6.
inline constexpr int kOmahaMinHoleCards = 4;
inline constexpr int kOmahaMaxHoleCards = 6;

// The strength of an eight-or-better low, or of none. Totally ordered: a
// larger value is a better low, equal values tie, and LowValue() (no low) is
// below every low. There are 56 lows (the five-rank sets of A..8).
class LowValue {
 public:
  // No qualifying low.
  constexpr LowValue() = default;

  // The low of five distinct ranks, ace low: bit 0 the ace, bit 1 the deuce,
  // ..., bit 7 the eight. REQUIRES: exactly five bits of 0xFF set.
  static constexpr LowValue of_ranks(std::uint8_t ranks) { return LowValue(static_cast<std::uint8_t>(0xFF - ranks)); }

  constexpr bool qualifies() const { return raw_ != 0; }
  // The five ranks as of_ranks() takes them (0 when there is no low).
  constexpr std::uint8_t ranks() const { return raw_ == 0 ? 0 : static_cast<std::uint8_t>(0xFF - raw_); }
  // 0 for no low, else 0xFF - ranks(): a better low has the smaller rank
  // mask (its highest card lower, or the first differing card lower).
  constexpr std::uint8_t raw() const { return raw_; }

  friend constexpr auto operator<=>(LowValue, LowValue) = default;

 private:
  constexpr explicit LowValue(std::uint8_t raw) : raw_(raw) {}
  std::uint8_t raw_ = 0;
};

namespace detail {

// Ranks of the ace-low eight-or-better scale by card: bit 0 an ace, bit
// rank + 1 a deuce to an eight, 0 for a nine or higher.
inline constexpr auto kLowRankBit = [] {
  std::array<std::uint8_t, kCardCount> bits{};
  for (int card = 0; card < kCardCount; ++card) {
    const int rank = rank_of(static_cast<Card>(card));
    bits[card] = static_cast<std::uint8_t>(rank == 12 ? 1 : (rank <= 6 ? 2 << rank : 0));
  }
  return bits;
}();

// A board's row of pair values has an entry for each ordered pair of hole
// ranks, at 13 * first + second (both orders hold the same value): a hand's
// pair costs a multiplication and a load.
inline constexpr int kRankPairSlots = kRankCount * kRankCount;

// 1 in the 4-bit counter of the card's suit (bits 4 * suit): a sum over at
// most 15 cards counts them by suit.
inline constexpr auto kSuitCounter = [] {
  std::array<std::uint16_t, kCardCount> counters{};
  for (int card = 0; card < kCardCount; ++card) {
    counters[card] = static_cast<std::uint16_t>(1u << (4 * suit_of(static_cast<Card>(card))));
  }
  return counters;
}();

}  // namespace detail

// A board of five cards, prepared for judging Omaha hands on it.
class OmahaBoard {
 public:
  // REQUIRES: board[0..4] are 5 distinct cards.
  explicit OmahaBoard(const Card* board);
  explicit OmahaBoard(const std::array<Card, kOmahaBoardCards>& board) : OmahaBoard(board.data()) {}

  // The best high hand of exactly two of hole[0 .. hole_count) and exactly
  // three board cards. REQUIRES: kOmahaMinHoleCards <= hole_count <=
  // kOmahaMaxHoleCards (2 and 3 work too), the hole cards distinct and not on
  // the board.
  HandValue high(const Card* hole, int hole_count) const {
    switch (hole_count) {
      case 4: return high_of<4>(hole);
      case 5: return high_of<5>(hole);
      case 6: return high_of<6>(hole);
      default: return high_of_any(hole, hole_count);
    }
  }

  // The best eight-or-better low of exactly two of hole[0 .. hole_count)
  // and exactly three board cards, or LowValue() if there is none. REQUIRES
  // as high().
  LowValue low(const Card* hole, int hole_count) const {
    unsigned ranks = 0;
    for (int i = 0; i < hole_count; ++i) ranks |= detail::kLowRankBit[hole[i]];
    return lows_[ranks];
  }

 private:
  // One pass over the hole pairs, unrolled for a known count: the best
  // value without flushes from the board's table, and how many hole cards
  // are of the board's flush suit (a flush needs two of them), counted in a
  // sum of per-suit counters (fewer instructions than testing each card).
  template <int kHole>
  HandValue high_of(const Card* hole) const {
    std::array<unsigned, kHole> ranks{};
    unsigned suits = 0;  // a 4-bit count of hole cards per suit
    for (int i = 0; i < kHole; ++i) {
      ranks[i] = static_cast<unsigned>(hole[i]) >> 2;
      suits += detail::kSuitCounter[hole[i]];
    }
    const unsigned suited = (suits >> flush_shift_) & 0xF;
    unsigned best = 0;
    for (int i = 0; i < kHole; ++i) {
      const std::uint16_t* with_first = pair_values_ + kRankCount * ranks[i];
      for (int j = i + 1; j < kHole; ++j) best = std::max<unsigned>(best, with_first[ranks[j]]);
    }
    if (suited >= 2) [[unlikely]]
      best = std::max(best, best_flush(hole, kHole));
    return HandValue(static_cast<std::uint16_t>(best));
  }
  HandValue high_of_any(const Card* hole, int hole_count) const;
  // The best flush or straight flush of two of hole[0 .. hole_count) and
  // three board cards (0 if there is none).
  unsigned best_flush(const Card* hole, int hole_count) const;

  // Best value without flushes of each pair of hole ranks (at 13 * first +
  // second) with three of this board's cards: a row of the shared table.
  const std::uint16_t* pair_values_ = nullptr;
  // The best low of each set of hole low ranks (by kLowRankBit) on this
  // board: a row of the shared table.
  const LowValue* lows_ = nullptr;
  // The ranks of the board's cards in its flush suit, the suit holding three
  // or more board cards (at most one can); meaningless when none does. Only
  // the hands with two cards of that suit enumerate its three-card sets: a
  // board built for one hand (omaha_high()) has such a suit more than a
  // third of the time, a hand two cards of it much less often.
  std::uint16_t flush_ranks_ = 0;
  // 4 * the flush suit, the place of its kSuitCounter; 16 (above every
  // counter) when there is none.
  int flush_shift_ = 16;
};

// One hand on one board: OmahaBoard(board).high(hole, hole_count).
inline HandValue omaha_high(const Card* board, const Card* hole, int hole_count) {
  return OmahaBoard(board).high(hole, hole_count);
}
// One hand on one board: equal to OmahaBoard(board).low(hole, hole_count),
// without preparing the board's high hands.
LowValue omaha_low(const Card* board, const Card* hole, int hole_count);

}  // namespace poker

#endif  // POKER_OMAHA_H_
