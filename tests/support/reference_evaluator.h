// A deliberately simple, independent poker hand evaluator for tests.
//
// It shares no code with engine/src: it judges five cards the way a person
// would (sort the ranks, count the groups, look for a flush and a straight,
// the wheel included) into a RefValue, a (category, tie-break ranks) tuple
// compared lexicographically, and the best of more cards is the maximum over
// all of their five-card subsets. It is slow on purpose and obviously right;
// the fast evaluator is tested by checking that it orders hands the same way.
#ifndef POKER_TESTS_SUPPORT_REFERENCE_EVALUATOR_H_
#define POKER_TESTS_SUPPORT_REFERENCE_EVALUATOR_H_

#include <array>
#include <compare>
#include <span>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker::reference {

// Category as 0 (high card) .. 8 (straight flush), and the ranks (0 = deuce ..
// 12 = ace) that break ties inside it, most significant first: group ranks by
// group size then rank (quads, kicker; trips, pair; high pair, low pair,
// kicker; ...), a straight's top card (3 for the wheel), a flush's or high
// card's five ranks high to low. Unused positions are -1.
struct RefValue {
  int category = -1;
  std::array<int, 5> tiebreak{-1, -1, -1, -1, -1};

  friend auto operator<=>(const RefValue&, const RefValue&) = default;
  friend bool operator==(const RefValue&, const RefValue&) = default;

  Category as_category() const { return static_cast<Category>(category); }
};

// Exactly five distinct cards.
RefValue evaluate5(std::span<const Card, 5> cards);

// The best five of 5..~20 cards: maximum over all five-card subsets.
RefValue best_of(std::span<const Card> cards);
RefValue best_of(CardMask cards);

// The cards of a mask, lowest index first.
std::vector<Card> cards_of(CardMask cards);

// Readable form for failure messages, e.g. "Full house [12 12 12 3 3]" and
// "Ah Kd 5c ...".
std::string describe(const RefValue& value);
std::string describe(CardMask cards);

// -1, 0, 1 as a < b, a == b, a > b.
template <typename T>
int order(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

}  // namespace poker::reference

#endif  // POKER_TESTS_SUPPORT_REFERENCE_EVALUATOR_H_
