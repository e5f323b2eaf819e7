// `poker bench --baseline OLD_POKER [--candidate NEW_POKER]`: the two
// programs measured in alternation (alternating.h) on each workload and
// thread count, as two reports that the comparison (compare.h) sets side by
// side, so that the table, the verdicts and the JSON are those of any
// comparison.
//
// Thread safety: one at a time per process, as measure_alternating().
#ifndef POKER_BENCH_COMPARE_PROGRAMS_H_
#define POKER_BENCH_COMPARE_PROGRAMS_H_

#include <atomic>
#include <string>
#include <vector>

#include "poker/bench/report.h"

namespace poker::bench {

struct ProgramReports {
  Report baseline;
  Report candidate;
  // A line for each workload that the baseline cannot run (a build older
  // than its command), left out of both reports.
  std::vector<std::string> left_out;
};

// Measures programs `baseline` and `candidate` on the workloads `names`
// (the floor, which runs no program, is passed over; `quick`: --quick's
// smaller inputs) at each of settings.threads, with settings.warmup,
// settings.repetitions and settings.min_time_s, writing the workload files
// in `directory`. `heading` is the report's heading as this run would have
// it (the time, this machine, the settings): each report is a copy, its
// build the program's (program_version(): version only). Each workload is
// made, measured and dropped in turn; one whose command the baseline lacks
// (it fails on an empty input that the candidate judges) is left out, with
// a line in `left_out`. Once `*stop` is set (or `wake_fd` is
// readable) it returns early, with reports of no meaning. Throws RunFailure
// (alternating.h).
ProgramReports measure_programs(const std::vector<std::string>& names, bool quick, const Report& heading,
                                const std::string& baseline, const std::string& candidate, const std::string& directory,
                                const std::atomic<bool>* stop, int wake_fd);

}  // namespace poker::bench

#endif  // POKER_BENCH_COMPARE_PROGRAMS_H_
