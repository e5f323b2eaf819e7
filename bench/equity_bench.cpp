// Exact equity of the cases of equity_workloads.h, one thread and all threads
// (BM_Equity/<workload>/threads:N), and Monte Carlo deals per second.
#include <benchmark/benchmark.h>
#include <tbb/task_arena.h>

#include "equity_workloads.h"

namespace poker::bench {
namespace {

void BM_EquityExact(benchmark::State& state, const EquityWorkload& workload) {
  const EquityRequest request = equity_request(workload);
  tbb::task_arena arena(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    arena.execute([&] { benchmark::DoNotOptimize(compute_equity(request.query, request.settings)); });
  }
}

void BM_EquityMonteCarlo(benchmark::State& state) {
  EquityRequest request = equity_request(kEquityWorkloads[2]);  // three-way
  request.settings.method = EquityMethod::kMonteCarlo;
  request.settings.samples = 1'000'000;
  tbb::task_arena arena(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    arena.execute([&] { benchmark::DoNotOptimize(compute_equity(request.query, request.settings)); });
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 1'000'000);
}
BENCHMARK(BM_EquityMonteCarlo)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

const bool registered = [] {
  for (const EquityWorkload& workload : kEquityWorkloads) {
    benchmark::RegisterBenchmark(("BM_EquityExact/" + std::string(workload.name)).c_str(), BM_EquityExact, workload)
        ->Arg(1)
        ->Arg(2)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace
}  // namespace poker::bench
