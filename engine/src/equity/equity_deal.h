// Internal: one deal of hands (a combination per player) and the boards it
// can meet, counted by who holds the best hand.
#ifndef POKER_ENGINE_EQUITY_EQUITY_DEAL_H_
#define POKER_ENGINE_EQUITY_EQUITY_DEAL_H_

#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/equity.h"
#include "poker/evaluator.h"
#include "poker/random.h"
#include "poker/shortdeck.h"

namespace poker::equity {

inline constexpr CardMask kAllCards = (CardMask{1} << kCardCount) - 1;

// Each player's two hole cards, and the known board and dead cards.
// REQUIRES (users): all cards distinct; 2..10 players; 0 to 5 board cards.
struct Deal {
  int players = 0;
  std::array<std::array<Card, 2>, kMaxEquityPlayers> holes{};
  CardMask board = 0;
  CardMask dead = 0;

  CardMask known() const {
    CardMask cards = board | dead;
    for (int p = 0; p < players; ++p) cards |= mask_of(holes[p][0]) | mask_of(holes[p][1]);
    return cards;
  }
};

// Short deck's missing cards, the 16 ranked 2 to 5: the engine counts a
// short-deck query as a hold'em query with these cards dead, so that boards,
// deals, collisions and the exact count's rank multisets all see the 36
// cards that remain.
inline constexpr CardMask kShortDeckMissingCards = (CardMask{1} << kShortDeckLowestCard) - 1;

// A game's hand values, looked up as the evaluator looks them up
// (poker/detail/evaluator_tables.h): by the rank hash of a key without a
// flush, by the flush suit's rank mask otherwise. Hold'em's tables and
// short deck's (poker/shortdeck.h) are indexed alike, so one policy type per
// game, chosen once per query (with_values), serves every hot loop; the
// values of one game compare as HandValue's raw numbers, and are only ever
// compared with values of the same game.
struct HoldemValues {
  std::uint16_t of_ranks(std::uint64_t key) const { return detail::rank_value(key); }
  std::uint16_t of_flush(std::uint32_t ranks) const { return detail::flush_values[ranks]; }
};
struct ShortDeckValues {
  const detail::ShortDeckTables& tables = detail::shortdeck_tables();
  std::uint16_t of_ranks(std::uint64_t key) const { return tables.rank_values[detail::rank_index(key)]; }
  std::uint16_t of_flush(std::uint32_t ranks) const { return tables.flush_values[ranks]; }
};

// Calls f(values) with the values of `game` (hold'em's or short deck's).
template <typename F>
decltype(auto) with_values(EquityGame game, F&& f) {
  if (game == EquityGame::kShortDeck) return f(ShortDeckValues{});
  return f(HoldemValues{});
}

// A set of at most 7 cards as Hand (poker/evaluator.h) keeps it, the sum of
// its cards' keys and the cards, valued by any game's values.
struct HeldCards {
  std::uint64_t key = detail::kEmptyHandKey;
  CardMask cards = 0;

  static HeldCards from(CardMask of) {
    HeldCards held;
    for (; of != 0; of &= of - 1) held = held.plus(static_cast<Card>(std::countr_zero(of)));
    return held;
  }
  HeldCards plus(Card card) const { return {key + detail::card_keys[card], cards | mask_of(card)}; }

  // The value of 5..7 cards.
  template <typename Values>
  HandValue value(const Values& values) const {
    const std::uint64_t flush = key & detail::kFlushBits;
    if (flush != 0) [[unlikely]] {
      return HandValue(
          values.of_flush(detail::suit_ranks(cards, (std::countr_zero(flush) - detail::kFlushBitOfClubs) >> 2)));
    }
    return HandValue(values.of_ranks(key));
  }
};

// The query as the engine computes it: for short deck, the missing cards
// dead and the combinations holding one left out (no deal holds them, so
// the deals and their weights are unchanged); a hold'em query as it is.
EquityQuery playable_query(const EquityQuery& query);

// What is wrong with a short-deck query that hold'em would take: a card
// ranked 2 to 5 on the board, among the dead cards or in a player's only
// hand (named as the short-deck judge names it: "invalid card '5c' on the
// board: short deck has no 2 to 5 (ranks 6 to A)"), or a range whose every
// combination holds one. Nothing for any other game.
std::optional<std::string> check_game_cards(const EquityQuery& query);

// Outcomes of boards, by who shares the best hand: entry m counts the boards
// on which exactly the players of bit mask m (bit p for player p) hold the
// best hand. Entry 0 stays 0. Signed, as corrections subtract.
using WinnerCounts = std::vector<std::int64_t>;

// The players holding the best of `values` (one per player), as a bit mask.
inline unsigned best_hands(const HandValue* values, int players) {
  HandValue best = values[0];
  unsigned winners = 1;
  for (int p = 1; p < players; ++p) {
    if (values[p] > best) {
      best = values[p];
      winners = 1u << p;
    } else if (values[p] == best) {
      winners |= 1u << p;
    }
  }
  return winners;
}

// Every completion of the deal's board, counted by winners (1 << players
// entries), the hands valued as `game` values them. REQUIRES: for short
// deck, kShortDeckMissingCards among the deal's dead cards.
WinnerCounts count_boards_exactly(const Deal& deal, EquityGame game = EquityGame::kHoldem);

// The boards dealt to one deal of hands: C(cards left, board cards missing).
std::uint64_t boards_per_deal(const Deal& deal);

// The possible deals of hands of a query, grouped by renaming of suits: the
// deals of one group meet the same boards with the same outcomes (suits
// renamed), so one representative is counted for all.
struct ExactPlan {
  std::vector<Deal> representatives;
  std::vector<double> weights;         // the summed weights of each group's deals
  std::vector<std::uint64_t> members;  // how many deals each group holds
  std::uint64_t deals = 0;             // possible deals in all groups
};
// Nothing when the query has more than `max_deals` possible deals of hands
// (or none at all), or when `stop` turned true first.
std::optional<ExactPlan> plan_exact(const EquityQuery& query, std::uint64_t max_deals,
                                    const std::atomic<bool>* stop = nullptr);

// Visits every possible deal of hands with its weight (the product of its
// combinations'), player 1's combinations outermost. Returns false, having
// stopped, when there are more than `limit` or `stop` turned true.
bool walk_deals(const EquityQuery& query, std::uint64_t limit, const std::function<void(const Deal&, double)>& visit,
                const std::atomic<bool>* stop = nullptr);

// Whether any deal of hands is possible: a search that stops at the first,
// or gives up after kMaxDealSearchSteps combinations tried. Deciding it is
// hard in general (a matching of disjoint pairs, one from each range), but
// trying the smallest ranges first settles real queries in a few steps; the
// budget bounds the rest (ten players of wide ranges that cannot all be
// dealt, which a fuzzer found).
enum class DealSearchResult : std::uint8_t { kFound, kNone, kGaveUp };
inline constexpr std::uint64_t kMaxDealSearchSteps = 10'000'000;
DealSearchResult find_possible_deal(const EquityQuery& query);

// Monte Carlo: draws deals that respect the weights and collisions, for a
// query that has a possible deal.
//
// When the query has at most kMaxListedDeals possible deals of hands, they
// are listed and drawn by weight. Otherwise each player's combination is
// drawn by weight and the whole deal drawn again when two collide (the same
// weighting); that needs possible deals not to be too rare among all draws,
// which can_sample() checks.
class DealSampler {
 public:
  // `stop`: as for walk_deals (the sampler is then of no use).
  explicit DealSampler(const EquityQuery& query, const std::atomic<bool>* stop = nullptr);
  // `samples` deals of block `block`, drawn from (seed, block) alone; fewer,
  // of no use, once `stop` turns true.
  WinnerCounts sample_block(std::uint64_t seed, std::uint64_t block, std::uint64_t samples,
                            const std::atomic<bool>* stop = nullptr) const;

  // Whether drawing deals is practical: the deals are listed, or a trial of
  // kTrialDraws draws found at least kTrialDraws / kMaxRejections possible
  // deals (at most a few thousand draws per deal).
  static bool can_sample(const EquityQuery& query);

  static constexpr std::uint64_t kMaxListedDeals = kMaxAutoExactDeals;
  static constexpr std::uint64_t kTrialDraws = 1 << 16;
  static constexpr std::uint64_t kMaxRejections = 4096;

 private:
  template <typename Values>
  WinnerCounts sample_with(const Values& values, std::uint64_t seed, std::uint64_t block, std::uint64_t samples,
                           const std::atomic<bool>* stop) const;

  using Holes = std::array<std::array<Card, 2>, kMaxEquityPlayers>;
  // Draws the hole cards of one deal; returns the cards it and the known cards use.
  CardMask draw_hands(Random& generator, Holes& holes) const;
  // The rejection draw: false when two hands collided.
  bool try_draw_hands(Random& generator, Holes& holes, CardMask& used) const;

  const EquityQuery& query_;
  const CardMask known_;
  // The lowest card of the game's deck: the board's cards are drawn from
  // it up (short deck's 36 cards, or hold'em's 52).
  const Card deck_first_;
  // Per player, the running sums of its combos' weights; empty when the
  // weights are all equal (a combo is then drawn by its index alone).
  std::vector<std::vector<double>> cumulative_weights_;
  // The listed deals and the running sums of their weights (empty: not listed).
  std::vector<Holes> deals_;
  std::vector<double> cumulative_deal_weights_;
};

}  // namespace poker::equity

#endif  // POKER_ENGINE_EQUITY_EQUITY_DEAL_H_
