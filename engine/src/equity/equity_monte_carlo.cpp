// Monte Carlo deals: the hands drawn with probability proportional to the
// product of their weights among the possible deals, as the exact count
// weighs them (from the list of deals when it is short, else each player's
// combination by weight and the whole deal again when two collide), then the
// board's missing cards from what is left of the game's deck (short deck's
// 36 cards, whose missing ones the query holds dead, or hold'em's 52), the
// hands valued by the game's values, chosen once per block.
//
// Every block of deals has its own generator, seeded from (seed, block) alone:
// the deals do not depend on which thread draws which block.
#include <algorithm>
#include <array>

#include "equity/equity_deal.h"
#include "poker/random.h"

namespace poker::equity {

namespace {

// An index drawn with probability proportional to its weight: `cumulative`
// holds the running sums of the weights, or is empty when all `count`
// weights are equal.
std::size_t draw_index(Random& generator, const std::vector<double>& cumulative, std::size_t count) {
  if (cumulative.empty()) return generator.below(static_cast<std::uint32_t>(count));
  const double target = generator.unit() * cumulative.back();
  const auto at =
      static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), target) - cumulative.begin());
  return std::min(at, cumulative.size() - 1);
}

std::vector<double> running_sums(const std::vector<double>& weights) {
  const bool equal = std::all_of(weights.begin(), weights.end(), [&](double w) { return w == weights.front(); });
  std::vector<double> sums;
  if (equal) return sums;
  double total = 0;
  for (const double weight : weights) sums.push_back(total += weight);
  return sums;
}

}  // namespace

DealSampler::DealSampler(const EquityQuery& query, const std::atomic<bool>* stop)
    : query_(query),
      known_(query.board | query.dead),
      deck_first_(query.game == EquityGame::kShortDeck ? kShortDeckLowestCard : Card{0}) {
  for (const Range& range : query.players) {
    std::vector<double> weights;
    for (const WeightedCombo& combo : range.combos) weights.push_back(combo.weight);
    cumulative_weights_.push_back(running_sums(weights));
  }
  // Counted before they are listed: a query with too many deals to list
  // (any two "random" hands) then costs a walk, not a quarter million deals
  // stored and dropped, megabytes and milliseconds per query.
  std::uint64_t count = 0;
  if (!walk_deals(
          query, kMaxListedDeals, [&](const Deal&, double) { ++count; }, stop))
    return;
  deals_.reserve(count);
  std::vector<double> deal_weights;
  deal_weights.reserve(count);
  walk_deals(
      query, kMaxListedDeals,
      [&](const Deal& deal, double weight) {
        deals_.push_back(deal.holes);
        deal_weights.push_back(weight);
      },
      stop);
  cumulative_deal_weights_ = running_sums(deal_weights);
}

bool DealSampler::try_draw_hands(Random& generator, Holes& holes, CardMask& used) const {
  used = known_;
  for (std::size_t p = 0; p < query_.players.size(); ++p) {
    const auto& combos = query_.players[p].combos;
    const WeightedCombo& combo = combos[draw_index(generator, cumulative_weights_[p], combos.size())];
    if ((combo.mask() & used) != 0) return false;
    used |= combo.mask();
    holes[p] = {combo.high, combo.low};
  }
  return true;
}

CardMask DealSampler::draw_hands(Random& generator, Holes& holes) const {
  CardMask used = known_;
  if (!deals_.empty()) {
    holes = deals_[draw_index(generator, cumulative_deal_weights_, deals_.size())];
    for (std::size_t p = 0; p < query_.players.size(); ++p) used |= mask_of(holes[p][0]) | mask_of(holes[p][1]);
    return used;
  }
  while (!try_draw_hands(generator, holes, used)) {
  }
  return used;
}

bool DealSampler::can_sample(const EquityQuery& query) {
  const DealSampler sampler(query);
  if (!sampler.deals_.empty()) return true;  // listed
  Random generator(0, 0);
  Holes holes{};
  CardMask used = 0;
  std::uint64_t possible = 0;
  for (std::uint64_t draw = 0; draw < kTrialDraws; ++draw) possible += sampler.try_draw_hands(generator, holes, used);
  return possible * kMaxRejections >= kTrialDraws;
}

WinnerCounts DealSampler::sample_block(std::uint64_t seed, std::uint64_t block, std::uint64_t samples,
                                       const std::atomic<bool>* stop) const {
  return with_values(query_.game, [&](const auto& values) { return sample_with(values, seed, block, samples, stop); });
}

template <typename Values>
WinnerCounts DealSampler::sample_with(const Values& game, std::uint64_t seed, std::uint64_t block,
                                      std::uint64_t samples, const std::atomic<bool>* stop) const {
  const int players = static_cast<int>(query_.players.size());
  const int missing = 5 - card_count(query_.board);
  const HeldCards board_hand = HeldCards::from(query_.board);
  const auto deck_size = static_cast<std::uint32_t>(kCardCount - deck_first_);
  WinnerCounts counts(std::size_t{1} << players, 0);
  Random generator(seed, block);
  std::array<HandValue, kMaxEquityPlayers> values;
  Holes holes{};
  for (std::uint64_t sample = 0; sample < samples; ++sample) {
    // Every 256 deals: a block's draws may be slow when most are rejected.
    if (sample % 256 == 0 && stop != nullptr && stop->load(std::memory_order_relaxed)) break;
    CardMask used = draw_hands(generator, holes);
    HeldCards board = board_hand;
    // Ends: check_equity_query() refused a query that leaves fewer cards
    // than the board misses.
    for (int dealt = 0; dealt < missing;) {
      const auto card = static_cast<Card>(deck_first_ + generator.below(deck_size));
      if ((used & mask_of(card)) != 0) continue;
      used |= mask_of(card);
      board = board.plus(card);
      ++dealt;
    }
    for (int p = 0; p < players; ++p) values[p] = board.plus(holes[p][0]).plus(holes[p][1]).value(game);
    ++counts[best_hands(values.data(), players)];
  }
  return counts;
}

}  // namespace poker::equity
