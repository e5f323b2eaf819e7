// libFuzzer target over `poker bench --compare`'s reading of reports:
// arbitrary bytes as the old report against a valid new one, and as the new
// report against a valid old one.
//
// Checks: compare_bench_reports either prints a table and returns 0 or 4,
// or throws BenchReportError whose message is one line of printable ASCII
// naming the file; nothing else escapes, and nothing crashes or hangs
// (hostile nesting included: the JSON reader's depth is bounded).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "bench/bench_compare.h"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

// A poker-bench/1 report of two runs of one workload.
constexpr std::string_view kValid = R"({"schema": "poker-bench/1", "started_at": "2026-11-26T07:10:00Z",
 "poker": {"version": "1.4.0", "commit": null, "build": "Release", "compiler": "GCC 12.2.0", "simd": "avx2"},
 "machine": {"cpu": "AMD EPYC 7B13", "cores": 2, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0"},
 "settings": {"tolerance": 0.05},
 "workloads": [{"name": "holdem-2", "source": "memory", "instances": 1000, "runs": [
   {"threads": 1, "median_s": 0.5, "spread": 0.01}, {"threads": 2, "median_s": 0.26, "spread": 0.2}]}]})";

void compare(std::string_view old_json, std::string_view new_json, std::string_view fuzzed_name) {
  std::ostringstream out;
  try {
    const int status = poker::cli::compare_bench_reports(old_json, "OLD.json", new_json, "NEW.json", out);
    check(status == 0 || status == 4);
    check(!out.str().empty());
  } catch (const poker::cli::BenchReportError& error) {
    const std::string_view message = error.what();
    check(message.substr(0, fuzzed_name.size()) == fuzzed_name);
    for (const char c : message) check(c >= 0x20 && c < 0x7F);
    check(out.str().empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  compare(bytes, kValid, "OLD.json");
  compare(kValid, bytes, "NEW.json");
  return 0;
}
