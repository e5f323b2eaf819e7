// Reads a file's ranges ahead of the thread that frames and judges them, on
// a thread of its own.
//
// Run on one thread, a file's run is two jobs in turn: getting each range's
// bytes (a pread() copy out of the page cache, about a third of the time of
// a 2-player run; a map's page-table work) and counting their lines, then
// working on them. With a second thread doing the first job for the next
// ranges while the first works, it is off the path: the run takes about as
// long as the work alone, for about a tenth more CPU time in all (the
// bytes change cores, each range changes hands). Runs with more
// threads need none: their threads already load ranges while others work
// (the pipeline's parallel stage).
//
// The reading thread blocks the signals sent to the process: they reach
// the threads that handle them, as without it (a fault's, SIGBUS from a map
// cut short, stays with the thread that faults). Under an address-space
// limit (`ulimit -v`), which a thread's stack and malloc arena would take
// tens of MiB of, where no thread can be started, or for a source without
// shared reads (a map), next() reads each range itself. What a read throws (out of memory) is thrown by next() in
// its turn, after the ranges before it.
//
// A stop (the run's stop flag) ends next()'s wait for a range within
// kStopPoll, and the destructor's for the thread: a read that hangs (a
// stalled FUSE or NFS file system, which only SIGKILL interrupts) is left
// to end on its own. It reads through the source's SharedReads, which keep
// what it uses alive, and the thread then touches nothing of the
// ReadAhead's, the RangeReader's or the source's.
//
// Thread safety: next() is called by one thread at a time. The RangeReader
// is the ReadAhead's alone from construction to destruction (its
// read_error() is to be asked after).
#ifndef POKER_IO_READ_AHEAD_H_
#define POKER_IO_READ_AHEAD_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>

#include "poker/io/framing.h"

namespace poker::io {

class ReadAhead {
 public:
  // How often a wait looks at the stop flag: well inside the 100 ms in
  // which a stopped run must end.
  static constexpr std::chrono::milliseconds kStopPoll{5};

  // Starts reading `reader`'s ranges through `reads` (its source's
  // shared_reads(); null: none): at most `depth` (at least 1) wait,
  // loaded, for next().
  // `stop` (may be null) is the run's stop flag.
  ReadAhead(RangeReader& reader, std::shared_ptr<SharedReads> reads, std::size_t depth,
            const std::atomic<bool>* stop = nullptr);
  // Stops the reading thread and waits for it: for a range being read to be
  // read to its end, unless the stop flag is set (then a read is left to
  // end on its own).
  ~ReadAhead();

  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // As RangeReader::next(), the range loaded (RangeReader::load()) and,
  // unless its load failed, its newlines counted (count_newlines()). False
  // too once the stop flag is set.
  bool next(Range& range, std::uint64_t& newlines);

  // Whether a thread reads ahead (false: next() reads).
  bool threaded() const { return thread_.joinable(); }

 private:
  struct Shared;  // what the thread and the ReadAhead share
  struct Loaded {
    Range range;
    std::uint64_t newlines = 0;
  };

  // The thread's loop; it holds `shared` and `reads`, and touches `reader`
  // only while the ReadAhead waits for it.
  static void read_ranges(std::shared_ptr<Shared> shared, std::shared_ptr<SharedReads> reads, RangeReader* reader,
                          std::size_t depth);
  bool stopped() const { return stop_ != nullptr && stop_->load(std::memory_order_relaxed); }

  RangeReader& reader_;
  const std::shared_ptr<SharedReads> reads_;
  const std::atomic<bool>* const stop_;
  const std::shared_ptr<Shared> shared_;
  std::thread thread_;
};

}  // namespace poker::io

#endif  // POKER_IO_READ_AHEAD_H_
