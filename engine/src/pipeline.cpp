#include "poker/pipeline.h"

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <memory>

#include "line_scanner.h"
#include "poker/io/chunker.h"

namespace poker {
namespace {

// One chunk on its way through the pipeline, with what processing made of it.
struct Work {
  io::Chunk chunk;
  ChunkResult result;
};
using WorkPtr = std::shared_ptr<Work>;

// Shared by the stages: the writer asks the reader to stop at the first error.
struct RunState {
  explicit RunState(const std::atomic<bool>* stop) : external_stop(stop) {}
  bool stopping() const {
    return stop_requested.load(std::memory_order_relaxed) ||
           (external_stop != nullptr && external_stop->load(std::memory_order_relaxed));
  }
  std::atomic<bool> stop_requested{false};
  const std::atomic<bool>* const external_stop;  // the caller's, may be null
  RunOutcome outcome;
  // An error at the start of a run of blank lines, not yet known to stand.
  std::optional<InputError> pending_blank_error;
};

class ReadChunk {
 public:
  ReadChunk(io::Chunker& chunker, RunState& state) : chunker_(chunker), state_(state) {}

  WorkPtr operator()(tbb::flow_control& control) const {
    auto work = std::make_shared<Work>();
    if (state_.stopping() || !chunker_.next(work->chunk)) {
      control.stop();
      return nullptr;
    }
    return work;
  }

 private:
  io::Chunker& chunker_;
  RunState& state_;
};

class ProcessChunk {
 public:
  explicit ProcessChunk(const Format& format) : format_(format) {}

  WorkPtr operator()(WorkPtr work) const {
    format_.process(work->chunk, work->result);
    return work;
  }

 private:
  const Format& format_;
};

class WriteAnswers {
 public:
  WriteAnswers(io::ByteSource& source, io::OutputSink& sink, RunState& state, const PipelineOptions& options)
      : source_(source), sink_(sink), state_(state), options_(options) {}

  void operator()(const WorkPtr& work) const {
    if (state_.stopping()) return;
    // Answers (or an error) computed from bytes that were not the input's,
    // such as zeros in place of a truncated file, must not be written.
    if (const int damage = source_.check_intact(work->chunk.offset + work->chunk.bytes.size()); damage != 0) {
      state_.outcome.status = RunOutcome::Status::kReadError;
      state_.outcome.error_number = damage;
      state_.stop_requested = true;
      return;
    }
    const ChunkResult& result = work->result;
    if (state_.pending_blank_error) {
      // Blank lines were left after the last instance; they are fine only if
      // nothing else follows them.
      if (work->chunk.end != io::Chunk::End::kRecordTooLong && is_blank_text(work->chunk.bytes)) return;
      fail(std::move(*state_.pending_blank_error));
      return;
    }
    if (!result.answers.empty()) {
      const io::WriteResult written = sink_.write(result.answers);
      if (!written.ok()) {
        state_.outcome.status = written.kind == io::WriteResult::Kind::kBrokenPipe
                                    ? RunOutcome::Status::kBrokenPipe
                                    : RunOutcome::Status::kWriteError;
        state_.outcome.error_number = written.error_number;
        state_.stop_requested = true;
        return;
      }
    }
    RunStats& stats = state_.outcome.stats;
    stats.instances += result.instances;
    stats.bytes += work->chunk.bytes.size();
    if (result.error) {
      if (result.error_starts_blank_tail && work->chunk.end == io::Chunk::End::kRecords) {
        state_.pending_blank_error = result.error;
      } else {
        fail(*result.error);
        return;
      }
    }
    if (options_.on_progress) options_.on_progress(stats);
  }

 private:
  void fail(InputError error) const {
    state_.outcome.status = RunOutcome::Status::kInvalidInput;
    state_.outcome.input_error = std::move(error);
    state_.stop_requested = true;
  }

  io::ByteSource& source_;
  io::OutputSink& sink_;
  RunState& state_;
  const PipelineOptions& options_;
};

}  // namespace

RunOutcome run_pipeline(const Format& format, io::ByteSource& source, io::OutputSink& sink,
                        const PipelineOptions& options) {
  io::Chunker chunker(source, io::ChunkerOptions{format.lines_per_instance(),
                                                 std::max<std::size_t>(options.chunk_size, 1),
                                                 std::max<std::size_t>(options.max_instance_size, 1)});
  RunState state(options.stop);
  // Four chunks in flight per thread keep every thread busy while the serial
  // stages wait, and bound memory: a slow writer stops the reader after that
  // many chunks, rather than letting read chunks pile up.
  const std::size_t tokens = 4 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  tbb::parallel_pipeline(
      tokens,
      tbb::make_filter<void, WorkPtr>(tbb::filter_mode::serial_in_order, ReadChunk(chunker, state)) &
          tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::parallel, ProcessChunk(format)) &
          tbb::make_filter<WorkPtr, void>(tbb::filter_mode::serial_in_order,
                                          WriteAnswers(source, sink, state, options)));

  RunOutcome& outcome = state.outcome;
  // A stop cuts the input short: neither the end of the input nor a read
  // failure (a read woken by the stop fails with ECANCELED) is to be reported.
  if (options.stop != nullptr && options.stop->load() &&
      (outcome.status == RunOutcome::Status::kOk || outcome.status == RunOutcome::Status::kReadError)) {
    outcome.status = RunOutcome::Status::kStopped;
    return outcome;
  }
  if (outcome.status == RunOutcome::Status::kOk && chunker.read_error() != 0) {
    outcome.status = RunOutcome::Status::kReadError;
    outcome.error_number = chunker.read_error();
  }
  if (outcome.status == RunOutcome::Status::kOk) {
    const io::WriteResult finished = sink.finish();
    if (!finished.ok()) {
      outcome.status = finished.kind == io::WriteResult::Kind::kBrokenPipe ? RunOutcome::Status::kBrokenPipe
                                                                         : RunOutcome::Status::kWriteError;
      outcome.error_number = finished.error_number;
    }
  }
  return outcome;
}

}  // namespace poker
