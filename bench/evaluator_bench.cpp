// Evaluator benchmarks. Random hands are drawn (seeded) outside the timed
// loops; items/s counts evaluations.
//
//   BM_Eval7Random        7 random cards: seven Hand::add and evaluate()
//   BM_Eval7RandomHand    prebuilt 7-card Hands: evaluate() alone
//   BM_Eval7Array         7 random cards: evaluate7(cards) (keys summed, no mask)
//   BM_Eval7Exhaustive    all 133,784,560 7-card hands, one card added per
//                         loop level (as a hold'em judge shares a board); the
//                         flush test is hoisted: skipped for all 7th cards when
//                         no suit has 4 of the first 6 cards, and for all 6th
//                         and 7th cards when no suit has 3 of the first 5
//   BM_Eval7ExhaustiveNaive  the same enumeration with evaluate() everywhere
//   BM_Holdem2Players     hold'em instances (board + 2 players' hole cards):
//   BM_Holdem8Players     one board Hand, plus/plus/evaluate per player, the
//                         winner found; items/s counts instances
//   BM_Eval5Random        5 random cards through Hand
//   BM_EvaluateMask7      evaluate(CardMask) of 7 random cards
//   BM_EvaluateMask20     evaluate(CardMask) of 20 random cards
//   BM_BestFive7          best_five(CardMask) of 7 random cards
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

constexpr std::size_t kSamples = std::size_t{1} << 20;

template <int N>
std::vector<std::array<Card, N>> random_hands() {
  std::mt19937_64 rng(0xBE7C4);
  std::uniform_int_distribution<int> pick(0, kCardCount - 1);
  std::vector<std::array<Card, N>> hands(kSamples);
  for (auto& hand : hands) {
    CardMask used = 0;
    for (auto& card : hand) {
      do {
        card = static_cast<Card>(pick(rng));
      } while (used & mask_of(card));
      used |= mask_of(card);
    }
  }
  return hands;
}

template <int N>
std::vector<CardMask> random_masks() {
  std::vector<CardMask> masks;
  masks.reserve(kSamples);
  for (const auto& hand : random_hands<N>()) {
    CardMask mask = 0;
    for (Card c : hand) mask |= mask_of(c);
    masks.push_back(mask);
  }
  return masks;
}

void BM_Eval7Random(benchmark::State& state) {
  const auto hands = random_hands<7>();
  for (auto _ : state) {
    for (const auto& c : hands) {
      const Hand hand = Hand().plus(c[0]).plus(c[1]).plus(c[2]).plus(c[3]).plus(c[4]).plus(c[5]).plus(c[6]);
      benchmark::DoNotOptimize(hand.evaluate());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval7Random);

void BM_Eval7RandomHand(benchmark::State& state) {
  std::vector<Hand> hands;
  hands.reserve(kSamples);
  for (const auto& c : random_hands<7>()) {
    Hand hand;
    for (Card card : c) hand.add(card);
    hands.push_back(hand);
  }
  for (auto _ : state) {
    for (const Hand& hand : hands) benchmark::DoNotOptimize(hand.evaluate());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval7RandomHand);

void BM_Eval7Array(benchmark::State& state) {
  const auto hands = random_hands<7>();
  for (auto _ : state) {
    for (const auto& c : hands) benchmark::DoNotOptimize(evaluate7(c));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval7Array);

// The two innermost levels of BM_Eval7Exhaustive: every 7-card hand extending
// the 5-card hand `he`. If no suit holds 3 of its cards, no extension can
// flush; otherwise the test is made once per 6-card hand.
inline void extend_five(const Hand& he, Card e) {
  if (!he.flush_possible_after(2)) {
    for (Card f = e + 1; f < kCardCount; ++f) {
      const Hand hf = he.plus(f);
#pragma GCC unroll 4
      for (Card g = f + 1; g < kCardCount; ++g) {
        benchmark::DoNotOptimize(hf.plus(g).evaluate_no_flush());
      }
    }
    return;
  }
  for (Card f = e + 1; f < kCardCount; ++f) {
    const Hand hf = he.plus(f);
    if (!hf.flush_possible_after(1)) {
#pragma GCC unroll 4
      for (Card g = f + 1; g < kCardCount; ++g) {
        benchmark::DoNotOptimize(hf.plus(g).evaluate_no_flush());
      }
    } else {
      for (Card g = f + 1; g < kCardCount; ++g) {
        benchmark::DoNotOptimize(hf.plus(g).evaluate());
      }
    }
  }
}

void BM_Eval7Exhaustive(benchmark::State& state) {
  std::int64_t items = 0;
  for (auto _ : state) {
    for (Card a = 0; a < kCardCount; ++a) {
      const Hand ha = Hand().plus(a);
      for (Card b = a + 1; b < kCardCount; ++b) {
        const Hand hb = ha.plus(b);
        for (Card c = b + 1; c < kCardCount; ++c) {
          const Hand hc = hb.plus(c);
          for (Card d = c + 1; d < kCardCount; ++d) {
            const Hand hd = hc.plus(d);
            for (Card e = d + 1; e < kCardCount; ++e) extend_five(hd.plus(e), e);
          }
        }
      }
    }
    items += 133'784'560;
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_Eval7Exhaustive)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Eval7ExhaustiveNaive(benchmark::State& state) {
  std::int64_t items = 0;
  for (auto _ : state) {
    for (Card a = 0; a < kCardCount; ++a) {
      const Hand ha = Hand().plus(a);
      for (Card b = a + 1; b < kCardCount; ++b) {
        const Hand hb = ha.plus(b);
        for (Card c = b + 1; c < kCardCount; ++c) {
          const Hand hc = hb.plus(c);
          for (Card d = c + 1; d < kCardCount; ++d) {
            const Hand hd = hc.plus(d);
            for (Card e = d + 1; e < kCardCount; ++e) {
              const Hand he = hd.plus(e);
              for (Card f = e + 1; f < kCardCount; ++f) {
                const Hand hf = he.plus(f);
                for (Card g = f + 1; g < kCardCount; ++g) {
                  benchmark::DoNotOptimize(hf.plus(g).evaluate());
                }
              }
            }
          }
        }
      }
    }
    items += 133'784'560;
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_Eval7ExhaustiveNaive)->Unit(benchmark::kMillisecond)->Iterations(3);

// Hold'em instances: a board and `Players` hole-card pairs, all distinct.
template <int Players>
void BM_Holdem(benchmark::State& state) {
  constexpr std::size_t kInstances = std::size_t{1} << 18;
  std::mt19937_64 rng(0x401DE);
  std::vector<std::array<Card, 5 + 2 * Players>> instances(kInstances);
  std::array<Card, kCardCount> deck{};
  for (int i = 0; i < kCardCount; ++i) deck[i] = static_cast<Card>(i);
  for (auto& inst : instances) {
    for (std::size_t i = 0; i < inst.size(); ++i) {  // a partial Fisher-Yates shuffle
      std::uniform_int_distribution<std::size_t> pick(i, kCardCount - 1);
      std::swap(deck[i], deck[pick(rng)]);
      inst[i] = deck[i];
    }
  }
  for (auto _ : state) {
    for (const auto& inst : instances) {
      const Hand board = Hand().plus(inst[0]).plus(inst[1]).plus(inst[2]).plus(inst[3]).plus(inst[4]);
      HandValue best = board.plus(inst[5]).plus(inst[6]).evaluate();
      int winner = 0;
      for (int p = 1; p < Players; ++p) {
        const HandValue v = board.plus(inst[5 + 2 * p]).plus(inst[6 + 2 * p]).evaluate();
        if (v > best) {
          best = v;
          winner = p;
        } else if (v == best) {
          winner = -1;  // a split pot
        }
      }
      benchmark::DoNotOptimize(winner);
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * instances.size()));
}
void BM_Holdem2Players(benchmark::State& state) { BM_Holdem<2>(state); }
void BM_Holdem8Players(benchmark::State& state) { BM_Holdem<8>(state); }
BENCHMARK(BM_Holdem2Players);
BENCHMARK(BM_Holdem8Players);

void BM_Eval5Random(benchmark::State& state) {
  const auto hands = random_hands<5>();
  for (auto _ : state) {
    for (const auto& c : hands) {
      const Hand hand = Hand().plus(c[0]).plus(c[1]).plus(c[2]).plus(c[3]).plus(c[4]);
      benchmark::DoNotOptimize(hand.evaluate());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval5Random);

void BM_EvaluateMask7(benchmark::State& state) {
  const auto masks = random_masks<7>();
  for (auto _ : state) {
    for (CardMask mask : masks) benchmark::DoNotOptimize(evaluate(mask));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * masks.size()));
}
BENCHMARK(BM_EvaluateMask7);

void BM_EvaluateMask20(benchmark::State& state) {
  const auto masks = random_masks<20>();
  for (auto _ : state) {
    for (CardMask mask : masks) benchmark::DoNotOptimize(evaluate(mask));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * masks.size()));
}
BENCHMARK(BM_EvaluateMask20);

void BM_BestFive7(benchmark::State& state) {
  const auto masks = random_masks<7>();
  for (auto _ : state) {
    for (CardMask mask : masks) benchmark::DoNotOptimize(best_five(mask));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * masks.size()));
}
BENCHMARK(BM_BestFive7);

}  // namespace
}  // namespace poker
