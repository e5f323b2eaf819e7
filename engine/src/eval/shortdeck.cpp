// Short-deck evaluation (poker/shortdeck.h): the hold'em evaluator's keys,
// short deck's own values.
//
// A hand's key is the hold'em evaluator's (poker/detail/evaluator_tables.h):
// the sum of its cards' keys, whose low half names its rank multiset through
// a perfect hash (rank_index) and whose suit counters show a flush. Only the
// values differ, so short deck has its own two tables, indexed as hold'em's:
//   * rank_values[rank_index(key)]: every multiset of 5..7 ranks from 6 to A
//     (at most 4 of each), the best five of them without a flush;
//   * flush_values[mask]: every set of 5..7 ranks from 6 to A in one suit,
//     its best straight flush or flush. With at most 7 cards a flush leaves
//     no room for four of a kind, and beats every other category but the
//     straight flush, so a hand with a flush is worth its flush suit's best.
//
// The tables are built from the rules by brute force (the best of every
// five-card choice of the multiset), which is small here: 9 ranks. Each
// five-card hand is first given a strength, its category above its five
// ranks in explain order (which compare, as numbers, as the rules break
// ties); the strengths met are then numbered within their category,
// giving ShortDeckValue's (category << 12) | rank. The strength of each
// value is kept for shortdeck_best_five().
//
// Built on first use (a function-local static: thread-safe, and nothing is
// built in a program that never judges short deck); then published in an
// atomic pointer, which the inline evaluators read without a call.
#include "poker/shortdeck.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

namespace poker {
namespace {

constexpr int kAce = 12;
constexpr int kCategoryCount = 9;

// A five-card hand's strength: its category << 20, then its five ranks in
// explain order, 4 bits each, the first the most significant.
using Strength = std::uint32_t;

ShortDeckCategory category_of(Strength strength) { return static_cast<ShortDeckCategory>(strength >> 20); }

// The strength of five cards of ranks r (any order), all of one suit or not.
Strength strength_of_five(std::array<int, 5> r, bool suited) {
  std::array<int, kRankCount> count{};
  for (const int rank : r) ++count[static_cast<std::size_t>(rank)];
  const auto times = [&](int rank) { return count[static_cast<std::size_t>(rank)]; };
  // Explain order: larger groups first, then higher ranks.
  std::sort(r.begin(), r.end(), [&](int a, int b) { return times(a) != times(b) ? times(a) > times(b) : a > b; });
  const bool distinct = times(r[0]) == 1;
  const bool wheel = distinct && r[0] == kAce && r[1] == kShortDeckLowestRank + 3 && r[4] == kShortDeckLowestRank;
  const bool straight = wheel || (distinct && r[0] - r[4] == 4);
  if (wheel) r = {r[1], r[2], r[3], r[4], kAce};  // 9 8 7 6 A
  ShortDeckCategory category = ShortDeckCategory::kHighCard;
  if (straight && suited) {
    category = ShortDeckCategory::kStraightFlush;
  } else if (times(r[0]) == 4) {
    category = ShortDeckCategory::kFourOfAKind;
  } else if (suited) {
    category = ShortDeckCategory::kFlush;
  } else if (times(r[0]) == 3) {
    category = times(r[3]) == 2 ? ShortDeckCategory::kFullHouse : ShortDeckCategory::kThreeOfAKind;
  } else if (straight) {
    category = ShortDeckCategory::kStraight;
  } else if (times(r[0]) == 2) {
    category = times(r[2]) == 2 ? ShortDeckCategory::kTwoPair : ShortDeckCategory::kPair;
  }
  Strength strength = static_cast<Strength>(category) << 20;
  for (int i = 0; i < 5; ++i) strength |= static_cast<Strength>(r[static_cast<std::size_t>(i)]) << (16 - 4 * i);
  return strength;
}

// The 21 choices of five of seven, as bit masks; those of five of n < 7 are
// the ones below 1 << n. Listed once: the tables' build tries them for
// every hand, and a popcount of every 7-bit mask is a call on generic x86-64.
constexpr auto kFiveOfSeven = [] {
  std::array<unsigned, 21> choices{};
  std::size_t k = 0;
  for (unsigned mask = 0; mask < (1u << 7); ++mask) {
    if (std::popcount(mask) == 5) choices[k++] = mask;
  }
  return choices;
}();

// The best strength of five of ranks[0..n) (5 <= n <= 7).
Strength best_of(const std::array<int, 7>& ranks, int n, bool suited) {
  Strength best = 0;
  for (const unsigned choice : kFiveOfSeven) {
    if ((choice >> n) != 0) continue;
    std::array<int, 5> five{};
    int k = 0;
    for (int i = 0; i < n; ++i) {
      if (((choice >> i) & 1u) != 0) five[static_cast<std::size_t>(k++)] = ranks[static_cast<std::size_t>(i)];
    }
    best = std::max(best, strength_of_five(five, suited));
  }
  return best;
}

std::uint32_t rank_key(int rank) { return static_cast<std::uint32_t>(detail::card_keys[make_card(rank, 0)]); }

struct Built {
  std::vector<Strength> rank_strengths;   // by rank_index
  std::vector<Strength> flush_strengths;  // by 13-bit rank mask
};

// Every multiset of ranks `rank`..A completing ranks[0..n) to at most 7.
void fill_ranks(int rank, int n, std::uint32_t key, std::array<int, 7>& ranks, Built& built) {
  if (rank == kRankCount) {
    if (n >= 5) built.rank_strengths[detail::rank_index(key)] = best_of(ranks, n, false);
    return;
  }
  for (int times = 0; times <= 4 && n + times <= 7; ++times) {
    for (int i = 0; i < times; ++i) ranks[static_cast<std::size_t>(n + i)] = rank;
    fill_ranks(rank + 1, n + times, key + static_cast<std::uint32_t>(times) * rank_key(rank), ranks, built);
  }
}

void fill_flushes(Built& built) {
  const unsigned deck = ((1u << kRankCount) - 1) & ~((1u << kShortDeckLowestRank) - 1);
  for (unsigned mask = 0; mask < (1u << kRankCount); ++mask) {
    const int n = std::popcount(mask);
    if ((mask & ~deck) != 0 || n < 5 || n > 7) continue;
    std::array<int, 7> ranks{};
    int k = 0;
    for (unsigned m = mask; m != 0; m &= m - 1) ranks[static_cast<std::size_t>(k++)] = std::countr_zero(m);
    built.flush_strengths[mask] = best_of(ranks, n, true);
  }
}

struct Tables {
  std::vector<std::uint16_t> rank_values;
  std::vector<std::uint16_t> flush_values;
  std::vector<Strength> strength_by_value;  // by ShortDeckValue::raw()
  detail::ShortDeckTables view{};
};

Tables build() {
  Built built{std::vector<Strength>(detail::kRankValueSlots, 0), std::vector<Strength>(1u << kRankCount, 0)};
  std::array<int, 7> ranks{};
  fill_ranks(kShortDeckLowestRank, 0, 0, ranks, built);
  fill_flushes(built);
  // Every five-card hand is a 5-card entry of one table, so the strengths
  // met are all there are: numbered within each category from 1.
  std::vector<Strength> all;
  for (const Strength s : built.rank_strengths) {
    if (s != 0) all.push_back(s);
  }
  for (const Strength s : built.flush_strengths) {
    if (s != 0) all.push_back(s);
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  Tables t;
  t.strength_by_value.assign(std::size_t{kCategoryCount} << 12, 0);
  std::array<int, kCategoryCount> within{};
  std::vector<std::uint16_t> value_by_index(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto category = static_cast<std::size_t>(category_of(all[i]));
    const auto raw = static_cast<std::uint16_t>(category << 12 | static_cast<std::size_t>(++within[category]));
    value_by_index[i] = raw;
    t.strength_by_value[raw] = all[i];
  }
  const auto to_values = [&](const std::vector<Strength>& strengths) {
    std::vector<std::uint16_t> values(strengths.size(), 0);
    for (std::size_t i = 0; i < strengths.size(); ++i) {
      if (strengths[i] == 0) continue;
      values[i] = value_by_index[static_cast<std::size_t>(std::lower_bound(all.begin(), all.end(), strengths[i]) -
                                                          all.begin())];
    }
    return values;
  };
  t.rank_values = to_values(built.rank_strengths);
  t.flush_values = to_values(built.flush_strengths);
  t.view = detail::ShortDeckTables{t.rank_values.data(), t.flush_values.data()};
  return t;
}

const Tables& tables() {
  static const Tables built = build();
  return built;
}

// The suit holding five cards or more. REQUIRES: there is one.
int flush_suit(CardMask cards) {
  int suit = 0;
  while (std::popcount(cards & suit_cards(suit)) < 5) ++suit;
  return suit;
}

}  // namespace

namespace detail {

constinit std::atomic<const ShortDeckTables*> shortdeck_tables_built{nullptr};

const ShortDeckTables& build_shortdeck_tables() {
  const ShortDeckTables& built = tables().view;
  shortdeck_tables_built.store(&built, std::memory_order_release);
  return built;
}

}  // namespace detail

std::string_view category_name(ShortDeckCategory category) {
  switch (category) {
    case ShortDeckCategory::kStraightFlush: return "Straight flush";
    case ShortDeckCategory::kFourOfAKind: return "Four of a kind";
    case ShortDeckCategory::kFlush: return "Flush";
    case ShortDeckCategory::kFullHouse: return "Full house";
    case ShortDeckCategory::kThreeOfAKind: return "Three of a kind";
    case ShortDeckCategory::kStraight: return "Straight";
    case ShortDeckCategory::kTwoPair: return "Two pair";
    case ShortDeckCategory::kPair: return "Pair";
    case ShortDeckCategory::kHighCard: return "High card";
  }
  return "?";
}

ShortDeckValue shortdeck_evaluate(CardMask cards) {
  std::uint64_t key = detail::kEmptyHandKey;
  for (CardMask rest = cards; rest != 0; rest &= rest - 1) key += detail::card_keys[std::countr_zero(rest)];
  return ShortDeckValue(
      detail::shortdeck_tables().value_of_key(key, [cards](int suit) { return detail::suit_ranks(cards, suit); }));
}

ShortDeckBestFive shortdeck_best_five(CardMask cards) {
  const ShortDeckValue value = shortdeck_evaluate(cards);
  const Strength strength = tables().strength_by_value[value.raw()];
  const bool flush =
      value.category() == ShortDeckCategory::kFlush || value.category() == ShortDeckCategory::kStraightFlush;
  const int suit = flush ? flush_suit(cards) : -1;
  // Each rank becomes a card: the flush's suit, or else the highest suit of
  // that rank not yet taken.
  ShortDeckBestFive best{value, {}};
  CardMask left = cards;
  for (std::size_t i = 0; i < 5; ++i) {
    const int rank = static_cast<int>(strength >> (16 - 4 * i)) & 15;
    const CardMask of_rank = left & (CardMask{0xF} << (4 * rank));
    const Card card = suit >= 0 ? make_card(rank, suit) : static_cast<Card>(63 - std::countl_zero(of_rank));
    left &= ~mask_of(card);
    best.cards[i] = card;
  }
  return best;
}

}  // namespace poker
