// A reference for the framing (poker/io/framing.h): the Chunker cuts a
// ByteSource into Chunks of whole records by finding the end of every
// record, one by one, on one thread. It is the plain statement of what the
// pipeline's framing does with no serial work per record, and the tests and
// the fuzz harness check the framing's chunks against it.
//
// A chunk is handed out when it holds `chunk_size` bytes of records, when the
// input ends, or, for streams, as soon as it holds a complete record and the
// stream has nothing more ready. A record longer than `max_record_size`
// bytes ends the input with a kRecordTooLong chunk, at the same byte for
// every source and window size; a run of blanks and newlines that lasts to
// the end of the input is handed out as a kEndOfInput chunk of its first
// `max_record_size` bytes, as the framing hands it out.
//
// Thread safety: not thread-safe.
#ifndef POKER_TESTS_SUPPORT_CHUNKER_H_
#define POKER_TESTS_SUPPORT_CHUNKER_H_

#include <cstdint>

#include "poker/io/byte_source.h"
#include "poker/io/chunk.h"
#include "poker/io/framing.h"

namespace poker::testing {

class Chunker {
 public:
  // `source` must outlive the chunker. REQUIRES: lines_per_record >= 1,
  // chunk_size >= 1, max_record_size >= 1.
  Chunker(io::ByteSource& source, const io::FramingOptions& options);

  Chunker(const Chunker&) = delete;
  Chunker& operator=(const Chunker&) = delete;

  // The next chunk into `chunk`; false when the input is exhausted or a read
  // failed (then read_error() is the errno). The chunks before a failed read
  // are all handed out first.
  bool next(io::Chunk& chunk);

  int read_error() const { return read_error_; }

 private:
  enum class BlankRun { kEndsInput, kFollowedByText, kReadFailed };
  // Reads on from `from` while the input is blanks and newlines.
  BlankRun skip_blank_run(std::uint64_t from);
  bool emit(const io::Window& window, std::uint64_t start, std::uint64_t stop, std::uint64_t lines, io::Chunk::End end,
            io::Chunk& chunk);

  io::ByteSource& source_;
  const io::FramingOptions options_;
  std::uint64_t position_ = 0;  // input offset where the next chunk starts (a record boundary)
  std::uint64_t line_ = 1;      // line number at position_
  bool finished_ = false;
  int read_error_ = 0;
};

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_CHUNKER_H_
