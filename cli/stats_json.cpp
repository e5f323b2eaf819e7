#include "stats_json.h"

#include <cstdio>

#include "poker/json_text.h"

namespace poker::cli {

std::string stats_json(std::string_view format_name, std::size_t threads, std::size_t chunk_size, const RunStats& stats,
                       double seconds, std::string_view reader) {
  // A run too short for the clock has no rate: 0, not infinity (not JSON).
  const double bytes_per_second = seconds > 0 ? static_cast<double>(stats.bytes) / seconds : 0;
  const double instances_per_second = seconds > 0 ? static_cast<double>(stats.instances) / seconds : 0;
  char numbers[160];
  std::snprintf(numbers, sizeof numbers, ",\"seconds\":%.6f,\"bytes_per_second\":%.0f,\"instances_per_second\":%.0f",
                seconds, bytes_per_second, instances_per_second);
  return "{\"schema\":\"poker-stats/1\",\"format\":" + json_quote(format_name) +
         ",\"threads\":" + std::to_string(threads) + ",\"chunk_size\":" + std::to_string(chunk_size) +
         ",\"bytes\":" + std::to_string(stats.bytes) + ",\"instances\":" + std::to_string(stats.instances) + numbers +
         ",\"reader\":" + json_quote(reader) + "}\n";
}

}  // namespace poker::cli
