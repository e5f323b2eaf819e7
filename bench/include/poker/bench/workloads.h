// The benchmark's workloads: seeded instances generated in memory by
// poker/generate.h (the same bytes on any machine), and the engine format
// that judges them, made as `poker` makes it for the same command line
// (the default options of each format's command, beyond those the recipe
// names). Their names are the report's stable keys (schemas poker-bench/1 and /2).
//
// Thread safety: a Workload is immutable once made; its format is shared
// read-only by the runs, as the pipeline shares it. make_workload may be
// called from any thread.
#ifndef POKER_BENCH_WORKLOADS_H_
#define POKER_BENCH_WORKLOADS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "poker/format.h"

namespace poker::bench {

enum class WorkloadKind {
  kJudge,   // the answers to a sink that counts them
  kVerify,  // `poker verify`: the answers compared with a candidate's, all right
  kFloor,   // the newline count of holdem-2's bytes, what `wc -l` does
};

struct Workload {
  std::string name;
  std::string description;
  WorkloadKind kind = WorkloadKind::kJudge;
  std::string input;               // the instances
  std::uint64_t instances = 0;     // how many `input` holds
  std::string candidate;           // kVerify: the right answers
  std::unique_ptr<Format> format;  // null for the floor
  std::uint64_t lines = 0;         // the floor: the newlines of `input`
};

// Every workload's name, in the report's order, the floor last. The span
// lives as long as the process.
std::span<const std::string> workload_names();

// Generates workload `name` (one of workload_names()); `quick`: the smaller
// inputs of --quick, a sixth of the instances. Once `*stop` is set (null:
// never) it ends within a few milliseconds, with a workload cut short (no
// format then) that is not to be measured; the equity workloads' queries
// keep `stop` and compute until it is set too, so it must outlive the
// workload.
// REQUIRES: name is one of workload_names().
Workload make_workload(std::string_view name, bool quick, const std::atomic<bool>* stop);

}  // namespace poker::bench

#endif  // POKER_BENCH_WORKLOADS_H_
