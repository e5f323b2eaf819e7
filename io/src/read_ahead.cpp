#include "poker/io/read_ahead.h"

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <system_error>
#include <utility>

namespace poker::io {
namespace {

// A loaded range's newlines; none for one whose load failed.
std::uint64_t newlines_of(const Range& range) {
  return range.error_number == 0 ? count_newlines(range.data, range.size) : 0;
}

}  // namespace

struct ReadAhead::Shared {
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Loaded> ready;    // in input order
  bool no_more = false;        // the reader gave its last range
  std::exception_ptr failure;  // thrown by the read after the ranges ready
  bool stopping = false;       // the ReadAhead takes no more ranges
  bool reading = false;        // the thread is in a read, using only what it holds
  bool ended = false;          // the thread is done with the RangeReader
};

ReadAhead::ReadAhead(RangeReader& reader, std::shared_ptr<SharedReads> reads, std::size_t depth,
                     const std::atomic<bool>* stop)
    : reader_(reader), reads_(std::move(reads)), stop_(stop), shared_(std::make_shared<Shared>()) {
  // Reads that could not be left behind would make a stop wait for them.
  if (reads_ == nullptr) return;
  // A thread takes tens of MiB of address space (its stack, and the malloc
  // arena glibc reserves for it), which under a limit the maps and the
  // buffers need more: there, next() reads.
  struct rlimit address_space {};
  if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) return;
  // The thread starts with the signals sent to the process blocked: they go
  // to a thread that handles them (and whose waits they end). A fault's
  // signal cannot be blocked: it would kill the process.
  sigset_t sent;
  sigset_t before;
  ::sigfillset(&sent);
  for (const int fault : {SIGBUS, SIGSEGV, SIGFPE, SIGILL, SIGTRAP, SIGSYS}) ::sigdelset(&sent, fault);
  ::pthread_sigmask(SIG_BLOCK, &sent, &before);
  try {
    thread_ = std::thread(read_ranges, shared_, reads_, &reader_, std::max<std::size_t>(depth, 1));
  } catch (const std::system_error&) {
    // No thread to be had: next() reads.
  }
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
}

ReadAhead::~ReadAhead() {
  if (!thread_.joinable()) return;
  std::unique_lock lock(shared_->mutex);
  shared_->stopping = true;
  shared_->changed.notify_all();
  // The thread ends once the read it is in, if any, is over; after a stop
  // that read is left to end on its own.
  while (!shared_->ended && !(shared_->reading && stopped())) shared_->changed.wait_for(lock, kStopPoll);
  const bool ended = shared_->ended;
  lock.unlock();
  if (ended) {
    thread_.join();
  } else {
    thread_.detach();
  }
}

void ReadAhead::read_ranges(std::shared_ptr<Shared> shared, std::shared_ptr<SharedReads> reads, RangeReader* reader,
                            std::size_t depth) {
  std::unique_lock lock(shared->mutex);
  for (;;) {
    shared->changed.wait(lock, [&] { return shared->stopping || shared->ready.size() < depth; });
    if (shared->stopping) break;
    Loaded loaded;
    bool more = false;
    std::exception_ptr failure;
    try {
      // Under the lock: the ReadAhead, and with it the reader, lasts while
      // the lock is held.
      more = reader->next(loaded.range);
    } catch (...) {
      failure = std::current_exception();
    }
    if (more) {
      shared->reading = true;
      lock.unlock();
      try {
        RangeReader::load(*reads, loaded.range);
        loaded.newlines = newlines_of(loaded.range);
      } catch (...) {
        failure = std::current_exception();
      }
      lock.lock();
      shared->reading = false;
      if (shared->stopping) break;  // the ReadAhead may be gone: nothing more of it is touched
    }
    if (failure) {
      shared->failure = failure;
    } else if (more) {
      shared->ready.push_back(std::move(loaded));
    } else {
      shared->no_more = true;
    }
    shared->changed.notify_all();
    if (failure || !more) break;
  }
  shared->ended = true;
  shared->changed.notify_all();
}

bool ReadAhead::next(Range& range, std::uint64_t& newlines) {
  Loaded loaded;
  if (!thread_.joinable()) {
    if (!reader_.next(loaded.range)) return false;
    reader_.load(loaded.range);
    loaded.newlines = newlines_of(loaded.range);
  } else {
    std::unique_lock lock(shared_->mutex);
    const auto ready = [this] { return !shared_->ready.empty() || shared_->no_more || shared_->failure; };
    while (!shared_->changed.wait_for(lock, kStopPoll, ready)) {
      if (stopped()) return false;
    }
    if (shared_->ready.empty()) {
      if (shared_->failure) std::rethrow_exception(shared_->failure);
      return false;
    }
    loaded = std::move(shared_->ready.front());
    shared_->ready.pop_front();
    lock.unlock();
    shared_->changed.notify_all();
  }
  range = std::move(loaded.range);
  newlines = loaded.newlines;
  return true;
}

}  // namespace poker::io
