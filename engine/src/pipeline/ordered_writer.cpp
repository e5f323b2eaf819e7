#include "pipeline/ordered_writer.h"

#include <algorithm>
#include <utility>

#include "pipeline/tsan_handover.h"
#include "poker/io/blank_text.h"

namespace poker::pipeline {

void OrderedWriter::operator()(Work* work) const {
  {
    const tsan::StageCall call{tsan::run_started(), work, &state_};
    // The chunks framed from a range rest on all of its bytes (its newline
    // count, the searches at its ends), not only on their own.
    const std::uint64_t framed_from = work->range.offset + work->range.size;
    for (const Piece& piece : work->pieces) write(piece, framed_from);
  }
  works_.give_back(work);
}

void OrderedWriter::write(const Piece& piece, std::uint64_t framed_from) const {
  if (state_.stopping()) return;
  // Answers (or an error) computed from bytes that were not the input's,
  // such as zeros in place of a truncated file, must not be written.
  const std::uint64_t end = std::max<std::uint64_t>(piece.chunk.offset + piece.chunk.bytes.size(), framed_from);
  if (const int error_number = source_.check_intact(end); error_number != 0) {
    state_.outcome.status = RunOutcome::Status::kReadError;
    state_.outcome.error = io::IoError{io::IoError::Action::kRead, source_.path(), error_number};
    state_.stop_requested = true;
    return;
  }
  const ChunkResult& result = piece.result;
  if (state_.pending_blank_error) {
    // Blank lines were left after the last instance; they are fine only if
    // nothing else follows them.
    if (piece.chunk.end != io::Chunk::End::kRecordTooLong && io::is_blank_text(piece.chunk.bytes)) return;
    fail(std::move(*state_.pending_blank_error));
    return;
  }
  if (!destination_.take(piece.chunk, result, state_.outcome)) {
    state_.stopped_by_destination = true;
    state_.stop_requested = true;
    return;
  }
  RunStats& stats = state_.outcome.stats;
  stats.instances += result.instances;
  stats.bytes += piece.chunk.bytes.size();
  state_.tally += result.tally;
  if (result.error) {
    if (result.error_starts_blank_tail && piece.chunk.end == io::Chunk::End::kRecords) {
      state_.pending_blank_error = result.error;
    } else {
      fail(*result.error);
      return;
    }
  }
  if (options_.on_progress) options_.on_progress(stats);
}

void OrderedWriter::fail(InputError error) const {
  state_.outcome.status = RunOutcome::Status::kInvalidInput;
  state_.outcome.input_error = std::move(error);
  state_.stop_requested = true;
}

}  // namespace poker::pipeline
