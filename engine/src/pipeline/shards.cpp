#include "poker/shards.h"

#include <cstring>
#include <memory>

#include "poker/io/byte_source.h"
#include "poker/io/input.h"

namespace poker {

ShardStart find_shard_start(std::string_view bytes, std::uint64_t newlines_before, std::size_t lines_per_instance,
                            bool at_input_begin) {
  if (at_input_begin) return ShardStart{true, 0, 1};
  // Newlines to pass before one that ends an instance: at most one instance's.
  std::uint64_t newlines = newlines_before;
  const char* at = bytes.data();
  const char* const end = bytes.data() + bytes.size();
  while (at != end) {
    const void* found = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
    if (found == nullptr) break;
    at = static_cast<const char*>(found) + 1;
    ++newlines;
    if (newlines % lines_per_instance == 0) {
      return ShardStart{true, static_cast<std::size_t>(at - bytes.data()), newlines + 1};
    }
  }
  return ShardStart{};
}

RunOutcome judge_shard(const Format& format, std::string_view instances, std::uint64_t first_line, bool input_continues,
                       io::OutputSink& sink, PipelineOptions options) {
  options.first_line = first_line;
  options.input_continues = input_continues;
  const std::unique_ptr<io::ByteSource> source = io::make_memory_source(instances);
  return run_pipeline(format, *source, sink, options);
}

}  // namespace poker
