// The whole judge on an in-memory input: chunking, parsing, validation,
// evaluation, rendering and ordered writing to a sink that discards. And the
// serial stages alone (BM_SerialStages) on a page-cached file, beside what
// its memory map alone costs (BM_MapTouch).
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <thread>
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

// A format that frames 2-player records and does nothing with them: the
// pipeline's parallel stages then do only what framing needs (the newline
// counts), and what remains is the serial stages' cost.
class FramingOnly final : public poker::Format {
 public:
  std::size_t lines_per_instance() const override { return 3; }
  std::size_t answer_lines_per_instance() const override { return 1; }
  void process(const poker::io::Chunk& chunk, poker::ChunkResult& result) const override {
    benchmark::DoNotOptimize(chunk.bytes.data());
    result.instances = 0;
  }
};

// A page-cached file of 2-player instances, written once per process:
// POKER_BENCH_FILE names one to use instead (bench/throughput.sh passes its own).
const std::string& two_player_file() {
  static const std::string path = [] {
    if (const char* given = std::getenv("POKER_BENCH_FILE"); given != nullptr && *given != '\0')
      return std::string(given);
    std::string made = "/tmp/poker-bench-serial-" + std::to_string(::getpid()) + ".txt";
    const std::string block = make_input(2, 16 << 20);
    std::ofstream out(made, std::ios::binary);
    for (int i = 0; i < 16; ++i) out << block;  // 256 MiB
    // Removed at exit through a copy that outlives the function's statics
    // (they are destroyed before a handler registered during their
    // construction runs).
    static const std::string* const to_remove = new std::string(made);
    std::atexit([] { std::remove(to_remove->c_str()); });
    return made;
  }();
  return path;
}

// The whole file at `path` in memory, in one read: a byte at a time through
// an istreambuf_iterator costs tens of instructions a byte (seconds for a
// GiB), and a string grown that way made the first iteration of
// BM_SerialStages/threads:2/in_memory:1 many times slower than the others;
// read whole, every iteration takes the same time.
std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  std::string bytes(static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0)), '\0');
  in.seekg(0);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return bytes;
}

// Seconds `wc -l` takes on `path`: the best of three, page-cached.
double wc_seconds(const std::string& path) {
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    if (std::system(("wc -l '" + path + "' >/dev/null").c_str()) != 0) return 0;
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// Counters of a run over `path` that moved `bytes` in all: wc_l_bytes_per_second,
// and vs_wc_l, this run's bytes per second over `wc -l`'s on the same file,
// measured in the same process.
void set_wc_counters(benchmark::State& state, const std::string& path, std::uint64_t bytes) {
  const double wc = wc_seconds(path);
  if (wc <= 0 || state.iterations() == 0) return;
  const double file_bytes = static_cast<double>(bytes) / static_cast<double>(state.iterations());
  state.counters["wc_l_bytes_per_second"] = file_bytes / wc;
  // A rate counter divides by the run's (real) time: wc -l's seconds for
  // these bytes over ours is the speed over wc -l's.
  state.counters["vs_wc_l"] =
      benchmark::Counter(static_cast<double>(bytes) / (file_bytes / wc), benchmark::Counter::kIsRate);
}

// The real reader (open_input, as the CLI opens the file by default: ranges
// read with pread() by the parallel stage), framing and ordered writer over
// the file. Args: threads (0: every core), and in_memory (1: the file's
// bytes read into memory first, to tell the reads' cost from the rest).
// Counters: set_wc_counters().
void BM_SerialStages(benchmark::State& state) {
  const int threads = state.range(0) == 0 ? tbb::info::default_concurrency() : static_cast<int>(state.range(0));
  const bool in_memory = state.range(1) != 0;
  const std::string& path = two_player_file();
  const std::string bytes_in_memory = in_memory ? read_whole_file(path) : std::string();
  const FramingOnly format;
  tbb::task_arena arena(threads);
  std::uint64_t bytes = 0;
  for (auto _ : state) {
    poker::io::OpenedInput input;
    if (in_memory) {
      input.source = poker::io::make_memory_source(bytes_in_memory);
    } else {
      input = poker::io::open_input(path);
    }
    if (!input.source) {
      state.SkipWithError("cannot open the bench file");
      return;
    }
    NullSink sink;
    poker::RunOutcome outcome;
    arena.execute([&] { outcome = poker::run_pipeline(format, *input.source, sink, poker::PipelineOptions{}); });
    if (outcome.status != poker::RunOutcome::Status::kOk) state.SkipWithError("pipeline failed");
    bytes += outcome.stats.bytes;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
  set_wc_counters(state, path, bytes);
}
BENCHMARK(BM_SerialStages)
    ->ArgNames({"threads", "in_memory"})
    ->Args({1, 0})
    ->Args({1, 1})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Args({0, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The memory map alone, to set beside BM_SerialStages/in_memory:0: the file
// mapped in windows of the reader's size, one byte of every page read, each
// window unmapped, the windows shared out among the threads (each maps its
// own). What it costs is the page tables' work, which depends on how the
// page cache holds the file (docs/performance.md), and which
// no stage of the pipeline can do without.
// Args: threads (0: every core). Counters: set_wc_counters().
void BM_MapTouch(benchmark::State& state) {
  const int threads = state.range(0) == 0 ? tbb::info::default_concurrency() : static_cast<int>(state.range(0));
  const std::string& path = two_player_file();
  const int fd = ::open(path.c_str(), O_RDONLY);
  struct stat info {};
  if (fd < 0 || ::fstat(fd, &info) != 0) {
    state.SkipWithError("cannot open the bench file");
    return;
  }
  const auto size = static_cast<std::size_t>(info.st_size);
  constexpr std::size_t kWindow = 64 << 20;  // as BM_SerialStages opens the file
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::atomic<bool> failed{false};
  for (auto _ : state) {
    std::atomic<std::size_t> next{0};
    const auto touch_windows = [&] {
      for (std::size_t at; (at = next.fetch_add(kWindow)) < size;) {
        const std::size_t length = std::min(kWindow, size - at);
        void* map = ::mmap(nullptr, length, PROT_READ, MAP_PRIVATE, fd, static_cast<off_t>(at));
        if (map == MAP_FAILED) {
          failed = true;
          return;
        }
        const auto* bytes = static_cast<const volatile char*>(map);
        for (std::size_t offset = 0; offset < length; offset += page) static_cast<void>(bytes[offset]);
        ::munmap(map, length);
      }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back(touch_windows);
    touch_windows();
    for (std::thread& helper : helpers) helper.join();
  }
  ::close(fd);
  if (failed) state.SkipWithError("mmap failed");
  const std::uint64_t bytes = static_cast<std::uint64_t>(state.iterations()) * size;
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
  set_wc_counters(state, path, bytes);
}
BENCHMARK(BM_MapTouch)->ArgName("threads")->Arg(1)->Arg(2)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
