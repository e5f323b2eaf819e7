// Fake sources and sinks for tests: readers that return input a few bytes at
// a time or fail on the Nth read, a file in memory read at any offset, and a
// sink that collects what is written.
#ifndef POKER_TESTS_SUPPORT_FAKE_IO_H_
#define POKER_TESTS_SUPPORT_FAKE_IO_H_

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
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

// A file in memory, read at any offset: read number `fail_at` (1-based, 0:
// never) fails with EIO, and the read at `throw_from` or past it throws
// bad_alloc. It notes each read's thread and whether SIGINT and SIGBUS were
// blocked there.
class FakeFile final : public io::ByteSource {
 public:
  explicit FakeFile(std::string bytes) : bytes_(std::move(bytes)) {}

  io::Window window(std::uint64_t from, std::size_t min_size) override { return read_at(from, min_size); }
  bool more_ready() override { return true; }
  bool is_mapped() const override { return false; }
  std::string strategy() const override { return "fake"; }
  std::uint64_t size_for_reads_at() const override { return bytes_.size(); }

  io::Window read_at(std::uint64_t from, std::size_t size) override {
    reads.fetch_add(1);
    reader = std::this_thread::get_id();
    sigset_t blocked;
    ::pthread_sigmask(SIG_BLOCK, nullptr, &blocked);
    sigint_blocked = ::sigismember(&blocked, SIGINT) == 1;
    sigbus_blocked = ::sigismember(&blocked, SIGBUS) == 1;
    if (from >= throw_from) throw std::bad_alloc();
    if (reads.load() == fail_at) return io::Window{nullptr, nullptr, 0, false, EIO};
    auto owner = std::make_shared<std::string>(bytes_.substr(from, size));
    const char* data = owner->data();
    return io::Window{std::move(owner), data, size, from + size == bytes_.size(), 0, 0};
  }

  int fail_at = 0;
  std::uint64_t throw_from = UINT64_MAX;
  std::atomic<int> reads{0};
  // Written by the reading thread, read once it is joined.
  std::thread::id reader;
  bool sigint_blocked = false;
  bool sigbus_blocked = false;

 private:
  std::string bytes_;
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
