// best_five: the five cards that make the hand, in explain order.
//
// The hand is judged from the suits' rank masks (rules::best_choice), which
// already yields the five ranks in explain order and, for flushes, the suit.
// Each rank then becomes a card: the flush's suit, or else the highest suit of
// that rank not yet taken (s > h > d > c), so a pair drawn from three cards of
// a rank takes the two highest suits and so does a kicker rank held twice.
// Cost: a few dozen bit operations, whatever the number of cards.
#include <bit>

#include "hand_rules.h"
#include "poker/evaluator.h"

namespace poker {

BestFive best_five(CardMask cards) {
  if (card_count(cards) < 5) return BestFive{};
  const rules::Choice choice = rules::best_choice(rules::suits_of(cards));
  BestFive best{HandValue(rules::value_of(choice)), {}};
  CardMask left = cards;
  for (int i = 0; i < 5; ++i) {
    const int rank = choice.ranks[i];
    Card card;
    if (choice.suit >= 0) {
      card = make_card(rank, choice.suit);
    } else {
      const CardMask of_rank = left & (CardMask{0xF} << (4 * rank));
      card = static_cast<Card>(63 - std::countl_zero(of_rank));  // highest suit
    }
    left &= ~mask_of(card);
    best.cards[i] = card;
  }
  return best;
}

}  // namespace poker
