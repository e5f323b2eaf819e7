// Monte Carlo deals: each player's combination drawn by weight, the whole
// deal drawn again when two of them collide (so that a possible deal is
// drawn with probability proportional to the product of its weights, as the
// exact count weighs it), then the board's missing cards from what is left.
//
// Every block of deals has its own generator, seeded from (seed, block) alone:
// the deals do not depend on which thread draws which block.
#include <algorithm>
#include <array>

#include "equity_deal.h"
#include "poker/random.h"

namespace poker::equity {

DealSampler::DealSampler(const EquityQuery& query) : query_(query) {
  for (const Range& range : query.players) {
    std::vector<double> cumulative;
    const bool equal_weights = std::all_of(range.combos.begin(), range.combos.end(), [&](const WeightedCombo& combo) {
      return combo.weight == range.combos.front().weight;
    });
    double total = 0;
    if (!equal_weights) {
      for (const WeightedCombo& combo : range.combos) cumulative.push_back(total += combo.weight);
    }
    cumulative_weights_.push_back(std::move(cumulative));
  }
}

WinnerCounts DealSampler::sample_block(std::uint64_t seed, std::uint64_t block, std::uint64_t samples) const {
  const int players = static_cast<int>(query_.players.size());
  const int missing = 5 - card_count(query_.board);
  const CardMask known = query_.board | query_.dead;
  const Hand board_hand = Hand::from(query_.board);
  WinnerCounts counts(std::size_t{1} << players, 0);
  Random generator(seed, block);
  std::array<HandValue, kMaxEquityPlayers> values;
  std::array<const WeightedCombo*, kMaxEquityPlayers> hands{};
  for (std::uint64_t sample = 0; sample < samples; ++sample) {
    CardMask used;
    bool collided;
    do {
      used = known;
      collided = false;
      for (int p = 0; p < players && !collided; ++p) {
        const auto& combos = query_.players[static_cast<std::size_t>(p)].combos;
        const auto& cumulative = cumulative_weights_[static_cast<std::size_t>(p)];
        std::size_t at;
        if (cumulative.empty()) {  // equal weights
          at = generator.below(static_cast<std::uint32_t>(combos.size()));
        } else {
          const double target = generator.unit() * cumulative.back();
          at = std::min<std::size_t>(
              static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), target) -
                                       cumulative.begin()),
              cumulative.size() - 1);
        }
        hands[p] = &combos[at];
        collided = (hands[p]->mask() & used) != 0;
        used |= hands[p]->mask();
      }
    } while (collided);
    Hand board = board_hand;
    for (int dealt = 0; dealt < missing;) {
      const auto card = static_cast<Card>(generator.below(kCardCount));
      if ((used & mask_of(card)) != 0) continue;
      used |= mask_of(card);
      board.add(card);
      ++dealt;
    }
    for (int p = 0; p < players; ++p) values[p] = board.plus(hands[p]->high).plus(hands[p]->low).evaluate();
    ++counts[best_hands(values.data(), players)];
  }
  return counts;
}

}  // namespace poker::equity
