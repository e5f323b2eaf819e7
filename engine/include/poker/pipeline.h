// The pipeline: read the input in ranges, frame them into chunks of whole
// records, process the chunks in parallel, write the answers in order, stop
// at the first error.
//
//   RangeReader (serial, in order: fixed-size byte ranges, O(1) each)
//   -> count_newlines (parallel: a SIMD count of each range's newlines)
//   -> Framer (serial, in order: record boundaries from the counts, O(record) per range)
//   -> Format::process (parallel) -> writer (serial, in order)
//
// No serial stage looks at every byte or every instance (poker/io/framing.h),
// so adding cores speeds the whole run up.
//
// Output is byte-for-byte that of a serial run, whatever the thread count:
// answers are written in input order, and the first error by input position
// is reported after exactly the answers that precede it.
//
// The caller chooses the thread count (a tbb::global_control or task_arena
// around the call); the pipeline keeps a few chunks per thread in flight.
//
// Thread safety: run_pipeline() may run concurrently with itself on distinct
// sources and sinks; the format is shared read-only. It borrows its arguments
// for the call only: `format`, `source` and `sink` must outlive it, and
// `on_progress` is called on pipeline threads, one call at a time.
#ifndef POKER_PIPELINE_H_
#define POKER_PIPELINE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "poker/format.h"
#include "poker/io/byte_source.h"
#include "poker/io/io_error.h"
#include "poker/io/output_sink.h"
#include "poker/io/wait_hook.h"

namespace poker {

struct RunStats {
  std::uint64_t bytes = 0;      // input bytes of the chunks written
  std::uint64_t instances = 0;  // instances answered
};

struct PipelineOptions {
  // Input bytes per chunk. 256 KiB keeps a chunk and its answers in a core's
  // L2 cache while it is parsed and rendered, and is large enough that the
  // per-chunk costs (a task, a write()) vanish beside the work; a huge input
  // still makes thousands of chunks for the threads to share.
  std::size_t chunk_size = 256 * 1024;
  // An instance longer than this is an input error: it bounds the memory a
  // single instance (a line with no end, an endless run of blanks) can take.
  std::size_t max_instance_size = 1024 * 1024;
  // Called by the writer after each chunk (serially): progress reports.
  std::function<void(const RunStats&)> on_progress;
  // If set, turning it true (from any thread, or a signal handler) stops the
  // run: the reader takes no further chunk and the writer writes no further
  // answers, so the output ends after the last chunk written, on a line end.
  const std::atomic<bool>* stop = nullptr;
  // If set, the source's waits for input (a pipe with nothing in it yet)
  // are made inside this hook (poker/io/wait_hook.h), but only once every
  // chunk framed so far has been written: a hook that holds threads back
  // must not hold back the answers to what has already arrived. Until then
  // the wait is made without it, and the writer wakes it when the last
  // chunk is written. The source's own hook is replaced for the run, and is
  // this one afterwards.
  io::WaitHook* wait_hook = nullptr;
  // The line number of the source's first byte: the source is a part of a
  // larger input that begins on an instance boundary (poker/shards.h), and
  // errors name that input's lines.
  std::uint64_t first_line = 1;
  // The larger input goes on after the source's end, which is an instance
  // boundary: the source's last instance is no end of input, so trailing
  // blank lines are not known to be allowed (RunOutcome::blank_tail_error),
  // and no summary is written.
  bool input_continues = false;
  // A run on one thread has a file read with pread() (the source's
  // shared_reads()) read ahead by a second thread
  // (poker/io/read_ahead.h): the copy out of the page cache leaves the
  // run's path, for about a tenth more CPU time. False: the one thread
  // does all.
  bool read_ahead = true;
};

struct RunOutcome {
  enum class Status {
    kOk,            // every instance answered
    kInvalidInput,  // `input_error` says where; the answers before it were written
    kReadError,     // `error` says why reading the input failed
    kWriteError,    // `error` says why writing the output failed
    kBrokenPipe,    // the reader of the output went away
    kStopped,       // `stop` was set; the answers written so far are whole lines
  };
  Status status = Status::kOk;
  std::optional<InputError> input_error;
  // The read or write failure: the source's or the sink's file, and why.
  io::IoError error;
  RunStats stats;
  // With PipelineOptions::input_continues, a kOk run whose last instances
  // are only blanks and newlines: the error they are if anything but blanks
  // and newlines follows in the rest of the input.
  std::optional<InputError> blank_tail_error;
};

RunOutcome run_pipeline(const Format& format, io::ByteSource& source, io::OutputSink& sink,
                        const PipelineOptions& options);

// A wait hook (poker/io/wait_hook.h) for the streams of a process that runs
// one pipeline at a time, as the command line does: while a read from a pipe
// waits for input, or a write for room, it caps oneTBB at one thread, process
// wide (a tbb::global_control), and lifts the cap when the wait ends.
//
// Why: a run that waits on its stream has nothing for its other threads to
// do, and oneTBB's idle threads spin, a few hundred microseconds each time
// work ran out, then sleep until the next chunk wakes them. A producer that
// trickles kept every thread of `-j N` spinning. Under the cap they are
// recalled and sleep until it lifts.
//
// Give it to the run as PipelineOptions::wait_hook (for the input), and set
// it on the sink with `sink.set_wait_hook()`. Not for a process that runs
// other oneTBB work alongside: the cap holds that back too while the stream
// waits. Stateless; any thread.
io::WaitHook& release_threads_while_waiting();

// The threads a run can use, the calling one included (at least 1): at most
// `limit` (0: no limit), the hardware threads oneTBB would use, and as many
// as the system lets the process start now (RLIMIT_NPROC, a cgroup's pids
// limit). oneTBB starts its workers lazily and aborts the process when one
// cannot start; asking the system first lets the run go on with the
// threads it can have. Starts (and joins) that many threads to find out.
std::size_t usable_threads(std::size_t limit);

}  // namespace poker

#endif  // POKER_PIPELINE_H_
