#include "formats/holdem2_kernel.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "poker/evaluator.h"

#if defined(__x86_64__) || defined(__i386__)
#define POKER_X86_SIMD 1
#include <immintrin.h>
#endif

namespace poker::simd {
namespace {

#if defined(POKER_X86_SIMD)

// The layout: hole cards 0..3, then the board's five, 3 bytes a card. The
// kernel loads bytes 0..15 (the hole cards) and 11..26 (the board), the
// halves of the layout's one BlockPair.
constexpr std::size_t kHoleCards = 4;
constexpr std::size_t kCards = 9;
constexpr std::size_t kBytes = 3 * kCards;
constexpr std::size_t kSecondHalf = 11;
// A shuffle index that gives 0. A card's byte is (rank + 1) << 3 | suit:
// never 0, bit 2 and bit 7 clear.
constexpr std::uint8_t kNone = 0x80;
// The equality comparisons of a row with shuffles of itself that meet
// every pair of its nine cards.
constexpr std::size_t kPairShuffles = 3;

// The kernel's constant vectors (see the file comment of holdem2_kernel.h).
// An instance's row is one 16-byte lane: byte p holds card p (p < 9), then
// card p - 9. The loop works on two instances at once, one a lane, so
// every table is the same in both lanes.
struct alignas(32) Tables {
  // Bytes 0..15's hashes blended with bytes 11..26's (at offsets 1 mod 3
  // the board's ranks and the hole cards' suits meet, so one blend for the
  // ranks, one for the suits): the bytes from the board, 0xFF.
  std::array<std::uint8_t, 32> board_ranks;
  std::array<std::uint8_t, 32> board_suits;
  // Row byte p's offset in those blends: of its card's rank, of its suit.
  std::array<std::uint8_t, 32> rank_gather;
  std::array<std::uint8_t, 32> suit_gather;
  // The row byte (card) that row byte p meets, kNone where none: each pair
  // of the nine cards at a byte of one of its cards, in one of the three.
  std::array<std::array<std::uint8_t, 32>, kPairShuffles> pairs;
  // The row to [board, player 1's holes, pad, board, player 2's holes,
  // pad]: one 8-byte group per player. A pad is 0: a rank of 0, which no key
  // table holds.
  std::array<std::uint8_t, 32> groups;
  // By rank + 1: byte b of its key (the keys are below 2^24).
  std::array<std::array<std::uint8_t, 32>, 3> key_bytes;
  // By a card byte's low nibble (suit, and a bit of the rank): 4-bit suit
  // counters, suits 0 and 1, then suits 2 and 3.
  std::array<std::array<std::uint8_t, 32>, 2> suit_counts;
  // The second operands of the suits' sums of absolute differences: 3 more
  // than the pad's byte, the counters' start (a suit of five or more then
  // sets a counter's top bit).
  std::array<std::array<std::uint8_t, 32>, 2> suit_base;
  // By rank + 1: the low byte of 1 << rank, then the high byte.
  std::array<std::array<std::uint8_t, 32>, 2> rank_bits;
  // By a card byte's low nibble: the top bit of its suit's counter, in the
  // byte of suits 0 and 1, then of suits 2 and 3.
  std::array<std::array<std::uint8_t, 32>, 2> top_bits;
  // Each 8-byte group to the low byte of its 64-bit lane (a sum of absolute
  // differences' low byte).
  std::array<std::uint8_t, 32> spread;
};

std::uint8_t key_byte(int rank, std::size_t byte) {
  const auto key = static_cast<std::uint32_t>(detail::card_keys[make_card(rank, 0)]);
  return static_cast<std::uint8_t>(key >> (8 * byte));
}

// The card at row byte `position`.
constexpr std::size_t card_at(std::size_t position) { return position < kCards ? position : position - kCards; }

Tables make_tables() {
  Tables t{};
  for (std::size_t half = 0; half < 2; ++half) {
    for (std::size_t position = 0; position < 16; ++position) {
      const std::size_t card = card_at(position);
      const std::size_t offset = card < kHoleCards ? 3 * card : 3 * card - kSecondHalf;
      t.rank_gather[16 * half + position] = static_cast<std::uint8_t>(offset);
      t.suit_gather[16 * half + position] = static_cast<std::uint8_t>(offset + 1);
      if (card >= kHoleCards) t.board_ranks[16 * half + offset] = t.board_suits[16 * half + offset + 1] = 0xFF;
    }
  }
  // Each pair at the first free byte of either of its cards: cards 0..6
  // have two bytes in each of the three comparisons, cards 7 and 8 one, 48
  // in all for the 36 pairs (Holdem2Kernel.EveryRepeatedCardIsRejected).
  for (auto& pairs : t.pairs) pairs.fill(kNone);
  for (std::size_t first = 0; first < kCards; ++first) {
    for (std::size_t second = first + 1; second < kCards; ++second) {
      bool placed = false;
      for (std::size_t k = 0; k < kPairShuffles && !placed; ++k) {
        for (std::size_t position = 0; position < 16 && !placed; ++position) {
          const std::size_t card = card_at(position);
          if (t.pairs[k][position] != kNone || (card != first && card != second)) continue;
          const auto other = static_cast<std::uint8_t>(card == first ? second : first);
          t.pairs[k][position] = t.pairs[k][16 + position] = other;
          placed = true;
        }
      }
    }
  }
  for (std::size_t half = 0; half < 2; ++half) {
    for (std::size_t player = 0; player < 2; ++player) {
      std::uint8_t* const group = &t.groups[16 * half + 8 * player];
      for (std::size_t i = 0; i < 5; ++i) group[i] = static_cast<std::uint8_t>(kHoleCards + i);
      group[5] = static_cast<std::uint8_t>(2 * player);
      group[6] = static_cast<std::uint8_t>(2 * player + 1);
      group[7] = kNone;
    }
    for (int rank = 0; rank < kRankCount; ++rank) {
      const std::size_t slot = 16 * half + static_cast<std::size_t>(rank) + 1;
      for (std::size_t byte = 0; byte < t.key_bytes.size(); ++byte) t.key_bytes[byte][slot] = key_byte(rank, byte);
      t.rank_bits[0][slot] = static_cast<std::uint8_t>(1u << rank);
      t.rank_bits[1][slot] = static_cast<std::uint8_t>((1u << rank) >> 8);
    }
    for (std::size_t nibble = 0; nibble < 16; ++nibble) {
      const std::size_t suit = nibble & 3;
      t.suit_counts[suit / 2][16 * half + nibble] = static_cast<std::uint8_t>(1u << (4 * (suit % 2)));
      t.top_bits[suit / 2][16 * half + nibble] = static_cast<std::uint8_t>(8u << (4 * (suit % 2)));
    }
    for (std::size_t i = 0; i < 16; ++i) t.spread[16 * half + i] = static_cast<std::uint8_t>(i / 8 * 8);
    for (std::size_t suits = 0; suits < 2; ++suits) {
      for (const std::size_t pad : {std::size_t{7}, std::size_t{15}}) {
        t.suit_base[suits][16 * half + pad] = static_cast<std::uint8_t>(t.suit_counts[suits][16 * half] + 0x33);
      }
    }
  }
  return t;
}

// The card tables are constant-initialised (poker/detail/evaluator_tables.h):
// they are ready before this runs.
const Tables kTables = make_tables();

__attribute__((target("avx2"))) inline __m256i load32(const std::uint8_t* aligned) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(aligned));
}

__attribute__((target("avx2"))) inline __m256i both_halves(const std::uint8_t* aligned) {
  return _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(aligned)));
}

// A block of the layout, bytes 0..15 or 11..26 of each of two instances
// (one a lane): where its suits and separators stand, and the separators.
struct Block {
  __m256i suit_positions;
  __m256i separators;
  __m256i image;
};

// The front of the decode loop: the alphabet's vectors and the two blocks.
struct Front {
  __m256i hash_table;
  __m256i rank_chars;
  __m256i suit_chars;
  __m256i rank_bytes;
  __m256i suit_bytes;
  __m256i nibble;
  __m256i board_ranks;  // kTables' vectors of the same names
  __m256i board_suits;
  __m256i rank_gather;
  __m256i suit_gather;
  Block holes;     // bytes 0..15
  Block board;     // bytes 11..26
  __m256i lowest;  // the byte of the lowest valid card, in every byte
};

__attribute__((target("avx2"), always_inline)) inline __m256i load_lanes(const char* low, const char* high) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(low))),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i*>(high)), 1);
}

// The block `x` of two instances checked into `valid` (0 in a byte that is
// not as the layout expects), and the hash of each of its bytes.
__attribute__((target("avx2"), always_inline)) inline __m256i block_hashes(const Front& f, const Block& block,
                                                                           __m256i x, __m256i& valid) {
  // The hash of canonical_decoder.h; its low nibble is x's XOR the high
  // nibble's hash, and bit 7 x's own (a shuffle by it gives 0, no card).
  const __m256i hash =
      _mm256_xor_si256(x, _mm256_shuffle_epi8(f.hash_table, _mm256_and_si256(_mm256_srli_epi16(x, 4), f.nibble)));
  const __m256i chars = _mm256_blendv_epi8(_mm256_shuffle_epi8(f.rank_chars, hash),
                                           _mm256_shuffle_epi8(f.suit_chars, hash), block.suit_positions);
  valid = _mm256_and_si256(valid, _mm256_cmpeq_epi8(_mm256_blendv_epi8(chars, block.image, block.separators), x));
  return hash;
}

// The rows of two instances from their blocks' hashes. The hashes of the
// nine ranks fit one blend of the blocks, and those of the nine suits
// another: gathered into row bytes, each is mapped once for both blocks.
__attribute__((target("avx2"), always_inline)) inline __m256i rows_of(const Front& f, __m256i holes, __m256i board) {
  const __m256i ranks = _mm256_shuffle_epi8(_mm256_blendv_epi8(holes, board, f.board_ranks), f.rank_gather);
  const __m256i suits = _mm256_shuffle_epi8(_mm256_blendv_epi8(holes, board, f.board_suits), f.suit_gather);
  return _mm256_add_epi8(_mm256_shuffle_epi8(f.rank_bytes, ranks), _mm256_shuffle_epi8(f.suit_bytes, suits));
}

// Row bytes equal to the bytes `pairs` names (0xFF): a card twice.
__attribute__((target("avx2"), always_inline)) inline __m256i meets(__m256i rows,
                                                                    const std::array<std::uint8_t, 32>& pairs) {
  return _mm256_cmpeq_epi8(rows, _mm256_shuffle_epi8(rows, load32(pairs.data())));
}

// Per 8-byte group of `indices`, the sum of |table[index] - base| over its
// bytes, in the low 16 bits of each 64-bit lane.
__attribute__((target("avx2"), always_inline)) inline __m256i lane_sums(const std::array<std::uint8_t, 32>& table,
                                                                        __m256i indices, __m256i base) {
  return _mm256_sad_epu8(_mm256_shuffle_epi8(load32(table.data()), indices), base);
}

// The players' flush masks of a pair of instances (one a lane) where a
// suit counter shows a flush (about 1 deal in 20), into masks[0] and
// masks[1]: the rank bits of a player's flush suit, 0 for a player who holds
// none. Returns which of the two hold one (bit 0: the first). The masks are
// looked up in flush_values only once the group decodes valid, for the
// instances that hold one: here their four lookups would miss L1 on the
// path of a mispredicted branch, for one flush a pair. Inline: a call would
// make the loop keep its vectors in memory (every vector register is the
// caller's to save).
__attribute__((target("avx2"), always_inline)) inline unsigned take_flushes(__m256i cards, __m256i ranks,
                                                                            __m256i low_suits, __m256i high_suits,
                                                                            std::array<std::uint64_t, 2>* masks) {
  // At each card, its suit's counter's top bit: set for a suit of five or
  // more, which a player holds at most one of.
  const __m256i zero = _mm256_setzero_si256();
  const __m256i spread = load32(kTables.spread.data());
  const __m256i top = _mm256_or_si256(_mm256_and_si256(_mm256_shuffle_epi8(low_suits, spread),
                                                       _mm256_shuffle_epi8(load32(kTables.top_bits[0].data()), cards)),
                                      _mm256_and_si256(_mm256_shuffle_epi8(high_suits, spread),
                                                       _mm256_shuffle_epi8(load32(kTables.top_bits[1].data()), cards)));
  const __m256i other_suit = _mm256_cmpeq_epi8(top, zero);
  // The rank bits of the player's cards of that suit, added (distinct ranks
  // when the cards are distinct) per player and byte: 0 for a player with
  // no flush, whose flush value is 0.
  const __m256i low_bits =
      _mm256_andnot_si256(other_suit, _mm256_shuffle_epi8(load32(kTables.rank_bits[0].data()), ranks));
  const __m256i high_bits =
      _mm256_andnot_si256(other_suit, _mm256_shuffle_epi8(load32(kTables.rank_bits[1].data()), ranks));
  const __m256i lanes =
      _mm256_or_si256(_mm256_sad_epu8(low_bits, zero), _mm256_slli_epi64(_mm256_sad_epu8(high_bits, zero), 8));
  _mm256_store_si256(reinterpret_cast<__m256i*>(masks->data()), lanes);
  const auto none = static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(lanes, zero))));
  return static_cast<unsigned>((none & 3) != 3) | static_cast<unsigned>((none >> 2) != 3) << 1;
}

// The back half's vectors.
struct Back {
  __m256i zero;
  __m256i flush_bits;    // the counters' top bits, per 64-bit lane
  __m256i index_shifts;  // rank_index()'s parts of a key: shifted right,
  __m256i index_masks;   // then masked, per 32-bit lane
};

// Decodes the instances at `first` and `second` into `valid`, parts[0],
// parts[1] (rank_index()'s parts of each player's key: row, rest, row,
// rest) and, where a player holds a flush, masks[0], masks[1] (see
// take_flushes()). Returns which of the two hold a flush (bit 0: the
// first). kRefusesLow: a card below front.lowest is not valid (without it,
// every card is).
template <bool kRefusesLow>
__attribute__((target("avx2,bmi2"), always_inline)) inline unsigned decode_pair(const Front& front, const Back& back,
                                                                                const char* first, const char* second,
                                                                                __m256i& valid,
                                                                                std::array<std::uint32_t, 4>* parts,
                                                                                std::array<std::uint64_t, 2>* masks) {
  const __m256i rows =
      rows_of(front, block_hashes(front, front.holes, load_lanes(first, second), valid),
              block_hashes(front, front.board, load_lanes(first + kSecondHalf, second + kSecondHalf), valid));
  const __m256i repeated = _mm256_or_si256(
      _mm256_or_si256(meets(rows, kTables.pairs[0]), meets(rows, kTables.pairs[1])), meets(rows, kTables.pairs[2]));
  valid = _mm256_andnot_si256(repeated, valid);
  // Every byte of a row is a card (valid ones are below 0x80: a signed
  // comparison orders them).
  if constexpr (kRefusesLow) valid = _mm256_andnot_si256(_mm256_cmpgt_epi8(front.lowest, rows), valid);
  const __m256i cards = _mm256_shuffle_epi8(rows, load32(kTables.groups.data()));
  // Shifted right by 3 (as 16-bit lanes), a card byte's low nibble is its
  // rank + 1, and bit 7 clear (bit 2 of every card byte is).
  const __m256i ranks = _mm256_srli_epi16(cards, 3);
  // Each player's key, the sum of its seven cards' key bytes per byte.
  const __m256i keys =
      _mm256_add_epi64(_mm256_add_epi64(lane_sums(kTables.key_bytes[0], ranks, back.zero),
                                        _mm256_slli_epi64(lane_sums(kTables.key_bytes[1], ranks, back.zero), 8)),
                       _mm256_slli_epi64(lane_sums(kTables.key_bytes[2], ranks, back.zero), 16));
  _mm256_store_si256(
      reinterpret_cast<__m256i*>(parts->data()),
      _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi32(keys, 0xA0), back.index_shifts), back.index_masks));
  const __m256i low_suits = lane_sums(kTables.suit_counts[0], cards, load32(kTables.suit_base[0].data()));
  const __m256i high_suits = lane_sums(kTables.suit_counts[1], cards, load32(kTables.suit_base[1].data()));
  if (_mm256_testz_si256(_mm256_or_si256(low_suits, high_suits), back.flush_bits)) [[likely]]
    return 0;
  return take_flushes(cards, ranks, low_suits, high_suits, masks);
}

// A group's player values, instance 3 * t + p at [p][t]: three instances
// in a row then meet in one lane of three vectors, and the verdicts of a
// triple add up to its index in TripleLines.
constexpr std::size_t kTriples = (kHoldem2Group + 2) / 3;
constexpr std::size_t kLanes = 16;
static_assert(kTriples <= kLanes);
constexpr std::size_t slot_of(std::size_t instance) { return instance % 3 * kLanes + instance / 3; }
struct alignas(32) GroupValues {
  std::array<std::uint16_t, 3 * kLanes> first;
  std::array<std::uint16_t, 3 * kLanes> second;
};
// slot_of() of each instance of a group, for the few looked up out of order.
constexpr std::array<std::uint8_t, kHoldem2Group> kSlots = [] {
  std::array<std::uint8_t, kHoldem2Group> slots{};
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = static_cast<std::uint8_t>(slot_of(i));
  return slots;
}();

// The answer lines of every three verdicts in a row: with lines of at most
// kMaxLine bytes, three of them fit one 32-byte store, which writes three
// answers where copying them slot by slot takes three stores and three
// dependent advances.
class TripleLines {
 public:
  static constexpr std::size_t kEntry = 32;
  static constexpr int kEntryShift = 5;
  static_assert(kEntry == std::size_t{1} << kEntryShift);
  // An entry's last two bytes hold the length of its first two lines and of
  // all three.
  static constexpr std::size_t kTwoLinesSize = kEntry - 2;
  static constexpr std::size_t kThreeLinesSize = kEntry - 1;
  static constexpr std::size_t kMaxLine = kTwoLinesSize / 3;

  // REQUIRES: lines[0..2] hold at most kMaxLine bytes each.
  void build(const AnswerLine* lines) {
    for (std::size_t triple = 0; triple < entries_.size(); ++triple) {
      std::array<char, kEntry>& entry = entries_[triple];
      entry.fill(0);
      const std::array<std::size_t, 3> verdicts = {triple / 9, triple / 3 % 3, triple % 3};
      std::size_t size = 0;
      for (std::size_t line = 0; line < verdicts.size(); ++line) {
        if (line == 2) entry[kTwoLinesSize] = static_cast<char>(size);
        size += lines[verdicts[line]].text().copy(entry.data() + size, kMaxLine);
      }
      entry[kThreeLinesSize] = static_cast<char>(size);
    }
  }

  // Writes the lines of the triple whose entry starts `offset` bytes in (its
  // index, 9 * first verdict + 3 * second + third, times kEntry) at `at`,
  // and returns the end of the text of its first two lines (kSize:
  // kTwoLinesSize) or of all three (kThreeLinesSize). REQUIRES: room for
  // kEntry bytes at `at`.
  template <std::size_t kSize = kThreeLinesSize>
  __attribute__((target("avx2"))) char* copy_to(std::uint16_t offset, char* at) const {
    const char* const entry = entries_[0].data() + offset;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(at), _mm256_load_si256(reinterpret_cast<const __m256i*>(entry)));
    return at + static_cast<unsigned char>(entry[kSize]);
  }

 private:
  alignas(kEntry) std::array<std::array<char, kEntry>, 27> entries_{};
};

// The triples of `lines` (the 2-player lines: 0, 1 and 2), or nullptr where
// a line is too long for them. Each thread keeps those of the lines it last
// saw, compared slot by slot: a call judges a few hundred instances, and
// building the table takes about as many instructions. Inlined into each of
// the judges: a call costs more than the check.
__attribute__((always_inline)) inline const TripleLines* triple_lines_of(const AnswerLine* lines) {
  struct Cache {
    std::array<AnswerLine, 3> lines;
    bool built = false;
    TripleLines triples;
  };
  thread_local Cache cache;
  // Whole slots compared: equal slots hold equal lines.
  if (!cache.built || std::memcmp(cache.lines.data(), lines, sizeof(cache.lines)) != 0) {
    for (std::size_t verdict = 0; verdict < 3; ++verdict) {
      if (lines[verdict].size > TripleLines::kMaxLine) return nullptr;
    }
    std::copy_n(lines, 3, cache.lines.begin());
    cache.triples.build(lines);
    cache.built = true;
  }
  return &cache.triples;
}

// A group's verdicts, two_player_verdict() of each instance's values, in
// the layout of GroupValues; and by triple, its entry's offset in
// TripleLines.
struct alignas(32) Verdicts {
  std::array<std::uint16_t, 3 * kLanes> of;
  std::array<std::uint16_t, kLanes> triples;
};

__attribute__((target("avx2"), always_inline)) inline void find_verdicts(const GroupValues& values,
                                                                         Verdicts& verdicts) {
  const __m256i zero = _mm256_setzero_si256();
  __m256i triple = zero;
  for (std::size_t p = 0; p < 3; ++p) {
    const __m256i first = _mm256_load_si256(reinterpret_cast<const __m256i*>(&values.first[p * kLanes]));
    const __m256i second = _mm256_load_si256(reinterpret_cast<const __m256i*>(&values.second[p * kLanes]));
    // second >= first, plus second == first: a true comparison is -1.
    const __m256i at_least = _mm256_cmpeq_epi16(_mm256_max_epu16(first, second), second);
    const __m256i verdict = _mm256_sub_epi16(_mm256_sub_epi16(zero, at_least), _mm256_cmpeq_epi16(first, second));
    _mm256_store_si256(reinterpret_cast<__m256i*>(&verdicts.of[p * kLanes]), verdict);
    triple = _mm256_add_epi16(_mm256_add_epi16(triple, _mm256_slli_epi16(triple, 1)), verdict);
  }
  _mm256_store_si256(reinterpret_cast<__m256i*>(verdicts.triples.data()),
                     _mm256_slli_epi16(triple, TripleLines::kEntryShift));
}

// A card's byte in the rows, (rank + 1) << 3 | suit: in the order of the
// cards.
constexpr std::uint8_t card_byte(Card card) {
  return static_cast<std::uint8_t>((rank_of(card) + 1) << 3 | suit_of(card));
}

// The front of the decode loop for the alphabet `a`, the layout's pair of
// blocks and the lowest valid card.
__attribute__((target("avx2"), always_inline)) inline Front make_front(const Alphabet& a, const BlockPair& pair,
                                                                       Card lowest) {
  // rank_value is 4 * rank: (rank + 1) << 3 is twice it, plus 8.
  return Front{
      both_halves(a.hash),
      both_halves(a.rank_char),
      both_halves(a.suit_char),
      _mm256_add_epi8(_mm256_add_epi8(both_halves(a.rank_value), both_halves(a.rank_value)), _mm256_set1_epi8(8)),
      both_halves(a.suit_value),
      _mm256_set1_epi8(0x0F),
      load32(kTables.board_ranks.data()),
      load32(kTables.board_suits.data()),
      load32(kTables.rank_gather.data()),
      load32(kTables.suit_gather.data()),
      {both_halves(pair.suit_positions), both_halves(pair.separators), both_halves(pair.image)},
      {both_halves(pair.suit_positions + 16), both_halves(pair.separators + 16), both_halves(pair.image + 16)},
      _mm256_set1_epi8(static_cast<char>(card_byte(lowest)))};
}

__attribute__((target("avx2"), always_inline)) inline Back make_back() {
  // From a key k per 64-bit lane, rank_index()'s parts as 32-bit lanes:
  // its low bits (the row) and the rest.
  constexpr int kShift = detail::kRankHashShift;
  constexpr int kRowMask = (1 << kShift) - 1;
  return Back{_mm256_setzero_si256(), _mm256_set1_epi64x(0x88),
              _mm256_setr_epi32(0, kShift, 0, kShift, 0, kShift, 0, kShift),
              _mm256_setr_epi32(kRowMask, -1, kRowMask, -1, kRowMask, -1, kRowMask, -1)};
}

// What the decoding of a group leaves for its lookups: each instance's
// rank_index() parts, and the players' flush masks, 0 where a player has
// none, for the instances in the group's `flushed`. Seven cards with a
// flush hold no full house or four of a kind, so the flush beats the rank
// lookup's value of them (Holdem2Kernel.AFlushBeatsTheRankValueOfItsCards).
struct alignas(32) GroupParts {
  std::array<std::array<std::uint32_t, 4>, kHoldem2Group> parts;
  std::array<std::array<std::uint64_t, 2>, kHoldem2Group> masks;
};

// Decodes the `in_group` instances at `group` into `decoded` and `valid`;
// returns which of them hold a flush (bit i: instance i).
template <bool kRefusesLow>
__attribute__((target("avx2,bmi2"), always_inline)) inline std::uint32_t decode_group(
    const Front& front, const Back& back, const char* group, std::size_t in_group, __m256i& valid,
    GroupParts& decoded) {
  std::uint32_t flushed = 0;
  // Whole pairs; the loop's one count is the text's address.
  const char* const pairs_end = group + in_group / 2 * 2 * kBytes;
  auto* parts = decoded.parts.data();
  for (const char* first = group; first != pairs_end; first += 2 * kBytes, parts += 2) {
    const auto i = static_cast<std::size_t>(parts - decoded.parts.data());
    flushed |= decode_pair<kRefusesLow>(front, back, first, first + kBytes, valid, parts, &decoded.masks[i]) << i;
  }
  // An odd group's last, with a copy of itself (parts and masks have room
  // for the copy's).
  if (in_group % 2 != 0) {
    const std::size_t i = in_group - 1;
    flushed |=
        (decode_pair<kRefusesLow>(front, back, pairs_end, pairs_end, valid, &decoded.parts[i], &decoded.masks[i]) & 1)
        << i;
  }
  return flushed;
}

// A group that decoded valid: the rank lookups, rank_index() of each key
// (`rows`: the rank hash's rows, `values`: the game's rank values), in the
// layout of GroupValues, then the flushes (in game.flush_values: read there
// for the few groups with a flush, rather than held in a register that the
// loops need).
template <typename InGroup>
__attribute__((target("avx2"), always_inline)) inline void look_up(InGroup in_group, std::uint32_t flushed,
                                                                   const GroupParts& decoded, const std::uint16_t* rows,
                                                                   const std::uint16_t* values,
                                                                   const Holdem2Values& game, GroupValues& into) {
  const auto value_of = [&](std::size_t i, std::size_t player) -> std::uint16_t {
    return values[2u * rows[decoded.parts[i][2 * player]] + decoded.parts[i][2 * player + 1]];
  };
  const std::size_t triples = in_group / 3;
  // slot_of(3 * t + p), which the compiler does not see. Unrolled twice:
  // unrolled whole, the loop has GCC build the value vectors by inserting
  // each value, in more instructions than storing them.
#pragma GCC unroll 2
  for (std::size_t t = 0; t < triples; ++t) {
    for (std::size_t p = 0; p < 3; ++p) {
      into.first[p * kLanes + t] = value_of(3 * t + p, 0);
      into.second[p * kLanes + t] = value_of(3 * t + p, 1);
    }
  }
  for (std::size_t p = 0; p < in_group % 3; ++p) {
    into.first[p * kLanes + triples] = value_of(3 * triples + p, 0);
    into.second[p * kLanes + triples] = value_of(3 * triples + p, 1);
  }
  for (const std::uint16_t* const flushes = flushed != 0 ? game.flush_values : nullptr; flushed != 0;
       flushed &= flushed - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(flushed));
    std::uint16_t& first = into.first[kSlots[i]];
    std::uint16_t& second = into.second[kSlots[i]];
    first = static_cast<std::uint16_t>(std::max<unsigned>(first, flushes[decoded.masks[i][0] & 0x1FFF]));
    second = static_cast<std::uint16_t>(std::max<unsigned>(second, flushes[decoded.masks[i][1] & 0x1FFF]));
  }
}

// The verdicts of a group looked up, a vector at a time (into `verdicts`),
// then its lines at `out`, three in a store where `triple_lines` has them;
// returns their end.
template <typename InGroup>
__attribute__((target("avx2"), always_inline)) inline char* answer(InGroup in_group, const GroupValues& looked_up,
                                                                   const TripleLines* triple_lines,
                                                                   const AnswerLine* lines, Verdicts& verdicts,
                                                                   char* out) {
  find_verdicts(looked_up, verdicts);
  const std::size_t triples = in_group / 3;
  char* next = out;
  if (triple_lines != nullptr) [[likely]] {
    for (std::size_t t = 0; t < triples; ++t) next = triple_lines->copy_to(verdicts.triples[t], next);
    // A whole group ends with two instances: the entry's third line is
    // written too, within the room of the two, and overwritten by the
    // next group's answers or cut off.
    if (in_group % 3 == 2) {
      next = triple_lines->copy_to<TripleLines::kTwoLinesSize>(verdicts.triples[triples], next);
    } else if (in_group % 3 == 1) {
      next = lines[verdicts.of[slot_of(3 * triples)]].copy_to(next);
    }
  } else {
    for (std::size_t i = 0; i < in_group; ++i) next = lines[verdicts.of[kSlots[i]]].copy_to(next);
  }
  return next;
}

// The judge of judge_avx2(), with kRefusesLow as decode_pair()'s.
template <bool kRefusesLow>
__attribute__((target("avx2,bmi2"))) std::size_t judge_games(const char* text, std::size_t count, const Plan& plan,
                                                             const Alphabet& a, const Holdem2Values& game,
                                                             const AnswerLine* lines, char*& out) {
  const Front front = make_front(a, plan.pairs[0], game.lowest_card);
  const Back back = make_back();
  const std::uint16_t* rows = detail::rank_hash_rows.data();
  const std::uint16_t* values = game.rank_values;
  // Opaque to the compiler, so that it keeps the addresses in registers
  // rather than computing them again in the loop.
  asm("" : "+r"(rows), "+r"(values));
  // The checks of the instances judged, gathered: a failed check ends the
  // loop, so they need no reset at each group.
  __m256i valid = _mm256_set1_epi8(-1);
  const char* const end = text + count * kBytes;
  // A group in three loops. The rank lookups miss L1 (rank_values does not
  // fit it), and the answer lines' stores, at addresses that hang on the
  // lookups, stall the loads around them: so the loop that decodes the
  // group only stores the lookups' indices; the next looks the values up;
  // the last, once the next group is decoded and looked up, finds the
  // verdicts a vector at a time and writes the lines, three in a store.
  GroupParts decoded;
  // Two groups' values, one group's looked up while the group before it is
  // answered: its verdicts then wait on no lookup in flight. Zeroed once:
  // the lanes after a group's last instance are compared too.
  std::array<GroupValues, 2> group_values{};
  Verdicts verdicts;
  const TripleLines* const triple_lines = triple_lines_of(lines);
  // The group looked up and not answered yet: its instances (0 for none),
  // and its values. Each count a constant for a whole group (all but a
  // call's last), so that the loops unroll whole.
  std::size_t pending = 0;
  const GroupValues* pending_values = nullptr;
  const auto answer_pending = [&]() __attribute__((target("avx2"), always_inline)) {
    if (pending == kHoldem2Group) [[likely]] {
      out = answer(std::integral_constant<std::size_t, kHoldem2Group>{}, *pending_values, triple_lines, lines, verdicts,
                   out);
    } else if (pending != 0) {
      out = answer(pending, *pending_values, triple_lines, lines, verdicts, out);
    }
  };
  const char* group = text;  // the instances before, and their answers, count
  while (group != end) {
    const std::size_t in_group = std::min<std::size_t>(static_cast<std::size_t>(end - group) / kBytes, kHoldem2Group);
    const std::uint32_t flushed = decode_group<kRefusesLow>(front, back, group, in_group, valid, decoded);
    if (_mm256_movemask_epi8(valid) != -1) break;
    GroupValues& looked_up = group_values[pending_values == group_values.data() ? 1 : 0];
    if (in_group == kHoldem2Group) [[likely]] {
      look_up(std::integral_constant<std::size_t, kHoldem2Group>{}, flushed, decoded, rows, values, game, looked_up);
    } else {
      look_up(in_group, flushed, decoded, rows, values, game, looked_up);
    }
    answer_pending();
    pending = in_group;
    pending_values = &looked_up;
    group += in_group * kBytes;
  }
  answer_pending();
  return static_cast<std::size_t>(group - text) / kBytes;
}

// A deck from the 2 of clubs (hold'em's) has no card to refuse: its judge
// makes no comparison for it.
std::size_t judge_avx2(const char* text, std::size_t count, const Plan& plan, const Alphabet& a,
                       const Holdem2Values& game, const AnswerLine* lines, char*& out) {
  if (game.lowest_card == 0) return judge_games<false>(text, count, plan, a, game, lines, out);
  return judge_games<true>(text, count, plan, a, game, lines, out);
}

#endif  // POKER_X86_SIMD

}  // namespace

Holdem2Values holdem2_values() { return {detail::rank_values.data(), detail::flush_values.data(), 0}; }

Holdem2Judge holdem2_judge_for(DecodePath path) {
#if defined(POKER_X86_SIMD)
  if (path == DecodePath::kAvx2) return judge_avx2;
#endif
  static_cast<void>(path);
  return nullptr;
}

}  // namespace poker::simd
