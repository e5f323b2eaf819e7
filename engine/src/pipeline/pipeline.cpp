#include "poker/pipeline.h"

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "pipeline/answer_destination.h"
#include "pipeline/ordered_writer.h"
#include "pipeline/tsan_handover.h"
#include "pipeline/work.h"
#include "pipeline/work_pool.h"
#include "poker/io/chunker.h"
#include "poker/io/framing.h"

namespace poker {
namespace {

using pipeline::RunState;
using pipeline::Work;
using pipeline::WorkPool;
using pipeline::WorkPtr;
using tsan::run_started;
using tsan::StageCall;

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

// The source's waits for input during a run. The caller's hook may hold the
// other threads back (release_threads_while_waiting()), and the thread that
// waits is the only one then left to process and write the chunks framed
// before: an instance complete in the input would wait for its answer
// until more input came. So while a range read earlier is still on its way
// to the writer, the wait is made in short slices without the hook; once
// all are written, the hook is called: the reader, the only one to make new
// work, is the one waiting.
class WaitOnceWritten final : public io::WaitHook {
 public:
  WaitOnceWritten(io::WaitHook* hook, const WorkPool& works) : hook_(hook), works_(works) {}

  void around_wait(const Wait& wait) override {
    while (works_.taken() > 1) {  // more than the reader's own
      if (wait(kSliceMs)) return;
    }
    hook_->around_wait(wait);
  }

 private:
  // Short enough that the threads are held back soon after the last answer
  // is written; long enough that a wait costs few wake-ups.
  static constexpr int kSliceMs = 1;

  io::WaitHook* const hook_;
  const WorkPool& works_;
};

class ReadRange {
 public:
  ReadRange(io::RangeReader& reader, RunState& state, WorkPool& works)
      : reader_(reader), state_(state), works_(works) {}

  WorkPtr operator()(tbb::flow_control& control) const {
    const tsan::RunStarted started = run_started();  // before the pool is touched
    const WorkPtr work = works_.take();
    const StageCall call{started, {&reader_, work}};
    if (state_.stopping() || state_.framing_done.load(std::memory_order_relaxed) || !reader_.next(work->range)) {
      control.stop();
      works_.give_back(work);
      return nullptr;
    }
    return work;
  }

 private:
  io::RangeReader& reader_;
  RunState& state_;
  WorkPool& works_;
};

// All that framing needs of the bytes, done in parallel: read them (a
// regular file's range), then count their lines.
class CountLines {
 public:
  explicit CountLines(const io::RangeReader& reader) : reader_(reader) {}

  WorkPtr operator()(WorkPtr work) const {
    const StageCall call{run_started(), {work}};
    reader_.load(work->range);
    if (work->range.error_number == 0) work->newlines = io::count_newlines(work->range.data, work->range.size);
    return work;
  }

 private:
  const io::RangeReader& reader_;
};

class FrameRecords {
 public:
  FrameRecords(io::Framer& framer, RunState& state) : framer_(framer), state_(state) {}

  WorkPtr operator()(WorkPtr work) const {
    const StageCall call{run_started(), {work, &framer_}};
    std::vector<io::Chunk> chunks;
    framer_.add(work->range, work->newlines, chunks);
    if (framer_.finished()) state_.framing_done.store(true, std::memory_order_relaxed);
    work->reset_pieces(chunks.size());
    for (std::size_t i = 0; i < chunks.size(); ++i) work->pieces[i].chunk = std::move(chunks[i]);
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
    const StageCall call{run_started(), {work}};
    for (pipeline::Piece& piece : work->pieces) format_.process(piece.chunk, piece.result);
    return work;
  }

 private:
  const Format& format_;
};

}  // namespace

RunOutcome run_pipeline_to(const Format& format, io::ByteSource& source, AnswerDestination& destination,
                           const PipelineOptions& options, bool& stopped_by_destination) {
  const io::ChunkerOptions framing{format.lines_per_instance(), std::max<std::size_t>(options.chunk_size, 1),
                                   std::max<std::size_t>(options.max_instance_size, 1)};
  io::RangeReader reader(source, io::Framer::range_size(framing));
  io::Framer framer(framing);
  RunState state(options.stop);
  WorkPool works;
  // Four chunks in flight per thread keep every thread busy while the serial
  // stages wait, and bound memory: a slow writer stops the reader after that
  // many chunks, rather than letting read chunks pile up.
  const std::size_t tokens = 4 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  const tbb::filter<void, void> stages =
      tbb::make_filter<void, WorkPtr>(tbb::filter_mode::serial_in_order, ReadRange(reader, state, works)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::parallel, CountLines(reader)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::serial_in_order, FrameRecords(framer, state)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::parallel, ProcessChunk(format)) &
      tbb::make_filter<WorkPtr, void>(tbb::filter_mode::serial_in_order,
                                      pipeline::WriteAnswers(source, destination, state, options, works));
  WaitOnceWritten wait_hook(options.wait_hook, works);
  if (options.wait_hook != nullptr) source.set_wait_hook(&wait_hook);
  tsan::hand_over(&tsan::g_run_start);
  tbb::parallel_pipeline(tokens, stages);
  if (options.wait_hook != nullptr) source.set_wait_hook(options.wait_hook);
  tsan::take_over(&reader);
  tsan::take_over(&framer);
  tsan::take_over(&state);

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
