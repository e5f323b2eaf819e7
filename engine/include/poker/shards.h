// Judging one input in shards, on machines that never see the whole of it
// (poker.dask), with the answers and the first error of one run over it.
//
// A shard is a byte range [begin, end) of the input, cut wherever it falls.
// The one-machine pipeline frames its ranges from their newline counts
// (poker/io/framing.h); shards are framed the same way, by whoever holds all
// the counts:
//   1. each shard's newlines are counted where its bytes are
//      (io::count_newlines);
//   2. from the counts, the newlines before each shard's begin, which fix the
//      line number and the instance phase (the line's place in its
//      instance) of every line that begins in it;
//   3. each shard judges the instances it owns: those whose first line
//      follows a newline inside the shard (the first shard also owns the
//      instance at offset 0). find_shard_start() finds where they begin,
//      and where the next owner's begin (the end of the shard's last
//      instance, past its end); judge_shard() judges the bytes between;
//   4. the answers are written in shard order; the first error ends the run.
// Where the phase can be found from a shard's own bytes (find_shard_phase()),
// steps 1 and 3 can be one pass: the shard is judged with the phase it finds,
// and its judgement kept where step 2's counts agree.
// Every instance is owned by exactly one shard, and judged whole, by the
// same pipeline and format as in one run, from the same line number: the
// answers and the error are byte for byte those of one run. One thing only
// the writer of step 4 knows: whether blank lines at a shard's end are the
// input's trailing blanks (allowed) or are followed by text (an error);
// judge_shard() reports them as RunOutcome::blank_tail_error.
//
// Thread safety: functions of their arguments only.
#ifndef POKER_SHARDS_H_
#define POKER_SHARDS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "poker/format.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"

namespace poker {

// Where the first instance owned by a shard begins.
struct ShardStart {
  bool found = false;      // false: `bytes` holds no newline that ends an instance
  std::size_t offset = 0;  // in `bytes`: the instance's first byte
  std::uint64_t line = 0;  // its 1-based line number in the input
};

// `bytes`: the input from a shard's begin on (the shard's own bytes, to
// find the shard's first instance; the next shard's, to find where the
// shard's last instance ends). `newlines_before`: the input's newlines before
// that begin (the counts of the shards before it, added up). At the input's
// begin (`at_input_begin`) the first instance is at offset 0, line 1.
// Otherwise it follows the first newline in `bytes` that ends an instance of
// `lines_per_instance` lines; not found if `bytes` holds none (then the shard
// owns no instance, or, searching the next shard, more bytes are needed, or
// the shard's last instance runs to the input's end).
// REQUIRES: lines_per_instance >= 1.
ShardStart find_shard_start(std::string_view bytes, std::uint64_t newlines_before, std::size_t lines_per_instance,
                            bool at_input_begin);

// The instance phase that a shard's bytes tell by themselves: the input's
// newlines before `bytes`, modulo `lines_per_instance`, such that the first
// whole line of `bytes` (one that follows a newline in it) holding exactly
// `closing_line_tokens` tokens ends an instance (Format::closing_line_tokens()).
// Always 0 for instances of one line; nothing where no line tells (no
// closing tokens, or no such line). A guess from the shard alone, true for a
// valid input: poker.dask judges a shard with it before the counts of the
// shards before it are known, and keeps that judgement only where the counts
// give the same phase.
std::optional<std::size_t> find_shard_phase(std::string_view bytes, std::size_t lines_per_instance,
                                            std::size_t closing_line_tokens);

// Judges `instances`, input bytes from an instance's first byte, on line
// `first_line`, to the input's end or (`input_continues`) to another
// instance's first byte: as run_pipeline() over them, with `options`'
// first_line and input_continues set from these.
RunOutcome judge_shard(const Format& format, std::string_view instances, std::uint64_t first_line, bool input_continues,
                       io::OutputSink& sink, PipelineOptions options);

}  // namespace poker

#endif  // POKER_SHARDS_H_
