// parse_cards and card_str: text to card indices and back, in the hold'em
// notation ("Ah", "Td"), with the CLI's messages for bad text.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "bindings.h"
#include "card_arrays.h"
#include "poker/cards.h"
#include "poker/escape.h"
#include "poker/range.h"

namespace poker::python {
namespace {

// A card as players write it, in either case ("Ah", "ah", "AH"), as equity
// and parse_range read cards.
std::optional<Card> card_of(std::string_view token) { return parse_card_any_case(token); }

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'; }

// The cards of `text`: blank-separated cards, or runs of them ("AhKh 7c").
std::vector<Card> parse_text(std::string_view text, bool check) {
  std::vector<Card> cards;
  CardMask seen = 0;
  std::vector<std::pair<std::size_t, std::size_t>> where(kCardCount);  // line and column of each card seen
  std::size_t line = 1;
  std::size_t line_start = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    if (is_blank(text[at])) {
      if (text[at] == '\n') {
        ++line;
        line_start = at + 1;
      }
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && !is_blank(text[end])) ++end;
    const std::string_view token = text.substr(at, end - at);
    // A run is its cards only if every piece is one; else the token is
    // reported whole, as the CLI reports a token.
    bool run = token.size() % 2 == 0;
    for (std::size_t i = 0; run && i < token.size(); i += 2) run = card_of(token.substr(i, 2)).has_value();
    if (!run)
      throw py::value_error("invalid card " + quote_token(token) + ": expected " + card_syntax(Notation::kHoldem));
    for (std::size_t i = 0; i < token.size(); i += 2) {
      const Card card = *card_of(token.substr(i, 2));
      const std::size_t column = at + i - line_start + 1;
      if (check && (seen & mask_of(card)) != 0) {
        throw py::value_error("duplicate card " + quote_token(token.substr(i, 2)) + ": already at line " +
                              std::to_string(where[card].first) + ", column " + std::to_string(where[card].second));
      }
      seen |= mask_of(card);
      where[card] = {line, column};
      cards.push_back(card);
    }
    at = end;
  }
  return cards;
}

py::array_t<std::uint8_t> parse_cards(const py::object& text, bool check) {
  if (py::isinstance<py::str>(text)) {
    const std::vector<Card> cards = parse_text(text.cast<std::string>(), check);
    py::array_t<std::uint8_t> out(static_cast<py::ssize_t>(cards.size()));
    std::copy(cards.begin(), cards.end(), out.mutable_data());
    return out;
  }
  if (py::isinstance<py::bytes>(text) || !py::isinstance<py::iterable>(text)) {
    throw py::type_error("parse_cards takes a str or a sequence of str, not " +
                         py::str(py::type::of(text).attr("__name__")).cast<std::string>());
  }
  std::vector<std::vector<Card>> hands;
  for (const py::handle item : text) {
    if (!py::isinstance<py::str>(item)) {
      throw py::type_error("parse_cards takes a str or a sequence of str; item " + std::to_string(hands.size()) +
                           " is a " + py::str(py::type::of(item).attr("__name__")).cast<std::string>());
    }
    try {
      hands.push_back(parse_text(item.cast<std::string>(), check));
    } catch (const py::value_error& error) {
      throw py::value_error("item " + std::to_string(hands.size()) + ": " + error.what());
    }
    if (hands.back().size() != hands.front().size()) {
      throw py::value_error("item " + std::to_string(hands.size() - 1) + " has " + std::to_string(hands.back().size()) +
                            " cards, item 0 has " + std::to_string(hands.front().size()) +
                            " (the rows of an array are all as long)");
    }
  }
  const py::ssize_t width = hands.empty() ? 0 : static_cast<py::ssize_t>(hands.front().size());
  py::array_t<std::uint8_t> out({static_cast<py::ssize_t>(hands.size()), width});
  std::uint8_t* to = out.mutable_data();
  for (const auto& hand : hands) to = std::copy(hand.begin(), hand.end(), to);
  return out;
}

std::string row_text(const std::uint8_t* cards, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) text += ' ';
    append_card(text, cards[i], Notation::kHoldem);
  }
  return text;
}

py::object card_str(const py::object& cards) {
  if (py::isinstance<py::int_>(cards) && !py::isinstance<py::bool_>(cards)) {
    const auto value = cards.cast<long long>();
    if (value < 0 || value >= kCardCount) throw py::value_error(std::to_string(value) + " is not a card index (0..51)");
    return py::str(card_name(static_cast<Card>(value)));
  }
  const CardRows rows = card_rows(cards, "cards");
  if (rows.leading_shape.size() > 1) {
    throw py::value_error("card_str takes a card, a row of cards or a 2-d array of them, not " +
                          std::to_string(rows.leading_shape.size() + 1) + " dimensions");
  }
  for (std::size_t row = 0; row < rows.rows; ++row) {
    for (std::size_t i = 0; i < rows.row_size; ++i) {
      if (rows.data[row * rows.row_size + i] >= kCardCount) {
        throw py::value_error(
            *row_fault(rows.data + row * rows.row_size, rows.row_size, "cards", rows.leading_shape, row));
      }
    }
  }
  if (rows.leading_shape.empty()) return py::str(row_text(rows.data, rows.row_size));
  py::list texts;
  for (std::size_t row = 0; row < rows.rows; ++row)
    texts.append(py::str(row_text(rows.data + row * rows.row_size, rows.row_size)));
  return texts;
}

// The combos of a range as (uint8 (n, 2) cards, the higher first; float64
// (n,) weights), in the engine's order; poker.parse_range wraps them.
py::tuple parse_range_text(const std::string& text) {
  auto parsed = parse_range(text);
  if (const auto* error = std::get_if<RangeError>(&parsed)) {
    throw py::value_error("range " + quote_token(text) + ", column " + std::to_string(error->offset + 1) + ": " +
                          error->message);
  }
  const Range& range = std::get<Range>(parsed);
  const auto count = static_cast<py::ssize_t>(range.combos.size());
  py::array_t<std::uint8_t> cards({count, py::ssize_t{2}});
  py::array_t<double> weights(count);
  for (py::ssize_t i = 0; i < count; ++i) {
    const WeightedCombo& combo = range.combos[static_cast<std::size_t>(i)];
    cards.mutable_at(i, 0) = combo.high;
    cards.mutable_at(i, 1) = combo.low;
    weights.mutable_at(i) = combo.weight;
  }
  return py::make_tuple(cards, weights);
}

}  // namespace

void bind_cards(py::module_& m) {
  m.def("parse_cards", &parse_cards, py::arg("text"), py::kw_only(), py::arg("check") = true, R"doc(
Card indices of cards written as text: a uint8 array.

The encoding is the engine's: index = 4 * rank + suit, rank 0..12 for 2..A,
suit 0..3 for c, d, h, s; so "2c" is 0, "Ah" is 50 and "As" is 51.

text: a str of cards separated by blanks or written one after another
    ("Ah Kh 7c", "AhKh7c"), in either case ("ah kh"), giving a 1-d array;
    or a sequence of such str, each with the same number of cards, giving a
    2-d array (one row each).
check: raise ValueError for a card written twice in one str.

Bad text raises ValueError with the CLI's message, e.g.
"invalid card 'Ax': expected a rank (2-9, T, J, Q, K, A) then a suit
(h, d, s, c), like 'Ah' or 'Td'". Either case is read, as equity() and
parse_range() read cards (the judge's files keep the hold'em notation's
upper-case rank and lower-case suit).

>>> poker.parse_cards("Ah Kh 7c")
array([50, 46, 20], dtype=uint8)
)doc");

  m.def("card_str", &card_str, py::arg("cards"), R"doc(
Cards as text, the inverse of parse_cards: an index gives "Ah", a 1-d array
"Ah Kh 7c", a 2-d array a list of such str (one per row).
)doc");

  m.def("_parse_range", &parse_range_text, py::arg("text"),
        "The combos and weights of poker.parse_range's answer as a tuple (poker.parse_range is the documented "
        "entry point).");
}

}  // namespace poker::python
