// Short-deck (six-plus) hold'em hand evaluation.
//
// The deck has 36 cards: the ranks 6 to A of every suit, written and encoded
// as the hold'em cards of poker/cards.h (a six is rank 4). The rules differ
// from hold'em's in three ways (the specification, docs/specification.md,
// section 7):
//   * a flush beats a full house (with four suits of nine ranks, five
//     cards of one suit are rarer than a full house);
//   * three of a kind beats a straight;
//   * the ace plays low only in A-6-7-8-9, the lowest straight (and the
//     lowest straight flush); there is no A-2-3-4-5.
// Categories, best first: straight flush, four of a kind, flush, full
// house, three of a kind, straight, two pair, pair, high card. Ties inside a
// category are broken as in hold'em; suits never break them.
//
// Usage:
//     poker::ShortDeckValue v = poker::shortdeck_evaluate7(board, a, b);
//     v.category() == poker::ShortDeckCategory::kFlush ...
//     int winner = poker::shortdeck_winner(board, holes, players);
//
// Cost: a 7-card hand is the evaluator's key sum (poker/evaluator.h: the
// same card keys and perfect hash of the ranks) and one lookup in short
// deck's own tables, built on first use from the rules (about 190 KB,
// milliseconds; thread-safe, as function-local statics). BM_ShortDeck* in
// bench/poker_bench measure it.
//
// REQUIRES everywhere: the cards are distinct short-deck cards (rank 6 or
// higher). The formats check this before evaluating; a lower card gives a
// meaningless value.
#ifndef POKER_SHORTDECK_H_
#define POKER_SHORTDECK_H_

#include <array>
#include <atomic>
#include <bit>
#include <compare>
#include <cstdint>
#include <string_view>

#include "poker/cards.h"
#include "poker/detail/evaluator_tables.h"
#include "poker/evaluator.h"

namespace poker {

// The lowest rank of the short deck (the six) and the lowest card (6c).
inline constexpr int kShortDeckLowestRank = 4;
inline constexpr Card kShortDeckLowestCard = make_card(kShortDeckLowestRank, 0);
inline constexpr int kShortDeckCardCount = 36;

constexpr bool is_shortdeck_card(Card card) { return card >= kShortDeckLowestCard && card < kCardCount; }

// Short deck's categories, weakest first, so that they compare like the
// hands. Not hold'em's Category: the order differs.
enum class ShortDeckCategory : std::uint8_t {
  kHighCard = 0,
  kPair,
  kTwoPair,
  kStraight,
  kThreeOfAKind,
  kFullHouse,
  kFlush,
  kFourOfAKind,
  kStraightFlush,
};

// The category's name as the specification (section 2) writes it: "Straight
// flush", "Four of a kind", "Flush", "Full house", ...
std::string_view category_name(ShortDeckCategory category);

// Strength of a best five-card short-deck hand: (category << 12) | rank,
// where rank orders the hands inside the category (1-based, larger is
// better). Totally ordered: a larger value is a stronger hand, equal values
// tie; ShortDeckValue() is below every hand.
class ShortDeckValue {
 public:
  constexpr ShortDeckValue() = default;
  constexpr explicit ShortDeckValue(std::uint16_t raw) : raw_(raw) {}

  constexpr ShortDeckCategory category() const { return static_cast<ShortDeckCategory>(raw_ >> 12); }
  constexpr std::uint16_t raw() const { return raw_; }

  friend constexpr auto operator<=>(ShortDeckValue, ShortDeckValue) = default;

 private:
  std::uint16_t raw_ = 0;
};

namespace detail {

// Short deck's values by the evaluator's keys: rank_values by rank_index()
// of a flush-free key (kRankValueSlots entries), flush_values by the flush
// suit's 13-bit rank mask. Built on the first call, thread-safe.
struct ShortDeckTables {
  const std::uint16_t* rank_values;
  const std::uint16_t* flush_values;

  // The value of the 5..7 cards whose key is `key`; ranks_in(suit) as for
  // detail::value_of_key. With at most 7 cards, a flush rules out four of a
  // kind, and it beats everything else but a straight flush: a hand with a
  // flush is worth its flush suit's best.
  template <typename RanksIn>
  std::uint16_t value_of_key(std::uint64_t key, RanksIn&& ranks_in) const {
    const std::uint64_t flush = key & kFlushBits;
    if (flush != 0) [[unlikely]] {
      return flush_values[ranks_in((std::countr_zero(flush) - kFlushBitOfClubs) >> 2)];
    }
    return rank_values[rank_index(key)];
  }
};
// The tables once built (null before), and the build: the first call
// builds them, once, whichever threads call at the same time.
extern std::atomic<const ShortDeckTables*> shortdeck_tables_built;
const ShortDeckTables& build_shortdeck_tables();
// Inline: an acquire load is a plain load on x86-64, cheaper than a call.
inline const ShortDeckTables& shortdeck_tables() {
  const ShortDeckTables* built = shortdeck_tables_built.load(std::memory_order_acquire);
  return built != nullptr ? *built : build_shortdeck_tables();
}

}  // namespace detail

// The strength of the 5 distinct short-deck cards at five[0..4].
inline ShortDeckValue shortdeck_evaluate5(const Card* five) {
  return ShortDeckValue(detail::shortdeck_tables().value_of_key(
      five_card_key(five), [five](int suit) { return detail::lane_ranks(detail::five_lanes(five), suit); }));
}

// The strength of the board's five cards and the two hole cards.
inline ShortDeckValue shortdeck_evaluate7(const Card* board, Card first, Card second) {
  const std::uint64_t key = five_card_key(board) + detail::card_keys[first] + detail::card_keys[second];
  return ShortDeckValue(detail::shortdeck_tables().value_of_key(key, [&](int suit) {
    return detail::lane_ranks(detail::five_lanes(board) | detail::lane_bits[first] | detail::lane_bits[second], suit);
  }));
}

// The strength of the best five of `cards` (5 to 7 short-deck cards).
ShortDeckValue shortdeck_evaluate(CardMask cards);

// The best five of `cards` (5 to 7 short-deck cards) and their strength, in
// explain order (the specification, section 3): group cards before kickers,
// larger and then higher groups first; straights from the top card down,
// A-6-7-8-9 as 9 8 7 6 A; among cards of one rank the higher suit (s > h >
// d > c) first, and chosen when only some are used.
struct ShortDeckBestFive {
  ShortDeckValue value;
  std::array<Card, 5> cards;
};
ShortDeckBestFive shortdeck_best_five(CardMask cards);

// The short-deck judge's verdict on one deal, as holdem_winner()
// (poker/evaluator.h) gives hold'em's: the index of the single best of the
// `players` hands holes[2p], holes[2p + 1] with board[0..4], or `players`
// when two or more share the best. REQUIRES: players >= 1, all cards
// distinct short-deck cards.
inline int shortdeck_winner(const Card* board, const Card* holes, int players) {
  const detail::ShortDeckTables& tables = detail::shortdeck_tables();
  const std::uint64_t board_key = five_card_key(board);
  const auto value_of = [&](int player) -> unsigned {
    const Card first = holes[2 * player];
    const Card second = holes[2 * player + 1];
    return tables.value_of_key(board_key + detail::card_keys[first] + detail::card_keys[second], [&](int suit) {
      return detail::lane_ranks(detail::five_lanes(board) | detail::lane_bits[first] | detail::lane_bits[second], suit);
    });
  };
  if (players == 1) return 0;
  // Who wins between the first two is a coin toss: arithmetic, not a branch
  // (see holdem_winner()).
  const unsigned first = value_of(0);
  const unsigned second = value_of(1);
  if (players == 2) return static_cast<int>(detail::two_player_verdict(first, second));
  detail::DealLeader leader{first > second ? first : second, second > first ? 1 : (second == first ? players : 0)};
  for (int player = 2; player < players; ++player) leader.see(player, value_of(player), players);
  return leader.player;
}

}  // namespace poker

#endif  // POKER_SHORTDECK_H_
