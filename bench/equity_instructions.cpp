// Instructions of one exact equity computation on one thread, counted by
// callgrind (bench/instructions.sh equity): count_equity is the only
// function collected; tables are built and the query parsed before it.
//
//   poker_equity_instructions WORKLOAD   (a name of bench/equity_workloads.h)
#include <tbb/global_control.h>

#include <cstdio>
#include <string_view>

#include "equity_workloads.h"

namespace poker::bench {
namespace {

[[gnu::noinline]] double count_equity(const EquityRequest& request) {
  return compute_equity(request.query, request.settings).players[0].equity;
}

}  // namespace
}  // namespace poker::bench

int main(int argc, char** argv) {
  using namespace poker::bench;
  // One thread: every instruction runs on this one, inside count_equity.
  const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  if (argc == 2) {
    for (const EquityWorkload& workload : kEquityWorkloads) {
      if (workload.name != argv[1]) continue;
      const poker::EquityRequest request = equity_request(workload);
      std::printf("%s 1 %.9f\n", argv[1], count_equity(request));
      return 0;
    }
  }
  std::fprintf(stderr, "usage: poker_equity_instructions WORKLOAD, one of:");
  for (const EquityWorkload& workload : kEquityWorkloads) std::fprintf(stderr, " %s", workload.name.data());
  std::fprintf(stderr, "\n");
  return 2;
}
