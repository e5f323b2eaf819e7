// best_five: the five cards that make the hand, in explain order.
//
// The ranks of the best five, in explain order, depend on the hand's value
// alone (7,462 values, one rank multiset each): a table built once from the
// rules (rules::best_choice on one hand of each value) gives them after the
// evaluator's lookup. The rules themselves judge hands of more than 9 cards,
// where two suits may hold flushes and the better one must be found.
// Each rank then becomes a card: the flush's suit, or else the highest suit of
// that rank not yet taken (s > h > d > c), so a pair drawn from three cards of
// a rank takes the two highest suits and so does a kicker rank held twice.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "eval/hand_rules.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

using rules::RankMask;

// The five ranks of each value's hand, 4 bits each (the first lowest), by
// HandValue::raw().
using RanksByValue = std::vector<std::uint32_t>;

RanksByValue build_ranks_by_value() {
  RanksByValue ranks(std::size_t{9} << 12);
  const auto record = [&](const std::array<RankMask, 4>& suits) {
    const rules::Choice choice = rules::best_choice(suits);
    std::uint32_t packed = 0;
    for (int i = 0; i < 5; ++i) packed |= static_cast<std::uint32_t>(choice.ranks[i]) << (4 * i);
    ranks[rules::value_of(choice)] = packed;
  };
  // Every multiset of five ranks, each held at most four times: its k-th
  // card of a rank in suit k (five distinct ranks: the last in suit 1, no
  // flush), and, for five distinct ranks, all in one suit (the flushes).
  std::array<int, 5> r{};
  for (r[0] = 0; r[0] < 13; ++r[0])
    for (r[1] = r[0]; r[1] < 13; ++r[1])
      for (r[2] = r[1]; r[2] < 13; ++r[2])
        for (r[3] = r[2]; r[3] < 13; ++r[3])
          for (r[4] = r[3]; r[4] < 13; ++r[4]) {
            if (r[0] == r[4]) continue;  // five of a rank
            std::array<int, 13> held{};
            std::array<RankMask, 4> suits{};
            bool distinct = true;
            for (int i = 0; i < 5; ++i) {
              distinct = distinct && held[static_cast<std::size_t>(r[i])] == 0;
              suits[static_cast<std::size_t>(held[static_cast<std::size_t>(r[i])]++)] |= RankMask{1} << r[i];
            }
            if (!distinct) {
              record(suits);
              continue;
            }
            record({suits[0], 0, 0, 0});
            record({suits[0] & ~(RankMask{1} << r[4]), RankMask{1} << r[4], 0, 0});
          }
  return ranks;
}

const RanksByValue ranks_by_value = build_ranks_by_value();

// The number of bits set, inline: a generic x86-64 build has no popcount
// instruction, and std::popcount is a library call there.
constexpr int bits_set(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555;
  x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F;
  return static_cast<int>((x * 0x0101010101010101) >> 56);
}

// The suit holding five cards or more. REQUIRES: there is one.
int flush_suit(CardMask cards) {
  int suit = 0;
  while (bits_set(cards & suit_cards(suit)) < 5) ++suit;
  return suit;
}

// Each rank becomes a card: the flush's suit (suit >= 0), or else the
// highest suit of that rank not yet taken.
BestFive cards_of(CardMask cards, HandValue value, const std::array<int, 5>& ranks, int suit) {
  BestFive best{value, {}};
  CardMask left = cards;
  for (std::size_t i = 0; i < 5; ++i) {
    const int rank = ranks[i];
    Card card;
    if (suit >= 0) {
      card = make_card(rank, suit);
    } else {
      const CardMask of_rank = left & (CardMask{0xF} << (4 * rank));
      card = static_cast<Card>(63 - std::countl_zero(of_rank));  // highest suit
    }
    left &= ~mask_of(card);
    best.cards[i] = card;
  }
  return best;
}

}  // namespace

BestFive best_five(CardMask cards, HandValue value) {
  const std::uint32_t packed = ranks_by_value[value.raw()];
  std::array<int, 5> ranks;
  for (std::size_t i = 0; i < 5; ++i) ranks[i] = static_cast<int>(packed >> (4 * i)) & 15;
  const bool flush = value.category() == Category::kFlush || value.category() == Category::kStraightFlush;
  return cards_of(cards, value, ranks, flush ? flush_suit(cards) : -1);
}

BestFive best_five(CardMask cards) {
  const int count = bits_set(cards);
  if (count < 5) return BestFive{};
  if (count <= 9) return best_five(cards, evaluate(cards));  // at most one suit holds a flush
  const rules::Choice choice = rules::best_choice(rules::suits_of(cards));
  return cards_of(cards, HandValue(rules::value_of(choice)), choice.ranks, choice.suit);
}

}  // namespace poker
