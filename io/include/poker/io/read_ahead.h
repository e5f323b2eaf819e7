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
// tens of MiB of, or where no thread can be started, next() reads each
// range itself. What a read throws (out of memory) is thrown by next() in
// its turn, after the ranges before it.
//
// Thread safety: next() is called by one thread at a time. The RangeReader
// is the ReadAhead's alone from construction to destruction (its
// read_error() is to be asked after).
#ifndef POKER_IO_READ_AHEAD_H_
#define POKER_IO_READ_AHEAD_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "poker/io/framing.h"

namespace poker::io {

class ReadAhead {
 public:
  // Starts reading `reader`'s ranges: at most `depth` (at least 1) wait,
  // loaded, for next().
  ReadAhead(RangeReader& reader, std::size_t depth);
  // Stops the reading thread (a range being read is read to its end) and
  // waits for it.
  ~ReadAhead();

  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // As RangeReader::next(), the range loaded (RangeReader::load()) and,
  // unless its load failed, its newlines counted (count_newlines()).
  bool next(Range& range, std::uint64_t& newlines);

  // Whether a thread reads ahead (false: next() reads).
  bool threaded() const { return thread_.joinable(); }

 private:
  void read_ranges();

  RangeReader& reader_;
  const std::size_t depth_;
  std::mutex mutex_;
  std::condition_variable changed_;
  struct Loaded {
    Range range;
    std::uint64_t newlines = 0;
  };
  // The next range, loaded and counted (false: no more), on this thread.
  bool load_next(Loaded& loaded);

  std::deque<Loaded> ready_;    // in input order
  bool no_more_ = false;        // the reader gave its last range
  std::exception_ptr failure_;  // thrown by the read after the ranges ready_
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace poker::io

#endif  // POKER_IO_READ_AHEAD_H_
