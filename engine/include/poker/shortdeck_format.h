// The short-deck (six-plus) hold'em judge (the specification,
// docs/specification.md, section 7).
//
// As the hold'em judge (poker/holdem_format.h): an instance is one line of
// 2 cards per player, then one line of 5 board cards; the answer is
// "Player K" for the single best hand, or "Draw"; with explain, each
// player's category and best five cards come first. The deck is 36 cards
// (ranks 6 to A): a card ranked 2 to 5 is an invalid card. The hands are
// judged by short deck's rules (poker/shortdeck.h).
#ifndef POKER_SHORTDECK_FORMAT_H_
#define POKER_SHORTDECK_FORMAT_H_

#include <memory>

#include "poker/format.h"
#include "poker/holdem_format.h"

namespace poker {

inline constexpr int kMaxShortDeckPlayers = 15;  // 15 * 2 + 5 = 35 of the 36 cards

// REQUIRES: kMinHoldemPlayers <= options.players <= kMaxShortDeckPlayers.
std::unique_ptr<Format> make_shortdeck_format(const HoldemOptions& options);

}  // namespace poker

#endif  // POKER_SHORTDECK_FORMAT_H_
