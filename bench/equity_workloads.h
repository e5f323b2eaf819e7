// The equity queries of the benchmarks and of the instruction counts: the
// cases OMPEval publishes figures for, so that the two can be compared, as
// query words.
#ifndef POKER_BENCH_EQUITY_WORKLOADS_H_
#define POKER_BENCH_EQUITY_WORKLOADS_H_

#include <array>
#include <string_view>
#include <variant>
#include <vector>

#include "poker/equity_query.h"

namespace poker::bench {

struct EquityWorkload {
  std::string_view name;
  std::vector<std::string_view> words;
};

inline const std::array<EquityWorkload, 6> kEquityWorkloads = {{
    {"AhKh_QsQd", {"AhKh", "QsQd"}},
    {"AcAd_KsKh", {"AcAd", "KsKh"}},
    {"AhKh_QsQd_JcTc", {"AhKh", "QsQd", "JcTc"}},
    {"AK_QQ", {"AK", "QQ"}},
    {"AhKh_QsQd_flop", {"AhKh", "QsQd", "--board", "Ts9s2d"}},
    {"TT+_AQs+_random", {"TT+,AQs+", "random", "--exact"}},
}};

// The workload's request with exact enumeration (REQUIRES: valid words).
inline EquityRequest equity_request(const EquityWorkload& workload) {
  EquitySettings settings;
  settings.method = EquityMethod::kExact;
  return std::get<EquityRequest>(parse_equity_request(workload.words, settings));
}

}  // namespace poker::bench

#endif  // POKER_BENCH_EQUITY_WORKLOADS_H_
