// The fd sink on a pipe whose reader stalls: a wake-up on the stop pipe ends
// a write that waits for room, and what reached the pipe is whole lines.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
#include <string>

#include "poker/escape.h"
#include "poker/io/output_sink.h"

namespace poker {
namespace {

TEST(OutputSink, WakeUpEndsAWriteStalledOnAFullPipeAfterAWholeLine) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe2(pipe_fds, O_CLOEXEC), 0);
  int wake[2];
  ASSERT_EQ(::pipe2(wake, O_CLOEXEC | O_NONBLOCK), 0);
  std::string answers;
  while (answers.size() < 1024 * 1024) answers += "Player 1\nDraw\nPlayer 10\n";  // more than a pipe holds
  const std::unique_ptr<io::OutputSink> sink = io::make_fd_sink(pipe_fds[1], false, wake[0]);
  auto written = std::async(std::launch::async, [&] { return sink->write(answers); });
  // An absence (the write has not returned, so it is blocked on the full
  // pipe) can only be shown by waiting: 200 ms is ample for a write of 1 MiB
  // that does not block, and short enough for the suite. If the machine is
  // so loaded that the write has not even started, the test still passes:
  // the wake-up below is what it checks.
  EXPECT_EQ(written.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout) << "the pipe never filled";
  ASSERT_EQ(::write(wake[1], "", 1), 1);
  ASSERT_EQ(written.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "the wake-up was ignored";
  const io::WriteResult result = written.get();
  EXPECT_EQ(result.kind, io::WriteResult::Kind::kFailed);
  EXPECT_EQ(result.error.error_number, ECANCELED);
  ::close(pipe_fds[1]);
  std::string got;
  char buffer[65536];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    got.append(buffer, static_cast<std::size_t>(n));
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back(), '\n');
  EXPECT_EQ(answers.compare(0, got.size(), got), 0);
  for (const int fd : {pipe_fds[0], wake[0], wake[1]}) ::close(fd);
}

TEST(OutputSink, WithoutAWakeUpAllIsWritten) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe2(pipe_fds, O_CLOEXEC), 0);
  int wake[2];
  ASSERT_EQ(::pipe2(wake, O_CLOEXEC | O_NONBLOCK), 0);
  std::string answers;
  while (answers.size() < 1024 * 1024) answers += "Player 2\n";
  const std::unique_ptr<io::OutputSink> sink = io::make_fd_sink(pipe_fds[1], true, wake[0]);
  auto written = std::async(std::launch::async, [&] {
    io::WriteResult result = sink->write(answers);
    if (result.ok()) result = sink->finish();
    return result;
  });
  std::string got;
  char buffer[65536];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    got.append(buffer, static_cast<std::size_t>(n));
  EXPECT_TRUE(written.get().ok());
  EXPECT_EQ(got, answers);
  for (const int fd : {pipe_fds[0], wake[0], wake[1]}) ::close(fd);
}

TEST(EscapeBytes, KeepsPrintableAsciiAndEscapesTheRest) {
  EXPECT_EQ(escape_bytes("a b~"), "a b~");
  EXPECT_EQ(escape_bytes(std::string("x\n\x1b\xff\\\0", 6)), "x\\x0a\\x1b\\xff\\x5c\\x00");
  EXPECT_EQ(escape_bytes("it's", "'"), "it\\x27s");
}

// The failures name the file that was being opened or written, for the
// message, with what was done to it.
TEST(OutputSink, FailuresCarryTheFileTheirActionAndTheErrno) {
  const io::OpenedOutput missing = io::open_output("/nonexistent/poker/out.txt");
  EXPECT_EQ(missing.sink, nullptr);
  EXPECT_EQ(missing.error.action, io::IoError::Action::kOpenForWriting);
  EXPECT_EQ(missing.error.path, "/nonexistent/poker/out.txt");
  EXPECT_EQ(missing.error.error_number, ENOENT);
  // /dev/full takes the open and fails every write with ENOSPC.
  io::OpenedOutput full = io::open_output("/dev/full");
  ASSERT_NE(full.sink, nullptr) << std::strerror(full.error.error_number);
  const io::WriteResult written = full.sink->write("Player 1\n");
  EXPECT_EQ(written.kind, io::WriteResult::Kind::kFailed);
  EXPECT_EQ(written.error.action, io::IoError::Action::kWrite);
  EXPECT_EQ(written.error.path, "/dev/full");
  EXPECT_EQ(written.error.error_number, ENOSPC);
}

}  // namespace
}  // namespace poker
