// Omaha evaluation benchmarks (poker/omaha.h). Random deals (seeded) of a
// board and 4, 5 or 6 hole cards (the argument) are drawn outside the timed
// loops; items/s counts hands judged.
//
//   BM_OmahaHigh            omaha_high(): each hand on its own board, the
//                           OmahaBoard built for it (a random board's table
//                           row is seldom in cache)
//   BM_OmahaHighSharedBoard OmahaBoard built once for 64 hands (a range of
//                           hands on one board, an equity enumeration), the
//                           boards' building in the timed loop
//   BM_OmahaLow             omaha_low(): each hand on its own board
//   BM_OmahaLowSharedBoard  OmahaBoard::low(), 64 hands a board
//   BM_OmahaHighBruteForce  every two-hole x three-board choice through
//                           evaluate5(): what the tables save
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "eval_workloads.h"
#include "poker/cards.h"
#include "poker/evaluator.h"
#include "poker/omaha.h"

namespace poker {
namespace {

constexpr std::size_t kDeals = std::size_t{1} << 16;
constexpr int kMaxDeal = kOmahaBoardCards + kOmahaMaxHoleCards;

// Board cards at [0, 5), hole cards from 5.
const std::vector<std::array<Card, kMaxDeal>>& deals() {
  static const auto all = bench::deals<kMaxDeal>(kDeals, 0x0A4A);
  return all;
}

constexpr int kHandsPerBoard = 64;

// kDeals / kHandsPerBoard boards, each with kHandsPerBoard hands of hole
// cards drawn from the 47 cards left: board b at boards[b], hand h of it at
// holes[b * kHandsPerBoard + h].
struct SharedBoards {
  std::vector<std::array<Card, kOmahaBoardCards>> boards;
  std::vector<std::array<Card, kOmahaMaxHoleCards>> holes;
};

const SharedBoards& shared_boards() {
  static const SharedBoards all = [] {
    SharedBoards s;
    for (const auto& board : bench::deals<kOmahaBoardCards>(kDeals / kHandsPerBoard, 0x5B0A)) s.boards.push_back(board);
    std::mt19937_64 rng(0x5B0B);
    for (const auto& board : s.boards) {
      std::vector<Card> rest;
      for (int card = 0; card < kCardCount; ++card) {
        if (std::find(board.begin(), board.end(), card) == board.end()) rest.push_back(static_cast<Card>(card));
      }
      for (int hand = 0; hand < kHandsPerBoard; ++hand) {
        std::shuffle(rest.begin(), rest.end(), rng);
        std::array<Card, kOmahaMaxHoleCards> hole{};
        std::copy_n(rest.begin(), kOmahaMaxHoleCards, hole.begin());
        s.holes.push_back(hole);
      }
    }
    return s;
  }();
  return all;
}

template <typename Judge>
void run_shared_boards(benchmark::State& state, Judge&& judge) {
  const int hole = static_cast<int>(state.range(0));
  const SharedBoards& all = shared_boards();
  for (auto _ : state) {
    for (std::size_t b = 0; b < all.boards.size(); ++b) {
      const OmahaBoard board(all.boards[b]);
      for (std::size_t h = b * kHandsPerBoard; h < (b + 1) * kHandsPerBoard; ++h) {
        benchmark::DoNotOptimize(judge(board, all.holes[h].data(), hole));
      }
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * all.holes.size()));
}

void BM_OmahaHigh(benchmark::State& state) {
  const int hole = static_cast<int>(state.range(0));
  const auto& all = deals();
  for (auto _ : state) {
    for (const auto& deal : all) benchmark::DoNotOptimize(omaha_high(deal.data(), deal.data() + 5, hole));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * all.size()));
}
BENCHMARK(BM_OmahaHigh)->Arg(4)->Arg(5)->Arg(6);

void BM_OmahaHighSharedBoard(benchmark::State& state) {
  run_shared_boards(state, [](const OmahaBoard& board, const Card* hole, int n) { return board.high(hole, n); });
}
BENCHMARK(BM_OmahaHighSharedBoard)->Arg(4)->Arg(5)->Arg(6);

void BM_OmahaLow(benchmark::State& state) {
  const int hole = static_cast<int>(state.range(0));
  const auto& all = deals();
  for (auto _ : state) {
    for (const auto& deal : all) benchmark::DoNotOptimize(omaha_low(deal.data(), deal.data() + 5, hole));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * all.size()));
}
BENCHMARK(BM_OmahaLow)->Arg(4)->Arg(5)->Arg(6);

void BM_OmahaLowSharedBoard(benchmark::State& state) {
  run_shared_boards(state, [](const OmahaBoard& board, const Card* hole, int n) { return board.low(hole, n); });
}
BENCHMARK(BM_OmahaLowSharedBoard)->Arg(4)->Arg(5)->Arg(6);

void BM_OmahaHighBruteForce(benchmark::State& state) {
  const int hole = static_cast<int>(state.range(0));
  const auto& all = deals();
  for (auto _ : state) {
    for (const auto& deal : all) {
      unsigned best = 0;
      for (int i = 0; i < hole; ++i) {
        for (int j = i + 1; j < hole; ++j) {
          for (int a = 0; a < 5; ++a) {
            for (int b = a + 1; b < 5; ++b) {
              for (int c = b + 1; c < 5; ++c) {
                const std::array<Card, 5> five{deal[5 + i], deal[5 + j], deal[a], deal[b], deal[c]};
                best = std::max<unsigned>(best, evaluate5(five.data()).raw());
              }
            }
          }
        }
      }
      benchmark::DoNotOptimize(best);
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * all.size()));
}
BENCHMARK(BM_OmahaHighBruteForce)->Arg(4);

}  // namespace
}  // namespace poker
