// evaluate_omaha, omaha_low, evaluate_shortdeck and SHORTDECK_CATEGORIES:
// one hand of the variants (poker/omaha.h, poker/shortdeck.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.h"
#include "poker/cards.h"
#include "poker/omaha.h"
#include "poker/shortdeck.h"

namespace poker::python {
namespace {

// `cards` as Cards: ValueError for a value that is no card index, a card
// given twice (here or in `before`), or a count outside least..most.
std::vector<Card> checked_cards(const std::vector<int>& cards, const char* what, std::size_t least, std::size_t most,
                                const std::vector<Card>& before = {}) {
  if (cards.size() < least || cards.size() > most) {
    const std::string counts =
        least == most ? std::to_string(least) : std::to_string(least) + " to " + std::to_string(most);
    throw py::value_error(std::string(what) + " must have " + counts + " cards, not " + std::to_string(cards.size()));
  }
  CardMask seen = 0;
  for (const Card card : before) seen |= CardMask{1} << card;
  std::vector<Card> out;
  for (const int value : cards) {
    if (value < 0 || value >= kCardCount) {
      throw py::value_error(std::string(what) + ": " + std::to_string(value) + " is not a card index (0 to 51)");
    }
    const Card card = static_cast<Card>(value);
    if ((seen >> card) & 1) throw py::value_error(std::string(what) + ": " + card_name(card) + " is dealt twice");
    seen |= CardMask{1} << card;
    out.push_back(card);
  }
  return out;
}

struct OmahaHand {
  std::vector<Card> board;
  std::vector<Card> hole;
};

OmahaHand omaha_hand(const std::vector<int>& hole, const std::vector<int>& board) {
  OmahaHand hand;
  hand.board = checked_cards(board, "board", kOmahaBoardCards, kOmahaBoardCards);
  hand.hole = checked_cards(hole, "hole", kOmahaMinHoleCards, kOmahaMaxHoleCards, hand.board);
  return hand;
}

int omaha_high_value(const std::vector<int>& hole, const std::vector<int>& board) {
  const OmahaHand hand = omaha_hand(hole, board);
  return omaha_high(hand.board.data(), hand.hole.data(), static_cast<int>(hand.hole.size())).raw();
}

// The low's five ranks, highest first, the ace 1 (8 for the eight), or None.
py::object omaha_low_ranks(const std::vector<int>& hole, const std::vector<int>& board) {
  const OmahaHand hand = omaha_hand(hole, board);
  const LowValue low = omaha_low(hand.board.data(), hand.hole.data(), static_cast<int>(hand.hole.size()));
  if (!low.qualifies()) return py::none();
  py::list ranks;
  for (int bit = 7; bit >= 0; --bit) {
    if ((low.ranks() >> bit) & 1) ranks.append(bit + 1);
  }
  return py::tuple(ranks);
}

int shortdeck_value(const std::vector<int>& cards) {
  const std::vector<Card> checked = checked_cards(cards, "cards", 5, 7);
  CardMask mask = 0;
  for (const Card card : checked) {
    if (!is_shortdeck_card(card)) {
      throw py::value_error("cards: " + card_name(card) + " is not in the short deck (ranks 6 to A)");
    }
    mask |= CardMask{1} << card;
  }
  return shortdeck_evaluate(mask).raw();
}

}  // namespace

void bind_variants(py::module_& m) {
  py::list names;
  for (int code = 0; code <= static_cast<int>(ShortDeckCategory::kStraightFlush); ++code) {
    names.append(py::str(std::string(category_name(static_cast<ShortDeckCategory>(code)))));
  }
  m.attr("SHORTDECK_CATEGORIES") = py::tuple(names);

  m.def("evaluate_omaha", &omaha_high_value, py::arg("hole"), py::arg("board"), R"doc(
The Omaha high hand of one player: the best five cards of exactly two of the
hole cards (4, 5 or 6) and exactly three of the 5 board cards, as a hand
value of evaluate's scale (an int: larger is better, equal values tie;
category() and CATEGORIES name it).

hole, board: cards as parse_cards reads them (a str, "Ah Kh Qd Jc") or
    card indices 0..51. A wrong count, a value that is no card or a card
    dealt twice raises ValueError.

>>> poker.CATEGORIES[poker.category(poker.evaluate_omaha("Ah 2c 7d 9s", "Kh Qh Jh Th 3c"))]
'High card'
>>> poker.CATEGORIES[poker.category(poker.evaluate_omaha("Ac Tc 7d 2s", "Kh Qh Jh Th 3c"))]
'Straight'
)doc");

  m.def("omaha_low", &omaha_low_ranks, py::arg("hole"), py::arg("board"), R"doc(
The eight-or-better low of one Omaha player (exactly two hole and three
board cards, of five distinct ranks 8 or lower; the ace low, straights and
flushes no matter): a tuple of the five ranks, highest first, the ace 1 and
the eight 8, or None when the hand has no low. Lows compare as these tuples
do reversed: the smaller tuple is the better low. Arguments as
evaluate_omaha's.

>>> poker.omaha_low("Ah 2c Kd Ks", "3h 4h 5c Qs Jd")
(5, 4, 3, 2, 1)
)doc");

  m.def("evaluate_shortdeck", &shortdeck_value, py::arg("cards"), R"doc(
The short-deck (six-plus) value of the best five of 5 to 7 cards of the
36-card deck (ranks 6 to A): an int, larger is better, equal values tie;
SHORTDECK_CATEGORIES[value >> 12] names its category (three of a kind beats a
straight, a flush beats a full house, A-6-7-8-9 is the lowest straight).
Cards as evaluate_omaha's; a card ranked 2 to 5 raises ValueError.

>>> poker.SHORTDECK_CATEGORIES[poker.evaluate_shortdeck("Ah 6c 7d 8s 9h") >> 12]
'Straight'
)doc");
}

}  // namespace poker::python
