// Omaha high and eight-or-better low evaluation (poker/omaha.h).
//
// High hands. Five cards that are not all of one suit are worth what their
// ranks are worth: the evaluator's rank lookup of the five rank keys
// (detail::rank_value). Which ranks those are depends on the board's five
// ranks and the two hole ranks alone, so for every board of five ranks (6,175
// multisets) and every pair of hole ranks (91, stored in both orders: 169)
// the best of the ten board three-card sets is computed once: pair_values, a
// row of 169 values per board (2.1 MB), reached from the board's rank key through the evaluator's perfect
// hash (rank_index) and board_rows. A hand is then one lookup per hole pair.
//
// Five cards of one suit are a flush or straight flush, worth flush_values of
// their rank mask; the same five ranks unsuited are worth less (a straight at
// most), so the best hand is the maximum of the table's values and of the
// suited sets' flush values. A suited set needs three board cards of a suit
// (at most one suit holds three of five cards) and two hole cards of it: the
// board keeps its ranks in that suit, and a hand with two cards of it tries
// their pairs with the (at most ten) three-card sets of them.
//
// Lows. Which five-card lows a hand can make depends only on the sets of low
// ranks (A..8) of the board and of the hole cards: with hole ranks P (two
// distinct) the best three board cards are the three lowest board low ranks
// not in P, and the best low is the least rank mask over the pairs P. lows
// holds it for every board set and hole set (256 x 256 bytes).
//
// The tables are built on first use (function-local statics: thread-safe,
// and nothing is built in a program that never judges Omaha; the high
// table takes tens of milliseconds, too long to add to every start of a
// program that links this file).
#include "poker/omaha.h"

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "poker/detail/evaluator_tables.h"

namespace poker {
namespace {

constexpr int kBoardRankSets = 6175;  // multisets of 5 of 13 ranks, at most 4 of each
constexpr int kTriples = 10;          // three of five board cards
constexpr std::uint16_t kNoRow = 0xFFFF;

struct OmahaTables {
  std::vector<std::uint16_t> pair_values;  // kBoardRankSets rows of detail::kRankPairSlots
  std::vector<std::uint16_t> board_rows;   // rank_index of a board's rank key -> its row
  std::vector<LowValue> lows;              // [board low ranks][hole low ranks]
};

std::uint32_t rank_key(int rank) { return static_cast<std::uint32_t>(detail::card_keys[make_card(rank, 0)]); }

// The three-card sets of five: positions in 0..4.
constexpr std::array<std::array<int, 3>, kTriples> kTriplePositions = {{
    {0, 1, 2},
    {0, 1, 3},
    {0, 1, 4},
    {0, 2, 3},
    {0, 2, 4},
    {0, 3, 4},
    {1, 2, 3},
    {1, 2, 4},
    {1, 3, 4},
    {2, 3, 4},
}};

// The row of the board of ranks board[0..4] (sorted, at most 4 of a rank):
// for each pair of hole ranks the deck still holds, the best rank value of
// the pair and three board cards; 0 for pairs that no deal holds.
void fill_pair_values(const std::array<int, 5>& board, std::uint16_t* row) {
  std::array<int, kRankCount> count{};
  for (const int rank : board) ++count[rank];
  std::array<std::uint32_t, kTriples> triple_keys{};
  for (int t = 0; t < kTriples; ++t) {
    for (const int at : kTriplePositions[t]) triple_keys[t] += rank_key(board[at]);
  }
  for (int hi = 0; hi < kRankCount; ++hi) {
    for (int lo = 0; lo <= hi; ++lo) {
      if (count[hi] + 1 + (lo == hi ? 1 : 0) > 4 || count[lo] + 1 > 4) continue;
      const std::uint32_t pair_key = rank_key(hi) + rank_key(lo);
      std::uint16_t best = 0;
      for (const std::uint32_t key : triple_keys) best = std::max(best, detail::rank_value(key + pair_key));
      row[kRankCount * hi + lo] = best;
      row[kRankCount * lo + hi] = best;
    }
  }
}

void fill_high(OmahaTables& tables) {
  tables.pair_values.assign(std::size_t{kBoardRankSets} * detail::kRankPairSlots, 0);
  tables.board_rows.assign(detail::kRankValueSlots, kNoRow);
  int rows = 0;
  std::array<int, 5> b{};
  for (b[0] = 0; b[0] < kRankCount; ++b[0]) {
    for (b[1] = b[0]; b[1] < kRankCount; ++b[1]) {
      for (b[2] = b[1]; b[2] < kRankCount; ++b[2]) {
        for (b[3] = b[2]; b[3] < kRankCount; ++b[3]) {
          for (b[4] = std::max(b[3], b[0] + 1); b[4] < kRankCount; ++b[4]) {  // no five of a rank
            std::uint32_t key = 0;
            for (const int rank : b) key += rank_key(rank);
            tables.board_rows[detail::rank_index(key)] = static_cast<std::uint16_t>(rows);
            fill_pair_values(b,
                             &tables.pair_values[std::size_t{detail::kRankPairSlots} * static_cast<std::size_t>(rows)]);
            ++rows;
          }
        }
      }
    }
  }
}

unsigned lowest_bit(unsigned mask) { return mask & (0u - mask); }

// The three lowest ranks of a low rank set, or 0 if it has fewer than three.
unsigned lowest_three(unsigned ranks) {
  unsigned out = 0;
  for (int i = 0; i < 3; ++i) {
    if (ranks == 0) return 0;
    out |= ranks & (0u - ranks);
    ranks &= ranks - 1;
  }
  return out;
}

void fill_low(OmahaTables& tables) {
  tables.lows.assign(256 * 256, LowValue());
  for (unsigned board = 0; board < 256; ++board) {
    if (std::popcount(board) < 3) continue;
    for (unsigned hole = 0; hole < 256; ++hole) {
      unsigned best = 0x100;  // above every five-rank set
      for (unsigned first = hole; first != 0; first &= first - 1) {
        for (unsigned second = first & (first - 1); second != 0; second &= second - 1) {
          const unsigned pair = (first & (0u - first)) | (second & (0u - second));
          const unsigned three = lowest_three(board & ~pair);
          if (three != 0) best = std::min(best, pair | three);
        }
      }
      if (best != 0x100) tables.lows[board * 256 + hole] = LowValue::of_ranks(static_cast<std::uint8_t>(best));
    }
  }
}

// Built on first use, each on its own: omaha_low() needs no high tables.
// The builders are kept out of line: inlined, their stack frame and saved
// registers would be paid by every OmahaBoard built, for one hand or many.
[[gnu::noinline]] OmahaTables build_high() {
  OmahaTables t;
  fill_high(t);
  return t;
}

[[gnu::noinline]] std::vector<LowValue> build_low() {
  OmahaTables t;
  fill_low(t);
  return std::move(t.lows);
}

const OmahaTables& high_tables() {
  static const OmahaTables built = build_high();
  return built;
}

const std::vector<LowValue>& low_table() {
  static const std::vector<LowValue> built = build_low();
  return built;
}

}  // namespace

OmahaBoard::OmahaBoard(const Card* board) {
  const OmahaTables& t = high_tables();
  std::uint32_t key = 0;
  unsigned low_ranks = 0;
  unsigned suits = 0;
  for (int i = 0; i < kOmahaBoardCards; ++i) {
    key += static_cast<std::uint32_t>(detail::card_keys[board[i]]);
    low_ranks |= detail::kLowRankBit[board[i]];
    suits += detail::kSuitCounter[board[i]];
  }
  pair_values_ = &t.pair_values[std::size_t{detail::kRankPairSlots} * t.board_rows[detail::rank_index(key)]];
  lows_ = &low_table()[low_ranks * 256];
  // Plus 5, a suit's counter of 3 or more sets its top bit (5 cards: at
  // most one suit's), bit 4 * suit + 3; with none, the bit above the
  // counters (16 + 3) gives 16. Without branches: whether a suit holds three
  // board cards is a coin toss that a branch would often mispredict.
  const unsigned three_or_more = (suits + 0x5555) & 0x8888;
  flush_shift_ = std::countr_zero(three_or_more | 0x80000u) - 3;
  flush_ranks_ = static_cast<std::uint16_t>(detail::lane_ranks(detail::five_lanes(board), (flush_shift_ / 4) & 3));
}

unsigned OmahaBoard::best_flush(const Card* hole, int hole_count) const {
  const int suit = flush_shift_ / 4;
  unsigned best = 0;
  for (int i = 0; i < hole_count; ++i) {
    if (suit_of(hole[i]) != suit) continue;
    for (int j = i + 1; j < hole_count; ++j) {
      if (suit_of(hole[j]) != suit) continue;
      const unsigned pair = (1u << rank_of(hole[i])) | (1u << rank_of(hole[j]));
      for (unsigned a = flush_ranks_; a != 0; a &= a - 1) {
        for (unsigned b = a & (a - 1); b != 0; b &= b - 1) {
          for (unsigned c = b & (b - 1); c != 0; c &= c - 1) {
            const unsigned triple = lowest_bit(a) | lowest_bit(b) | lowest_bit(c);
            best = std::max<unsigned>(best, detail::flush_values[triple | pair]);
          }
        }
      }
    }
  }
  return best;
}

LowValue omaha_low(const Card* board, const Card* hole, int hole_count) {
  unsigned board_ranks = 0;
  for (int i = 0; i < kOmahaBoardCards; ++i) board_ranks |= detail::kLowRankBit[board[i]];
  unsigned hole_ranks = 0;
  for (int i = 0; i < hole_count; ++i) hole_ranks |= detail::kLowRankBit[hole[i]];
  return low_table()[board_ranks * 256 + hole_ranks];
}

HandValue OmahaBoard::high_of_any(const Card* hole, int hole_count) const {
  unsigned best = best_flush(hole, hole_count);
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      best = std::max<unsigned>(best, pair_values_[kRankCount * rank_of(hole[i]) + rank_of(hole[j])]);
    }
  }
  return HandValue(static_cast<std::uint16_t>(best));
}

}  // namespace poker
