// Test helpers that write card instances as text: one renderer of card lines,
// canonical or with every kind of blank the specification allows
// (docs/specification.md, section 3), and random instances of any layout built
// on it. Shared by the unit and end-to-end suites, so that every suite feeds
// the formats the same kinds of text.
#ifndef POKER_TESTS_SUPPORT_INSTANCE_TEXT_H_
#define POKER_TESTS_SUPPORT_INSTANCE_TEXT_H_

#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "poker/cards.h"

namespace poker::testing {

enum class Blanks {
  kCanonical,  // "Ah Kh\n": single spaces, no extra blanks
  kVaried,     // random leading, separating and trailing blanks, some CRLF
};

// How a card is written: the engine's card_name() for a notation, or a
// suite's own independent spelling (the end-to-end tests').
using CardWriter = std::function<std::string(Card)>;

// Appends one line of cards[0..count), each written by `write`. kCanonical
// draws nothing from `rng`.
void append_card_line(std::string& text, const Card* cards, std::size_t count, const CardWriter& write, Blanks blanks,
                      std::mt19937_64& rng);

// The card counts of a hold'em instance's lines: 2 per player, then 5.
std::vector<int> holdem_lines(int players);

// `count` valid instances of random distinct cards (a fresh shuffle each),
// a line per entry of `cards_per_line` holding that many cards.
std::string random_instances_text(std::mt19937_64& rng, const std::vector<int>& cards_per_line, int count,
                                  Notation notation, Blanks blanks = Blanks::kCanonical);

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_INSTANCE_TEXT_H_
