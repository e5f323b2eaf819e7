#include "support/chunker.h"

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "poker/io/blank_text.h"

namespace poker::testing {
namespace {

using io::Chunk;
using io::is_blank_text;
using io::Window;

// The position just after the `count`-th newline in [begin, end) (count >= 1),
// or nullptr if there are fewer; then `found` is how many there are.
const char* find_nth_newline(const char* begin, const char* end, std::size_t count, std::size_t& found) {
  found = 0;
  for (const char* p = begin; p < end; ++p) {
    if (*p == '\n' && ++found == count) return p + 1;
  }
  return nullptr;
}

}  // namespace

Chunker::Chunker(io::ByteSource& source, const io::FramingOptions& options) : source_(source), options_(options) {}

bool Chunker::emit(const Window& window, std::uint64_t start, std::uint64_t stop, std::uint64_t lines, Chunk::End end,
                   Chunk& chunk) {
  chunk.owner = window.owner;
  chunk.bytes = std::string_view(window.data, static_cast<std::size_t>(stop - start));
  chunk.offset = start;
  chunk.first_line = line_;
  chunk.end = end;
  position_ = stop;
  line_ += lines;
  if (end != Chunk::End::kRecords) finished_ = true;
  return true;
}

Chunker::BlankRun Chunker::skip_blank_run(std::uint64_t from) {
  for (;;) {
    const Window window = source_.window(from, 1);
    if (window.error_number != 0) {
      read_error_ = window.error_number;
      return BlankRun::kReadFailed;
    }
    if (!is_blank_text(std::string_view(window.data, window.size))) return BlankRun::kFollowedByText;
    if (window.at_end) return BlankRun::kEndsInput;
    from += window.size;
  }
}

bool Chunker::next(Chunk& chunk) {
  if (finished_) return false;
  const std::uint64_t start = position_;
  // Invariants: [start, boundary) holds whole records, `boundary_lines` lines
  // of them; [boundary, scanned) is the scanned part of the next record, of
  // which `record_lines` lines are complete.
  std::uint64_t boundary = start;
  std::uint64_t boundary_lines = 0;
  std::uint64_t scanned = start;
  std::size_t record_lines = 0;
  for (;;) {
    const Window window = source_.window(start, static_cast<std::size_t>(scanned - start) + 1);
    if (window.error_number != 0) {
      read_error_ = window.error_number;
      finished_ = true;
      return false;
    }
    const char* const base = window.data;
    const char* cursor = base + (scanned - start);
    const char* const limit = base + window.size;
    while (cursor < limit) {
      // Never scan a record past its length limit: the limit must cut at the
      // same byte whatever the window size (mapped files, pipes alike).
      const char* const record_limit = base + (boundary - start) + options_.max_record_size + 1;
      const char* const scan_end = std::min(limit, record_limit);
      const std::size_t wanted = options_.lines_per_record - record_lines;
      std::size_t found = 0;
      const char* const record_end = find_nth_newline(cursor, scan_end, wanted, found);
      if (record_end == nullptr) {
        record_lines += found;
        cursor = scan_end;
        break;
      }
      cursor = record_end;
      record_lines = 0;
      boundary = start + static_cast<std::uint64_t>(cursor - base);
      boundary_lines += options_.lines_per_record;
      if (boundary - start >= options_.chunk_size) break;
    }
    scanned = start + static_cast<std::uint64_t>(cursor - base);

    if (boundary - start >= options_.chunk_size) {
      return emit(window, start, boundary, boundary_lines, Chunk::End::kRecords, chunk);
    }
    if (scanned - boundary > options_.max_record_size) {
      // Hand out the whole records first; the long one is cut when it starts
      // a chunk, so that its own earlier errors can still be found.
      if (boundary > start) {
        return emit(window, start, boundary, boundary_lines, Chunk::End::kRecords, chunk);
      }
      const std::string_view head(window.data, options_.max_record_size);
      if (is_blank_text(head)) {
        // Blanks and newlines only so far: if nothing else follows, this is
        // the clean end of the input, however long. Skip it in bounded memory.
        switch (skip_blank_run(scanned)) {
          case BlankRun::kEndsInput:
            return emit(window, start, start + options_.max_record_size, 0, Chunk::End::kEndOfInput, chunk);
          case BlankRun::kReadFailed: finished_ = true; return false;
          case BlankRun::kFollowedByText: break;
        }
      }
      return emit(window, start, start + options_.max_record_size, record_lines, Chunk::End::kRecordTooLong, chunk);
    }
    if (window.at_end && cursor == limit) {
      if (window.size == 0) {
        finished_ = true;
        return false;
      }
      return emit(window, start, scanned, boundary_lines + record_lines, Chunk::End::kEndOfInput, chunk);
    }
    if (boundary > start && !source_.more_ready()) {
      return emit(window, start, boundary, boundary_lines, Chunk::End::kRecords, chunk);
    }
  }
}

}  // namespace poker::testing
