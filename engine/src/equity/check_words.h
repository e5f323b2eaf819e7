// Internal: the words the equity checks name cards and hands with, the same
// in every game: "Ah Kh are in player 1's hand and on the board", "no deal
// is possible: ...".
#ifndef POKER_ENGINE_EQUITY_CHECK_WORDS_H_
#define POKER_ENGINE_EQUITY_CHECK_WORDS_H_

#include <bit>
#include <cstddef>
#include <optional>
#include <string>

#include "poker/cards.h"

namespace poker::equity {

// The cards, highest first: "Ah Kh".
inline std::string card_list(CardMask cards) {
  std::string text;
  for (; cards != 0;) {
    const int top = std::bit_width(cards) - 1;
    if (!text.empty()) text += ' ';
    text += card_name(static_cast<Card>(top));
    cards &= ~(CardMask{1} << top);
  }
  return text;
}

// The verb that agrees with the cards: "Ah is", "Ah Kh are".
inline std::string is_or_are(CardMask cards) { return card_count(cards) == 1 ? "is" : "are"; }

// The 0-based player's hand: "player 1's hand".
inline std::string player_hand(std::size_t player) { return "player " + std::to_string(player + 1) + "'s hand"; }

// Whether the cards that are neither on the board nor dead can give the
// players their `hole_cards` (all players' together) and fill the board:
// a count, whatever the hands. A deal needs them all, and the Monte Carlo
// draws would otherwise search forever for cards that are not there.
inline std::optional<std::string> too_few_cards_left(CardMask board, CardMask dead, int hole_cards) {
  const int left = kCardCount - card_count(board | dead);
  const int board_missing = 5 - card_count(board);
  if (left < hole_cards) {
    return "no deal is possible: " + std::to_string(left) + " cards are left and the hands need " +
           std::to_string(hole_cards);
  }
  if (const int for_board = left - hole_cards; for_board < board_missing) {
    return "no board can be dealt: " + std::to_string(for_board) + (for_board == 1 ? " card is" : " cards are") +
           " left and the board needs " + std::to_string(board_missing);
  }
  return std::nullopt;
}

}  // namespace poker::equity

#endif  // POKER_ENGINE_EQUITY_CHECK_WORDS_H_
