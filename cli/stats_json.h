// `-v --json`: the run's statistics as one line of JSON on stderr, schema
// "poker-stats/1" (docs/guide.md documents its fields). `reader`: how the
// input was read (io::ByteSource::strategy()).
#ifndef POKER_CLI_STATS_JSON_H_
#define POKER_CLI_STATS_JSON_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "poker/pipeline.h"

namespace poker::cli {

std::string stats_json(std::string_view format_name, std::size_t threads, std::size_t chunk_size, const RunStats& stats,
                       double seconds, std::string_view reader);

}  // namespace poker::cli

#endif  // POKER_CLI_STATS_JSON_H_
