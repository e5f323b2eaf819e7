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
//   BM_Holdem8Players     holdem_winner(): the board key once, two additions and
//                         a lookup per player; items/s counts instances
//   BM_Eval5Random        5 random cards through Hand
//   BM_EvaluateMask7      evaluate(CardMask) of 7 random cards
//   BM_EvaluateMask20     evaluate(CardMask) of 20 random cards
//   BM_BestFive7          best_five(CardMask) of 7 random cards
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "eval_workloads.h"
#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

constexpr std::size_t kSamples = std::size_t{1} << 20;

template <std::size_t N>
std::vector<CardMask> random_masks() {
  std::vector<CardMask> masks;
  masks.reserve(kSamples);
  for (const auto& hand : bench::deals<N>(kSamples)) {
    CardMask mask = 0;
    for (Card c : hand) mask |= mask_of(c);
    masks.push_back(mask);
  }
  return masks;
}

void BM_Eval7Random(benchmark::State& state) {
  const auto hands = bench::deals<7>(kSamples);
  for (auto _ : state) {
    for (const auto& c : hands) benchmark::DoNotOptimize(bench::hand_of_seven(c).evaluate());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval7Random);

void BM_Eval7RandomHand(benchmark::State& state) {
  std::vector<Hand> hands;
  hands.reserve(kSamples);
  for (const auto& c : bench::deals<7>(kSamples)) hands.push_back(bench::hand_of_seven(c));
  for (auto _ : state) {
    for (const Hand& hand : hands) benchmark::DoNotOptimize(hand.evaluate());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval7RandomHand);

void BM_Eval7Array(benchmark::State& state) {
  const auto hands = bench::deals<7>(kSamples);
  for (auto _ : state) {
    for (const auto& c : hands) benchmark::DoNotOptimize(evaluate7(c));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_Eval7Array);

void BM_Eval7Exhaustive(benchmark::State& state) {
  for (auto _ : state) {
    bench::for_each_seven_card_value([](HandValue value) { benchmark::DoNotOptimize(value); });
  }
  state.SetItemsProcessed(state.iterations() * bench::kSevenCardHands);
}
BENCHMARK(BM_Eval7Exhaustive)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Eval7ExhaustiveNaive(benchmark::State& state) {
  for (auto _ : state) {
    bench::for_each_seven_card_value<false>([](HandValue value) { benchmark::DoNotOptimize(value); });
  }
  state.SetItemsProcessed(state.iterations() * bench::kSevenCardHands);
}
BENCHMARK(BM_Eval7ExhaustiveNaive)->Unit(benchmark::kMillisecond)->Iterations(3);

template <int Players>
void BM_Holdem(benchmark::State& state) {
  const auto instances = bench::deals<5 + 2 * Players>(std::size_t{1} << 18, 0x401DE);
  for (auto _ : state) {
    for (const auto& cards : instances) benchmark::DoNotOptimize(bench::holdem_winner<Players>(cards));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * instances.size()));
}
void BM_Holdem2Players(benchmark::State& state) { BM_Holdem<2>(state); }
void BM_Holdem8Players(benchmark::State& state) { BM_Holdem<8>(state); }
BENCHMARK(BM_Holdem2Players);
BENCHMARK(BM_Holdem8Players);

void BM_Eval5Random(benchmark::State& state) {
  const auto hands = bench::deals<5>(kSamples);
  for (auto _ : state) {
    for (const auto& c : hands) {
      benchmark::DoNotOptimize(Hand().plus(c[0]).plus(c[1]).plus(c[2]).plus(c[3]).plus(c[4]).evaluate());
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
