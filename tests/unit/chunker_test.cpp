#include "support/chunker.h"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "open_input_internal.h"
#include "poker/io/blank_text.h"
#include "poker/io/framing.h"
#include "poker/io/input.h"
#include "support/fake_io.h"
#include "support/temp_file.h"

namespace poker::io {
namespace {

using poker::testing::Chunker;
using poker::testing::fake_stream;

struct Cut {
  std::string bytes;
  std::uint64_t offset;
  std::uint64_t first_line;
  Chunk::End end;
};

std::vector<Cut> cut_all(ByteSource& source, const FramingOptions& options, int* read_error = nullptr) {
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
  EXPECT_TRUE(cut_all(*source, FramingOptions{3, 10, 100}).empty());
}

TEST(Chunker, ChunksTileTheInputForEveryReadAndChunkSize) {
  const std::string input = records(50) + "tail\nno newline";
  for (std::size_t step : {1u, 2u, 7u, 64u, 100000u}) {
    for (std::size_t chunk_size : {1u, 5u, 33u, 1000u, 1u << 20}) {
      auto source = fake_stream(input, step, 16);
      const auto cuts = cut_all(*source, FramingOptions{3, chunk_size, 1 << 20});
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
  const auto cuts = cut_all(*source, FramingOptions{3, 200, 1 << 20});
  expect_tiles(input, cuts, 3);
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) EXPECT_GE(cuts[i].bytes.size(), 200u);
}

TEST(Chunker, StreamWithNothingReadyHandsOutEachCompleteRecordAtOnce) {
  const std::string input = records(5);
  auto reader = std::make_unique<poker::testing::FakeReader>(input, 3);
  reader->ready_ = false;
  auto source = make_stream_source(std::move(reader), 64);
  const auto cuts = cut_all(*source, FramingOptions{3, 1 << 20, 1 << 20});
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
    Chunker chunker(*source, FramingOptions{3, 100, 1 << 20});
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
    const auto cuts = cut_all(*source, FramingOptions{3, 16, 1000});
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
      const auto cuts = cut_all(*source, FramingOptions{1, 1 << 20, 1000});
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
    const auto cuts = cut_all(*source, FramingOptions{3, 64, 1000});
    ASSERT_FALSE(cuts.empty());
    EXPECT_EQ(cuts.back().end, Chunk::End::kEndOfInput);
    EXPECT_EQ(cuts.back().bytes.size(), 1000u);
    EXPECT_TRUE(is_blank_text(cuts.back().bytes));
  }
}

TEST(Chunker, LongBlankRunFollowedByTextIsTooLong) {
  const std::string input = records(3) + std::string(100000, ' ') + "x\n";
  auto source = fake_stream(input, 4096, 256);
  const auto cuts = cut_all(*source, FramingOptions{3, 64, 1000});
  ASSERT_FALSE(cuts.empty());
  EXPECT_EQ(cuts.back().end, Chunk::End::kRecordTooLong);
  EXPECT_EQ(cuts.back().offset, records(3).size());
}

TEST(Chunker, ReadErrorComesAfterTheRecordsBeforeIt) {
  const std::string input = records(20);
  auto source = fake_stream(input, 10, 32, /*fail_at=*/12);
  int error = 0;
  const auto cuts = cut_all(*source, FramingOptions{3, 1, 1 << 20}, &error);
  EXPECT_EQ(error, EIO);
  std::string joined;
  for (const Cut& cut : cuts) joined += cut.bytes;
  EXPECT_LE(joined.size(), 110u);         // at most the 11 reads that succeeded
  EXPECT_EQ(input.rfind(joined, 0), 0u);  // a prefix of whole records
  EXPECT_EQ(joined.empty() || joined.back() == '\n', true);
}

TEST(Chunker, MappedAndReadFilesGiveTheSameChunksAsAStream) {
  const std::string input = records(3000) + "partial\n";
  const testing::TempFile file(input);
  const char* const path = file.path();
  // A window of one page forces many remaps, with records across window ends;
  // buffers of a page many reads.
  OpenedInput mapped = open_input(path, InputOptions{FileReading::kMap, 4096, 4096}, ::mmap);
  ASSERT_NE(mapped.source, nullptr);
  EXPECT_TRUE(mapped.source->is_mapped());
  OpenedInput read = open_input(path, InputOptions{FileReading::kReadAt, 4096, 4096});
  ASSERT_NE(read.source, nullptr);
  EXPECT_EQ(read.source->size_for_reads_at(), input.size());
  auto stream = fake_stream(input, 1 << 20, 1 << 20);
  const FramingOptions options{3, 1000, 1 << 20};
  const auto stream_cuts = cut_all(*stream, options);
  for (ByteSource* file : {mapped.source.get(), read.source.get()}) {
    const auto file_cuts = cut_all(*file, options);
    expect_tiles(input, file_cuts, 3);
    ASSERT_EQ(file_cuts.size(), stream_cuts.size());
    for (std::size_t i = 0; i < file_cuts.size(); ++i) EXPECT_EQ(file_cuts[i].bytes, stream_cuts[i].bytes);
  }
}

// The failure names the file and what was done to it, for the message.
TEST(OpenInput, FailureCarriesTheFileItsActionAndTheErrno) {
  const OpenedInput directory = open_input("/tmp");
  EXPECT_EQ(directory.source, nullptr);
  EXPECT_EQ(directory.error.error_number, EISDIR);
  EXPECT_EQ(directory.error.path, "/tmp");
  EXPECT_EQ(directory.error.action, IoError::Action::kOpen);
  for (const FileReading reading : {FileReading::kReadAt, FileReading::kMap, FileReading::kStream}) {
    const OpenedInput missing = open_input("/nonexistent/poker", InputOptions{reading});
    EXPECT_EQ(missing.error.error_number, ENOENT);
    EXPECT_EQ(missing.error.path, "/nonexistent/poker");
  }
}

}  // namespace
}  // namespace poker::io

// ---- Framing: the pipeline's ranges, newline counts and framer ---------------

namespace poker::io {
namespace {

std::vector<Cut> frame_all(ByteSource& source, const FramingOptions& options, int* read_error = nullptr) {
  RangeReader reader(source, Framer::range_size(options));
  Framer framer(options);
  std::vector<Cut> cuts;
  Range range;
  std::vector<Chunk> chunks;
  while (!framer.finished() && reader.next(range)) {
    chunks.clear();
    reader.load(range);
    framer.add(range, range.error_number == 0 ? count_newlines(range.data, range.size) : 0, chunks);
    for (const Chunk& chunk : chunks) {
      cuts.push_back(Cut{std::string(chunk.bytes), chunk.offset, chunk.first_line, chunk.end});
    }
  }
  if (read_error != nullptr) *read_error = reader.read_error();
  return cuts;
}

TEST(Framing, CountNewlinesAgreesWithAByteByByteCount) {
  std::mt19937 random(7);
  std::string bytes(70000, 'x');
  for (char& c : bytes) c = random() % 3 == 0 ? '\n' : 'x';
  bytes.replace(20000, 20000, std::string(20000, '\n'));  // more than a byte lane holds
  for (std::size_t start : {0u, 1u, 15u, 63u}) {
    for (std::size_t size : {0u, 1u, 16u, 63u, 64u, 65u, 1000u, 16319u, 16320u, 16385u, 60000u}) {
      const std::string_view part(bytes.data() + start, size);
      EXPECT_EQ(count_newlines(part.data(), part.size()),
                static_cast<std::uint64_t>(std::count(part.begin(), part.end(), '\n')))
          << "start " << start << " size " << size;
    }
  }
}

// The same at the edges of the 32-byte path's blocks (128 bytes) and of its
// rounds (63 blocks before a byte lane could overflow), and of the 16-byte
// path that takes over its remainder.
TEST(Framing, CountNewlinesAgreesAtTheWideLoopsEdges) {
  std::mt19937 random(13);
  std::string bytes(40000, '\n');
  for (std::size_t i = 30000; i < bytes.size(); ++i) bytes[i] = random() % 2 == 0 ? '\n' : 'x';
  for (std::size_t start : {0u, 1u, 31u, 30000u - 8064u}) {
    for (std::size_t size : {127u, 128u, 129u, 191u, 192u, 255u, 256u, 8063u, 8064u, 8065u, 8128u, 8191u, 8192u, 16128u,
                             16129u, 16255u, 9999u}) {
      const std::string_view part(bytes.data() + start, size);
      EXPECT_EQ(count_newlines(part.data(), part.size()),
                static_cast<std::uint64_t>(std::count(part.begin(), part.end(), '\n')))
          << "start " << start << " size " << size;
    }
  }
}

// The chunks are the Chunker's in all the formats see: they tile the input
// from record boundaries with their line numbers, and the last one ends the
// input, or is cut at the length limit, the same way and at the same byte.
// `file` read with pread(), each range into a buffer of its own.
std::unique_ptr<ByteSource> read_at(const testing::TempFile& file) {
  OpenedInput opened = open_input(file.path(), InputOptions{FileReading::kReadAt});
  EXPECT_NE(opened.source, nullptr);
  return std::move(opened.source);
}

TEST(Framing, ChunksAgreeWithTheChunkersForEveryRangeReadAndLimit) {
  std::mt19937 random(11);
  const char alphabet[] = {'a', 'b', ' ', '\n', '\n', '\t'};
  for (int round = 0; round < 400; ++round) {
    std::string input(random() % 300, 'a');
    for (char& c : input) c = alphabet[random() % sizeof alphabet];
    if (round % 5 == 0) input.insert(random() % (input.size() + 1), std::string(random() % 80, '\n'));
    const std::size_t lines = 1 + random() % 4;
    const std::size_t chunk_size = 1 + random() % 40;
    const std::size_t limit = 1 + random() % 60;
    const std::size_t step = 1 + random() % 30;
    SCOPED_TRACE(::testing::Message() << "round " << round << " lines " << lines << " chunk " << chunk_size << " limit "
                                      << limit << " step " << step);
    const FramingOptions options{lines, chunk_size, limit};
    auto old_source = fake_stream(input, step, 16);
    const std::vector<Cut> expected = cut_all(*old_source, options);
    const testing::TempFile file(input);
    for (const int kind : {0, 1, 2}) {
      // In memory, a stream, and a file read range by range (each record
      // across two ranges then copied in front of the second one's bytes).
      auto source = kind == 0 ? make_memory_source(input) : kind == 1 ? fake_stream(input, step, 16) : read_at(file);
      const std::vector<Cut> cuts = frame_all(*source, options);
      ASSERT_EQ(cuts.empty(), expected.empty());
      if (cuts.empty()) continue;
      std::string joined;
      std::uint64_t line = 1;
      for (std::size_t i = 0; i < cuts.size(); ++i) {
        const Cut& cut = cuts[i];
        EXPECT_EQ(cut.offset, joined.size());
        EXPECT_EQ(cut.first_line, line);
        if (i + 1 < cuts.size()) {
          EXPECT_EQ(cut.end, Chunk::End::kRecords);
          EXPECT_EQ(std::count(cut.bytes.begin(), cut.bytes.end(), '\n') % static_cast<long>(lines), 0);
          EXPECT_EQ(cut.bytes.back(), '\n');
        }
        joined += cut.bytes;
        line += static_cast<std::uint64_t>(std::count(cut.bytes.begin(), cut.bytes.end(), '\n'));
      }
      std::string expected_joined;
      for (const Cut& cut : expected) expected_joined += cut.bytes;
      EXPECT_EQ(joined, expected_joined);
      // Input that ends on a record boundary may end with a kRecords chunk
      // for one and a kEndOfInput chunk of whole records for the other: the
      // formats make the same of both.
      const bool whole_records = !joined.empty() && joined.back() == '\n' &&
                                 std::count(joined.begin(), joined.end(), '\n') % static_cast<long>(lines) == 0;
      if (!(whole_records && cuts.back().end != Chunk::End::kRecordTooLong &&
            expected.back().end != Chunk::End::kRecordTooLong)) {
        EXPECT_EQ(cuts.back().end, expected.back().end);
      }
      if (cuts.back().end == Chunk::End::kRecordTooLong) {
        EXPECT_EQ(cuts.back().bytes, expected.back().bytes);
        EXPECT_EQ(cuts.back().offset, expected.back().offset);
      }
    }
  }
}

TEST(Framing, ARecordOverManyStreamBuffersIsOneChunk) {
  const std::string input = "a\n" + std::string(5000, 'x') + "\nc\n" + records(3);
  auto source = fake_stream(input, 7, 16);
  const std::vector<Cut> cuts = frame_all(*source, FramingOptions{3, 5, 1 << 20});
  expect_tiles(input, cuts, 3);
  ASSERT_FALSE(cuts.empty());
  EXPECT_EQ(cuts.front().bytes, "a\n" + std::string(5000, 'x') + "\nc\n");
}

// A file read range by range: the record across two ranges begins the
// second range's chunk (no chunk of its own), and a range's buffer is held
// by its chunks alone, not by the partial record at its end, so that the
// next read may reuse it while it is still in the cache.
TEST(Framing, ARecordAcrossTwoReadRangesBeginsTheSecondRangesChunk) {
  const std::string input = records(200);
  const testing::TempFile file(input);
  auto source = read_at(file);
  const FramingOptions options{3, 100, 1 << 20};
  RangeReader reader(*source, Framer::range_size(options));
  Framer framer(options);
  Range range;
  std::vector<Chunk> chunks;
  std::vector<Cut> cuts;
  std::size_t ranges = 0;
  while (!framer.finished() && reader.next(range)) {
    ++ranges;
    reader.load(range);
    ASSERT_EQ(range.error_number, 0);
    EXPECT_GT(range.headroom, 0u);
    chunks.clear();
    framer.add(range, count_newlines(range.data, range.size), chunks);
    // Ranges of 100 bytes hold more than a record of at most 15: each
    // makes one chunk.
    ASSERT_EQ(chunks.size(), 1u);
    cuts.push_back(Cut{std::string(chunks[0].bytes), chunks[0].offset, chunks[0].first_line, chunks[0].end});
    const std::weak_ptr<const void> buffer = range.owner;
    range = Range{};
    chunks.clear();
    EXPECT_TRUE(buffer.expired()) << "range " << ranges;
  }
  EXPECT_GT(ranges, 10u);
  expect_tiles(input, cuts, 3);
}

// A partial record too long for the room in front of the next range is
// copied with it into a chunk of its own, as from a stream's buffers.
TEST(Framing, ARecordLongerThanTheRoomBeforeAReadRangeIsOneChunk) {
  const std::string record = "a\n" + std::string(20000, 'x') + "\nc\n";
  const std::string input = records(2) + record + records(3);
  const testing::TempFile file(input);
  auto source = read_at(file);
  const std::vector<Cut> cuts = frame_all(*source, FramingOptions{3, 4096, 1 << 20});
  expect_tiles(input, cuts, 3);
  EXPECT_TRUE(std::any_of(cuts.begin(), cuts.end(), [&](const Cut& cut) { return cut.bytes == record; }));
}

TEST(Framing, NewlinesCountedButNotFoundStopTheFramingAsChanged) {
  // A file cut short under the map reads as zeros: the count was of the
  // bytes before, the search finds none.
  const std::string zeros(100, '\0');
  Framer framer(FramingOptions{3, 100, 1000});
  std::vector<Chunk> chunks;
  framer.add(Range{nullptr, zeros.data(), zeros.size(), 0, false}, 7, chunks);
  EXPECT_TRUE(chunks.empty());
  EXPECT_TRUE(framer.finished());
  EXPECT_TRUE(framer.input_changed());
}

}  // namespace
}  // namespace poker::io
