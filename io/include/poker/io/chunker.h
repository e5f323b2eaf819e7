// The chunker cuts a ByteSource into Chunks of whole records.
//
// A record is a fixed number of lines (a hold'em instance with 2 players is 3
// lines). Chunks end on record boundaries, so each can be parsed on its own;
// the partial record at the end of a window is not copied here but simply left
// for the next chunk, whose window starts at it.
//
// A chunk is handed out when it holds `chunk_size` bytes of records, when the
// input ends, or, for streams, as soon as it holds a complete record and the
// stream has nothing more ready: a slow producer gets each answer without
// waiting for a buffer to fill.
//
// A record longer than `max_record_size` bytes ends the input with a
// kRecordTooLong chunk (memory stays bounded whatever the input holds), at
// the same byte for every source and window size. The one exception is a run
// of blanks and newlines that lasts to the end of the input: it is skipped
// without being held in memory, and handed out as a kEndOfInput chunk of its
// first `max_record_size` bytes (the rest being more of the same).
//
// The pipeline frames its input with poker/io/framing.h instead, which does
// no serial work per record; the Chunker is the plain statement of the same
// framing, which the framing is tested against, and the fuzz harness's.
//
// Thread safety: not thread-safe.
#ifndef POKER_IO_CHUNKER_H_
#define POKER_IO_CHUNKER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "poker/io/byte_source.h"
#include "poker/io/chunk.h"

namespace poker::io {

// Blanks, as the input grammar has them: space, \t, \v, \f, \r. They and
// newlines are the only bytes a record may end the input with unread.
constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

// Whether `bytes` holds only blanks and newlines.
bool is_blank_text(std::string_view bytes);

struct ChunkerOptions {
  std::size_t lines_per_record = 1;
  std::size_t chunk_size = 256 * 1024;
  std::size_t max_record_size = 1024 * 1024;
};

class Chunker {
 public:
  // `source` must outlive the chunker. REQUIRES: lines_per_record >= 1,
  // chunk_size >= 1, max_record_size >= 1.
  Chunker(ByteSource& source, const ChunkerOptions& options);

  Chunker(const Chunker&) = delete;
  Chunker& operator=(const Chunker&) = delete;

  // The next chunk into `chunk`; false when the input is exhausted or a read
  // failed (then read_error() is the errno). The chunks before a failed read
  // are all handed out first.
  bool next(Chunk& chunk);

  int read_error() const { return read_error_; }

 private:
  enum class BlankRun { kEndsInput, kFollowedByText, kReadFailed };
  // Reads on from `from` while the input is blanks and newlines.
  BlankRun skip_blank_run(std::uint64_t from);
  bool emit(const Window& window, std::uint64_t start, std::uint64_t stop, std::uint64_t lines, Chunk::End end,
            Chunk& chunk);

  ByteSource& source_;
  const ChunkerOptions options_;
  std::uint64_t position_ = 0;  // input offset where the next chunk starts (a record boundary)
  std::uint64_t line_ = 1;      // line number at position_
  bool finished_ = false;
  int read_error_ = 0;
};

}  // namespace poker::io

#endif  // POKER_IO_CHUNKER_H_
