// hand: the category and best five cards of a hand, or which of two wins.
//
//   $ hand "Ah Kh Qh Jh Th 5c 6d" "2c 3d Qh Jh Th 5c 6d"
//   Hand 1: Straight flush [Ah Kh Qh Jh Th]
//   Hand 2: High card [Qh Jh Th 6d 5c]
//   Hand 1 wins
//
// A hand is 5 to 52 distinct cards written as the hold'em judge reads them
// ("Ah", "Td"), separated by spaces. Exit status 2 for a bad argument.
#include <poker/cards.h>
#include <poker/evaluator.h>

#include <cstddef>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>

namespace {

// The cards of `text`, or nothing (with a message on stderr) if it is not a
// hand.
std::optional<poker::CardMask> parse_hand(const std::string& text) {
  poker::CardMask cards = 0;
  std::istringstream tokens(text);
  for (std::string token; tokens >> token;) {
    const std::optional<poker::Card> card = poker::parse_card(token, poker::Notation::kHoldem);
    if (!card) {
      std::fprintf(stderr, "hand: '%s' is not a card (like 'Ah' or 'Td')\n", token.c_str());
      return std::nullopt;
    }
    if ((cards & poker::mask_of(*card)) != 0) {
      std::fprintf(stderr, "hand: '%s' appears twice\n", token.c_str());
      return std::nullopt;
    }
    cards |= poker::mask_of(*card);
  }
  if (poker::card_count(cards) < 5) {
    std::fprintf(stderr, "hand: '%s' has fewer than 5 cards\n", text.c_str());
    return std::nullopt;
  }
  return cards;
}

// "Straight flush [Ah Kh Qh Jh Th]"
std::string describe(poker::CardMask cards) {
  const poker::BestFive best = poker::best_five(cards);
  std::string text(poker::category_name(best.value.category()));
  for (std::size_t i = 0; i < best.cards.size(); ++i) text += (i == 0 ? " [" : " ") + poker::card_name(best.cards[i]);
  return text + "]";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: hand \"CARDS\" [\"CARDS\"]   (e.g. hand \"Ah Kh Qh Jh Th 5c 6d\")\n");
    return 2;
  }
  if (argc == 2) {
    const std::optional<poker::CardMask> hand = parse_hand(argv[1]);
    if (!hand) return 2;
    std::printf("%s\n", describe(*hand).c_str());
    return 0;
  }
  const std::optional<poker::CardMask> first = parse_hand(argv[1]);
  const std::optional<poker::CardMask> second = parse_hand(argv[2]);
  if (!first || !second) return 2;
  std::printf("Hand 1: %s\nHand 2: %s\n", describe(*first).c_str(), describe(*second).c_str());
  // HandValue is totally ordered: the stronger hand has the larger value.
  const poker::HandValue value1 = poker::evaluate(*first);
  const poker::HandValue value2 = poker::evaluate(*second);
  std::printf("%s\n", value1 > value2 ? "Hand 1 wins" : value2 > value1 ? "Hand 2 wins" : "Tie");
  return 0;
}
