#include "poker/pipeline.h"

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

#include "formats/card_line_reader.h"
#include "pipeline/answer_destination.h"
#include "poker/io/chunker.h"
#include "poker/io/framing.h"

namespace poker {
namespace {

// ThreadSanitizer cannot see how TBB hands work from stage to stage: that
// happens inside libtbb, which Debian does not build with TSan. The stages
// say it instead: each one publishes what it leaves for the next (release)
// and takes what the previous one left (acquire), and each serial stage does
// the same with its own state between calls on different threads. Only the
// edges TBB guarantees are declared; everything else stays checked.
#if defined(__SANITIZE_THREAD__)
#define POKER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define POKER_TSAN 1
#endif
#endif
#ifdef POKER_TSAN
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
void hand_over(const void* what) { __tsan_release(const_cast<void*>(what)); }
void take_over(const void* what) { __tsan_acquire(const_cast<void*>(what)); }
#else
void hand_over(const void* /*what*/) {}
void take_over(const void* /*what*/) {}
#endif

// The start of a run: the thread calling run_pipeline built the stages (the
// bodies TBB copied) and their state; each stage takes that over before it
// reads its own fields on a worker.
char g_run_start;

// A chunk of records with what processing made of it.
struct Piece {
  io::Chunk chunk;
  ChunkResult result;
};

// One range of the input on its way through the pipeline: its newline
// count, the chunks framing made of it (often one, sometimes none or a few),
// and their results. Passed between the stages as a raw pointer (made by the
// reader, deleted by the writer), so that TBB carries it in its token slot
// untouched: a shared_ptr would be copied into storage TSan sees written by
// one thread and read by another with no ordering it knows of. If a stage
// threw (only std::bad_alloc can), the Works in flight would leak: the run is
// over then.
struct Work {
  io::Range range;
  std::uint64_t newlines = 0;
  std::vector<Piece> pieces;
};
using WorkPtr = Work*;

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

// The judge's destination: the answers are written to the sink.
class SinkDestination final : public AnswerDestination {
 public:
  explicit SinkDestination(io::OutputSink& sink) : sink_(sink) {}

  bool take(const io::Chunk& /*chunk*/, const ChunkResult& result, RunOutcome& outcome) override {
    if (result.answers.empty()) return true;
    return check(sink_.write(result.answers), outcome);
  }

  void finish(std::string_view summary, RunOutcome& outcome) override {
    io::WriteResult finished;
    if (!summary.empty()) finished = sink_.write(summary);
    if (finished.ok()) finished = sink_.finish();
    check(finished, outcome);
  }

 private:
  static bool check(const io::WriteResult& written, RunOutcome& outcome) {
    if (written.ok()) return true;
    outcome.status = written.kind == io::WriteResult::Kind::kBrokenPipe ? RunOutcome::Status::kBrokenPipe
                                                                        : RunOutcome::Status::kWriteError;
    outcome.error_number = written.error_number;
    return false;
  }

  io::OutputSink& sink_;
};

class ReadRange {
 public:
  ReadRange(io::RangeReader& reader, RunState& state) : reader_(reader), state_(state) {}

  WorkPtr operator()(tbb::flow_control& control) const {
    take_over(&g_run_start);
    take_over(&reader_);
    auto work = std::make_unique<Work>();
    const bool more =
        !state_.stopping() && !state_.framing_done.load(std::memory_order_relaxed) && reader_.next(work->range);
    hand_over(&reader_);
    if (!more) {
      control.stop();
      return nullptr;
    }
    hand_over(work.get());
    return work.release();
  }

 private:
  io::RangeReader& reader_;
  RunState& state_;
};

// All that framing needs of the bytes, done in parallel: read them (a
// regular file's range), then count their lines.
class CountLines {
 public:
  explicit CountLines(const io::RangeReader& reader) : reader_(reader) {}

  WorkPtr operator()(WorkPtr work) const {
    take_over(&g_run_start);
    take_over(work);
    reader_.load(work->range);
    if (work->range.error_number == 0) work->newlines = io::count_newlines(work->range.data, work->range.size);
    hand_over(work);
    return work;
  }

 private:
  const io::RangeReader& reader_;
};

class FrameRecords {
 public:
  FrameRecords(io::Framer& framer, RunState& state) : framer_(framer), state_(state) {}

  WorkPtr operator()(WorkPtr work) const {
    take_over(&g_run_start);
    take_over(work);
    take_over(&framer_);
    std::vector<io::Chunk> chunks;
    framer_.add(work->range, work->newlines, chunks);
    if (framer_.finished()) state_.framing_done.store(true, std::memory_order_relaxed);
    hand_over(&framer_);
    work->pieces.resize(chunks.size());
    for (std::size_t i = 0; i < chunks.size(); ++i) work->pieces[i].chunk = std::move(chunks[i]);
    hand_over(work);
    return work;
  }

 private:
  io::Framer& framer_;
  RunState& state_;
};

class ProcessChunk {
 public:
  explicit ProcessChunk(const Format& format) : format_(format) {}

  WorkPtr operator()(WorkPtr work) const {
    take_over(&g_run_start);
    take_over(work);
    for (Piece& piece : work->pieces) format_.process(piece.chunk, piece.result);
    hand_over(work);
    return work;
  }

 private:
  const Format& format_;
};

class WriteAnswers {
 public:
  WriteAnswers(io::ByteSource& source, AnswerDestination& destination, RunState& state, const PipelineOptions& options)
      : source_(source), destination_(destination), state_(state), options_(options) {}

  void operator()(WorkPtr work) const {
    const std::unique_ptr<Work> owned(work);
    take_over(&g_run_start);
    take_over(work);
    take_over(&state_);
    // The chunks framed from a range rest on all of its bytes (its newline
    // count, the searches at its ends), not only on their own.
    const std::uint64_t framed_from = work->range.offset + work->range.size;
    for (const Piece& piece : work->pieces) write(piece, framed_from);
    hand_over(&state_);
  }

 private:
  void write(const Piece& piece, std::uint64_t framed_from) const {
    if (state_.stopping()) return;
    // Answers (or an error) computed from bytes that were not the input's,
    // such as zeros in place of a truncated file, must not be written.
    const std::uint64_t end = std::max<std::uint64_t>(piece.chunk.offset + piece.chunk.bytes.size(), framed_from);
    if (const int damage = source_.check_intact(end); damage != 0) {
      state_.outcome.status = RunOutcome::Status::kReadError;
      state_.outcome.error_number = damage;
      state_.stop_requested = true;
      return;
    }
    const ChunkResult& result = piece.result;
    if (state_.pending_blank_error) {
      // Blank lines were left after the last instance; they are fine only if
      // nothing else follows them.
      if (piece.chunk.end != io::Chunk::End::kRecordTooLong && is_blank_text(piece.chunk.bytes)) return;
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
    for (std::size_t i = 0; i < state_.tally.size(); ++i) state_.tally[i] += result.tally[i];
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

  void fail(InputError error) const {
    state_.outcome.status = RunOutcome::Status::kInvalidInput;
    state_.outcome.input_error = std::move(error);
    state_.stop_requested = true;
  }

  io::ByteSource& source_;
  AnswerDestination& destination_;
  RunState& state_;
  const PipelineOptions& options_;
};

}  // namespace

RunOutcome run_pipeline_to(const Format& format, io::ByteSource& source, AnswerDestination& destination,
                           const PipelineOptions& options, bool& stopped_by_destination) {
  const io::ChunkerOptions framing{format.lines_per_instance(), std::max<std::size_t>(options.chunk_size, 1),
                                   std::max<std::size_t>(options.max_instance_size, 1)};
  io::RangeReader reader(source, io::Framer::range_size(framing));
  io::Framer framer(framing);
  RunState state(options.stop);
  // Four chunks in flight per thread keep every thread busy while the serial
  // stages wait, and bound memory: a slow writer stops the reader after that
  // many chunks, rather than letting read chunks pile up.
  const std::size_t tokens = 4 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  const tbb::filter<void, void> stages =
      tbb::make_filter<void, WorkPtr>(tbb::filter_mode::serial_in_order, ReadRange(reader, state)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::parallel, CountLines(reader)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::serial_in_order, FrameRecords(framer, state)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::parallel, ProcessChunk(format)) &
      tbb::make_filter<WorkPtr, void>(tbb::filter_mode::serial_in_order,
                                      WriteAnswers(source, destination, state, options));
  hand_over(&g_run_start);
  tbb::parallel_pipeline(tokens, stages);
  take_over(&reader);
  take_over(&framer);
  take_over(&state);

  RunOutcome& outcome = state.outcome;
  stopped_by_destination = state.stopped_by_destination;
  // A stop cuts the input short: neither the end of the input nor a read
  // failure (a read woken by the stop fails with ECANCELED) is to be reported.
  if (options.stop != nullptr && options.stop->load() &&
      (outcome.status == RunOutcome::Status::kOk || outcome.status == RunOutcome::Status::kReadError)) {
    outcome.status = RunOutcome::Status::kStopped;
    return outcome;
  }
  // The destination needs nothing more: what the input holds further on,
  // even a read error, is no concern of the run.
  if (stopped_by_destination) return outcome;
  if (outcome.status == RunOutcome::Status::kOk && (reader.read_error() != 0 || framer.read_error() != 0)) {
    outcome.status = RunOutcome::Status::kReadError;
    outcome.error_number = reader.read_error() != 0 ? reader.read_error() : framer.read_error();
  }
  if (outcome.status == RunOutcome::Status::kOk && framer.input_changed()) {
    outcome.status = RunOutcome::Status::kReadError;
    outcome.error_number = io::kTruncatedWhileRead;
  }
  if (outcome.status == RunOutcome::Status::kOk) destination.finish(format.summary(state.tally), outcome);
  return outcome;
}

RunOutcome run_pipeline(const Format& format, io::ByteSource& source, io::OutputSink& sink,
                        const PipelineOptions& options) {
  SinkDestination destination(sink);
  bool stopped_by_destination = false;
  return run_pipeline_to(format, source, destination, options, stopped_by_destination);
}

}  // namespace poker
