// Draw puzzle solver benchmarks. The decks are seeded shuffles made once,
// outside the timed loops; items/s counts decks solved.
//
//   BM_DrawLeastRounds             one thread
//   BM_DrawLeastRounds/threads:2   two threads on the same decks, wall-clock
//                                  rate (the 2-core machine of
//                                  docs/performance.md's figures)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "poker/draw_solver.h"

namespace poker::draw {
namespace {

const std::vector<Deck>& random_decks() {
  static const std::vector<Deck> decks = [] {
    std::mt19937_64 rng(0xDEC5);
    Deck ordered;
    for (int i = 0; i < kDeckSize; ++i) {
      ordered[i] = {static_cast<std::uint8_t>(i / 13), static_cast<std::uint8_t>(i % 13 + 1)};
    }
    std::vector<Deck> out(4096, ordered);
    for (Deck& deck : out) std::shuffle(deck.begin(), deck.end(), rng);
    return out;
  }();
  return decks;
}

void BM_DrawLeastRounds(benchmark::State& state) {
  const std::vector<Deck>& decks = random_decks();
  // Threads start at different decks so they do not share cache lines' work.
  std::size_t next = static_cast<std::size_t>(state.thread_index()) * decks.size() / 2;
  for (auto _ : state) {
    benchmark::DoNotOptimize(least_rounds(decks[next]));
    if (++next == decks.size()) next = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_DrawLeastRounds);
BENCHMARK(BM_DrawLeastRounds)->Threads(2)->UseRealTime();

}  // namespace
}  // namespace poker::draw
