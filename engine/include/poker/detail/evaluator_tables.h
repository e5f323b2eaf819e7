// The evaluator's tables and the arithmetic on its keys, in a header only so
// that Hand::add, Hand::evaluate, evaluate5 and evaluate7 inline into their
// callers. Not part of the API: poker/evaluator.h is; the tables are defined
// in engine/src/eval/evaluator.cpp, which explains the scheme.
//
// A Hand's key is the sum of its cards' keys. A card's key is its rank's key
// (low 32 bits; distinct multisets of at most 7 ranks have distinct sums)
// plus a 1 in its suit's 4-bit counter (bits 32 + 4 * suit). The counters
// start at 3, so a suit holding 5 or more cards sets its counter's top bit.
//
// Thread safety: the tables are built once, before main(), and only read
// afterwards.
#ifndef POKER_DETAIL_EVALUATOR_TABLES_H_
#define POKER_DETAIL_EVALUATOR_TABLES_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "poker/cards.h"

namespace poker::detail {

inline constexpr std::uint64_t kEmptyHandKey = std::uint64_t{0x3333} << 32;
inline constexpr std::uint64_t kFlushBits = std::uint64_t{0x8888} << 32;
inline constexpr int kFlushBitOfClubs = 35;  // the top bit of suit 0's counter
inline constexpr int kRankHashShift = 13;

// The cards' keys (row 0), and the same plus kEmptyHandKey (row 1): a sum's
// first card starts it from the latter. One table, so that a sum of both
// rows' keys needs one base register (a 2-player deal sums nine).
extern const std::array<std::array<std::uint64_t, kCardCount>, 2> card_key_rows;
inline constexpr const std::array<std::uint64_t, kCardCount>& card_keys = card_key_rows[0];
inline constexpr const std::array<std::uint64_t, kCardCount>& first_card_keys = card_key_rows[1];
// Perfect hash of rank keys: rank_values[2 * rank_hash_rows[key & 8191] + (key >> 13)]
// (halved row bases in 16 bits: a 16 KB table).
extern const std::array<std::uint16_t, std::size_t{1} << kRankHashShift> rank_hash_rows;
// HandValue::raw() of every multiset of 5..7 ranks (0 for fewer cards), and of
// every 13-bit flush rank mask with at least 5 ranks; computed before main()
// and read-only: nothing outside evaluator.cpp can write them.
inline constexpr std::size_t kRankValueCount = 87462;  // rank_hash::kTableSize
// rank_values' length: past the hand values, zeros up to the largest index
// of any key up to seven times the highest rank's, so that a sum of seven
// rank keys of any ranks, repeated or not, indexes inside the table. A judge
// may then look a key up before it knows that its cards were distinct
// (tests/unit/evaluator_test.cpp checks the bound).
inline constexpr std::size_t kRankValueSlots = 89019;
extern const std::array<std::uint16_t, kRankValueSlots> rank_values;
extern const std::array<std::uint16_t, 1 << kRankCount> flush_values;

// rank_values index of a (flush-free) key: the perfect hash of its low 32 bits.
inline std::uint32_t rank_index(std::uint64_t key) {
  const auto rank_key = static_cast<std::uint32_t>(key);
  return 2u * rank_hash_rows[rank_key & ((1u << kRankHashShift) - 1)] + (rank_key >> kRankHashShift);
}

// HandValue::raw() of a key that holds no flush: the rank lookup alone.
inline std::uint16_t rank_value(std::uint64_t key) { return rank_values[rank_index(key)]; }

// HandValue::raw() of the hand of 5..7 cards whose key is `key`: the rank
// lookup, or, when a suit holds five cards or more, the flush lookup of
// ranks_in(suit), the 13-bit mask of the ranks the hand holds in that suit
// (called only then: each caller rereads its cards its own way).
template <typename RanksIn>
inline std::uint16_t value_of_key(std::uint64_t key, RanksIn&& ranks_in) {
  const std::uint64_t flush = key & kFlushBits;
  if (flush != 0) [[unlikely]] {
    return flush_values[ranks_in((std::countr_zero(flush) - kFlushBitOfClubs) >> 2)];
  }
  return rank_value(key);
}

// Adds 1 to every suit counter: a suit holding 4 cards then sets its top bit.
inline constexpr std::uint64_t kOneOfEachSuit = std::uint64_t{0x1111} << 32;

// A card's rank bit in its suit's 16-bit lane (bit 16 * suit + rank): the OR
// over a set of cards, shifted right by 16 * suit, is the suit's rank mask.
extern const std::array<std::uint64_t, kCardCount> lane_bits;

// The lane bits of five[0..4], OR-ed.
inline std::uint64_t five_lanes(const Card* five) {
  return lane_bits[five[0]] | lane_bits[five[1]] | lane_bits[five[2]] | lane_bits[five[3]] | lane_bits[five[4]];
}

// The 13-bit mask of the ranks held in `suit`, from the OR of the cards'
// lane_bits.
inline std::uint32_t lane_ranks(std::uint64_t lanes, int suit) {
  return static_cast<std::uint32_t>(lanes >> (16 * suit)) & 0x1FFF;
}

// The 13-bit mask of the ranks held in `suit`.
inline std::uint32_t suit_ranks(CardMask cards, int suit) {
  std::uint64_t x = (cards >> suit) & 0x0001111111111111;  // bit 4 * rank
  x = (x | (x >> 3)) & 0x0003030303030303;                 // 2 ranks per byte
  x = (x | (x >> 6)) & 0x000F000F000F000F;                 // 4 ranks per 16 bits
  x = (x | (x >> 12)) & 0x000000FF000000FF;                // 8 ranks per 32 bits
  return static_cast<std::uint32_t>((x | (x >> 24)) & 0x1FFF);
}

// The verdict on two players' values, as holdem_winner() gives it: 0 when
// the first is stronger, 1 when the second is, 2 for a tie. Arithmetic, 0 + 0,
// 1 + 0 or 1 + 1: which of two random hands is stronger is a coin toss, which
// a branch would mispredict on about every other deal.
inline unsigned two_player_verdict(unsigned first, unsigned second) {
  return static_cast<unsigned>(second >= first) + static_cast<unsigned>(second == first);
}

// Who leads a deal so far, players seen one by one: the best HandValue::raw()
// seen, and the one player who holds it, or `tie` once two or more share it.
// Starts below every hand (a 5..7-card hand's raw() is at least 1), so the
// first player seen leads. On raw() values, with selects, not branches: GCC's
// code for comparing HandValues (operator<=>) makes a loop over many players
// slower (BM_Holdem8Players in bench/poker_bench measures it).
struct DealLeader {
  unsigned best = 0;
  int player = 0;

  void see(int candidate, unsigned value, int tie) {
    const int if_not_better = value == best ? tie : player;
    player = value > best ? candidate : if_not_better;
    best = value > best ? value : best;
  }
};

}  // namespace poker::detail

#endif  // POKER_DETAIL_EVALUATOR_TABLES_H_
