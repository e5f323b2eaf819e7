// Fake sources and sinks for tests: readers that return input a few bytes at
// a time or fail on the Nth read, a file in memory read at any offset, and a
// sink that collects what is written.
#ifndef POKER_TESTS_SUPPORT_FAKE_IO_H_
#define POKER_TESTS_SUPPORT_FAKE_IO_H_

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <string_view>
#include <thread>

#include "poker/io/byte_source.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"

namespace poker::testing {

// Returns `input` at most `step` bytes per read(); read number `fail_at`
// (1-based, 0: never) fails with EIO.
class FakeReader final : public io::Reader {
 public:
  FakeReader(std::string input, std::size_t step, int fail_at = 0)
      : input_(std::move(input)), step_(step), fail_at_(fail_at) {}

  ssize_t read(char* buffer, std::size_t size) override {
    if (++reads_ == fail_at_) {
      errno = EIO;
      return -1;
    }
    const std::size_t n = std::min({size, step_, input_.size() - position_});
    std::memcpy(buffer, input_.data() + position_, n);
    position_ += n;
    return static_cast<ssize_t>(n);
  }
  bool ready() override { return ready_; }

  bool ready_ = true;  // what ready() answers

 private:
  std::string input_;
  std::size_t step_;
  int fail_at_;
  int reads_ = 0;
  std::size_t position_ = 0;
};

inline std::unique_ptr<io::ByteSource> fake_stream(std::string input, std::size_t step, std::size_t buffer_size,
                                                   int fail_at = 0) {
  return io::make_stream_source(std::make_unique<FakeReader>(std::move(input), step, fail_at), buffer_size);
}

// A file in memory, read at any offset (also through its shared_reads(),
// which outlive it): read number `fail_at` (1-based, 0: never) fails with
// EIO, the read at `throw_from` or past it throws bad_alloc, and the read at
// `hang_from` or past it hangs until release_hung_reads(), as a read of a
// stalled network file system does. It notes each read's thread and whether
// SIGINT and SIGBUS were blocked there.
class FakeFile final : public io::ByteSource {
 public:
  // What the reads use.
  struct Reads final : io::SharedReads {
    explicit Reads(std::string text) : bytes(std::move(text)) {}

    io::Window read_at(std::uint64_t from, std::size_t size) override {
      reads.fetch_add(1);
      reader = std::this_thread::get_id();
      sigset_t blocked;
      ::pthread_sigmask(SIG_BLOCK, nullptr, &blocked);
      sigint_blocked = ::sigismember(&blocked, SIGINT) == 1;
      sigbus_blocked = ::sigismember(&blocked, SIGBUS) == 1;
      if (from >= hang_from) {
        std::unique_lock lock(mutex);
        hung = true;
        changed.notify_all();
        changed.wait(lock, [this] { return released; });
      }
      if (from >= throw_from) throw std::bad_alloc();
      if (reads.load() == fail_at) return io::Window{nullptr, nullptr, 0, false, EIO};
      auto owner = std::make_shared<std::string>(bytes.substr(from, size));
      const char* data = owner->data();
      return io::Window{std::move(owner), data, size, from + size == bytes.size(), 0, 0};
    }

    const std::string bytes;
    int fail_at = 0;
    std::uint64_t throw_from = UINT64_MAX;
    std::uint64_t hang_from = UINT64_MAX;
    std::atomic<int> reads{0};
    // Written by the reading thread, read once it is joined.
    std::thread::id reader;
    bool sigint_blocked = false;
    bool sigbus_blocked = false;
    // A read hanging, and its release.
    std::mutex mutex;
    std::condition_variable changed;
    bool hung = false;      // guarded by mutex
    bool released = false;  // guarded by mutex
  };

  explicit FakeFile(std::string bytes) : shared_(std::make_shared<Reads>(std::move(bytes))) {}
  FakeFile(const FakeFile&) = delete;
  FakeFile& operator=(const FakeFile&) = delete;

  io::Window window(std::uint64_t from, std::size_t min_size) override { return read_at(from, min_size); }
  bool more_ready() override { return true; }
  bool is_mapped() const override { return false; }
  std::string strategy() const override { return "fake"; }
  std::uint64_t size_for_reads_at() const override { return shared_->bytes.size(); }
  io::Window read_at(std::uint64_t from, std::size_t size) override { return shared_->read_at(from, size); }
  std::shared_ptr<io::SharedReads> shared_reads() override { return shared_; }
  // The reads, to be kept past the file's end.
  std::shared_ptr<Reads> reads_kept() const { return shared_; }

  // Waits until a read hangs; false after `timeout`.
  bool wait_for_a_hung_read(std::chrono::milliseconds timeout) {
    std::unique_lock lock(shared_->mutex);
    return shared_->changed.wait_for(lock, timeout, [this] { return shared_->hung; });
  }
  static void release_hung_reads(Reads& reads) {
    const std::lock_guard lock(reads.mutex);
    reads.released = true;
    reads.changed.notify_all();
  }

 private:
  const std::shared_ptr<Reads> shared_;

 public:
  // The reads' settings and notes, on the file itself for short.
  int& fail_at = shared_->fail_at;
  std::uint64_t& throw_from = shared_->throw_from;
  std::uint64_t& hang_from = shared_->hang_from;
  std::atomic<int>& reads = shared_->reads;
  std::thread::id& reader = shared_->reader;
  bool& sigint_blocked = shared_->sigint_blocked;
  bool& sigbus_blocked = shared_->sigbus_blocked;
};

// Collects the output; write number `fail_at` (1-based, 0: never) fails with
// `error_number`.
class StringSink final : public io::OutputSink {
 public:
  explicit StringSink(int fail_at = 0, int error_number = ENOSPC) : fail_at_(fail_at), error_number_(error_number) {}

  io::WriteResult write(std::string_view bytes) override {
    if (++writes_ == fail_at_) {
      return io::WriteResult{
          error_number_ == EPIPE ? io::WriteResult::Kind::kBrokenPipe : io::WriteResult::Kind::kFailed,
          io::IoError{io::IoError::Action::kWrite, "", error_number_}};
    }
    text.append(bytes);
    return io::WriteResult{};
  }
  io::WriteResult finish() override { return io::WriteResult{}; }

  std::string text;

 private:
  int fail_at_;
  int error_number_;
  int writes_ = 0;
};

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_FAKE_IO_H_
