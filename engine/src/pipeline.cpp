#include "poker/pipeline.h"

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <memory>

#include "answer_destination.h"
#include "line_scanner.h"
#include "poker/io/chunker.h"

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

// One chunk on its way through the pipeline, with what processing made of it.
// Passed between the stages as a raw pointer (made by the reader, deleted by
// the writer), so that TBB carries it in its token slot untouched: a
// shared_ptr would be copied into storage TSan sees written by one thread
// and read by another with no ordering it knows of. If a stage threw (only
// std::bad_alloc can), the Works in flight would leak: the run is over then.
struct Work {
  io::Chunk chunk;
  ChunkResult result;
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

class ReadChunk {
 public:
  ReadChunk(io::Chunker& chunker, RunState& state) : chunker_(chunker), state_(state) {}

  WorkPtr operator()(tbb::flow_control& control) const {
    take_over(&g_run_start);
    take_over(&chunker_);
    auto work = std::make_unique<Work>();
    const bool more = !state_.stopping() && chunker_.next(work->chunk);
    hand_over(&chunker_);
    if (!more) {
      control.stop();
      return nullptr;
    }
    hand_over(work.get());
    return work.release();
  }

 private:
  io::Chunker& chunker_;
  RunState& state_;
};

class ProcessChunk {
 public:
  explicit ProcessChunk(const Format& format) : format_(format) {}

  WorkPtr operator()(WorkPtr work) const {
    take_over(&g_run_start);
    take_over(work);
    format_.process(work->chunk, work->result);
    hand_over(work);
    return work;
  }

 private:
  const Format& format_;
};

class WriteAnswers {
 public:
  WriteAnswers(io::ByteSource& source, AnswerDestination& destination, RunState& state,
               const PipelineOptions& options)
      : source_(source), destination_(destination), state_(state), options_(options) {}

  void operator()(WorkPtr work) const {
    const std::unique_ptr<Work> owned(work);
    take_over(&g_run_start);
    take_over(work);
    take_over(&state_);
    write(work);
    hand_over(&state_);
  }

 private:
  void write(const Work* work) const {
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
    if (!destination_.take(work->chunk, result, state_.outcome)) {
      state_.stopped_by_destination = true;
      state_.stop_requested = true;
      return;
    }
    RunStats& stats = state_.outcome.stats;
    stats.instances += result.instances;
    stats.bytes += work->chunk.bytes.size();
    for (std::size_t i = 0; i < state_.tally.size(); ++i) state_.tally[i] += result.tally[i];
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
  io::Chunker chunker(source, io::ChunkerOptions{format.lines_per_instance(),
                                                 std::max<std::size_t>(options.chunk_size, 1),
                                                 std::max<std::size_t>(options.max_instance_size, 1)});
  RunState state(options.stop);
  // Four chunks in flight per thread keep every thread busy while the serial
  // stages wait, and bound memory: a slow writer stops the reader after that
  // many chunks, rather than letting read chunks pile up.
  const std::size_t tokens = 4 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  const tbb::filter<void, void> stages =
      tbb::make_filter<void, WorkPtr>(tbb::filter_mode::serial_in_order, ReadChunk(chunker, state)) &
      tbb::make_filter<WorkPtr, WorkPtr>(tbb::filter_mode::parallel, ProcessChunk(format)) &
      tbb::make_filter<WorkPtr, void>(tbb::filter_mode::serial_in_order,
                                      WriteAnswers(source, destination, state, options));
  hand_over(&g_run_start);
  tbb::parallel_pipeline(tokens, stages);
  take_over(&chunker);
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
  if (outcome.status == RunOutcome::Status::kOk && chunker.read_error() != 0) {
    outcome.status = RunOutcome::Status::kReadError;
    outcome.error_number = chunker.read_error();
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
