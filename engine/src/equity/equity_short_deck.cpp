// Short deck in the equity engine: the 16 cards ranked 2 to 5 are out of the
// deck, which the engine counts as dead cards (equity_deal.h), and a card
// the user names among them is an error that says why.
#include <algorithm>
#include <bit>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "equity/equity_deal.h"

namespace poker::equity {
namespace {

constexpr std::string_view kNoLowCards = "short deck has no 2 to 5 (ranks 6 to A)";

// "invalid card '5c' on the board: short deck has no 2 to 5 (ranks 6 to A)",
// naming the highest of `cards` ranked 2 to 5.
std::string invalid_card(CardMask cards, std::string_view where) {
  const auto card = static_cast<Card>(std::bit_width(cards & kShortDeckMissingCards) - 1);
  return "invalid card '" + std::string(card_name(card)) + "' " + std::string(where) + ": " + std::string(kNoLowCards);
}

}  // namespace

EquityQuery playable_query(const EquityQuery& query) {
  if (query.game != EquityGame::kShortDeck) return query;
  EquityQuery playable = query;
  playable.dead |= kShortDeckMissingCards;
  for (Range& range : playable.players) {
    std::erase_if(range.combos,
                  [](const WeightedCombo& combo) { return (combo.mask() & kShortDeckMissingCards) != 0; });
  }
  return playable;
}

std::optional<std::string> check_game_cards(const EquityQuery& query) {
  if (query.game != EquityGame::kShortDeck) return std::nullopt;
  if ((query.board & kShortDeckMissingCards) != 0) return invalid_card(query.board, "on the board");
  if ((query.dead & kShortDeckMissingCards) != 0) return invalid_card(query.dead, "among the dead cards");
  for (std::size_t p = 0; p < query.players.size(); ++p) {
    const std::vector<WeightedCombo>& combos = query.players[p].combos;
    const bool all_low = std::all_of(combos.begin(), combos.end(), [](const WeightedCombo& combo) {
      return (combo.mask() & kShortDeckMissingCards) != 0;
    });
    if (combos.empty() || !all_low) continue;
    const std::string player = "player " + std::to_string(p + 1);
    if (combos.size() == 1) return invalid_card(combos.front().mask(), "in " + player + "'s hand");
    return player + "'s range has no short-deck hand: " + std::string(kNoLowCards);
  }
  return std::nullopt;
}

}  // namespace poker::equity
