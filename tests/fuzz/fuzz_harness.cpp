#include "fuzz_harness.h"

#include <sys/mman.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "formats/canonical_decoder.h"
#include "open_input_internal.h"
#include "poker/io/framing.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"
#include "support/fake_io.h"

namespace poker::fuzz {
namespace {

[[noreturn]] void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "fuzz check failed: %s\n%s\n", what, detail.c_str());
  __builtin_trap();
}

void check(bool ok, const char* what, const std::string& detail = {}) {
  if (!ok) fail(what, detail);
}

std::string describe(const std::optional<InputError>& error) {
  if (!error) return "no error";
  return std::to_string(error->line) + ":" + std::to_string(error->column) + ": " + error->message;
}

bool same_error(const std::optional<InputError>& a, const std::optional<InputError>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (a->line == b->line && a->column == b->column && a->message == b->message);
}

// ---- fuzz_format ------------------------------------------------------------

struct Processed {
  std::string answers;
  std::optional<InputError> error;
  bool blank_tail = false;  // the error stands only if text follows (the writer decides)
};

// Each chunk on its own, checked against what every format promises.
void check_chunk(const io::Chunk& chunk, const ChunkResult& result) {
  check(result.answers.empty() || result.answers.back() == '\n', "answers end inside a line",
        std::string(result.answers.view()));
  check(static_cast<std::uint64_t>(std::count(result.answers.begin(), result.answers.end(), '\n')) >= result.instances,
        "fewer answer lines than instances");
  if (!result.error) {
    check(chunk.end != io::Chunk::End::kRecordTooLong, "a record past the limit gave no error");
    return;
  }
  const InputError& error = *result.error;
  const auto lines = static_cast<std::uint64_t>(std::count(chunk.bytes.begin(), chunk.bytes.end(), '\n'));
  check(error.line >= chunk.first_line && error.line <= chunk.first_line + lines, "error line outside the chunk",
        describe(result.error));
  check(error.column >= 1 && error.column <= chunk.bytes.size() + 1, "error column out of range",
        describe(result.error));
  check(!error.message.empty(), "empty error message");
  for (const char c : error.message) {
    check(c >= 0x20 && c <= 0x7e, "error message not printable one-line ASCII", describe(result.error));
  }
}

// Cuts `text` as the pipeline does (RangeReader, count_newlines, Framer,
// here on one thread) and processes the chunks in order up to the first
// error. The chunks must tile the text from its start.
Processed process_all(const Format& format, std::string_view text, std::size_t chunk_size,
                      std::size_t max_instance_size) {
  auto source = io::make_memory_source(text);
  const io::FramingOptions framing{format.lines_per_instance(), chunk_size, max_instance_size};
  io::RangeReader reader(*source, io::Framer::range_size(framing));
  io::Framer framer(framing);
  Processed processed;
  std::size_t framed = 0;  // bytes of `text` the chunks so far cover
  io::Range range;
  std::vector<io::Chunk> chunks;
  while (!framer.finished() && reader.next(range)) {
    reader.load(range);
    check(range.error_number == 0, "a memory range failed to load");
    chunks.clear();
    framer.add(range, io::count_newlines(range.data, range.size), chunks);
    for (const io::Chunk& chunk : chunks) {
      check(chunk.offset == framed && text.substr(framed, chunk.bytes.size()) == chunk.bytes,
            "the chunks do not tile the text");
      framed += chunk.bytes.size();
      ChunkResult result;
      format.process(chunk, result);
      check_chunk(chunk, result);
      processed.answers += result.answers;
      if (result.error) {
        processed.error = result.error;
        processed.blank_tail = result.error_starts_blank_tail;
        return processed;
      }
    }
  }
  check(!framer.input_changed() && reader.read_error() == 0, "framing lost track of a memory source");
  return processed;
}

// ---- fuzz_pipeline ----------------------------------------------------------

struct Observed {
  RunOutcome outcome;
  std::string output;
};

Observed run(const Format& format, io::ByteSource& source, std::size_t chunk_size, std::size_t max_instance_size,
             tbb::task_arena& arena) {
  testing::StringSink sink;
  PipelineOptions options;
  options.chunk_size = chunk_size;
  options.max_instance_size = max_instance_size;
  Observed observed;
  arena.execute([&] { observed.outcome = run_pipeline(format, source, sink, options); });
  observed.output = std::move(sink.text);
  return observed;
}

void check_same(const Observed& expected, const Observed& got, const char* variant) {
  const std::string detail =
      std::string(variant) + ": expected status " + std::to_string(static_cast<int>(expected.outcome.status)) + ", " +
      describe(expected.outcome.input_error) + "; got status " + std::to_string(static_cast<int>(got.outcome.status)) +
      ", " + describe(got.outcome.input_error);
  check(got.outcome.status == expected.outcome.status, "status differs", detail);
  check(same_error(got.outcome.input_error, expected.outcome.input_error), "first error differs", detail);
  check(got.output == expected.output, "output differs", detail);
  check(got.outcome.stats.instances == expected.outcome.stats.instances, "instance count differs", detail);
}

// A stream source whose reader returns `step` bytes per read; with `ready`
// false, the framing hands out each complete record at once, as for a slow
// pipe.
std::unique_ptr<io::ByteSource> stream(std::string_view text, std::size_t step, std::size_t buffer, bool ready) {
  auto reader = std::make_unique<testing::FakeReader>(std::string(text), step);
  reader->ready_ = ready;
  return io::make_stream_source(std::move(reader), buffer);
}

// mmap(2) for the first `g_maps_left` windows, then ENOMEM: a map whose
// address space runs out in the middle of the file.
int g_maps_left = 0;
void* map_then_fail(void* address, std::size_t length, int protection, int flags, int fd, off_t offset) {
  if (g_maps_left <= 0) {
    errno = ENOMEM;
    return MAP_FAILED;
  }
  --g_maps_left;
  return ::mmap(address, length, protection, flags, fd, offset);
}

// Runs `body` once with each decode path this CPU supports, then restores
// the path the process started with.
template <typename Body>
void for_each_decode_path(Body&& body) {
  const DecodePath saved = decode_path();
  for (const DecodePath path : supported_decode_paths()) {
    set_decode_path(path);
    body(path);
  }
  set_decode_path(saved);
}

}  // namespace

FuzzOptions decode_options(std::uint8_t byte) {
  FuzzOptions options;
  options.players = (byte & 0x04) != 0 ? 23 : 2 + (byte & 0x03);
  options.explain = (byte & 0x08) != 0;
  if ((byte & 0x10) != 0) options.max_instance_size = 256;
  return options;
}

int fuzz_format(const std::uint8_t* data, std::size_t size, const FormatFactory& make_format) {
  if (size == 0) return 0;
  const FuzzOptions options = decode_options(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::unique_ptr<Format> format = make_format(options);
  const Processed whole = process_all(*format, text, 1 << 20, options.max_instance_size);
  const Processed records = process_all(*format, text, 1, options.max_instance_size);
  // A blank-tail error is provisional (the writer confirms it); otherwise the
  // cut must not matter.
  if (!whole.blank_tail && !records.blank_tail) {
    check(whole.answers == records.answers, "answers depend on the chunk size");
    check(same_error(whole.error, records.error), "error depends on the chunk size",
          describe(whole.error) + " / " + describe(records.error));
  }
  // Every decode path (scalar, SSE4.1, AVX2) gives the same answers and error.
  for_each_decode_path([&](DecodePath path) {
    const Processed other = process_all(*format, text, 1 << 20, options.max_instance_size);
    const std::string detail =
        std::string(path_name(path)) + ": " + describe(other.error) + " / " + describe(whole.error);
    check(other.answers == whole.answers, "answers depend on the decode path", detail);
    check(same_error(other.error, whole.error) && other.blank_tail == whole.blank_tail,
          "error depends on the decode path", detail);
  });
  return 0;
}

int fuzz_pipeline(const std::uint8_t* data, std::size_t size, const FormatFactory& make_format) {
  if (size == 0) return 0;
  static tbb::task_arena one(1);
  static tbb::task_arena two(2);
  static tbb::task_arena four(4);
  const FuzzOptions options = decode_options(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::unique_ptr<Format> format = make_format(options);
  const std::size_t limit = options.max_instance_size;

  auto memory = io::make_memory_source(text);
  const Observed expected = run(*format, *memory, 1 << 20, limit, one);
  check(expected.output.empty() || expected.output.back() == '\n', "output ends inside a line");
  for_each_decode_path([&](DecodePath path) {
    auto again = io::make_memory_source(text);
    check_same(expected, run(*format, *again, 1 << 20, limit, one), path_name(path).data());
  });

  auto bytes = stream(text, 1, 16, true);
  check_same(expected, run(*format, *bytes, 1, limit, two), "1-byte reads, 1-byte chunks, 2 threads");
  auto slow = stream(text, 7, 64, false);
  check_same(expected, run(*format, *slow, 64, limit, four), "7-byte reads of a slow pipe, 64-byte chunks, 4 threads");
  auto blocks = stream(text, 4096, 4096, true);
  check_same(expected, run(*format, *blocks, 4096, limit, two), "4 KiB reads and chunks, 2 threads");

  // A file holding the text (a memfd), read as the CLI reads a regular file
  // (ranges read with pread() by the parallel stage), through the memory
  // map in windows of a page (--mmap), and through a map whose second window
  // fails, the rest read in order (--mmap where the address space runs out).
  const int fd = ::memfd_create("poker-fuzz", MFD_CLOEXEC);
  check(fd >= 0, "memfd_create failed");
  check(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()), "memfd write failed");
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  io::OpenedInput read = io::open_input(path, io::InputOptions{io::FileReading::kReadAt, 0, 4096});
  io::OpenedInput mapped = io::open_input(path, io::InputOptions{io::FileReading::kMap, 4096, 4096});
  g_maps_left = 1;
  io::OpenedInput mapped_then_read =
      io::open_input(path, io::InputOptions{io::FileReading::kMap, 4096, 4096}, map_then_fail);
  ::close(fd);
  check(read.source != nullptr && mapped.source != nullptr && mapped_then_read.source != nullptr,
        "cannot open the memfd");
  check(text.empty() || read.source->size_for_reads_at() == text.size(), "the memfd is not read at any offset");
  check(text.empty() || mapped.source->is_mapped(), "the memfd is not mapped");
  check_same(expected, run(*format, *read.source, 100, limit, four), "pread() ranges, 100-byte chunks, 4 threads");
  check_same(expected, run(*format, *mapped.source, 100, limit, four), "memory map, 100-byte chunks, 4 threads");
  check_same(expected, run(*format, *mapped_then_read.source, 100, limit, four),
             "memory map failing at its second window, 100-byte chunks, 4 threads");
  return 0;
}

}  // namespace poker::fuzz
