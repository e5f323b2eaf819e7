// Internal: what every game's equity computation shares with the others:
// its stop flag and progress, and Monte Carlo's schedule of blocks.
#ifndef POKER_ENGINE_EQUITY_SAMPLING_BLOCKS_H_
#define POKER_ENGINE_EQUITY_SAMPLING_BLOCKS_H_

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

#include "poker/equity.h"

namespace poker::equity {

inline bool stopping(const EquitySettings& settings) {
  return settings.stop != nullptr && settings.stop->load(std::memory_order_relaxed);
}

// Tells the progress, if any, what the work is.
inline void start_progress(const EquitySettings& settings, std::uint64_t total, bool exact) {
  if (settings.progress == nullptr) return;
  settings.progress->total.store(total, std::memory_order_relaxed);
  settings.progress->exact.store(exact, std::memory_order_relaxed);
  settings.progress->started.store(true, std::memory_order_release);
}

inline void count_progress(const EquitySettings& settings, std::uint64_t done = 1) {
  if (settings.progress != nullptr) settings.progress->done.fetch_add(done, std::memory_order_relaxed);
}

// The sum of blocks [first, last) of `samples` deals in all, in parallel:
// sample_block(block, size) draws a block's deals from the seed and the
// block alone; add(sum, tally) adds a tally to a sum, exactly (integer
// counts), so that the sum is the same in any order.
template <typename Tally, typename SampleBlock, typename Add>
Tally sample_blocks(const EquitySettings& settings, const Tally& empty, std::uint64_t first, std::uint64_t last,
                    std::uint64_t samples, SampleBlock& sample_block, Add& add) {
  return tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(first, last, 1), empty,
      [&](const tbb::blocked_range<std::uint64_t>& blocks, Tally sum) {
        for (std::uint64_t block = blocks.begin(); block != blocks.end() && !stopping(settings); ++block) {
          add(sum, sample_block(block, std::min(kSamplesPerBlock, samples - block * kSamplesPerBlock)));
          count_progress(settings);
        }
        return sum;
      },
      [&](Tally a, const Tally& b) {
        add(a, b);
        return a;
      });
}

// Monte Carlo's deals, in blocks of kSamplesPerBlock: settings.samples of
// them (kDefaultSamples when 0), or, with settings.seconds, waves of a few
// blocks per thread until the time is up. Either way the deals drawn are
// those of the first blocks, whatever the thread count; only how many
// blocks fit in the time varies. Returns the sum of the blocks' tallies
// (as sample_blocks), and sets `samples` to the deals drawn.
template <typename Tally, typename SampleBlock, typename Add>
Tally sample_in_blocks(const EquitySettings& settings, const Tally& empty, SampleBlock&& sample_block, Add&& add,
                       std::uint64_t& samples) {
  if (settings.seconds > 0 && settings.samples == 0) {
    start_progress(settings, 0, false);
    Tally sum = empty;
    samples = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(settings.seconds);
    const auto wave = static_cast<std::uint64_t>(4 * tbb::this_task_arena::max_concurrency());
    for (std::uint64_t block = 0; (block == 0 || std::chrono::steady_clock::now() < deadline) && !stopping(settings);
         block += wave) {
      add(sum,
          sample_blocks(settings, empty, block, block + wave, (block + wave) * kSamplesPerBlock, sample_block, add));
      samples += wave * kSamplesPerBlock;
    }
    return sum;
  }
  samples = settings.samples > 0 ? settings.samples : kDefaultSamples;
  const std::uint64_t blocks = (samples + kSamplesPerBlock - 1) / kSamplesPerBlock;
  start_progress(settings, blocks, false);
  return sample_blocks(settings, empty, 0, blocks, samples, sample_block, add);
}

}  // namespace poker::equity

#endif  // POKER_ENGINE_EQUITY_SAMPLING_BLOCKS_H_
