// Opening the input: regular files read with pread() unless a map is asked
// for, a memory map that fails (at the first window or a later one) falls
// back to reads of the same file, a mapped or read input starts at its
// descriptor's offset and moves it past what it read, and stream buffers
// grow with what arrives.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "mapped_source.h"
#include "open_input_internal.h"
#include "poker/io/input.h"
#include "support/temp_file.h"

namespace poker::io {
namespace {

using testing::TempFile;

// Standard input redirected from `file`, at byte `offset`, for the object's
// life: as `{ head -c OFFSET >/dev/null; poker; } < FILE` leaves it.
class StdinFrom {
 public:
  StdinFrom(const TempFile& file, off_t offset) {
    const int fd = ::open(file.path(), O_RDONLY);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(::dup2(fd, STDIN_FILENO), STDIN_FILENO);
    ::close(fd);
    EXPECT_EQ(::lseek(STDIN_FILENO, offset, SEEK_SET), offset);
  }
  ~StdinFrom() {
    ::dup2(saved_, STDIN_FILENO);
    ::close(saved_);
  }
  StdinFrom(const StdinFrom&) = delete;
  StdinFrom& operator=(const StdinFrom&) = delete;

  // Where the redirected stdin's offset stands now.
  static off_t offset() { return ::lseek(STDIN_FILENO, 0, SEEK_CUR); }

 private:
  const int saved_ = ::dup(STDIN_FILENO);
};

// All that `source` gives from offset 0, through windows of `step` bytes.
std::string read_all(ByteSource& source, std::size_t step = 7) {
  std::string text;
  for (;;) {
    const Window window = source.window(text.size(), step);
    EXPECT_EQ(window.error_number, 0);
    if (window.error_number != 0) return text;
    text.append(window.data, window.size);
    if (window.at_end) return text;
  }
}

void* failing_map(void* /*address*/, std::size_t /*length*/, int /*protection*/, int /*flags*/, int /*fd*/,
                  off_t /*offset*/) {
  errno = ENOMEM;
  return MAP_FAILED;
}

// mmap(2) for the first `g_maps_left` windows, then failing_map: a map
// whose address space runs out in the middle of the file.
int g_maps_left = 0;
void* map_then_fail(void* address, std::size_t length, int protection, int flags, int fd, off_t offset) {
  if (g_maps_left <= 0) return failing_map(address, length, protection, flags, fd, offset);
  --g_maps_left;
  return ::mmap(address, length, protection, flags, fd, offset);
}

// Lines of numbers, more than `size` bytes.
std::string numbered_lines(std::size_t size) {
  std::string bytes;
  for (int i = 0; bytes.size() < size; ++i) bytes += std::to_string(i) + '\n';
  return bytes;
}

// What strategy() says after a map fails with ENOMEM at a later window.
bool names_a_later_fallback(const std::string& strategy) {
  const std::string head = "mmap to byte ";
  const std::string tail = ", then pread: mmap failed: " + std::string(std::strerror(ENOMEM));
  return strategy.size() > head.size() + tail.size() && strategy.rfind(head, 0) == 0 &&
         strategy.compare(strategy.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(OpenInput, RegularFilesAreReadWithPreadUnlessAMapIsAskedFor) {
  const TempFile file("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n");
  OpenedInput read = open_input(file.path(), InputOptions{FileReading::kReadAt, 4096, 4096});
  ASSERT_NE(read.source, nullptr);
  EXPECT_FALSE(read.source->is_mapped());
  EXPECT_EQ(read.source->size_for_reads_at(), 27u);
  EXPECT_EQ(read.source->strategy(), "pread");
  OpenedInput mapped = open_input(file.path(), InputOptions{FileReading::kMap, 4096, 4096});
  ASSERT_NE(mapped.source, nullptr);
  EXPECT_TRUE(mapped.source->is_mapped());
  EXPECT_EQ(mapped.source->strategy(), "mmap");
  EXPECT_EQ(read_all(*mapped.source), "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n");
  OpenedInput stream = open_input("/dev/null", InputOptions{FileReading::kMap, 4096, 4096});
  ASSERT_NE(stream.source, nullptr);
  EXPECT_EQ(stream.source->strategy(), "stream");
}

TEST(OpenInput, FailedMapFallsBackToReadsOfTheSameFile) {
  const TempFile instances("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n");
  const TempFile candidate("Player 9\n");
  OpenedInput opened = open_input(instances.path(), InputOptions{FileReading::kMap, 4096, 4096}, failing_map);
  ASSERT_NE(opened.source, nullptr);
  EXPECT_FALSE(opened.source->is_mapped());
  EXPECT_EQ(opened.source->strategy(), "pread: mmap failed: " + std::string(std::strerror(ENOMEM)));
  // `verify` opens the candidate next: it must not take over the descriptor
  // the reads use (were the map's failure to close it, the candidate would
  // take its number and be read as the instances).
  const int other = ::open(candidate.path(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(other, 0);
  EXPECT_EQ(read_all(*opened.source), "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n");
  ::close(other);
}

TEST(OpenInput, FailedMapOfStdinReadsFromItsOffset) {
  const TempFile file("skipped\nread\n");
  const StdinFrom stdin_from(file, 8);
  std::string text;
  {
    OpenedInput opened = open_input("-", InputOptions{FileReading::kMap, 4096, 4096}, failing_map);
    ASSERT_NE(opened.source, nullptr);
    text = read_all(*opened.source);
  }
  const off_t offset = StdinFrom::offset();
  EXPECT_EQ(text, "read\n");
  EXPECT_EQ(offset, 13);
}

// A map that fails at a later window (the address space runs out in the
// middle of the file: `ulimit -v`) gives way to reads of the rest of the
// same file from there: every byte once, in order, and none lost.
TEST(OpenInput, MapFailingAtALaterWindowFallsBackToReadsFromThere) {
  constexpr std::size_t kWindow = 4096;
  const std::string bytes = numbered_lines(40 * kWindow + 100);
  const TempFile file(bytes);
  for (const int maps : {1, 2, 3}) {
    for (const std::size_t step : {std::size_t{1}, std::size_t{1000}, 3 * kWindow}) {
      SCOPED_TRACE(std::to_string(maps) + " windows mapped, steps of " + std::to_string(step));
      g_maps_left = maps;
      OpenedInput opened = open_input(file.path(), InputOptions{FileReading::kMap, kWindow, kWindow}, map_then_fail);
      ASSERT_NE(opened.source, nullptr);
      EXPECT_TRUE(opened.source->is_mapped());
      EXPECT_EQ(opened.source->strategy(), "mmap");
      EXPECT_TRUE(read_all(*opened.source, step) == bytes);
      EXPECT_FALSE(opened.source->is_mapped());
      EXPECT_TRUE(names_a_later_fallback(opened.source->strategy())) << opened.source->strategy();
      EXPECT_EQ(opened.source->check_intact(bytes.size()), 0);
    }
  }
}

// A file cut short after the map gave way to reads: the zeros read past the
// new end are reported, the bytes before it are not.
TEST(OpenInput, FileTruncatedAfterAMapGaveWayToReadsIsReported) {
  constexpr std::size_t kWindow = 4096;
  const std::string bytes = numbered_lines(4 * kWindow);
  const TempFile file(bytes);
  g_maps_left = 1;
  OpenedInput opened = open_input(file.path(), InputOptions{FileReading::kMap, kWindow, kWindow}, map_then_fail);
  ASSERT_NE(opened.source, nullptr);
  const Window read = opened.source->window(kWindow + 10, 1);
  ASSERT_EQ(read.error_number, 0);
  ASSERT_FALSE(opened.source->is_mapped());
  const std::uint64_t cut = 2 * kWindow + 5;
  ASSERT_EQ(::truncate(file.path(), static_cast<off_t>(cut)), 0);
  std::string text = bytes.substr(0, kWindow + 10);
  for (;;) {
    const Window window = opened.source->window(text.size(), 1000);
    ASSERT_EQ(window.error_number, 0);
    text.append(window.data, window.size);
    if (window.at_end) break;
  }
  ASSERT_EQ(text.size(), bytes.size());
  EXPECT_TRUE(text.compare(0, cut, bytes, 0, cut) == 0);
  EXPECT_EQ(opened.source->check_intact(cut), 0);
  EXPECT_EQ(opened.source->check_intact(cut + 1), kTruncatedWhileRead);
}

TEST(OpenInput, MappedStdinStartsAtItsOffsetAndMovesItPastWhatWasRead) {
  const TempFile file("skipped\nread\n");
  const StdinFrom stdin_from(file, 8);
  std::string text;
  bool mapped = false;
  {
    OpenedInput opened = open_input("-", InputOptions{FileReading::kMap, 4096, 4096});
    ASSERT_NE(opened.source, nullptr);
    mapped = opened.source->is_mapped();
    text = read_all(*opened.source);
  }
  const off_t offset = StdinFrom::offset();
  EXPECT_TRUE(mapped);
  EXPECT_EQ(text, "read\n");
  EXPECT_EQ(offset, 13);
}

// The fallback for a regular file that cannot be mapped: pread() at any
// offset, from the descriptor's offset on, which it leaves past what was read.
TEST(OpenInput, ReadAtStdinStartsAtItsOffsetAndMovesItPastWhatWasRead) {
  const TempFile file("skipped\nread\n");
  const StdinFrom stdin_from(file, 8);
  std::string text;
  std::uint64_t size = 0;
  {
    OpenedInput opened = open_input("-", InputOptions{FileReading::kReadAt, 0, 4096});
    ASSERT_NE(opened.source, nullptr);
    size = opened.source->size_for_reads_at();
    const Window tail = opened.source->read_at(2, 3);
    ASSERT_EQ(tail.error_number, 0);
    EXPECT_EQ(std::string(tail.data, tail.size), "ad\n");
    EXPECT_TRUE(tail.at_end);
    opened.source->consumed(5);
  }
  const off_t offset = StdinFrom::offset();
  EXPECT_EQ(size, 5u);
  EXPECT_EQ(offset, 13);
}

TEST(OpenInput, MapOfStdinFailingAtALaterWindowReadsOnToTheEnd) {
  constexpr std::size_t kWindow = 4096;
  const std::string bytes = numbered_lines(5 * kWindow);
  const TempFile file(bytes);
  const StdinFrom stdin_from(file, 8);
  std::string text;
  std::string strategy;
  {
    g_maps_left = 1;
    OpenedInput opened = open_input("-", InputOptions{FileReading::kMap, kWindow, kWindow}, map_then_fail);
    ASSERT_NE(opened.source, nullptr);
    text = read_all(*opened.source, 1000);
    strategy = opened.source->strategy();
  }
  const off_t offset = StdinFrom::offset();
  EXPECT_TRUE(text == bytes.substr(8));
  EXPECT_TRUE(names_a_later_fallback(strategy)) << strategy;
  EXPECT_EQ(offset, static_cast<off_t>(bytes.size()));
}

// Where a run that stops early (an error, a reader gone: `{ poker | head -1;
// cat; } < FILE`) leaves a redirected stdin: the reads that replace a failed
// map leave it where the map leaves it, a window past what was read, for a
// file shorter than a window (the end) as for a longer one; and so do, to
// within a read buffer, the reads that replace a map failing at a later
// window.
TEST(OpenInput, ReadsAfterAFailedMapLeaveStdinWhereTheMapLeavesIt) {
  constexpr std::size_t kWindow = 4096;
  std::string bytes;
  for (int i = 0; bytes.size() < 3 * kWindow + 100; ++i) bytes += std::to_string(i) + '\n';
  const TempFile long_file(bytes);
  const TempFile short_file("skipped\nread\n");
  struct Case {
    const TempFile& file;
    off_t start;
    std::uint64_t read_to;  // the input read before the stop
  };
  for (const Case& c : {Case{short_file, 8, 2}, Case{long_file, 0, 10}, Case{long_file, 8, 10},
                        Case{long_file, 5000, 10}, Case{long_file, 8, kWindow + 10}}) {
    SCOPED_TRACE("start " + std::to_string(c.start) + ", read to " + std::to_string(c.read_to));
    // Mapped; read with pread(); mapped until the second window, read after.
    off_t left[3] = {0, 0, 0};
    for (const int how : {0, 1, 2}) {
      const StdinFrom stdin_from(c.file, c.start);
      {
        const MapFunction maps[] = {::mmap, failing_map, map_then_fail};
        g_maps_left = 1;
        OpenedInput opened = open_input("-", InputOptions{FileReading::kMap, kWindow, kWindow}, maps[how]);
        ASSERT_NE(opened.source, nullptr);
        ASSERT_EQ(opened.source->is_mapped(), how != 1);
        if (how != 1) {
          ASSERT_EQ(opened.source->window(c.read_to - 1, 1).error_number, 0);
        } else {
          ASSERT_EQ(opened.source->read_at(0, c.read_to).error_number, 0);
          opened.source->consumed(c.read_to);  // the range cut, as the pipeline cuts it
        }
      }
      left[how] = StdinFrom::offset();
    }
    EXPECT_EQ(left[1], left[0]) << "mapped: " << left[0] << ", read: " << left[1];
    // Reads in order after the map gave way go a window past the buffer they
    // read (never before what they handed out), one buffer past the map.
    EXPECT_GE(left[2], left[0]) << "mapped: " << left[0] << ", mapped then read: " << left[2];
    EXPECT_LE(left[2], left[0] + static_cast<off_t>(kWindow)) << "mapped: " << left[0] << ", then read: " << left[2];
    if (&c.file == &short_file) {
      EXPECT_EQ(left[1], 13);
    }
  }
}

TEST(OpenInput, ReadAtATruncatedFileGivesZerosThatCheckIntactReports) {
  const TempFile file("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n");
  OpenedInput opened = open_input(file.path(), InputOptions{FileReading::kReadAt, 0, 4096});
  ASSERT_NE(opened.source, nullptr);
  ASSERT_EQ(::truncate(file.path(), 8), 0);
  const Window window = opened.source->read_at(4, 8);
  ASSERT_EQ(window.error_number, 0);
  EXPECT_EQ(std::string(window.data, window.size), std::string("h\n2c", 4) + std::string(4, '\0'));
  EXPECT_EQ(opened.source->check_intact(8), 0);
  EXPECT_EQ(opened.source->check_intact(9), kTruncatedWhileRead);
}

// A "regular" file whose size says more than it holds (sysfs) is read as a
// stream, not as zeros after its end.
TEST(OpenInput, FileShorterThanItsSizeIsReadAsAStream) {
  const char* const path = "/sys/kernel/mm/transparent_hugepage/enabled";
  if (::access(path, R_OK) != 0) GTEST_SKIP() << "no " << path;
  OpenedInput opened = open_input(path, InputOptions{FileReading::kReadAt, 4096, 4096});
  ASSERT_NE(opened.source, nullptr);
  EXPECT_EQ(opened.source->size_for_reads_at(), ByteSource::kInOrderOnly);
  EXPECT_NE(read_all(*opened.source).find("never"), std::string::npos);
}

TEST(MappedSource, StartsAtAnUnalignedOffsetAcrossWindows) {
  // Windows of a page, an input starting mid-page: every remap re-aligns.
  std::string bytes;
  for (int i = 0; bytes.size() < 3 * 4096 + 100; ++i) bytes += std::to_string(i) + '\n';
  const TempFile file(bytes);
  const int fd = ::open(file.path(), O_RDONLY);
  ASSERT_GE(fd, 0);
  const std::uint64_t start = 4096 + 1234;
  auto source = make_mapped_source(fd, start, bytes.size(), 4096, 4096);
  EXPECT_EQ(read_all(*source, 1000), bytes.substr(start));
  EXPECT_EQ(source->check_intact(bytes.size() - start), 0);
}

// Records the largest read it was asked for.
class RecordingReader final : public Reader {
 public:
  explicit RecordingReader(std::string input, std::size_t* largest) : input_(std::move(input)), largest_(largest) {}
  ssize_t read(char* buffer, std::size_t size) override {
    *largest_ = std::max(*largest_, size);
    const std::size_t n = std::min(size, input_.size() - position_);
    std::copy_n(input_.data() + position_, n, buffer);
    position_ += n;
    return static_cast<ssize_t>(n);
  }
  bool ready() override { return true; }

 private:
  std::string input_;
  std::size_t position_ = 0;
  std::size_t* largest_;
};

TEST(StreamSource, ShortInputNeverGetsTheLargestBuffer) {
  // `--chunk-size 1G` asks for 4 GiB buffers: a short pipe must not get one
  // (it aborted under `ulimit -v 2000000`).
  std::size_t largest = 0;
  auto source = make_stream_source(std::make_unique<RecordingReader>("Player 1\n", &largest), std::size_t{4} << 30);
  EXPECT_EQ(read_all(*source, 1 << 20), "Player 1\n");
  EXPECT_LE(largest, std::size_t{64} << 10);
}

TEST(StreamSource, BuffersGrowWithWhatArrives) {
  std::string input(3 << 20, 'x');
  std::size_t largest = 0;
  auto source = make_stream_source(std::make_unique<RecordingReader>(input, &largest), std::size_t{1} << 20);
  // Windows asking for little, as the chunker of a record does: the buffer
  // still grows to the largest size once input keeps coming.
  std::string text;
  for (std::uint64_t from = 0;;) {
    const Window window = source->window(from, 1);
    ASSERT_EQ(window.error_number, 0);
    text.append(window.data, window.size);
    from += window.size;
    if (window.at_end) break;
  }
  EXPECT_EQ(text, input);
  EXPECT_GE(largest, std::size_t{512} << 10);
  EXPECT_LE(largest, std::size_t{1} << 20);
}

}  // namespace
}  // namespace poker::io
