#include "stats_json.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>

#include "poker/json_text.h"

namespace poker::cli {
namespace {

// The decimals of "seconds": microseconds.
constexpr int kSecondsDecimals = 6;

// `count` over `seconds`, rounded to a whole number as the schema writes
// rates; 0 for a run too short for the clock (not infinity, which is no
// JSON), and at most 2^64 - 1.
std::uint64_t per_second(std::uint64_t count, double seconds) {
  if (!(seconds > 0)) return 0;
  const double rate = std::nearbyint(static_cast<double>(count) / seconds);
  constexpr double kPast = 18446744073709551616.0;  // 2^64
  return rate < kPast ? static_cast<std::uint64_t>(rate) : std::numeric_limits<std::uint64_t>::max();
}

}  // namespace

std::string stats_json(std::string_view format_name, std::size_t threads, std::size_t chunk_size, const RunStats& stats,
                       double seconds, std::string_view reader) {
  const nlohmann::ordered_json figures = {{"schema", "poker-stats/1"},
                                          {"format", format_name},
                                          {"threads", threads},
                                          {"chunk_size", chunk_size},
                                          {"bytes", stats.bytes},
                                          {"instances", stats.instances},
                                          {"seconds", seconds},
                                          {"bytes_per_second", per_second(stats.bytes, seconds)},
                                          {"instances_per_second", per_second(stats.instances, seconds)},
                                          {"reader", reader}};
  return json_text(figures, kSecondsDecimals) + "\n";
}

}  // namespace poker::cli
