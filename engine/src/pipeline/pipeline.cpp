#include "poker/pipeline.h"

#include <sys/eventfd.h>
#include <tbb/global_control.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <vector>

#include "pipeline/answer_destination.h"
#include "pipeline/ordered_writer.h"
#include "pipeline/tsan_handover.h"
#include "pipeline/work.h"
#include "pipeline/work_pool.h"
#include "poker/io/framing.h"
#include "poker/io/read_ahead.h"

namespace poker {
namespace {

using pipeline::RunState;
using pipeline::Work;
using pipeline::WorkPool;
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
    outcome.error = written.error;
    return false;
  }

  io::OutputSink& sink_;
};

// The source's waits for input during a run. The caller's hook may hold the
// other threads back (release_threads_while_waiting()), and the thread that
// waits is the only one then left to process and write the chunks framed
// before: an instance complete in the input would wait for its answer
// until more input came. So while a range read earlier is still on its way
// to the writer, the wait is made without the hook, with one thread left
// to run that work; the writer's last give_back() wakes it (an eventfd),
// and the hook is called then: the reader, the only one to make new work,
// is the one waiting. Called as soon as the work is written, not at the
// next input, it holds the idle threads back before they spin.
class WaitOnceWritten final : public io::WaitHook {
 public:
  WaitOnceWritten(io::WaitHook* hook, WorkPool& works)
      : hook_(hook), works_(works), written_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    works.on_one_left([this] {
      if (written_ >= 0) (void)!::eventfd_write(written_, 1);
    });
  }
  ~WaitOnceWritten() override {
    if (written_ >= 0) ::close(written_);
  }
  WaitOnceWritten(const WaitOnceWritten&) = delete;
  WaitOnceWritten& operator=(const WaitOnceWritten&) = delete;

  void around_wait(const Wait& wait) override {
    if (works_.taken() > 1) {  // more than the reader's own
      // One thread besides this one runs what is in flight; the others
      // would only spin, and are held back.
      const tbb::global_control two_threads(tbb::global_control::max_allowed_parallelism, 2);
      do {
        // Without an eventfd, in slices: the hook is called a millisecond
        // after the last answer at most.
        if (wait(written_ >= 0 ? -1 : 1)) return;
        clear();
      } while (works_.taken() > 1);
    }
    clear();  // a wake-up from before this wait
    hook_->around_wait(wait);
  }

  int interrupt_fd() const override { return written_; }

 private:
  void clear() const {
    eventfd_t count = 0;
    if (written_ >= 0) (void)::eventfd_read(written_, &count);
  }

  io::WaitHook* const hook_;
  const WorkPool& works_;
  const int written_;  // readable once a give_back() left the reader's Work alone
};

// Functor that cuts the input's next byte range, and stops the pipeline at the input's end.
class ReadRange {
 public:
  // Takes the ranges from `read_ahead` where there is one (loaded and
  // counted there), else from `reader`.
  ReadRange(io::RangeReader& reader, io::ReadAhead* read_ahead, RunState& state, WorkPool& works)
      : reader_(reader), read_ahead_(read_ahead), state_(state), works_(works) {}

  Work* operator()(tbb::flow_control& control) const {
    const tsan::RunStarted started = run_started();  // before the pool is touched
    Work* const work = works_.take();
    const StageCall call{started, &reader_, work};
    if (state_.stopping() || state_.framing_done.load(std::memory_order_relaxed) || !next(*work)) {
      control.stop();
      works_.give_back(work);
      return nullptr;
    }
    return work;
  }

 private:
  bool next(Work& work) const {
    if (read_ahead_ == nullptr) return reader_.next(work.range);
    work.counted = true;
    return read_ahead_->next(work.range, work.newlines);
  }

  io::RangeReader& reader_;
  io::ReadAhead* const read_ahead_;
  RunState& state_;
  WorkPool& works_;
};

// Functor that loads a range's bytes and counts their newlines.
class LoadAndCountLines {
 public:
  explicit LoadAndCountLines(const io::RangeReader& reader) : reader_(reader) {}

  Work* operator()(Work* work) const {
    const StageCall call{run_started(), work};
    if (work->counted) return work;
    // A regular file's range is read here, a mapped one's pages mapped in.
    reader_.load(work->range);
    if (work->range.error_number == 0) work->newlines = io::count_newlines(work->range.data, work->range.size);
    return work;
  }

 private:
  const io::RangeReader& reader_;
};

// Functor that turns the ranges, in order, into chunks of whole instances.
class FrameRecords {
 public:
  FrameRecords(io::Framer& framer, RunState& state, const PipelineOptions& options)
      : framer_(framer), state_(state), options_(options) {}

  Work* operator()(Work* work) const {
    const StageCall call{run_started(), work, &framer_};
    std::vector<io::Chunk> chunks;
    framer_.add(work->range, work->newlines, chunks);
    if (framer_.finished()) state_.framing_done.store(true, std::memory_order_relaxed);
    work->reset_pieces(chunks.size());
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      io::Chunk& chunk = chunks[i];
      chunk.first_line += options_.first_line - 1;
      // The source ends on an instance boundary of a longer input: its last
      // chunk holds whole instances, and what follows it is unknown here.
      if (options_.input_continues && chunk.end == io::Chunk::End::kEndOfInput) chunk.end = io::Chunk::End::kRecords;
      work->pieces[i].chunk = std::move(chunk);
    }
    return work;
  }

 private:
  io::Framer& framer_;
  RunState& state_;
  const PipelineOptions& options_;
};

// Functor that parses, judges and renders the instances of a range's chunks.
class ProcessChunk {
 public:
  explicit ProcessChunk(const Format& format) : format_(format) {}

  Work* operator()(Work* work) const {
    const StageCall call{run_started(), work};
    for (pipeline::Piece& piece : work->pieces) format_.process(piece.chunk, piece.result);
    return work;
  }

 private:
  const Format& format_;
};

}  // namespace

RunOutcome run_pipeline_to(const Format& format, io::ByteSource& source, AnswerDestination& destination,
                           const PipelineOptions& options, bool& stopped_by_destination) {
  const io::FramingOptions framing{format.lines_per_instance(), std::max<std::size_t>(options.chunk_size, 1),
                                   std::max<std::size_t>(options.max_instance_size, 1)};
  io::RangeReader reader(source, io::Framer::range_size(framing));
  io::Framer framer(framing);
  RunState state(options.stop);
  WorkPool works;
  // Four chunks in flight per thread keep every thread busy while the serial
  // stages wait, and bound memory: a slow writer stops the reader after that
  // many chunks, rather than letting read chunks pile up.
  const std::size_t tokens = 4 * static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  // A run on one thread (the arena's, or all that the caller's limit
  // leaves: -j 1) has a file read with pread() (its source's
  // shared_reads()) read ahead: the copy out of
  // the page cache is about a third of its time. Two ranges ahead keep it
  // supplied: reading one takes about half the time of working on it. Not
  // a stream: a wait for its input must stay with the thread that holds
  // the others back (wait_hook). Not a map or bytes in memory: no copy.
  std::optional<io::ReadAhead> read_ahead;
  const bool one_thread = tbb::this_task_arena::max_concurrency() == 1 ||
                          tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) == 1;
  if (options.read_ahead && one_thread) {
    if (std::shared_ptr<io::SharedReads> reads = source.shared_reads())
      read_ahead.emplace(reader, reads, 2, options.stop);
  }
  const tbb::filter<void, void> stages =
      tbb::make_filter<void, Work*>(tbb::filter_mode::serial_in_order,
                                    ReadRange(reader, read_ahead ? &*read_ahead : nullptr, state, works)) &
      tbb::make_filter<Work*, Work*>(tbb::filter_mode::parallel, LoadAndCountLines(reader)) &
      tbb::make_filter<Work*, Work*>(tbb::filter_mode::serial_in_order, FrameRecords(framer, state, options)) &
      tbb::make_filter<Work*, Work*>(tbb::filter_mode::parallel, ProcessChunk(format)) &
      tbb::make_filter<Work*, void>(tbb::filter_mode::serial_in_order,
                                    pipeline::OrderedWriter(source, destination, state, options, works));
  std::optional<WaitOnceWritten> wait_hook;
  if (options.wait_hook != nullptr) source.set_wait_hook(&wait_hook.emplace(options.wait_hook, works));
  tsan::happens_before(&tsan::g_run_start_sync);
  tbb::parallel_pipeline(tokens, stages);
  read_ahead.reset();  // the reader is this thread's again
  tsan::happens_after(&reader);
  tsan::happens_after(&framer);
  tsan::happens_after(&state);
  if (wait_hook) {
    works.on_one_left({});  // the writer's last call is over: the hook may go
    source.set_wait_hook(options.wait_hook);
  }

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
    outcome.error = io::IoError{io::IoError::Action::kRead, source.path(),
                                reader.read_error() != 0 ? reader.read_error() : framer.read_error()};
  }
  if (outcome.status == RunOutcome::Status::kOk && framer.input_changed()) {
    outcome.status = RunOutcome::Status::kReadError;
    outcome.error = io::IoError{io::IoError::Action::kRead, source.path(), io::kTruncatedWhileRead};
  }
  if (outcome.status == RunOutcome::Status::kOk && options.input_continues) {
    outcome.blank_tail_error = std::move(state.pending_blank_error);
    destination.finish({}, outcome);
  } else if (outcome.status == RunOutcome::Status::kOk) {
    destination.finish(format.summary(state.tally), outcome);
  }
  return outcome;
}

RunOutcome run_pipeline(const Format& format, io::ByteSource& source, io::OutputSink& sink,
                        const PipelineOptions& options) {
  SinkDestination destination(sink);
  bool stopped_by_destination = false;
  return run_pipeline_to(format, source, destination, options, stopped_by_destination);
}

}  // namespace poker
