#include "support/reference_evaluator.h"

#include <algorithm>
#include <cstddef>

namespace poker::reference {

RefValue evaluate5(std::span<const Card, 5> cards) {
  // How many cards of each rank; whether all five share a suit.
  std::array<int, 13> count{};
  bool flush = true;
  for (std::size_t i = 0; i < 5; ++i) {
    ++count[cards[i] / 4];
    if (cards[i] % 4 != cards[0] % 4) flush = false;
  }

  // Group ranks, biggest group first, then highest rank; and the group sizes.
  RefValue value;
  std::array<int, 5> sizes{};
  std::size_t groups = 0;
  for (int size = 4; size >= 1; --size) {
    for (int r = 12; r >= 0; --r) {
      if (count[r] == size) {
        value.tiebreak[groups] = r;
        sizes[groups] = size;
        ++groups;
      }
    }
  }

  if (groups == 5) {
    // Five distinct ranks, high to low in tiebreak.
    const auto& t = value.tiebreak;
    int straight_top = -1;
    if (t[0] - t[4] == 4) straight_top = t[0];
    if (t[0] == 12 && t[1] == 3 && t[2] == 2 && t[3] == 1 && t[4] == 0) straight_top = 3;  // A5432
    if (straight_top >= 0) {
      value.category = flush ? 8 : 4;
      value.tiebreak = {straight_top, -1, -1, -1, -1};
    } else {
      value.category = flush ? 5 : 0;
    }
    return value;
  }
  if (sizes[0] == 4) {
    value.category = 7;
  } else if (sizes[0] == 3 && sizes[1] == 2) {
    value.category = 6;
  } else if (sizes[0] == 3) {
    value.category = 3;
  } else if (sizes[0] == 2 && sizes[1] == 2) {
    value.category = 2;
  } else {
    value.category = 1;
  }
  return value;
}

RefValue best_of(std::span<const Card> cards) {
  const std::size_t n = cards.size();
  RefValue best;
  std::array<Card, 5> five{};
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = a + 1; b < n; ++b) {
      for (std::size_t c = b + 1; c < n; ++c) {
        for (std::size_t d = c + 1; d < n; ++d) {
          for (std::size_t e = d + 1; e < n; ++e) {
            five = {cards[a], cards[b], cards[c], cards[d], cards[e]};
            best = std::max(best, evaluate5(five));
          }
        }
      }
    }
  }
  return best;
}

std::vector<Card> cards_of(CardMask cards) {
  std::vector<Card> out;
  for (int i = 0; i < 64; ++i) {
    if ((cards >> i) & 1) out.push_back(static_cast<Card>(i));
  }
  return out;
}

RefValue best_of(CardMask cards) {
  std::array<Card, 64> list{};
  std::size_t n = 0;
  for (int i = 0; i < 64; ++i) {
    if ((cards >> i) & 1) list[n++] = static_cast<Card>(i);
  }
  return best_of(std::span<const Card>(list.data(), n));
}

std::string describe(const RefValue& value) {
  static constexpr const char* kNames[] = {"High card", "Pair",       "Two pair",       "Three of a kind", "Straight",
                                           "Flush",     "Full house", "Four of a kind", "Straight flush"};
  std::string out = value.category >= 0 && value.category <= 8 ? kNames[value.category] : "?";
  out += " [";
  for (std::size_t i = 0; i < 5; ++i) {
    if (i) out += ' ';
    out += std::to_string(value.tiebreak[i]);
  }
  out += ']';
  return out;
}

std::string describe(CardMask cards) {
  std::string out;
  for (Card c : cards_of(cards)) {
    if (!out.empty()) out += ' ';
    out += "23456789TJQKA"[c / 4];
    out += "cdhs"[c % 4];
  }
  return out;
}

}  // namespace poker::reference
