// The 7-card lookup evaluator and evaluate(CardMask).
//
// Scheme (in the spirit of OMPEval; keys, hash and tables are our own):
//
//   * Every card has a 64-bit key: its rank's key in the low 32 bits, plus 1
//     in its suit's 4-bit counter at bit 32 + 4 * suit. A Hand keeps the sum
//     of its cards' keys, starting from counters of 3, and the CardMask.
//   * The rank keys (engine/src/eval/rank_hash_generated.h, found offline by
//     scripts/generate_rank_keys.cpp) give every multiset of at most 7 ranks,
//     at most 4 of each, a distinct sum, so the low half of the key names the
//     hand's ranks. A row-displacement perfect hash maps those 76,155 sums into
//     rank_values (87,462 entries): index = 2 * rank_hash_rows[key & 8191] + (key >> 13),
//     the row bases being even and stored halved in 16 bits.
//   * A suit with 5 or more cards lifts its counter from 3 to 8 or more, setting
//     the counter's top bit (kFlushBits). With at most 7 cards at most one suit
//     can, and a flush then rules out quads and full houses, so the hand is the
//     best flush or straight flush in that suit: flush_values[its 13-bit rank
//     mask] (8,192 entries).
//
// Tables: rank_values 178,038 bytes (87,462 values, then the zeros of
// kRankValueSlots), rank_hash_rows 16,384, flush_values
// 16,384, card_key_rows 832 (card_keys, first_card_keys), lane_bits (evaluate7's
// flush path) 416: 212,054 bytes in all. rank_values and flush_values are
// filled by a static initializer before main() (milliseconds: it enumerates
// every rank multiset once); everything else is constant-initialized.
#include <array>
#include <cstdint>
#include <string_view>

#include "eval/hand_rules.h"
#include "eval/rank_hash_generated.h"
#include "poker/evaluator.h"

namespace poker {
namespace detail {

static_assert(kRankHashShift == rank_hash::kShift, "regenerate or update poker/detail/evaluator_tables.h");
static_assert(rank_hash_rows.size() == rank_hash::kHalfOffsets.size());
static_assert(kRankValueCount == rank_hash::kTableSize, "regenerate or update poker/detail/evaluator_tables.h");

namespace {

constexpr std::array<std::uint64_t, kCardCount> make_card_keys() {
  std::array<std::uint64_t, kCardCount> keys{};
  for (int card = 0; card < kCardCount; ++card) {
    keys[card] = rank_hash::kKeys[rank_of(static_cast<Card>(card))] +
                 (std::uint64_t{1} << (32 + 4 * suit_of(static_cast<Card>(card))));
  }
  return keys;
}

}  // namespace

alignas(64) constinit const std::array<std::array<std::uint64_t, kCardCount>, 2> card_key_rows = [] {
  std::array<std::array<std::uint64_t, kCardCount>, 2> rows{make_card_keys(), make_card_keys()};
  for (auto& key : rows[1]) key += kEmptyHandKey;
  return rows;
}();
alignas(64) constinit const std::array<std::uint16_t, std::size_t{1} << kRankHashShift> rank_hash_rows =
    rank_hash::kHalfOffsets;

namespace {

constexpr std::array<std::uint64_t, kCardCount> make_lane_bits() {
  std::array<std::uint64_t, kCardCount> bits{};
  for (int card = 0; card < kCardCount; ++card) {
    bits[card] = std::uint64_t{1} << (16 * suit_of(static_cast<Card>(card)) + rank_of(static_cast<Card>(card)));
  }
  return bits;
}

}  // namespace

alignas(64) constinit const std::array<std::uint64_t, kCardCount> lane_bits = make_lane_bits();

namespace {

using RankValues = std::array<std::uint16_t, kRankValueSlots>;
using FlushValues = std::array<std::uint16_t, 1 << kRankCount>;

// Every multiset of ranks `rank`.. completing `counts` to at most 7 cards.
void fill_rank_values(int rank, int cards, std::uint32_t key, rules::RankCounts& counts, RankValues& values) {
  if (rank == kRankCount) {
    if (cards >= 5) values[rank_index(key)] = rules::value_of(rules::rank_choice(counts));
    return;
  }
  const rules::RankCounts saved = counts;
  const rules::RankMask b = rules::bit(rank);
  for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
    if (n >= 1) counts.any |= b;
    if (n >= 2) counts.two |= b;
    if (n >= 3) counts.three |= b;
    if (n >= 4) counts.four |= b;
    fill_rank_values(rank + 1, cards + n, key + n * rank_hash::kKeys[rank], counts, values);
  }
  counts = saved;
}

RankValues make_rank_values() {
  RankValues values{};
  rules::RankCounts counts;
  fill_rank_values(0, 0, 0, counts, values);
  return values;
}

FlushValues make_flush_values() {
  FlushValues values{};
  for (rules::RankMask m = 0; m <= rules::kAllRanks; ++m) {
    values[m] = std::popcount(m) >= 5 ? rules::value_of(rules::flush_choice(m, 0)) : 0;
  }
  return values;
}

}  // namespace

// Too large to compute at compile time in reasonable time; const after their
// dynamic initialisation, so no user can write them.
alignas(64) const RankValues rank_values = make_rank_values();
alignas(64) const FlushValues flush_values = make_flush_values();

}  // namespace detail

std::string_view category_name(Category category) {
  switch (category) {
    case Category::kStraightFlush: return "Straight flush";
    case Category::kFourOfAKind: return "Four of a kind";
    case Category::kFullHouse: return "Full house";
    case Category::kFlush: return "Flush";
    case Category::kStraight: return "Straight";
    case Category::kThreeOfAKind: return "Three of a kind";
    case Category::kTwoPair: return "Two pair";
    case Category::kPair: return "Pair";
    case Category::kHighCard: return "High card";
  }
  return "?";
}

HandValue evaluate(CardMask cards) {
  // The cards counted as they are added (a generic x86-64 build has no
  // popcount instruction: std::popcount is a library call there).
  Hand hand;
  int count = 0;
  for (CardMask rest = cards; rest != 0; rest &= rest - 1) {
    if (++count > 7) return HandValue(rules::value_of(rules::best_choice(rules::suits_of(cards))));
    hand.add(static_cast<Card>(std::countr_zero(rest)));
  }
  return hand.evaluate();
}

}  // namespace poker
