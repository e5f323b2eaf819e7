// Omaha's rules read plainly, for the tests: a hand is exactly two of a
// player's hole cards and exactly three of the five board cards, and every
// such choice is tried; the high hand is the best of them by a five-card
// evaluator the caller names (the engine's, or tests/support's reference
// evaluator), the low the best of them by a plain reading of eight-or-better
// (five distinct ranks, eight or lower, the ace low; straights and flushes do
// not count). Written apart from the evaluator (poker/omaha.h), which the
// tests hold to it; header-only, and needing nothing of GoogleTest.
//
// Thread safety: pure functions; each call uses only its own state.
#ifndef POKER_TESTS_SUPPORT_OMAHA_RULES_H_
#define POKER_TESTS_SUPPORT_OMAHA_RULES_H_

#include <algorithm>
#include <array>
#include <compare>
#include <string>
#include <vector>

#include "poker/cards.h"

namespace poker::testing {

// Calls visit(five) for each choice of two of hole[0..hole_count) and three
// of board[0..4]: five[0..1] the hole cards, five[2..4] the board's.
template <typename Visit>
void for_each_omaha_five(const Card* board, const Card* hole, int hole_count, Visit&& visit) {
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      for (int a = 0; a < 5; ++a) {
        for (int b = a + 1; b < 5; ++b) {
          for (int c = b + 1; c < 5; ++c) visit(std::array<Card, 5>{hole[i], hole[j], board[a], board[b], board[c]});
        }
      }
    }
  }
}

// The largest value_of(five) over those choices, from `least`, below every
// value.
template <typename Value, typename ValueOf>
Value best_omaha_high(const Card* board, const Card* hole, int hole_count, Value least, ValueOf&& value_of) {
  Value best = least;
  for_each_omaha_five(board, hole, hole_count, [&](const std::array<Card, 5>& five) {
    const Value value = value_of(five);
    if (best < value) best = value;
  });
  return best;
}

// A low: its five ranks on the ace-low scale (ace 1, deuce 2 .. eight 8),
// highest first, and whether there is one at all. Lows compare highest card
// first, lower being better, so the better of two qualifying lows is the
// smaller `ranks`.
struct RuleLow {
  bool qualifies = false;
  std::array<int, 5> ranks{};

  friend bool operator==(const RuleLow&, const RuleLow&) = default;
  // Better: a low beats no low; of two lows, the smaller ranks.
  friend bool better(const RuleLow& a, const RuleLow& b) {
    if (a.qualifies != b.qualifies) return a.qualifies;
    return a.qualifies && a.ranks < b.ranks;
  }
};

// A card's rank on the ace-low scale.
inline int ace_low_rank(Card card) { return rank_of(card) == kRankCount - 1 ? 1 : rank_of(card) + 2; }

// The low of five cards: none unless all five are eight or lower and of
// distinct ranks.
inline RuleLow low_of_five(const std::array<Card, 5>& five) {
  RuleLow low;
  for (int k = 0; k < 5; ++k) {
    low.ranks[static_cast<std::size_t>(k)] = ace_low_rank(five[static_cast<std::size_t>(k)]);
    if (low.ranks[static_cast<std::size_t>(k)] > 8) return RuleLow{};
  }
  std::sort(low.ranks.rbegin(), low.ranks.rend());
  if (std::adjacent_find(low.ranks.begin(), low.ranks.end()) != low.ranks.end()) return RuleLow{};
  low.qualifies = true;
  return low;
}

// Whether two cards can stand in a low together: both eight or lower, of
// two ranks.
inline bool low_together(Card a, Card b) {
  return ace_low_rank(a) <= 8 && ace_low_rank(b) <= 8 && rank_of(a) != rank_of(b);
}

// The board's triples that can stand in a low: three cards eight or lower,
// of three ranks. A choice holding a card above eight or two cards of a
// rank has no low, so best_omaha_low() reads only these triples, found once
// a board, with the hole pairs that can stand in one: on random deals, few.
struct LowTriples {
  std::array<std::array<Card, 3>, 10> triples{};
  std::size_t count = 0;

  explicit LowTriples(const Card* board) {
    for (int a = 0; a < 5; ++a) {
      for (int b = a + 1; b < 5; ++b) {
        for (int c = b + 1; c < 5; ++c) {
          if (low_together(board[a], board[b]) && low_together(board[a], board[c]) && low_together(board[b], board[c]))
            triples[count++] = {board[a], board[b], board[c]};
        }
      }
    }
  }
};

// The best low of exactly two of the hole cards and three of the board's.
inline RuleLow best_omaha_low(const LowTriples& board, const Card* hole, int hole_count) {
  RuleLow best;
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      if (!low_together(hole[i], hole[j])) continue;
      for (std::size_t t = 0; t < board.count; ++t) {
        const std::array<Card, 3>& triple = board.triples[t];
        const RuleLow low = low_of_five({hole[i], hole[j], triple[0], triple[1], triple[2]});
        if (better(low, best)) best = low;
      }
    }
  }
  return best;
}

inline RuleLow best_omaha_low(const Card* board, const Card* hole, int hole_count) {
  return best_omaha_low(LowTriples(board), hole, hole_count);
}

// "Player K" for the one player whose value is better (better(a, b): a
// beats b) than every other's, "Draw" when two or more share the best, and
// `none` when no player's value qualifies.
template <typename Value, typename Better, typename Qualifies>
std::string omaha_verdict(const std::vector<Value>& values, Better&& better, Qualifies&& qualifies,
                          const std::string& none) {
  int winner = -1;
  bool draw = false;
  for (int p = 0; p < static_cast<int>(values.size()); ++p) {
    const Value& value = values[static_cast<std::size_t>(p)];
    if (!qualifies(value)) continue;
    if (winner < 0 || better(value, values[static_cast<std::size_t>(winner)])) {
      winner = p;
      draw = false;
    } else if (!better(values[static_cast<std::size_t>(winner)], value)) {
      draw = true;
    }
  }
  if (winner < 0) return none;
  return draw ? "Draw" : "Player " + std::to_string(winner + 1);
}

// The answer line the rules give an instance, its newline included:
// `cards` holds each player's `hole` cards in turn, then the board's five;
// high hands are valued by value_of(five), from `least`. With hi-lo, the
// high verdict, " / ", then the low's ("No low" when nobody has one).
template <typename Value, typename ValueOf>
std::string omaha_answer(const Card* cards, int players, int hole, bool hilo, Value least, ValueOf&& value_of) {
  const Card* const board = cards + players * hole;
  const LowTriples low_board(board);
  std::vector<Value> highs;
  std::vector<RuleLow> lows;
  for (int p = 0; p < players; ++p) {
    highs.push_back(best_omaha_high(board, cards + p * hole, hole, least, value_of));
    if (hilo) lows.push_back(best_omaha_low(low_board, cards + p * hole, hole));
  }
  std::string answer = omaha_verdict(
      highs, [](const Value& a, const Value& b) { return b < a; }, [](const Value&) { return true; }, "");
  if (hilo) {
    answer += " / " + omaha_verdict(
                          lows, [](const RuleLow& a, const RuleLow& b) { return better(a, b); },
                          [](const RuleLow& low) { return low.qualifies; }, "No low");
  }
  return answer + "\n";
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_OMAHA_RULES_H_
