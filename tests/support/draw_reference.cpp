#include "support/draw_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <sstream>
#include <string>

namespace poker::draw::testing {
namespace {

constexpr int kCards = 52;

int card_index(DrawCard card) { return card.suit * 13 + (card.value - 1); }
DrawCard card_at_index(int index) {
  return {static_cast<std::uint8_t>(index / 13), static_cast<std::uint8_t>(index % 13 + 1)};
}

std::uint64_t bit(int position) { return std::uint64_t{1} << position; }

// Bit t of the class byte: the five cards contain type t. In the order the
// nested loops of brute_force_least_rounds visit the five-card sets.
std::vector<std::uint8_t> build_classes() {
  std::vector<std::uint8_t> classes;
  classes.reserve(2598960);
  DrawCard five[5];
  for (int a = 0; a < kCards; ++a) {
    five[0] = card_at_index(a);
    for (int b = a + 1; b < kCards; ++b) {
      five[1] = card_at_index(b);
      for (int c = b + 1; c < kCards; ++c) {
        five[2] = card_at_index(c);
        for (int d = c + 1; d < kCards; ++d) {
          five[3] = card_at_index(d);
          for (int e = d + 1; e < kCards; ++e) {
            five[4] = card_at_index(e);
            classes.push_back(static_cast<std::uint8_t>(types_contained(five)));
          }
        }
      }
    }
  }
  return classes;
}

}  // namespace

int bfs_least_rounds(std::uint64_t target, int max_rounds) {
  // A state is the hand held (a mask of positions) and the next deck position.
  auto key = [](std::uint64_t hand, int next) { return hand | std::uint64_t(next) << 56; };
  std::vector<std::uint64_t> states{key(0x1F, 5)};
  if ((target & ~std::uint64_t{0x1F}) == 0) return 0;
  for (int round = 1; round <= max_rounds; ++round) {
    std::vector<std::uint64_t> next_states;
    for (std::uint64_t state : states) {
      const std::uint64_t hand = state & (bit(56) - 1);
      const int next = static_cast<int>(state >> 56);
      // Every subset of the hand may be discarded, the empty one included.
      for (std::uint64_t discard = hand;; discard = (discard - 1) & hand) {
        const int drawn = std::popcount(discard);
        if (next + drawn <= kCards) {
          const std::uint64_t new_hand = (hand & ~discard) | ((bit(drawn) - 1) << next);
          const int new_next = next + drawn;
          if ((target & ~new_hand) == 0) return round;
          // A target card already drawn but no longer held is lost for good.
          if ((target & ~new_hand & (bit(new_next) - 1)) == 0) next_states.push_back(key(new_hand, new_next));
        }
        if (discard == 0) break;
      }
    }
    std::sort(next_states.begin(), next_states.end());
    next_states.erase(std::unique(next_states.begin(), next_states.end()), next_states.end());
    states = std::move(next_states);
  }
  return -1;
}

int greedy_least_rounds(std::uint64_t target) {
  int next = 5;
  int rounds = 0;
  while ((target >> next) != 0) {  // some target card is still in the deck
    const int held = std::popcount(target & (bit(next) - 1));
    next += 5 - held;  // discard every other card, draw as many
    ++rounds;
  }
  return rounds;
}

unsigned types_contained(const DrawCard (&five)[5]) {
  std::array<int, 14> of_value{};
  std::array<int, 4> of_suit{};
  for (const DrawCard& card : five) {
    ++of_value[card.value];
    ++of_suit[card.suit];
  }
  int pairs = 0;
  bool three = false;
  bool four = false;
  for (int v = 1; v <= 13; ++v) {
    pairs += of_value[v] >= 2;
    three = three || of_value[v] >= 3;
    four = four || of_value[v] == 4;
  }
  bool straight = false;
  for (int low = 1; low + 4 <= 13; ++low) {
    bool run = true;
    for (int v = low; v < low + 5; ++v) run = run && of_value[v] >= 1;
    straight = straight || run;
  }
  const bool flush = std::find(of_suit.begin(), of_suit.end(), 5) != of_suit.end();
  unsigned types = 0;
  if (pairs >= 1) types |= 1u << kPair;
  if (pairs >= 2) types |= 1u << kTwoPair;
  if (three) types |= 1u << kThreeOfAKind;
  if (straight) types |= 1u << kStraight;
  if (flush) types |= 1u << kFlush;
  if (three && pairs >= 2) types |= 1u << kFullHouse;
  if (four) types |= 1u << kFourOfAKind;
  if (straight && flush) types |= 1u << kStraightFlush;
  return types;
}

RoundCounts brute_force_least_rounds(const Deck& deck) {
  static const std::vector<std::uint8_t> classes = build_classes();
  std::array<std::uint64_t, kCards> where{};  // card index -> its position bit
  for (int p = 0; p < kCards; ++p) where[card_index(deck[p])] = bit(p);
  RoundCounts best;
  best.fill(kCards);
  std::size_t k = 0;
  for (int a = 0; a < kCards; ++a) {
    for (int b = a + 1; b < kCards; ++b) {
      for (int c = b + 1; c < kCards; ++c) {
        const std::uint64_t abc = where[a] | where[b] | where[c];
        for (int d = c + 1; d < kCards; ++d) {
          for (int e = d + 1; e < kCards; ++e) {
            const unsigned types = classes[k++];
            if (types == 0) continue;
            const std::uint64_t set = abc | where[d] | where[e];
            // The last card must be drawn, at most 5 a round: a lower bound
            // that skips sets which cannot improve any of their types.
            const int last = 63 - std::countl_zero(set);
            const int at_least = last < 5 ? 0 : (last - 4 + 4) / 5;
            bool may_improve = false;
            for (int t = 0; t < kHandTypeCount; ++t)
              may_improve = may_improve || (types >> t & 1 && best[t] > at_least);
            if (!may_improve) continue;
            const int rounds = greedy_least_rounds(set);
            for (int t = 0; t < kHandTypeCount; ++t) {
              if (types >> t & 1) best[t] = std::min(best[t], rounds);
            }
          }
        }
      }
    }
  }
  return best;
}

Deck random_deck(std::mt19937_64& rng) {
  Deck deck;
  for (int i = 0; i < kCards; ++i) deck[i] = card_at_index(i);
  std::shuffle(deck.begin(), deck.end(), rng);
  return deck;
}

Deck deck_from_text(std::string_view text) {
  Deck deck{};
  std::istringstream in{std::string(text)};
  std::array<bool, kCards> seen{};
  int count = 0;
  std::string suit;
  int value = 0;
  while (in >> suit >> value) {
    const std::string_view letters = "RSHK";
    const auto s = letters.find(suit);
    if (suit.size() != 1 || s == std::string_view::npos || value < 1 || value > 13 || count == kCards) {
      ADD_FAILURE() << "bad card line " << suit << ' ' << value << " at " << count;
      return deck;
    }
    deck[count] = {static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(value)};
    if (seen[card_index(deck[count])]) ADD_FAILURE() << "repeated card " << suit << ' ' << value;
    seen[card_index(deck[count])] = true;
    ++count;
  }
  if (count != kCards) ADD_FAILURE() << "expected 52 cards, read " << count;
  return deck;
}

Deck deck_with_hand(const std::vector<DrawCard>& hand, std::uint64_t seed) {
  std::array<bool, kCards> used{};
  Deck deck{};
  int count = 0;
  for (const DrawCard& card : hand) {
    used[card_index(card)] = true;
    deck[count++] = card;
  }
  std::vector<DrawCard> rest;
  for (int i = 0; i < kCards; ++i) {
    if (!used[i]) rest.push_back(card_at_index(i));
  }
  std::mt19937_64 rng(seed);
  std::shuffle(rest.begin(), rest.end(), rng);
  for (const DrawCard& card : rest) deck[count++] = card;
  return deck;
}

}  // namespace poker::draw::testing
