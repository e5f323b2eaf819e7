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
// Thread safety: all functions are pure; the lookup tables (about 208 KB) are
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

// The category's name as the SPEC writes it: "Straight flush", "Four of a
// kind", "Full house", "Flush", "Straight", "Three of a kind", "Two pair",
// "Pair", "High card".
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

namespace detail {

// Implementation details of Hand, in this header only so that Hand::add and
// Hand::evaluate inline into their callers. Not part of the API; defined in
// engine/src/eval/evaluator.cpp, which explains the scheme.
//
// A Hand's key is the sum of its cards' keys. A card's key is its rank's key
// (low 32 bits; distinct multisets of at most 7 ranks have distinct sums)
// plus a 1 in its suit's 4-bit counter (bits 32 + 4 * suit). The counters
// start at 3, so a suit holding 5 or more cards sets its counter's top bit.
inline constexpr std::uint64_t kEmptyHandKey = std::uint64_t{0x3333} << 32;
inline constexpr std::uint64_t kFlushBits = std::uint64_t{0x8888} << 32;
inline constexpr int kFlushBitOfClubs = 35;  // the top bit of suit 0's counter
inline constexpr int kRankHashShift = 13;

extern const std::array<std::uint64_t, kCardCount> card_keys;
// card_keys[card] + kEmptyHandKey: evaluate7's first card starts the sum.
extern const std::array<std::uint64_t, kCardCount> first_card_keys;
// Perfect hash of rank keys: rank_values[2 * rank_hash_rows[key & 8191] + (key >> 13)]
// (halved row bases in 16 bits: a 16 KB table).
extern const std::array<std::uint16_t, std::size_t{1} << kRankHashShift> rank_hash_rows;
// HandValue::raw() of every multiset of 5..7 ranks (0 for fewer cards), and of
// every 13-bit flush rank mask with at least 5 ranks; computed before main()
// and read-only: nothing outside evaluator.cpp can write them.
inline constexpr std::size_t kRankValueCount = 87462;  // rank_hash::kTableSize
extern const std::array<std::uint16_t, kRankValueCount> rank_values;
extern const std::array<std::uint16_t, 1 << kRankCount> flush_values;

// rank_values index of a (flush-free) key: the perfect hash of its low 32 bits.
inline std::uint32_t rank_index(std::uint64_t key) {
  const auto rank_key = static_cast<std::uint32_t>(key);
  return 2u * rank_hash_rows[rank_key & ((1u << kRankHashShift) - 1)] + (rank_key >> kRankHashShift);
}

// Adds 1 to every suit counter: a suit holding 4 cards then sets its top bit.
inline constexpr std::uint64_t kOneOfEachSuit = std::uint64_t{0x1111} << 32;

// A card's rank bit in its suit's 16-bit lane (bit 16 * suit + rank): the OR
// over a set of cards, shifted right by 16 * suit, is the suit's rank mask.
extern const std::array<std::uint64_t, kCardCount> lane_bits;

// The 13-bit mask of the ranks held in `suit`.
inline std::uint32_t suit_ranks(CardMask cards, int suit) {
  std::uint64_t x = (cards >> suit) & 0x0001111111111111;  // bit 4 * rank
  x = (x | (x >> 3)) & 0x0003030303030303;                 // 2 ranks per byte
  x = (x | (x >> 6)) & 0x000F000F000F000F;                 // 4 ranks per 16 bits
  x = (x | (x >> 12)) & 0x000000FF000000FF;                // 8 ranks per 32 bits
  return static_cast<std::uint32_t>((x | (x >> 24)) & 0x1FFF);
}

}  // namespace detail

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
    const std::uint64_t flush = key_ & detail::kFlushBits;
    if (flush != 0) [[unlikely]] {
      const int suit = (std::countr_zero(flush) - detail::kFlushBitOfClubs) >> 2;
      return HandValue(detail::flush_values[detail::suit_ranks(cards_, suit)]);
    }
    return HandValue(detail::rank_values[detail::rank_index(key_)]);
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
  HandValue evaluate_no_flush() const { return HandValue(detail::rank_values[detail::rank_index(key_)]); }

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
  if ((key & detail::kFlushBits) != 0) [[unlikely]] {
    // Inline, because a call costs here (BM_Eval7Random in bench/poker_bench
    // measures it): reread the cards' lane bits.
    const int suit = (std::countr_zero(key & detail::kFlushBits) - detail::kFlushBitOfClubs) >> 2;
    const std::uint64_t lanes = detail::lane_bits[five[0]] | detail::lane_bits[five[1]] | detail::lane_bits[five[2]] |
                                detail::lane_bits[five[3]] | detail::lane_bits[five[4]] | detail::lane_bits[sixth] |
                                detail::lane_bits[seventh];
    return HandValue(detail::flush_values[(lanes >> (16 * suit)) & 0x1FFF]);
  }
  return HandValue(detail::rank_values[detail::rank_index(key)]);
}

// The strength of the 5 distinct cards at five[0..4]: the key's sum and a
// lookup (the flush path rereads the cards' lane bits), no card mask.
inline HandValue evaluate5(const Card* five) {
  const std::uint64_t key = five_card_key(five);
  if ((key & detail::kFlushBits) != 0) [[unlikely]] {
    const int suit = (std::countr_zero(key & detail::kFlushBits) - detail::kFlushBitOfClubs) >> 2;
    const std::uint64_t lanes = detail::lane_bits[five[0]] | detail::lane_bits[five[1]] | detail::lane_bits[five[2]] |
                                detail::lane_bits[five[3]] | detail::lane_bits[five[4]];
    return HandValue(detail::flush_values[(lanes >> (16 * suit)) & 0x1FFF]);
  }
  return HandValue(detail::rank_values[detail::rank_index(key)]);
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
// the selects below into one) it would be mispredicted on about every other
// instance, which costs more than the evaluations (BM_Holdem2Players in
// bench/poker_bench measures it). Player k beats the k before it with
// probability 1 / (k + 1), so the later comparisons are predicted well
// enough to stay the cheaper selects.
// REQUIRES: players >= 1, all cards distinct.
inline int holdem_winner(const Card* board, const Card* holes, int players) {
  const std::uint64_t board_key = five_card_key(board);
  const auto value_of = [&](int player) {
    return evaluate7(board_key, board, holes[2 * player], holes[2 * player + 1]);
  };
  if (players == 1) return 0;
  const HandValue first = value_of(0);
  const HandValue second = value_of(1);
  int winner = stronger_of_two(first, second, players);
  // On raw() values: GCC's code for comparing HandValues (operator<=>) makes
  // this loop slower with many players (BM_Holdem8Players measures it).
  unsigned best = std::max(first.raw(), second.raw());
  for (int player = 2; player < players; ++player) {
    const unsigned value = value_of(player).raw();
    const int if_not_better = value == best ? players : winner;
    winner = value > best ? player : if_not_better;
    best = value > best ? value : best;
  }
  return winner;
}

// Strength of the best five-card hand among `cards` (5..52 cards; any number
// of flushes, straights among repeated ranks, and so on). Up to 7 cards go
// through Hand; more are judged directly from rank counts and suit masks.
HandValue evaluate(CardMask cards);

// The best five cards among `cards` (5..52 cards) and their strength, in the
// order of the SPEC's explain mode: group cards before kickers, larger groups
// and then higher groups first; straights from the top card down, the wheel as
// 5 4 3 2 A. Among cards of equal rank the higher suit (s > h > d > c) comes
// first and is the one chosen when only some of them are used; between two
// equally strong flushes or straight flushes, the higher suit's is chosen.
// value equals evaluate(cards). With fewer than 5 cards the result is
// BestFive{} (meaningless).
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
