#include "poker/shards.h"

#include <cstring>
#include <memory>
#include <optional>

#include "poker/io/blank_text.h"
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

std::optional<std::size_t> find_shard_phase(std::string_view bytes, std::size_t lines_per_instance,
                                            std::size_t closing_line_tokens) {
  if (lines_per_instance == 1) return 0;
  if (closing_line_tokens == 0) return std::nullopt;
  const char* const end = bytes.data() + bytes.size();
  // The first line may begin before `bytes`: its tokens are not all here.
  const char* at = static_cast<const char*>(std::memchr(bytes.data(), '\n', bytes.size()));
  if (at == nullptr) return std::nullopt;
  ++at;
  std::uint64_t newlines = 1;
  while (at != end) {
    const char* const line_end = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
    if (line_end == nullptr) break;
    ++newlines;
    std::size_t tokens = 0;
    for (bool in_token = false; at != line_end && tokens <= closing_line_tokens; ++at) {
      const bool token_byte = !io::is_blank(*at);
      tokens += static_cast<std::size_t>(token_byte && !in_token);
      in_token = token_byte;
    }
    if (tokens == closing_line_tokens) {
      // This line's newline ends an instance: newlines_before + newlines is
      // a multiple of lines_per_instance.
      return static_cast<std::size_t>((lines_per_instance - newlines % lines_per_instance) % lines_per_instance);
    }
    at = line_end + 1;
  }
  return std::nullopt;
}

RunOutcome judge_shard(const Format& format, std::string_view instances, std::uint64_t first_line, bool input_continues,
                       io::OutputSink& sink, PipelineOptions options) {
  options.first_line = first_line;
  options.input_continues = input_continues;
  const std::unique_ptr<io::ByteSource> source = io::make_memory_source(instances);
  return run_pipeline(format, *source, sink, options);
}

}  // namespace poker
