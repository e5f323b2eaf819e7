// The default format: the Texas Hold'em judge (the specification,
// docs/specification.md, section 3).
//
// An instance is one line of 2 cards per player, then one line of 5 board
// cards. The answer is "Player K" for the single best hand, or "Draw"; with
// explain, each player's category and best five cards come first.
#ifndef POKER_HOLDEM_FORMAT_H_
#define POKER_HOLDEM_FORMAT_H_

#include <memory>

#include "poker/format.h"

namespace poker {

inline constexpr int kMinHoldemPlayers = 2;
inline constexpr int kMaxHoldemPlayers = 23;  // 23 * 2 + 5 = 51 cards

struct HoldemOptions {
  int players = 2;  // REQUIRES: kMinHoldemPlayers <= players <= kMaxHoldemPlayers
  bool explain = false;
};

std::unique_ptr<Format> make_holdem_format(const HoldemOptions& options);

}  // namespace poker

#endif  // POKER_HOLDEM_FORMAT_H_
