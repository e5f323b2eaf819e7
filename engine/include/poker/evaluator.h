// The hand evaluator: how strong is the best five-card hand in a set of cards?
//
// Three entry points, one value type:
//   * Hand: an incrementally built set of up to 7 cards. Adding a card is an
//     addition and an OR; evaluating is a table lookup (flush or not). Several players
//     on one board share the board's Hand and add their own cards to a copy.
//   * evaluate7(cards) for an array of exactly 7 cards: the same value as a
//     Hand of them, with less work (no card mask on the common path); and
//     evaluate7(five_card_key(board), board, a, b) to share a board's sum.
//   * evaluate(CardMask) for any 5..52 cards (the `eval` format), and
//   * best_five(CardMask) for the five cards that make the hand, in the order
//     explain mode prints them.
//
// HandValue is totally ordered: a larger value is a stronger hand, equal values
// tie. Values of hands of different sizes (5, 6, 7, ... cards) compare.
//
// Thread safety: all functions are pure; the lookup tables (about 212 KB) are
// built once, before main(), and only read afterwards. Do not evaluate from
// another translation unit's static initializers.
#ifndef POKER_EVALUATOR_H_
#define POKER_EVALUATOR_H_

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "poker/cards.h"
#include "poker/detail/evaluator_tables.h"

namespace poker {

// Hand categories, weakest first, so that they compare like the hands.
enum class Category : std::uint8_t {
  kHighCard = 0,
  kPair,
  kTwoPair,
  kThreeOfAKind,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
};

// The category's name as the specification (docs/specification.md, section 2)
// writes it: "Straight flush", "Four of a kind", "Full house", "Flush",
// "Straight", "Three of a kind", "Two pair", "Pair", "High card".
std::string_view category_name(Category category);

// Strength of a best five-card hand. Encoded as (category << 12) | rank, where
// rank orders the hands inside the category (1-based, larger is better); there
// are 7,462 distinct values in all.
class HandValue {
 public:
  constexpr HandValue() = default;
  constexpr explicit HandValue(std::uint16_t raw) : raw_(raw) {}

  constexpr Category category() const { return static_cast<Category>(raw_ >> 12); }
  constexpr std::uint16_t raw() const { return raw_; }

  friend constexpr auto operator<=>(HandValue, HandValue) = default;

 private:
  std::uint16_t raw_ = 0;
};

// A set of at most 7 cards, kept in the form the 7-card lookup wants: the sum
// of its cards' keys and the set of cards.
//
// Adding a card is one addition and one OR; evaluate() is one table lookup
// after a flush test (about 10 instructions).
//
// REQUIRES: no card is added twice (checked by callers: parsing validates
// uniqueness before evaluating), and at most 7 cards are added. evaluate()
// is meaningful with 5..7 cards (it returns HandValue() with fewer).
class Hand {
 public:
  constexpr Hand() = default;

  // The hand holding `cards` (at most 7 of them).
  static Hand from(CardMask cards) {
    Hand hand;
    for (; cards != 0; cards &= cards - 1) hand.add(static_cast<Card>(std::countr_zero(cards)));
    return hand;
  }

  Hand& add(Card card) {
    key_ += detail::card_keys[card];
    cards_ |= mask_of(card);
    return *this;
  }
  Hand plus(Card card) const { return Hand(*this).add(card); }

  HandValue evaluate() const {
    return HandValue(detail::value_of_key(key_, [this](int suit) { return detail::suit_ranks(cards_, suit); }));
  }

  CardMask cards() const { return cards_; }

  // Incremental enumeration helpers (exhaustive loops hoist the flush test).
  //
  // Whether adding `more_cards` more cards could make a flush: some suit
  // already holds 5 - more_cards or more cards. When this is false, every
  // hand built by adding at most `more_cards` cards evaluates to its
  // evaluate_no_flush(). REQUIRES: 0 <= more_cards and the cards held plus
  // more_cards at most 7 (so that no suit counter overflows).
  bool flush_possible_after(int more_cards) const {
    return ((key_ + detail::kOneOfEachSuit * static_cast<std::uint64_t>(more_cards)) & detail::kFlushBits) != 0;
  }
  // evaluate() for a hand that holds no flush (no suit with 5 or more cards):
  // the rank lookup alone. REQUIRES: no flush (unchecked).
  HandValue evaluate_no_flush() const { return HandValue(detail::rank_value(key_)); }

 private:
  std::uint64_t key_ = detail::kEmptyHandKey;
  CardMask cards_ = 0;
};

// Seven-card evaluation from card arrays, without a card mask: the cards'
// keys are summed, and the rare flush path rereads the cards.
//
// The key of five cards (its bias included) is a partial hand value that
// several 7-card evaluations can share, as a judge shares the board:
//     const std::uint64_t board_key = five_card_key(board);
//     evaluate7(board_key, board, first, second)   // for each player
// REQUIRES (both): the 7 cards are distinct.
inline std::uint64_t five_card_key(const Card* five) {
  return detail::first_card_keys[five[0]] + detail::card_keys[five[1]] + detail::card_keys[five[2]] +
         detail::card_keys[five[3]] + detail::card_keys[five[4]];
}

// The strength of five[0..4], sixth and seventh, `five_key` being
// five_card_key(five).
inline HandValue evaluate7(std::uint64_t five_key, const Card* five, Card sixth, Card seventh) {
  const std::uint64_t key = five_key + detail::card_keys[sixth] + detail::card_keys[seventh];
  // The flush path inline, because a call costs here (BM_Eval7Random in
  // bench/poker_bench measures it): it rereads the cards' lane bits.
  return HandValue(detail::value_of_key(key, [&](int suit) {
    return detail::lane_ranks(detail::five_lanes(five) | detail::lane_bits[sixth] | detail::lane_bits[seventh], suit);
  }));
}

// The strength of the 5 distinct cards at five[0..4]: the key's sum and a
// lookup (the flush path rereads the cards' lane bits), no card mask.
inline HandValue evaluate5(const Card* five) {
  return HandValue(detail::value_of_key(
      five_card_key(five), [five](int suit) { return detail::lane_ranks(detail::five_lanes(five), suit); }));
}

// The strength of the 7 distinct cards at cards[0..6]: equal to
// Hand().plus(cards[0])...plus(cards[6]).evaluate(), with less work: a few
// dozen instructions per evaluation (`bench/instructions.sh build/release
// eval7_array` counts them with callgrind).
inline HandValue evaluate7(const Card* cards) { return evaluate7(five_card_key(cards), cards, cards[5], cards[6]); }
inline HandValue evaluate7(const std::array<Card, 7>& cards) { return evaluate7(cards.data()); }

// Which of two hands is stronger: 0 for `first`, 1 for `second`, and `tie`
// when they are equal. Arithmetic, not a branch: which of two random hands
// is stronger is a coin toss, and a branch on it is mispredicted on about
// every other call.
// (On raw(): GCC turns the comparisons of operator<=> back into a branch.)
inline int stronger_of_two(HandValue first, HandValue second, int tie) {
  const unsigned a = first.raw();
  const unsigned b = second.raw();
  return static_cast<int>(b > a) | (tie & -static_cast<int>(b == a));
}

// The hold'em judge's verdict on one deal: the index of the single best of
// the `players` hands holes[2p], holes[2p + 1] with board[0..4], or
// `players` when two or more share the best. The board's key is summed
// once; then each player costs two additions and a lookup.
//
// Who wins is random data. The second player beats the first on a coin
// toss, so that comparison is stronger_of_two(): as a branch (GCC compiles
// DealLeader's selects into one) it would be mispredicted on about every other
// instance, which costs more than the evaluations (BM_Holdem2Players in
// bench/poker_bench measures it). Player k beats the k before it with
// probability 1 / (k + 1), so the later comparisons are predicted well
// enough to stay the cheaper selects.
//
// Two players, the common case, are judged with one flush test for both
// keys: without a flush (about 19 deals in 20) each player then costs two
// additions and the rank lookup.
// REQUIRES: players >= 1, all cards distinct.
inline int holdem_winner(const Card* board, const Card* holes, int players) {
  const std::uint64_t board_key = five_card_key(board);
  const auto value_of = [&](int player) {
    return evaluate7(board_key, board, holes[2 * player], holes[2 * player + 1]);
  };
  if (players == 1) return 0;
  if (players == 2) {
    const std::uint64_t first_key = board_key + detail::card_keys[holes[0]] + detail::card_keys[holes[1]];
    const std::uint64_t second_key = board_key + detail::card_keys[holes[2]] + detail::card_keys[holes[3]];
    if (((first_key | second_key) & detail::kFlushBits) == 0) [[likely]] {
      // stronger_of_two(first, second, 2), in fewer instructions.
      return static_cast<int>(
          detail::two_player_verdict(detail::rank_value(first_key), detail::rank_value(second_key)));
    }
  }
  const HandValue first = value_of(0);
  const HandValue second = value_of(1);
  detail::DealLeader leader{std::max(first.raw(), second.raw()), stronger_of_two(first, second, players)};
  for (int player = 2; player < players; ++player) leader.see(player, value_of(player).raw(), players);
  return leader.player;
}

// Strength of the best five-card hand among `cards` (5..52 cards; any number
// of flushes, straights among repeated ranks, and so on). Up to 7 cards go
// through Hand; more are judged directly from rank counts and suit masks.
HandValue evaluate(CardMask cards);

// The best five cards among `cards` (5..52 cards) and their strength, in the
// order of explain mode (the specification, docs/specification.md, section 3):
// group cards before kickers, larger groups and then higher groups first;
// straights from the top card down, the wheel as 5 4 3 2 A. Among cards of
// equal rank the higher suit (s > h > d > c) comes first and is the one chosen
// when only some of them are used; between two equally strong flushes or
// straight flushes, the higher suit's is chosen. value equals evaluate(cards).
// With fewer than 5 cards the result is BestFive{} (meaningless).
struct BestFive {
  HandValue value;
  std::array<Card, 5> cards;
};
BestFive best_five(CardMask cards);
// The same for 5..9 cards whose value is known (from evaluate7, say): a
// table lookup and a card per rank. REQUIRES: value == evaluate(cards).
BestFive best_five(CardMask cards, HandValue value);

}  // namespace poker

#endif  // POKER_EVALUATOR_H_
