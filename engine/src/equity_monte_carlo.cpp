// Monte Carlo deals: each player's combination drawn by weight, the whole
// deal drawn again when two of them collide (so that a possible deal is
// drawn with probability proportional to the product of its weights, as the
// exact count weighs it), then the board's missing cards from what is left.
//
// Every block of deals has its own generator, seeded from (seed, block) alone:
// the deals do not depend on which thread draws which block.
#include <algorithm>
#include <array>
#include <bit>

#include "equity_deal.h"

namespace poker::equity {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
  return z ^ (z >> 31);
}

// xoshiro256++ (Blackman and Vigna): fast, and good enough for dealing cards.
class Generator {
 public:
  Generator(std::uint64_t seed, std::uint64_t block) {
    std::uint64_t state = seed ^ splitmix64(block);
    for (auto& word : state_) word = splitmix64(state);
  }

  std::uint64_t next() {
    const std::uint64_t result = std::rotl(state_[0] + state_[3], 23) + state_[0];
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = std::rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, bound), bound < 2^32 (Lemire's multiply-shift; its bias,
  // under bound / 2^32, is far below what any sample count can see).
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32); }

  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::array<std::uint64_t, 4> state_{};
};

}  // namespace

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
  Generator generator(seed, block);
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
