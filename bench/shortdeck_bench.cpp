// Short-deck evaluation benchmarks (poker/shortdeck.h), beside the hold'em
// evaluator on the same deals. Random deals (seeded) from the 36-card deck
// are drawn outside the timed loops; items/s counts hands (or instances).
//
//   BM_ShortDeckEval7          shortdeck_evaluate7(board, a, b)
//   BM_ShortDeckHoldemEval7    hold'em's evaluate7() of the same cards: the
//                              speed short deck's evaluation is held to
//   BM_ShortDeckEval5          shortdeck_evaluate5()
//   BM_ShortDeck2Players       shortdeck_winner(), 2 and 8 players an
//   BM_ShortDeck8Players       instance (holdem_winner(): BM_Holdem2Players)
//   BM_ShortDeckBestFive7      shortdeck_best_five() of 7 cards (explain)
//   BM_ShortDeckJudge/N        the short-deck format's process() of one chunk of
//   BM_HoldemJudge/N           N-player canonical instances, and the hold'em
//                              format's of hold'em deals: the judges' time per
//                              instance (items/s counts instances)
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "poker/format.h"
#include "poker/holdem_format.h"
#include "poker/io/chunk.h"
#include "poker/shortdeck.h"
#include "poker/shortdeck_format.h"

namespace poker {
namespace {

constexpr std::size_t kSamples = std::size_t{1} << 20;

// `count` deals of N distinct short-deck cards (partial shuffles of one deck).
template <std::size_t N>
std::vector<std::array<Card, N>> shortdeck_deals(std::size_t count) {
  std::mt19937_64 rng(0x5D36);
  std::vector<std::array<Card, N>> result(count);
  std::array<Card, kShortDeckCardCount> deck{};
  for (int i = 0; i < kShortDeckCardCount; ++i) deck[i] = static_cast<Card>(kShortDeckLowestCard + i);
  for (auto& deal : result) {
    for (std::size_t i = 0; i < N; ++i) {
      std::uniform_int_distribution<std::size_t> pick(i, kShortDeckCardCount - 1);
      std::swap(deck[i], deck[pick(rng)]);
      deal[i] = deck[i];
    }
  }
  return result;
}

void BM_ShortDeckEval7(benchmark::State& state) {
  const auto hands = shortdeck_deals<7>(kSamples);
  for (auto _ : state) {
    for (const auto& c : hands) benchmark::DoNotOptimize(shortdeck_evaluate7(c.data(), c[5], c[6]));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_ShortDeckEval7);

void BM_ShortDeckHoldemEval7(benchmark::State& state) {
  const auto hands = shortdeck_deals<7>(kSamples);
  for (auto _ : state) {
    for (const auto& c : hands) benchmark::DoNotOptimize(evaluate7(c));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_ShortDeckHoldemEval7);

void BM_ShortDeckEval5(benchmark::State& state) {
  const auto hands = shortdeck_deals<5>(kSamples);
  for (auto _ : state) {
    for (const auto& c : hands) benchmark::DoNotOptimize(shortdeck_evaluate5(c.data()));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}
BENCHMARK(BM_ShortDeckEval5);

template <int kPlayers>
void BM_ShortDeckPlayers(benchmark::State& state) {
  constexpr std::size_t kCards = 5 + 2 * kPlayers;
  const auto deals = shortdeck_deals<kCards>(kSamples / kPlayers);
  for (auto _ : state) {
    for (const auto& c : deals) benchmark::DoNotOptimize(shortdeck_winner(c.data(), c.data() + 5, kPlayers));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * deals.size()));
}
void BM_ShortDeck2Players(benchmark::State& state) { BM_ShortDeckPlayers<2>(state); }
void BM_ShortDeck8Players(benchmark::State& state) { BM_ShortDeckPlayers<8>(state); }
BENCHMARK(BM_ShortDeck2Players);
BENCHMARK(BM_ShortDeck8Players);

void BM_ShortDeckBestFive7(benchmark::State& state) {
  std::vector<CardMask> masks;
  for (const auto& c : shortdeck_deals<7>(kSamples)) {
    CardMask mask = 0;
    for (const Card card : c) mask |= mask_of(card);
    masks.push_back(mask);
  }
  for (auto _ : state) {
    for (const CardMask mask : masks) benchmark::DoNotOptimize(shortdeck_best_five(mask));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * masks.size()));
}
BENCHMARK(BM_ShortDeckBestFive7);

// `instances` canonical N-player instances dealt from the deck's cards
// lowest..51.
std::string judge_input(int players, Card lowest, std::size_t instances) {
  std::mt19937_64 rng(0x5D37);
  std::vector<Card> deck;
  for (int card = lowest; card < kCardCount; ++card) deck.push_back(static_cast<Card>(card));
  std::string text;
  for (std::size_t n = 0; n < instances; ++n) {
    const int cards = 2 * players + 5;
    for (int i = 0; i < cards; ++i) {
      std::uniform_int_distribution<std::size_t> pick(static_cast<std::size_t>(i), deck.size() - 1);
      std::swap(deck[static_cast<std::size_t>(i)], deck[pick(rng)]);
      append_card(text, deck[static_cast<std::size_t>(i)], Notation::kHoldem);
      const bool line_end = i == cards - 1 || (i < 2 * players && i % 2 == 1);
      text += line_end ? '\n' : ' ';
    }
  }
  return text;
}

void run_judge(benchmark::State& state, const Format& format, Card lowest) {
  constexpr std::size_t kInstances = 20000;
  const std::string text = judge_input(static_cast<int>(state.range(0)), lowest, kInstances);
  io::Chunk chunk;
  chunk.bytes = text;
  chunk.first_line = 1;
  chunk.end = io::Chunk::End::kEndOfInput;
  for (auto _ : state) {
    ChunkResult result;
    format.process(chunk, result);
    benchmark::DoNotOptimize(result.instances);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kInstances));
}

void BM_ShortDeckJudge(benchmark::State& state) {
  const auto format = make_shortdeck_format(HoldemOptions{static_cast<int>(state.range(0)), false});
  run_judge(state, *format, kShortDeckLowestCard);
}
BENCHMARK(BM_ShortDeckJudge)->Arg(2)->Arg(8);

void BM_HoldemJudge(benchmark::State& state) {
  const auto format = make_holdem_format(HoldemOptions{static_cast<int>(state.range(0)), false});
  run_judge(state, *format, 0);
}
BENCHMARK(BM_HoldemJudge)->Arg(2)->Arg(8);

}  // namespace
}  // namespace poker
