// What the pipeline's stages pass along and share. Internal to the engine.
//
// Thread safety: a Work belongs to one stage at a time (TBB hands it on);
// RunState's atomics are read by any stage, its other fields belong to the
// writer stage, then to the thread that ran the pipeline.
#ifndef POKER_ENGINE_PIPELINE_WORK_H_
#define POKER_ENGINE_PIPELINE_WORK_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "poker/answer_buffer.h"
#include "poker/format.h"
#include "poker/io/chunk.h"
#include "poker/io/framing.h"
#include "poker/pipeline.h"

namespace poker::pipeline {

// A chunk of records with what processing made of it.
struct Piece {
  io::Chunk chunk;
  ChunkResult result;
};

// One range of the input on its way through the pipeline: its newline
// count, the chunks framing made of it (often one, sometimes none or a few),
// and their results. The WorkPool owns every Work; the stages borrow one
// as a plain `Work*`, from the reader (which takes it from the pool) to the
// writer (which gives it back). A pointer because oneTBB carries a pointer
// in its token slot as it is (`token_helper<T*>`), where any type that is
// not trivially copyable, a unique_ptr too, is moved into memory libtbb
// allocates: written on one thread and read on another, with an ordering
// that TSan cannot see (libtbb is not built with it).
struct Work {
  io::Range range;
  std::uint64_t newlines = 0;
  bool counted = false;  // range came loaded and newlines counted (read ahead)
  std::vector<Piece> pieces;

  // Sets `piece_count` pieces up for new chunks: the results empty, each
  // answer buffer emptied but keeping its room.
  void reset_pieces(std::size_t piece_count) {
    pieces.resize(piece_count);
    for (Piece& piece : pieces) {
      AnswerBuffer answers = std::move(piece.result.answers);
      answers.clear();
      piece.result = ChunkResult{};
      piece.result.answers = std::move(answers);
    }
  }

  // Empty again, for a later range (WorkPool): drops the range and the
  // chunks, which keep their bytes alive, and keeps the answer buffers.
  void recycle() {
    range = io::Range{};
    newlines = 0;
    counted = false;
    for (Piece& piece : pieces) piece.chunk = io::Chunk{};
  }
};

// Shared by the stages: the writer asks the reader to stop at the first error.
struct RunState {
  explicit RunState(const std::atomic<bool>* stop) : external_stop(stop) {}
  bool stopping() const {
    return stop_requested.load(std::memory_order_relaxed) ||
           (external_stop != nullptr && external_stop->load(std::memory_order_relaxed));
  }
  std::atomic<bool> stop_requested{false};
  // The framer handed out the chunk that ends the input (a record too long):
  // the reader need read no further.
  std::atomic<bool> framing_done{false};
  const std::atomic<bool>* const external_stop;  // the caller's, may be null
  RunOutcome outcome;
  // An error at the start of a run of blank lines, not yet known to stand.
  std::optional<InputError> pending_blank_error;
  Tally tally{};  // the sum of the tallies of the chunks written
  bool stopped_by_destination = false;
};

}  // namespace poker::pipeline

#endif  // POKER_ENGINE_PIPELINE_WORK_H_
