// The rules of poker, judged constructively from rank masks (internal).
//
// Shared by the table builder (evaluator.cpp), evaluate() for more than 7
// cards, and best_five(). Nothing here enumerates card subsets: a set of any
// size is summarised as per-suit rank masks and "ranks held at least n times"
// masks, and the best hand is read off those from the top category down.
//
// A Choice is a best hand as its category, its five ranks in explain order
// (quads: q q q q k; full house: t t t p p; two pair: p p q q k; straights
// from the top down, the wheel as 5 4 3 2 A; flush and high card high to
// low), and for flushes and straight flushes the suit. value_of() turns a
// Choice into the HandValue's (category << 12) | rank-within-category.
#ifndef POKER_ENGINE_EVAL_HAND_RULES_H_
#define POKER_ENGINE_EVAL_HAND_RULES_H_

#include <array>
#include <bit>
#include <cstdint>

#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker::rules {

using RankMask = std::uint32_t;  // bit r: rank r (0 = deuce .. 12 = ace)

inline constexpr RankMask kAllRanks = 0x1FFF;

constexpr int highest(RankMask m) { return 31 - std::countl_zero(m); }
constexpr RankMask bit(int rank) { return RankMask{1} << rank; }

// The n highest ranks of m (all of m if it has fewer).
constexpr RankMask top_ranks(RankMask m, int n) {
  RankMask out = 0;
  for (int i = 0; i < n && m != 0; ++i) {
    const RankMask b = bit(highest(m));
    out |= b;
    m &= ~b;
  }
  return out;
}

// The top rank of the best straight in m, or -1. The wheel's top is 3 (a five).
constexpr int straight_top(RankMask m) {
  const RankMask w = (m << 1) | ((m >> 12) & 1);  // bit 0: the ace played low
  const RankMask runs = w & (w >> 1) & (w >> 2) & (w >> 3) & (w >> 4);
  return runs == 0 ? -1 : highest(runs) + 3;  // run starting at bit j tops at rank j + 3
}

// How many ranks each card set holds, by multiplicity.
struct RankCounts {
  RankMask any = 0;    // held at least once
  RankMask two = 0;    // at least twice
  RankMask three = 0;  // at least three times
  RankMask four = 0;   // four times
};

constexpr RankCounts counts_of_suits(const std::array<RankMask, 4>& s) {
  RankCounts c;
  c.any = s[0] | s[1] | s[2] | s[3];
  c.four = s[0] & s[1] & s[2] & s[3];
  c.three = (s[0] & s[1] & (s[2] | s[3])) | (s[2] & s[3] & (s[0] | s[1]));
  c.two = (s[0] & (s[1] | s[2] | s[3])) | (s[1] & (s[2] | s[3])) | (s[2] & s[3]);
  return c;
}

struct Choice {
  Category category = Category::kHighCard;
  int suit = -1;  // the flush's suit, for flushes and straight flushes
  std::array<int, 5> ranks{};
};

constexpr Choice straight_choice(Category category, int top, int suit) {
  Choice c{category, suit, {}};
  for (int i = 0; i < 5; ++i) c.ranks[i] = top - i < 0 ? 12 : top - i;  // wheel: ace last
  return c;
}

// Fills ranks[from..from+n) with m's n highest ranks, high to low.
constexpr void put_descending(Choice& c, int from, RankMask m, int n) {
  for (int i = 0; i < n; ++i) {
    const int r = highest(m);
    c.ranks[from + i] = r;
    m &= ~bit(r);
  }
}

constexpr void put_group(Choice& c, int from, int rank, int n) {
  for (int i = 0; i < n; ++i) c.ranks[from + i] = rank;
}

// The best hand that ignores suits (everything but flushes and straight
// flushes), for a set of at least 5 cards.
constexpr Choice rank_choice(const RankCounts& k) {
  Choice c;
  if (k.four != 0) {
    const int q = highest(k.four);
    c.category = Category::kFourOfAKind;
    put_group(c, 0, q, 4);
    c.ranks[4] = highest(k.any & ~bit(q));
    return c;
  }
  if (k.three != 0) {
    const int t = highest(k.three);
    const RankMask pairs = k.two & ~bit(t);
    if (pairs != 0) {
      c.category = Category::kFullHouse;
      put_group(c, 0, t, 3);
      put_group(c, 3, highest(pairs), 2);
      return c;
    }
  }
  if (const int top = straight_top(k.any); top >= 0) {
    return straight_choice(Category::kStraight, top, -1);
  }
  if (k.three != 0) {
    const int t = highest(k.three);
    c.category = Category::kThreeOfAKind;
    put_group(c, 0, t, 3);
    put_descending(c, 3, k.any & ~bit(t), 2);
    return c;
  }
  if (std::popcount(k.two) >= 2) {
    const int p = highest(k.two);
    const int q = highest(k.two & ~bit(p));
    c.category = Category::kTwoPair;
    put_group(c, 0, p, 2);
    put_group(c, 2, q, 2);
    c.ranks[4] = highest(k.any & ~bit(p) & ~bit(q));
    return c;
  }
  if (k.two != 0) {
    const int p = highest(k.two);
    c.category = Category::kPair;
    put_group(c, 0, p, 2);
    put_descending(c, 2, k.any & ~bit(p), 3);
    return c;
  }
  c.category = Category::kHighCard;
  put_descending(c, 0, k.any, 5);
  return c;
}

// The best hand among the ranks of one suit (at least 5 of them): a straight
// flush or a flush.
constexpr Choice flush_choice(RankMask suit_ranks, int suit) {
  if (const int top = straight_top(suit_ranks); top >= 0) {
    return straight_choice(Category::kStraightFlush, top, suit);
  }
  Choice c{Category::kFlush, suit, {}};
  put_descending(c, 0, suit_ranks, 5);
  return c;
}

// The best hand in any set of at least 5 cards, given by its suits' rank masks.
// Between equally good flushes (or straight flushes) the higher suit wins.
constexpr Choice best_choice(const std::array<RankMask, 4>& suits) {
  int sf_top = -1, sf_suit = -1;
  RankMask flush_top = 0;
  int flush_suit = -1;
  for (int s = 3; s >= 0; --s) {
    if (std::popcount(suits[s]) < 5) continue;
    if (const int top = straight_top(suits[s]); top > sf_top) {
      sf_top = top;
      sf_suit = s;
    }
    if (const RankMask five = top_ranks(suits[s], 5); five > flush_top) {
      flush_top = five;
      flush_suit = s;
    }
  }
  if (sf_suit >= 0) return straight_choice(Category::kStraightFlush, sf_top, sf_suit);
  const Choice by_rank = rank_choice(counts_of_suits(suits));
  if (by_rank.category >= Category::kFullHouse || flush_suit < 0) return by_rank;
  Choice c{Category::kFlush, flush_suit, {}};
  put_descending(c, 0, flush_top, 5);
  return c;
}

// ---- values ---------------------------------------------------------------

// C(n, k) for 0 <= n <= 52, 0 <= k <= 5: ranks for the hand values, cards
// for the boards of a deal (equity's plan).
inline constexpr auto kChoose = [] {
  std::array<std::array<int, 6>, kCardCount + 1> c{};
  for (int n = 0; n <= kCardCount; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= 5 && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
  }
  return c;
}();

constexpr int choose(int n, int k) { return kChoose[n][k]; }

// Index of the set m among all sets of its size in colex order, which for
// sets of one size is the order of the masks as numbers, i.e. comparing the
// highest ranks first.
constexpr int colex(RankMask m) {
  int index = 0;
  for (int i = 1; m != 0; ++i, m &= m - 1) index += choose(std::countr_zero(m), i);
  return index;
}

// m with rank r removed and the ranks above it moved down by one.
constexpr RankMask without(RankMask m, int r) { return (m & (bit(r) - 1)) | ((m >> (r + 1)) << r); }

// Rank of five distinct ranks that make no straight, among the 1,277 such sets
// (1 = 7 5 4 3 2).
constexpr int no_straight_index(RankMask five) {
  int straights_below = (0x100F < five) ? 1 : 0;  // the wheel
  for (int low = 0; low <= 8; ++low) straights_below += (RankMask{0x1F} << low) < five ? 1 : 0;
  return colex(five) - straights_below + 1;
}

constexpr RankMask mask_of_ranks(const Choice& c, int from, int to) {
  RankMask m = 0;
  for (int i = from; i < to; ++i) m |= bit(c.ranks[i]);
  return m;
}

constexpr std::uint16_t value_of(const Choice& c) {
  const auto& r = c.ranks;
  int within = 0;
  switch (c.category) {
    case Category::kStraightFlush:
    case Category::kStraight:
      within = r[0] - 2;  // five-high (3) is 1, ace-high (12) is 10
      break;
    case Category::kFourOfAKind:
    case Category::kFullHouse:  // 13 x 12
      within = r[0] * 12 + (r[4] - (r[4] > r[0] ? 1 : 0)) + 1;
      break;
    case Category::kFlush:
    case Category::kHighCard: within = no_straight_index(mask_of_ranks(c, 0, 5)); break;
    case Category::kThreeOfAKind:  // 13 x C(12, 2)
      within = r[0] * 66 + colex(without(mask_of_ranks(c, 3, 5), r[0])) + 1;
      break;
    case Category::kTwoPair: {  // C(13, 2) x 11
      const int k = r[4] - (r[4] > r[0] ? 1 : 0) - (r[4] > r[2] ? 1 : 0);
      within = (choose(r[0], 2) + r[2]) * 11 + k + 1;
      break;
    }
    case Category::kPair:  // 13 x C(12, 3)
      within = r[0] * 220 + colex(without(mask_of_ranks(c, 2, 5), r[0])) + 1;
      break;
  }
  return static_cast<std::uint16_t>((static_cast<int>(c.category) << 12) | within);
}

// The 13-bit rank masks of the four suits of `cards`.
inline std::array<RankMask, 4> suits_of(CardMask cards) {
  return {detail::suit_ranks(cards, 0), detail::suit_ranks(cards, 1), detail::suit_ranks(cards, 2),
          detail::suit_ranks(cards, 3)};
}

}  // namespace poker::rules

#endif  // POKER_ENGINE_EVAL_HAND_RULES_H_
