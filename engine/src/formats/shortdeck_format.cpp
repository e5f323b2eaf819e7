#include "poker/shortdeck_format.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "formats/holdem_like_format.h"
#include "poker/shortdeck.h"

namespace poker {
namespace {

// Short deck's categories as hold'em's of the same name (explain writes
// them by name).
constexpr std::array<Category, 9> kHoldemCategoryOf = {
    Category::kHighCard,  Category::kPair,  Category::kTwoPair,     Category::kStraight,      Category::kThreeOfAKind,
    Category::kFullHouse, Category::kFlush, Category::kFourOfAKind, Category::kStraightFlush,
};

// Short deck's rules (holdem_like_format.h, poker/shortdeck.h).
struct ShortDeck {
  static constexpr std::string_view kName = "shortdeck";
  static constexpr int kMaxPlayers = kMaxShortDeckPlayers;
  static constexpr Card kLowestCard = kShortDeckLowestCard;
  static constexpr std::string_view kRefusedCards = "short deck has no 2 to 5 (ranks 6 to A)";
  static constexpr bool kFusedTwoPlayers = true;

  // Hold'em's keys valued by short deck's tables: larger is better, and a
  // flush value beats the rank value of its seven cards (a flush rules out
  // four of a kind, and beats a full house here).
  static simd::Holdem2Values fused_values() {
    const detail::ShortDeckTables& tables = detail::shortdeck_tables();
    return {tables.rank_values, tables.flush_values, kLowestCard};
  }

  static int winner(const Card* board, const Card* holes, int players) {
    return shortdeck_winner(board, holes, players);
  }

  template <typename Line>
  static void explain(const Card* board, const Card* holes, int players, Line&& line) {
    CardMask board_cards = 0;
    for (int i = 0; i < 5; ++i) board_cards |= mask_of(board[i]);
    for (int player = 0; player < players; ++player) {
      const ShortDeckBestFive best =
          shortdeck_best_five(board_cards | mask_of(holes[2 * player]) | mask_of(holes[2 * player + 1]));
      line(player, kHoldemCategoryOf[static_cast<std::size_t>(best.value.category())], best.cards, best.value.raw());
    }
  }

  // A card of 2 to 5 is a hold'em card: the input may be a hold'em one.
  static std::optional<std::string> hint(const InputError& error, const HintContext& context, int players) {
    if (error.kind != InputErrorKind::kInvalidCard) return std::nullopt;
    const std::optional<Card> card = parse_card(error.token, Notation::kHoldem);
    if (!card || is_shortdeck_card(*card)) return std::nullopt;
    return "cards ranked 2 to 5 are hold'em's: for a hold'em input, try " +
           context.suggest(FormatGuess{"holdem", players});
  }
};

}  // namespace

std::unique_ptr<Format> make_shortdeck_format(const HoldemOptions& options) {
  return std::make_unique<HoldemLikeFormat<ShortDeck>>(options);
}

}  // namespace poker
