// Internal: one deal of hands (a combination per player) and the boards it
// can meet, counted by who holds the best hand.
#ifndef POKER_ENGINE_EQUITY_EQUITY_DEAL_H_
#define POKER_ENGINE_EQUITY_EQUITY_DEAL_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "poker/cards.h"
#include "poker/equity.h"
#include "poker/evaluator.h"
#include "poker/random.h"

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

// Every completion of the deal's board, counted by winners (1 << players entries).
WinnerCounts count_boards_exactly(const Deal& deal);

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
  using Holes = std::array<std::array<Card, 2>, kMaxEquityPlayers>;
  // Draws the hole cards of one deal; returns the cards it and the known cards use.
  CardMask draw_hands(Random& generator, Holes& holes) const;
  // The rejection draw: false when two hands collided.
  bool try_draw_hands(Random& generator, Holes& holes, CardMask& used) const;

  const EquityQuery& query_;
  const CardMask known_;
  // Per player, the running sums of its combos' weights; empty when the
  // weights are all equal (a combo is then drawn by its index alone).
  std::vector<std::vector<double>> cumulative_weights_;
  // The listed deals and the running sums of their weights (empty: not listed).
  std::vector<Holes> deals_;
  std::vector<double> cumulative_deal_weights_;
};

}  // namespace poker::equity

#endif  // POKER_ENGINE_EQUITY_EQUITY_DEAL_H_
