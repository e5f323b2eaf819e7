#include "poker/io/read_ahead.h"

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <system_error>
#include <utility>

namespace poker::io {

ReadAhead::ReadAhead(RangeReader& reader, std::size_t depth)
    : reader_(reader), depth_(std::max<std::size_t>(depth, 1)) {
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
    thread_ = std::thread([this] { read_ranges(); });
  } catch (const std::system_error&) {
    // No thread to be had: next() reads.
  }
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
}

ReadAhead::~ReadAhead() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

bool ReadAhead::load_next(Loaded& loaded) {
  if (!reader_.next(loaded.range)) return false;
  reader_.load(loaded.range);
  loaded.newlines = loaded.range.error_number == 0 ? count_newlines(loaded.range.data, loaded.range.size) : 0;
  return true;
}

void ReadAhead::read_ranges() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return stopping_ || ready_.size() < depth_; });
      if (stopping_) return;
    }
    Loaded loaded;
    bool more = false;
    std::exception_ptr failure;
    try {
      more = load_next(loaded);
    } catch (...) {
      failure = std::current_exception();
    }
    {
      const std::lock_guard lock(mutex_);
      if (failure) {
        failure_ = failure;
      } else if (more) {
        ready_.push_back(std::move(loaded));
      } else {
        no_more_ = true;
      }
    }
    changed_.notify_all();
    if (failure || !more) return;
  }
}

bool ReadAhead::next(Range& range, std::uint64_t& newlines) {
  Loaded loaded;
  if (!thread_.joinable()) {
    if (!load_next(loaded)) return false;
  } else {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !ready_.empty() || no_more_ || failure_; });
    if (ready_.empty()) {
      if (failure_) std::rethrow_exception(failure_);
      return false;
    }
    loaded = std::move(ready_.front());
    ready_.pop_front();
    lock.unlock();
    changed_.notify_all();
  }
  range = std::move(loaded.range);
  newlines = loaded.newlines;
  return true;
}

}  // namespace poker::io
