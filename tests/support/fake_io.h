// Fake sources and sinks for tests: readers that return input a few bytes at
// a time or fail on the Nth read, and a sink that collects what is written.
#ifndef POKER_TESTS_SUPPORT_FAKE_IO_H_
#define POKER_TESTS_SUPPORT_FAKE_IO_H_

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

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
