// A fixed workload for counting the evaluator's instructions under callgrind
// (this machine has no hardware counters); bench/instructions.sh runs it.
//
// Each workload is a noinline function named count_<workload>, so that
// `valgrind --tool=callgrind --toggle-collect='*count_<workload>*'` counts
// exactly its instructions: its hands are dealt before it is called, outside
// the collected region, and it evaluates each once (exhaustive7 enumerates all
// 133,784,560 seven-card hands). It prints "WORKLOAD ITEMS CHECKSUM": the
// script divides by ITEMS, and the checksum keeps every evaluation alive.
// The loops are those of the Google Benchmark targets (eval_workloads.h).
//
//   poker_eval_instructions WORKLOAD   one of: eval7_array eval7_hand eval5_hand
//                                      exhaustive7 holdem2 holdem8
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

#include "eval_workloads.h"
#include "poker/evaluator.h"

namespace poker::bench {
namespace {

constexpr std::size_t kSamples = std::size_t{1} << 20;

[[gnu::noinline]] std::uint64_t count_eval7_array(const std::vector<std::array<Card, 7>>& hands) {
  std::uint64_t sum = 0;
  for (const auto& c : hands) sum += evaluate7(c).raw();
  return sum;
}

[[gnu::noinline]] std::uint64_t count_eval7_hand(const std::vector<std::array<Card, 7>>& hands) {
  std::uint64_t sum = 0;
  for (const auto& c : hands) sum += hand_of_seven(c).evaluate().raw();
  return sum;
}

[[gnu::noinline]] std::uint64_t count_eval5_hand(const std::vector<std::array<Card, 5>>& hands) {
  std::uint64_t sum = 0;
  for (const auto& c : hands) sum += Hand().plus(c[0]).plus(c[1]).plus(c[2]).plus(c[3]).plus(c[4]).evaluate().raw();
  return sum;
}

[[gnu::noinline]] std::uint64_t count_exhaustive7() {
  std::uint64_t sum = 0;
  for_each_seven_card_value([&sum](HandValue value) { sum += value.raw(); });
  return sum;
}

template <int Players>
std::uint64_t sum_of_winners(const std::vector<std::array<Card, 5 + 2 * Players>>& instances) {
  std::uint64_t sum = 0;
  for (const auto& cards : instances) sum += static_cast<std::uint64_t>(holdem_winner<Players>(cards) + 1);
  return sum;
}
[[gnu::noinline]] std::uint64_t count_holdem2(const std::vector<std::array<Card, 9>>& instances) {
  return sum_of_winners<2>(instances);
}
[[gnu::noinline]] std::uint64_t count_holdem8(const std::vector<std::array<Card, 21>>& instances) {
  return sum_of_winners<8>(instances);
}

void report(std::string_view workload, std::uint64_t items, std::uint64_t checksum) {
  std::printf("%.*s %llu %llu\n", static_cast<int>(workload.size()), workload.data(),
              static_cast<unsigned long long>(items), static_cast<unsigned long long>(checksum));
}

int run(std::string_view workload) {
  if (workload == "eval7_array") {
    const auto hands = deals<7>(kSamples);
    report(workload, hands.size(), count_eval7_array(hands));
  } else if (workload == "eval7_hand") {
    const auto hands = deals<7>(kSamples);
    report(workload, hands.size(), count_eval7_hand(hands));
  } else if (workload == "eval5_hand") {
    const auto hands = deals<5>(kSamples);
    report(workload, hands.size(), count_eval5_hand(hands));
  } else if (workload == "exhaustive7") {
    report(workload, kSevenCardHands, count_exhaustive7());
  } else if (workload == "holdem2") {  // items: instances, not evaluations
    const auto instances = deals<9>(kSamples);
    report(workload, instances.size(), count_holdem2(instances));
  } else if (workload == "holdem8") {
    const auto instances = deals<21>(kSamples);
    report(workload, instances.size(), count_holdem8(instances));
  } else {
    std::fprintf(stderr, "poker_eval_instructions: unknown workload '%.*s'\n", static_cast<int>(workload.size()),
                 workload.data());
    return 2;
  }
  return 0;
}

}  // namespace
}  // namespace poker::bench

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: poker_eval_instructions WORKLOAD\n");
    return 2;
  }
  return poker::bench::run(argv[1]);
}
