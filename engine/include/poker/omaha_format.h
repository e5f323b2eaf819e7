// The Omaha judge, `poker omaha` (the specification, docs/specification.md,
// section 7; docs/formats.md, "poker omaha").
//
// An instance is one line of `hole` cards (4, 5 or 6) per player, then one
// line of 5 board cards; the grammar, the errors and the answers are the
// hold'em judge's (poker/holdem_format.h). A player's hand is the best five
// cards of exactly two hole cards and exactly three board cards
// (poker/omaha.h). With hilo the answer is "HIGH / LOW", each "Player K" or
// "Draw", the low "No low" when no hand has an eight-or-better low; with
// explain, each player's high hand (and with hilo their low) comes first.
#ifndef POKER_OMAHA_FORMAT_H_
#define POKER_OMAHA_FORMAT_H_

#include <memory>

#include "poker/format.h"

namespace poker {

inline constexpr int kMinOmahaPlayers = 2;

struct OmahaOptions {
  int players = 2;  // REQUIRES: kMinOmahaPlayers <= players <= max_omaha_players(hole)
  int hole = 4;     // hole cards a player: 4, 5 or 6
  bool hilo = false;
  bool explain = false;
};

// The most players a deck deals `hole` cards each and a board: (52 - 5) /
// hole (11, 9 and 7 for 4, 5 and 6).
constexpr int max_omaha_players(int hole) { return (52 - 5) / hole; }

std::unique_ptr<Format> make_omaha_format(const OmahaOptions& options);

}  // namespace poker

#endif  // POKER_OMAHA_FORMAT_H_
