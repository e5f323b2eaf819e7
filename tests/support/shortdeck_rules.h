// The short-deck rules read plainly, for the tests: a five-card hand's
// category by counting its ranks and suits, then the ranks that break ties;
// a seven-card hand's best of its 21 five-card choices. Written apart from
// the evaluator (poker/shortdeck.h), which the tests hold to it.
#ifndef POKER_TESTS_SUPPORT_SHORTDECK_RULES_H_
#define POKER_TESTS_SUPPORT_SHORTDECK_RULES_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "poker/cards.h"

namespace poker::testing {

// Categories numbered in short deck's order, weakest first.
namespace rule_categories {
enum RuleCategory : int {
  kHighCard,
  kPair,
  kTwoPair,
  kStraight,
  kTrips,
  kFullHouse,
  kFlush,
  kQuads,
  kStraightFlush,
};
}  // namespace rule_categories

// A five-card hand's standing by the rules: its category, then the ranks
// that break ties in the order they are compared, packed so that a larger
// number is a better hand (category in bits 24.., then up to five 4-bit
// ranks, unused ones zero).
inline std::uint32_t rule_key(const std::array<Card, 5>& hand) {
  using namespace rule_categories;
  std::map<int, int> count;  // rank -> cards of it
  bool one_suit = true;
  for (const Card c : hand) {
    ++count[rank_of(c)];
    one_suit = one_suit && suit_of(c) == suit_of(hand[0]);
  }
  // (cards of a rank, rank), best group first: a pair before a kicker,
  // the higher of two pairs first.
  std::vector<std::pair<int, int>> groups;
  for (const auto& [rank, n] : count) groups.emplace_back(n, rank);
  std::sort(groups.rbegin(), groups.rend());
  int straight_top = -1;
  if (groups.size() == 5) {
    const int high = groups[0].second;
    const int low = groups[4].second;
    if (high - low == 4) straight_top = high;
    // A-6-7-8-9: the ace plays low, below the six; the nine is the top.
    if (high == 12 && groups[1].second == 7 && low == 4) straight_top = 7;
  }
  int category = kHighCard;
  if (straight_top >= 0 && one_suit) {
    category = kStraightFlush;
  } else if (groups[0].first == 4) {
    category = kQuads;
  } else if (one_suit) {
    category = kFlush;
  } else if (groups[0].first == 3 && groups[1].first == 2) {
    category = kFullHouse;
  } else if (groups[0].first == 3) {
    category = kTrips;
  } else if (straight_top >= 0) {
    category = kStraight;
  } else if (groups[0].first == 2 && groups[1].first == 2) {
    category = kTwoPair;
  } else if (groups[0].first == 2) {
    category = kPair;
  }
  std::uint32_t key = static_cast<std::uint32_t>(category) << 24;
  if (straight_top >= 0) return key | static_cast<std::uint32_t>(straight_top + 1) << 20;
  int shift = 20;
  for (const auto& [n, rank] : groups) {
    key |= static_cast<std::uint32_t>(rank + 1) << shift;
    shift -= 4;
  }
  return key;
}

inline int rule_category(std::uint32_t key) { return static_cast<int>(key >> 24); }

// The largest value_of(five) over the 21 five-card hands of `seven`,
// from `least`, below every value.
template <typename Value, typename ValueOf>
Value best_of_fives(const std::array<Card, 7>& seven, Value least, ValueOf&& value_of) {
  Value best = least;
  for (int skip1 = 0; skip1 < 7; ++skip1) {
    for (int skip2 = skip1 + 1; skip2 < 7; ++skip2) {
      std::array<Card, 5> five{};
      int k = 0;
      for (int i = 0; i < 7; ++i) {
        if (i != skip1 && i != skip2) five[static_cast<std::size_t>(k++)] = seven[static_cast<std::size_t>(i)];
      }
      best = std::max(best, value_of(five));
    }
  }
  return best;
}

// The best rule key of five of `seven`.
inline std::uint32_t best_rule_key(const std::array<Card, 7>& seven) {
  return best_of_fives(seven, std::uint32_t{0}, rule_key);
}

// The answer line the rules give a deal, its newline included: "Player K"
// for the one best hand, "Draw" when two or more share it. `cards` holds
// each player's two hole cards in turn, then the board's five.
inline std::string rules_answer(const Card* cards, int players) {
  const Card* const board = cards + 2 * players;
  std::uint32_t best = 0;
  int winner = 0;
  int holders = 0;
  for (int p = 0; p < players; ++p) {
    const std::uint32_t key =
        best_rule_key({cards[2 * p], cards[2 * p + 1], board[0], board[1], board[2], board[3], board[4]});
    if (key > best) {
      best = key;
      winner = p;
      holders = 1;
    } else if (key == best) {
      ++holders;
    }
  }
  return holders == 1 ? "Player " + std::to_string(winner + 1) + "\n" : std::string("Draw\n");
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_SHORTDECK_RULES_H_
