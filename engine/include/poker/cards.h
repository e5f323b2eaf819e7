// Cards, card sets and their written forms.
//
// Card encoding (the one encoding used everywhere in the engine):
//
//     index = 4 * rank + suit            0 <= index < 52
//
//     rank  0  1  2  3  4  5  6  7  8  9 10 11 12
//           2  3  4  5  6  7  8  9  T  J  Q  K  A
//
//     suit  0  1  2  3
//           c  d  h  s        (clubs < diamonds < hearts < spades)
//
// so a larger index is a higher rank, and among cards of one rank, the higher
// suit in the order the specification (docs/specification.md, section 3)
// uses to break explain-mode ties (s > h > d > c).
// A set of cards is a CardMask: bit `index` set for each card held.
//
// Written forms (Notation):
//   kHoldem  "Ah", "Td": upper-case rank, lower-case suit (the default format)
//   kEuler   "AH", "TD": upper-case rank and suit (Project Euler 54)
//   kEval    "Ah", "0d": like kHoldem but ten is written '0'
// Parsing is case-sensitive: a token is a card only in its exact written form.
//
// Thread safety: everything here is stateless or constexpr.
#ifndef POKER_CARDS_H_
#define POKER_CARDS_H_

#include <array>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace poker {

using Card = std::uint8_t;
using CardMask = std::uint64_t;

inline constexpr int kRankCount = 13;
inline constexpr int kSuitCount = 4;
inline constexpr int kCardCount = 52;

constexpr Card make_card(int rank, int suit) { return static_cast<Card>(4 * rank + suit); }
constexpr int rank_of(Card card) { return card >> 2; }
constexpr int suit_of(Card card) { return card & 3; }
constexpr CardMask mask_of(Card card) { return CardMask{1} << card; }
// Every card of `suit`: bit 4 * rank + suit for each rank.
constexpr CardMask suit_cards(int suit) { return CardMask{0x1111111111111} << suit; }
constexpr int card_count(CardMask cards) { return std::popcount(cards); }

enum class Notation : std::uint8_t { kHoldem, kEuler, kEval };

namespace detail {

// Lookup tables from a byte to a rank or suit, 0xFF where the byte is not one.
// Two 256-byte tables keep the parse of a card to two loads and a compare.
struct CardAlphabet {
  std::array<std::uint8_t, 256> rank{};
  std::array<std::uint8_t, 256> suit{};
  std::array<char, kRankCount> rank_chars{};
  std::array<char, kSuitCount> suit_chars{};
};

constexpr CardAlphabet make_alphabet(std::string_view ranks, std::string_view suits) {
  CardAlphabet alphabet;
  alphabet.rank.fill(0xFF);
  alphabet.suit.fill(0xFF);
  for (int r = 0; r < kRankCount; ++r) {
    alphabet.rank[static_cast<unsigned char>(ranks[r])] = static_cast<std::uint8_t>(r);
    alphabet.rank_chars[r] = ranks[r];
  }
  for (int s = 0; s < kSuitCount; ++s) {
    alphabet.suit[static_cast<unsigned char>(suits[s])] = static_cast<std::uint8_t>(s);
    alphabet.suit_chars[s] = suits[s];
  }
  return alphabet;
}

inline constexpr std::array<CardAlphabet, 3> kAlphabets = {
    make_alphabet("23456789TJQKA", "cdhs"),  // kHoldem
    make_alphabet("23456789TJQKA", "CDHS"),  // kEuler
    make_alphabet("234567890JQKA", "cdhs"),  // kEval
};

}  // namespace detail

// The card written as `token` in `notation`, or nothing if `token` is not
// exactly a card (wrong length, case, rank or suit).
constexpr std::optional<Card> parse_card(std::string_view token, Notation notation) {
  if (token.size() != 2) return std::nullopt;
  const auto& alphabet = detail::kAlphabets[static_cast<int>(notation)];
  const std::uint8_t rank = alphabet.rank[static_cast<unsigned char>(token[0])];
  const std::uint8_t suit = alphabet.suit[static_cast<unsigned char>(token[1])];
  if (rank == 0xFF || suit == 0xFF) return std::nullopt;
  return make_card(rank, suit);
}

// The character of `rank` (0: deuce .. 12: ace) in `notation`.
constexpr char rank_char(int rank, Notation notation = Notation::kHoldem) {
  return detail::kAlphabets[static_cast<int>(notation)].rank_chars[static_cast<std::size_t>(rank)];
}

// The two characters of `card` in `notation`.
constexpr std::array<char, 2> card_chars(Card card, Notation notation) {
  const auto& alphabet = detail::kAlphabets[static_cast<int>(notation)];
  return {rank_char(rank_of(card), notation), alphabet.suit_chars[suit_of(card)]};
}

inline void append_card(std::string& out, Card card, Notation notation) {
  const auto chars = card_chars(card, notation);
  out.append(chars.data(), chars.size());
}

inline std::string card_name(Card card, Notation notation = Notation::kHoldem) {
  std::string name;
  append_card(name, card, notation);
  return name;
}

// What a rank looks like in `notation`, for the "expected ..." of a message:
// "a rank (2-9, T, J, Q, K, A)".
inline std::string rank_syntax(Notation notation) {
  std::string text = "a rank (2-9";
  for (int rank = 8; rank < kRankCount; ++rank) {
    const char c = rank_char(rank, notation);
    text += ", " + std::string(1, c) + (c >= '0' && c <= '9' ? " for ten" : "");
  }
  return text + ")";
}

// What a card looks like in `notation`, for the "expected ..." of a message
// about a bad card: the one wording of that sentence, wherever cards are read.
inline std::string card_syntax(Notation notation) {
  std::string text = rank_syntax(notation) + " then a suit (";
  const auto& suits = detail::kAlphabets[static_cast<int>(notation)].suit_chars;
  for (const int suit : {2, 1, 3, 0}) {  // hearts, diamonds, spades, clubs: the order players say them in
    text += suits[static_cast<std::size_t>(suit)];
    text += suit == 0 ? ")" : ", ";
  }
  constexpr int kAce = 12;
  constexpr int kTen = 8;
  return text + ", like '" + card_name(make_card(kAce, 2), notation) + "' or '" +
         card_name(make_card(kTen, 1), notation) + "'";
}

}  // namespace poker

#endif  // POKER_CARDS_H_
