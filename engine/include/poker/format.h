// A Format is one kind of poker instance file: the hold'em judge, Euler 54,
// eval, draw and equity queries. It is the pipeline's plug-in: the pipeline
// cuts the input into chunks of whole records (framing), and the format
// parses, validates, evaluates and renders the instances of one chunk.
//
// Thread safety: process() is const and is called concurrently on different
// chunks; a Format holds only its configuration.
#ifndef POKER_FORMAT_H_
#define POKER_FORMAT_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "poker/io/chunk.h"

namespace poker {

// What is wrong with the input, and where: the 1-based line and byte column of
// the offending token (or of the line end / end of input where something is
// missing). `message` is one line of printable ASCII.
struct InputError {
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  std::string message;
};

// Per-format counters of a chunk's instances (Euler 54's --summary: wins of
// player 1, of player 2, draws). The writer adds up the tallies of the chunks
// it writes, in input order, so the totals are those of the instances answered.
using Tally = std::array<std::uint64_t, 4>;

// What processing a chunk produced.
struct ChunkResult {
  std::string answers;          // the rendered answers of the instances before the first error
  std::uint64_t instances = 0;  // how many instances `answers` answers
  std::optional<InputError> error;
  // The error is at an instance that, with the rest of the chunk, is only
  // blanks and newlines. Such an error stands only if something other than
  // blanks and newlines follows later in the input (trailing blank lines are
  // allowed at the end of the input), which only the writer can know.
  bool error_starts_blank_tail = false;
  Tally tally{};  // counted for the instances `answers` answers, as the format chooses
};

class Format {
 public:
  virtual ~Format() = default;

  // Lines per instance: the pipeline's framing.
  virtual std::size_t lines_per_instance() const = 0;

  // Answer lines per instance (0 when only a summary is printed): where one
  // instance's answers end in the output, for `poker verify`'s reports.
  virtual std::size_t answer_lines_per_instance() const = 0;

  // Parses, validates, evaluates and renders the instances of `chunk`, in
  // order, up to the first error.
  virtual void process(const io::Chunk& chunk, ChunkResult& result) const = 0;

  // What to write after the last answer when every instance was valid, from
  // the tallies of all chunks added up; nothing by default. Not called when
  // the run stops at an error.
  virtual std::string summary(const Tally& /*totals*/) const { return {}; }
};

}  // namespace poker

#endif  // POKER_FORMAT_H_
