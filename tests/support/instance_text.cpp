#include "support/instance_text.h"

#include <algorithm>

namespace poker::testing {
namespace {

template <typename T>
const T& pick(const std::vector<T>& choices, std::mt19937_64& rng) {
  return choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
}

bool chance(std::mt19937_64& rng, double p) { return std::bernoulli_distribution(p)(rng); }

}  // namespace

void append_card_line(std::string& text, const Card* cards, std::size_t count, const CardWriter& write, Blanks blanks,
                      std::mt19937_64& rng) {
  static const std::vector<std::string> kSeparators = {" ", " ", " ", "  ", "\t", " \t ", "\v", "\f", "\r", "   "};
  static const std::vector<std::string> kEdges = {" ", "\t", "  ", "\f", "\v", " \r", "\t \t"};
  const bool varied = blanks == Blanks::kVaried;
  if (varied && chance(rng, 0.15)) text += pick(kEdges, rng);
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) text += varied ? pick(kSeparators, rng) : std::string(" ");
    text += write(cards[i]);
  }
  if (varied && chance(rng, 0.15)) text += pick(kEdges, rng);
  text += varied && chance(rng, 0.2) ? "\r\n" : "\n";
}

std::vector<int> holdem_lines(int players) {
  std::vector<int> lines(static_cast<std::size_t>(players), 2);
  lines.push_back(5);
  return lines;
}

std::string random_instances_text(std::mt19937_64& rng, const std::vector<int>& cards_per_line, int count,
                                  Notation notation, Blanks blanks) {
  const CardWriter write = [notation](Card card) { return card_name(card, notation); };
  std::string text;
  std::vector<Card> deck(kCardCount);
  for (int card = 0; card < kCardCount; ++card) deck[static_cast<std::size_t>(card)] = static_cast<Card>(card);
  for (int instance = 0; instance < count; ++instance) {
    std::shuffle(deck.begin(), deck.end(), rng);
    std::size_t next = 0;
    for (const int line : cards_per_line) {
      append_card_line(text, &deck[next], static_cast<std::size_t>(line), write, blanks, rng);
      next += static_cast<std::size_t>(line);
    }
  }
  return text;
}

}  // namespace poker::testing
