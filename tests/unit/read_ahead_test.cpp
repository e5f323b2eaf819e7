#include "poker/io/read_ahead.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "poker/io/input.h"
#include "support/fake_io.h"
#include "support/temp_file.h"

namespace poker::io {
namespace {

using testing::FakeFile;

std::string lines_of(std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += std::string(i % 7, 'x') + "\n";
  return text;
}

struct Taken {
  Range range;
  std::uint64_t newlines = 0;
};

std::vector<Taken> take_all(ReadAhead& ahead) {
  std::vector<Taken> taken;
  Taken next;
  while (ahead.next(next.range, next.newlines)) taken.push_back(next);
  return taken;
}

TEST(ReadAhead, GivesTheReadersRangesInOrderLoadedAndCounted) {
  const std::string text = lines_of(2000);
  for (const std::size_t range_size : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{4096}}) {
    for (const std::size_t depth : {std::size_t{1}, std::size_t{2}, std::size_t{5}}) {
      SCOPED_TRACE("ranges of " + std::to_string(range_size) + ", depth " + std::to_string(depth));
      FakeFile file(text);
      RangeReader reader(file, range_size);
      std::vector<Taken> taken;
      {
        ReadAhead ahead(reader, file.shared_reads(), depth);
        ASSERT_TRUE(ahead.threaded());
        taken = take_all(ahead);
      }
      ASSERT_EQ(taken.size(), (text.size() + range_size - 1) / range_size);
      std::uint64_t offset = 0;
      for (const Taken& t : taken) {
        ASSERT_EQ(t.range.offset, offset);
        ASSERT_FALSE(t.range.to_load);
        ASSERT_EQ(t.range.error_number, 0);
        const std::string expected = text.substr(offset, range_size);
        ASSERT_EQ(std::string(t.range.data, t.range.size), expected);
        ASSERT_EQ(t.newlines, count_newlines(expected.data(), expected.size()));
        ASSERT_EQ(t.range.at_end, offset + t.range.size == text.size());
        offset += t.range.size;
      }
      EXPECT_EQ(offset, text.size());
      EXPECT_EQ(file.reads.load(), static_cast<int>(taken.size()));
    }
  }
}

TEST(ReadAhead, AFailedReadComesInItsTurnAfterTheRangesBeforeIt) {
  FakeFile file(lines_of(500));
  file.fail_at = 4;
  RangeReader reader(file, 100);
  ReadAhead ahead(reader, file.shared_reads(), 2);
  Taken taken;
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(ahead.next(taken.range, taken.newlines));
    EXPECT_EQ(taken.range.error_number, 0);
    EXPECT_EQ(taken.range.offset, 100u * i);
  }
  ASSERT_TRUE(ahead.next(taken.range, taken.newlines));
  EXPECT_EQ(taken.range.error_number, EIO);
  EXPECT_EQ(taken.range.offset, 300u);
  EXPECT_EQ(taken.newlines, 0u);
}

TEST(ReadAhead, WhatAReadThrowsIsThrownByNextAfterTheRangesBeforeIt) {
  FakeFile file(lines_of(500));
  file.throw_from = 200;  // the third range
  RangeReader reader(file, 100);
  ReadAhead ahead(reader, file.shared_reads(), 3);
  Taken taken;
  ASSERT_TRUE(ahead.next(taken.range, taken.newlines));
  ASSERT_TRUE(ahead.next(taken.range, taken.newlines));
  EXPECT_EQ(taken.range.offset, 100u);
  EXPECT_THROW(ahead.next(taken.range, taken.newlines), std::bad_alloc);
}

TEST(ReadAhead, StoppedEarlyItReadsNoFurtherThanItsDepth) {
  FakeFile file(lines_of(100000));
  RangeReader reader(file, 64);
  {
    ReadAhead ahead(reader, file.shared_reads(), 2);
    Taken taken;
    ASSERT_TRUE(ahead.next(taken.range, taken.newlines));
  }  // returns without reading the rest
  // The range taken, the two waiting, the one being read when room was made.
  EXPECT_LE(file.reads.load(), 4);
}

TEST(ReadAhead, ReadsOnAThreadThatLeavesTheProcesssSignalsToTheOthers) {
  FakeFile file(lines_of(100));
  RangeReader reader(file, 64);
  {
    ReadAhead ahead(reader, file.shared_reads(), 2);
    take_all(ahead);
  }
  EXPECT_NE(file.reader, std::this_thread::get_id());
  EXPECT_TRUE(file.sigint_blocked);
  // A fault's signal blocked would kill the process (a map cut short).
  EXPECT_FALSE(file.sigbus_blocked);
  // The caller's own mask is as it was.
  sigset_t blocked;
  ::pthread_sigmask(SIG_BLOCK, nullptr, &blocked);
  EXPECT_EQ(::sigismember(&blocked, SIGINT), 0);
}

// A read that hangs (a stalled FUSE or NFS file system, which no signal
// but SIGKILL interrupts) must not hold a stopped run: next() gives up
// within the poll once the stop flag is set, the ReadAhead ends without the
// read, and the read, ending later, touches nothing that went with the
// ReadAhead, the RangeReader or the source (ASan checks that).
TEST(ReadAhead, AStopEndsTheWaitForAReadThatHangs) {
  std::shared_ptr<FakeFile::Reads> kept;
  {
    FakeFile file(lines_of(500));
    file.hang_from = 200;  // the third range
    kept = file.reads_kept();
    RangeReader reader(file, 100);
    std::atomic<bool> stop{false};
    ReadAhead ahead(reader, file.shared_reads(), 2, &stop);
    Taken taken;
    ASSERT_TRUE(ahead.next(taken.range, taken.newlines));
    ASSERT_TRUE(file.wait_for_a_hung_read(std::chrono::seconds(20)));
    ASSERT_TRUE(ahead.next(taken.range, taken.newlines));  // read before the hang
    std::thread stopper([&stop] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      stop.store(true);
    });
    const auto waited_from = std::chrono::steady_clock::now();
    EXPECT_FALSE(ahead.next(taken.range, taken.newlines));
    stopper.join();
    const auto waited = std::chrono::steady_clock::now() - waited_from;
    EXPECT_LT(waited, std::chrono::seconds(2)) << "the wait outlasted the stop";
  }  // the ReadAhead, the reader and the file end while the read hangs
  FakeFile::release_hung_reads(*kept);
  // The thread lets go of the reads once its read is over.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (kept.use_count() > 1 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(kept.use_count(), 1) << "the thread never ended";
}

// Without a stop, a range being read is read to its end: the ReadAhead
// waits for it, however long it takes.
TEST(ReadAhead, EndedWithoutAStopItWaitsForTheReadInFlight) {
  FakeFile file(lines_of(500));
  file.hang_from = 100;  // the second range
  RangeReader reader(file, 100);
  std::atomic<bool> stop{false};
  auto ahead = std::make_unique<ReadAhead>(reader, file.shared_reads(), 1, &stop);
  Taken taken;
  ASSERT_TRUE(ahead->next(taken.range, taken.newlines));  // room for the second
  ASSERT_TRUE(file.wait_for_a_hung_read(std::chrono::seconds(20)));
  std::atomic<bool> ended{false};
  std::thread ender([&] {
    ahead.reset();
    ended.store(true);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(ended.load()) << "it ended before the read it waits for";
  FakeFile::release_hung_reads(*file.reads_kept());
  ender.join();
  EXPECT_TRUE(ended.load());
  EXPECT_EQ(file.reads.load(), 2);
}

// The thread's stack and malloc arena would take address space that the
// maps and the buffers need more (the later window of a map under
// `ulimit -v` failed for want of it).
TEST(ReadAhead, UnderAnAddressSpaceLimitTheCallerReads) {
  struct rlimit before {};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &before), 0);
  struct rlimit limited = before;
  // Any limit counts; this one leaves the test its room (a sanitizer's too).
  limited.rlim_cur = before.rlim_cur == RLIM_INFINITY ? RLIM_INFINITY - 1 : before.rlim_cur;
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &limited), 0);
  const std::string text = lines_of(1000);
  FakeFile file(text);
  RangeReader reader(file, 100);
  std::vector<Taken> taken;
  {
    ReadAhead ahead(reader, file.shared_reads(), 2);
    EXPECT_FALSE(ahead.threaded());
    taken = take_all(ahead);
  }
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &before), 0);
  EXPECT_EQ(file.reader, std::this_thread::get_id());
  std::string joined;
  for (const Taken& t : taken) joined.append(t.range.data, t.range.size);
  EXPECT_TRUE(joined == text);
}

TEST(ReadAhead, AMappedFileGivesTheSameRangesAsItsReads) {
  const std::string text = lines_of(3000);
  const testing::TempFile file(text);
  for (const FileReading reading : {FileReading::kMap, FileReading::kReadAt}) {
    OpenedInput opened = open_input(file.path(), InputOptions{reading, 4096, 4096});
    ASSERT_NE(opened.source, nullptr);
    RangeReader reader(*opened.source, 1000);
    ReadAhead ahead(reader, opened.source->shared_reads(), 2);
    EXPECT_EQ(ahead.threaded(), reading == FileReading::kReadAt);
    std::string joined;
    std::uint64_t newlines = 0;
    for (const Taken& t : take_all(ahead)) {
      joined.append(t.range.data, t.range.size);
      newlines += t.newlines;
    }
    EXPECT_TRUE(joined == text);
    EXPECT_EQ(newlines, 3000u);
  }
}

}  // namespace
}  // namespace poker::io
