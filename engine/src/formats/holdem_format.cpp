#include "poker/holdem_format.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/holdem_like_format.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

bool valid_player_count(std::size_t players) {
  return players >= static_cast<std::size_t>(kMinHoldemPlayers) &&
         players <= static_cast<std::size_t>(kMaxHoldemPlayers);
}

// Texas hold'em's rules (holdem_like_format.h).
struct Holdem {
  static constexpr std::string_view kName = "holdem";
  static constexpr int kMaxPlayers = kMaxHoldemPlayers;
  static constexpr Card kLowestCard = 0;
  static constexpr std::string_view kRefusedCards = {};
  static constexpr bool kFusedTwoPlayers = true;
  static simd::Holdem2Values fused_values() { return simd::holdem2_values(); }

  static int winner(const Card* board, const Card* holes, int players) { return holdem_winner(board, holes, players); }

  template <typename Line>
  static void explain(const Card* board, const Card* holes, int players, Line&& line) {
    const std::uint64_t board_key = five_card_key(board);
    CardMask board_cards = 0;
    for (int i = 0; i < 5; ++i) board_cards |= mask_of(board[i]);
    for (int player = 0; player < players; ++player) {
      const Card first = holes[2 * player];
      const Card second = holes[2 * player + 1];
      const HandValue value = evaluate7(board_key, board, first, second);
      const BestFive best = best_five(board_cards | mask_of(first) | mask_of(second), value);
      line(player, value.category(), best.cards, value.raw());
    }
  }

  static std::optional<std::string> hint(const InputError& /*error*/, const HintContext& /*context*/, int /*players*/) {
    return std::nullopt;
  }
};

}  // namespace

// Hold'em: a first line of two cards; the players, where a line of five
// (the board) follows the lines of two.
std::optional<FormatGuess> sniff_holdem(std::span<const std::string_view> lines) {
  const std::vector<std::string_view> first = hints::tokens_of(lines.front());
  if (first.size() != 2 || !parse_card(first[0], Notation::kHoldem) || !parse_card(first[1], Notation::kHoldem)) {
    return std::nullopt;
  }
  const std::size_t players = holdem_player_lines(lines);
  const bool board = players < lines.size() && hints::tokens_of(lines[players]).size() == 5;
  return FormatGuess{"holdem", board && valid_player_count(players) ? static_cast<int>(players) : 0};
}

std::unique_ptr<Format> make_holdem_format(const HoldemOptions& options) {
  return std::make_unique<HoldemLikeFormat<Holdem>>(options);
}

}  // namespace poker
