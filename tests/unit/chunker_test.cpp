#include "poker/io/chunker.h"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "poker/io/input.h"
#include "support/fake_io.h"

namespace poker::io {
namespace {

using poker::testing::fake_stream;

struct Cut {
  std::string bytes;
  std::uint64_t offset;
  std::uint64_t first_line;
  Chunk::End end;
};

std::vector<Cut> cut_all(ByteSource& source, const ChunkerOptions& options, int* read_error = nullptr) {
  Chunker chunker(source, options);
  std::vector<Cut> cuts;
  Chunk chunk;
  while (chunker.next(chunk)) {
    cuts.push_back(Cut{std::string(chunk.bytes), chunk.offset, chunk.first_line, chunk.end});
  }
  if (read_error != nullptr) *read_error = chunker.read_error();
  return cuts;
}

// Whatever the read sizes and chunk sizes, the chunks tile the input, start on
// record boundaries, and count lines correctly.
void expect_tiles(const std::string& input, const std::vector<Cut>& cuts, std::size_t lines_per_record) {
  std::string joined;
  std::uint64_t line = 1;
  for (const Cut& cut : cuts) {
    EXPECT_EQ(cut.offset, joined.size());
    EXPECT_EQ(cut.first_line, line);
    if (cut.end == Chunk::End::kRecords) {
      const auto newlines = static_cast<std::size_t>(std::count(cut.bytes.begin(), cut.bytes.end(), '\n'));
      EXPECT_EQ(newlines % lines_per_record, 0u);
      EXPECT_EQ(cut.bytes.back(), '\n');
    }
    joined += cut.bytes;
    line += static_cast<std::uint64_t>(std::count(cut.bytes.begin(), cut.bytes.end(), '\n'));
  }
  EXPECT_EQ(joined, input);
}

std::string records(int count) {
  std::string input;
  for (int i = 0; i < count; ++i) {
    input += 'a';
    input += std::to_string(i);
    input += "\nbb\nccc\n";
  }
  return input;
}

TEST(Chunker, EmptyInputHasNoChunks) {
  auto source = fake_stream("", 1, 16);
  EXPECT_TRUE(cut_all(*source, ChunkerOptions{3, 10, 100}).empty());
}

TEST(Chunker, ChunksTileTheInputForEveryReadAndChunkSize) {
  const std::string input = records(50) + "tail\nno newline";
  for (std::size_t step : {1u, 2u, 7u, 64u, 100000u}) {
    for (std::size_t chunk_size : {1u, 5u, 33u, 1000u, 1u << 20}) {
      auto source = fake_stream(input, step, 16);
      const auto cuts = cut_all(*source, ChunkerOptions{3, chunk_size, 1 << 20});
      SCOPED_TRACE("step " + std::to_string(step) + " chunk " + std::to_string(chunk_size));
      expect_tiles(input, cuts, 3);
      ASSERT_FALSE(cuts.empty());
      EXPECT_EQ(cuts.back().end, Chunk::End::kEndOfInput);
      for (std::size_t i = 0; i + 1 < cuts.size(); ++i) EXPECT_EQ(cuts[i].end, Chunk::End::kRecords);
    }
  }
}

TEST(Chunker, ChunkSizeIsReachedBeforeCutting) {
  const std::string input = records(100);
  auto source = fake_stream(input, 1 << 20, 1 << 20);
  const auto cuts = cut_all(*source, ChunkerOptions{3, 200, 1 << 20});
  expect_tiles(input, cuts, 3);
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) EXPECT_GE(cuts[i].bytes.size(), 200u);
}

TEST(Chunker, StreamWithNothingReadyHandsOutEachCompleteRecordAtOnce) {
  const std::string input = records(5);
  auto reader = std::make_unique<poker::testing::FakeReader>(input, 3);
  reader->ready_ = false;
  auto source = make_stream_source(std::move(reader), 64);
  const auto cuts = cut_all(*source, ChunkerOptions{3, 1 << 20, 1 << 20});
  expect_tiles(input, cuts, 3);
  EXPECT_GE(cuts.size(), 5u);  // no chunk waits for a buffer to fill
}

// Chunks in flight keep their bytes while the stream moves on through
// recycled buffers: a chunk held while several later chunks are cut (as
// the pipeline's workers hold them) reads the same bytes when released.
TEST(Chunker, StreamBuffersHeldByChunksAreNeverOverwritten) {
  const std::string input = records(3000);
  for (const std::size_t in_flight : {1, 3, 8}) {
    SCOPED_TRACE("chunks in flight: " + std::to_string(in_flight));
    auto source = fake_stream(input, 37, 256);
    Chunker chunker(*source, ChunkerOptions{3, 100, 1 << 20});
    std::vector<std::pair<Chunk, std::string>> held;
    std::string joined;
    Chunk chunk;
    const auto release_oldest = [&] {
      EXPECT_EQ(held.front().first.bytes, held.front().second);
      joined += held.front().second;
      held.erase(held.begin());
    };
    while (chunker.next(chunk)) {
      held.emplace_back(chunk, std::string(chunk.bytes));
      if (held.size() > in_flight) release_oldest();
    }
    while (!held.empty()) release_oldest();
    EXPECT_EQ(joined, input);
  }
}

TEST(Chunker, RecordLongerThanTheLimitEndsTheInput) {
  const std::string input = records(4) + std::string(5000, ' ') + "x\ny\nz\n" + records(2);
  for (std::size_t step : {1u, 100u, 1u << 20}) {
    auto source = fake_stream(input, step, 64);
    const auto cuts = cut_all(*source, ChunkerOptions{3, 16, 1000});
    ASSERT_FALSE(cuts.empty());
    EXPECT_EQ(cuts.back().end, Chunk::End::kRecordTooLong);
    EXPECT_EQ(cuts.back().bytes.size(), 1000u);
    EXPECT_EQ(cuts.back().offset, records(4).size());
    EXPECT_EQ(cuts.back().first_line, 13u);
  }
}

TEST(Chunker, LimitCutsAtTheSameByteWhateverTheWindowSize) {
  const std::string input = records(2) + "Ah" + std::string(3000, ' ') + "Kh\n" + records(2);
  for (std::size_t step : {1u, 100u, 1u << 20}) {
    for (std::size_t buffer : {16u, 1u << 20}) {
      auto source = fake_stream(input, step, buffer);
      const auto cuts = cut_all(*source, ChunkerOptions{1, 1 << 20, 1000});
      ASSERT_FALSE(cuts.empty());
      EXPECT_EQ(cuts.back().end, Chunk::End::kRecordTooLong);
      EXPECT_EQ(cuts.back().offset + cuts.back().bytes.size(), records(2).size() + 1000);
    }
  }
}

TEST(Chunker, LongBlankRunAtTheEndIsTheEndOfInput) {
  const std::string input = records(3) + "\n" + std::string(100000, ' ') + "\n\t\n" + std::string(5000, '\t');
  for (std::size_t step : {7u, 4096u, 1u << 20}) {
    auto source = fake_stream(input, step, 256);
    const auto cuts = cut_all(*source, ChunkerOptions{3, 64, 1000});
    ASSERT_FALSE(cuts.empty());
    EXPECT_EQ(cuts.back().end, Chunk::End::kEndOfInput);
    EXPECT_EQ(cuts.back().bytes.size(), 1000u);
    EXPECT_TRUE(is_blank_text(cuts.back().bytes));
  }
}

TEST(Chunker, LongBlankRunFollowedByTextIsTooLong) {
  const std::string input = records(3) + std::string(100000, ' ') + "x\n";
  auto source = fake_stream(input, 4096, 256);
  const auto cuts = cut_all(*source, ChunkerOptions{3, 64, 1000});
  ASSERT_FALSE(cuts.empty());
  EXPECT_EQ(cuts.back().end, Chunk::End::kRecordTooLong);
  EXPECT_EQ(cuts.back().offset, records(3).size());
}

TEST(Chunker, ReadErrorComesAfterTheRecordsBeforeIt) {
  const std::string input = records(20);
  auto source = fake_stream(input, 10, 32, /*fail_at=*/12);
  int error = 0;
  const auto cuts = cut_all(*source, ChunkerOptions{3, 1, 1 << 20}, &error);
  EXPECT_EQ(error, EIO);
  std::string joined;
  for (const Cut& cut : cuts) joined += cut.bytes;
  EXPECT_LE(joined.size(), 110u);         // at most the 11 reads that succeeded
  EXPECT_EQ(input.rfind(joined, 0), 0u);  // a prefix of whole records
  EXPECT_EQ(joined.empty() || joined.back() == '\n', true);
}

TEST(Chunker, MappedFileGivesTheSameChunksAsAStream) {
  const std::string input = records(3000) + "partial\n";
  char path[] = "/tmp/poker_chunker_XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, input.data(), input.size()), static_cast<ssize_t>(input.size()));
  ::close(fd);
  // A window of one page forces many remaps, with records across window ends.
  OpenedInput mapped = open_input(path, 4096, 4096);
  ASSERT_NE(mapped.source, nullptr);
  EXPECT_TRUE(mapped.source->is_mapped());
  auto stream = fake_stream(input, 1 << 20, 1 << 20);
  const ChunkerOptions options{3, 1000, 1 << 20};
  const auto mapped_cuts = cut_all(*mapped.source, options);
  const auto stream_cuts = cut_all(*stream, options);
  expect_tiles(input, mapped_cuts, 3);
  ASSERT_EQ(mapped_cuts.size(), stream_cuts.size());
  for (std::size_t i = 0; i < mapped_cuts.size(); ++i) EXPECT_EQ(mapped_cuts[i].bytes, stream_cuts[i].bytes);
  ::unlink(path);
}

TEST(Chunker, DirectoryCannotBeOpened) {
  EXPECT_EQ(open_input("/tmp", 4096, 4096).error_number, EISDIR);
  EXPECT_EQ(open_input("/nonexistent/poker", 4096, 4096).error_number, ENOENT);
}

}  // namespace
}  // namespace poker::io
