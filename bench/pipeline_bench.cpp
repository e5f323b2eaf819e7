// The whole judge on an in-memory input: chunking, parsing, validation,
// evaluation, rendering and ordered writing to a sink that discards.
#include <benchmark/benchmark.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"

namespace {

class NullSink final : public poker::io::OutputSink {
 public:
  poker::io::WriteResult write(std::string_view bytes) override {
    benchmark::DoNotOptimize(bytes.data());
    return {};
  }
  poker::io::WriteResult finish() override { return {}; }
};

// About `bytes` of random valid instances for `players`, built once.
std::string make_input(int players, std::size_t bytes) {
  std::mt19937_64 random(42);
  std::vector<poker::Card> deck(poker::kCardCount);
  for (int c = 0; c < poker::kCardCount; ++c) deck[static_cast<std::size_t>(c)] = static_cast<poker::Card>(c);
  std::string input;
  while (input.size() < bytes) {
    std::shuffle(deck.begin(), deck.end(), random);
    std::size_t next = 0;
    for (int line = 0; line <= players; ++line) {
      for (int c = 0; c < (line < players ? 2 : 5); ++c) {
        if (c != 0) input += ' ';
        input += poker::card_name(deck[next++]);
      }
      input += '\n';
    }
  }
  return input;
}

// Args: players, threads, explain.
void BM_Pipeline(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  const bool explain = state.range(2) != 0;
  static std::string inputs[24];
  std::string& input = inputs[players];
  if (input.empty()) input = make_input(players, 16 << 20);
  const auto format = poker::make_holdem_format(poker::HoldemOptions{players, explain});
  tbb::task_arena arena(threads);
  std::uint64_t instances = 0;
  for (auto _ : state) {
    auto source = poker::io::make_memory_source(input);
    NullSink sink;
    poker::RunOutcome outcome;
    arena.execute([&] { outcome = poker::run_pipeline(*format, *source, sink, poker::PipelineOptions{}); });
    if (outcome.status != poker::RunOutcome::Status::kOk) state.SkipWithError("pipeline failed");
    instances += outcome.stats.instances;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * input.size()));
  state.SetItemsProcessed(static_cast<std::int64_t>(instances));
}
BENCHMARK(BM_Pipeline)
    ->ArgNames({"players", "threads", "explain"})
    ->Args({2, 1, 0})
    ->Args({2, 2, 0})
    ->Args({8, 1, 0})
    ->Args({8, 2, 0})
    ->Args({2, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
