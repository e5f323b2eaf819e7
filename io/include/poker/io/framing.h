// Framing with constant serial work per chunk: the pipeline's input stages.
//
// A record is a fixed number of lines (a hold'em instance with 2 players is 3
// lines). Chunks end on record boundaries, so that each can be parsed on its
// own. Finding the end of every record, one by one, would put every byte on
// the serial path (tests/support/chunker.h keeps that plain statement of the
// framing, which this framing is tested against). Here the serial stages
// never look at most of the bytes:
//
//   RangeReader (serial)  cuts the input into byte ranges of a fixed size,
//                         wherever they fall (O(1) per range);
//   count_newlines        counts each range's newlines (parallel, SIMD);
//   Framer (serial)       turns the counts into record boundaries: from the
//                         newlines carried over it knows how many lines of the
//                         range complete the record begun before it, and how
//                         many lines at its end begin the next one, and finds
//                         those two boundaries with a short search at each end
//                         of the range (O(record) per range, not O(range));
//   then the chunks go to the parallel parse and the ordered writer.
//
// The chunks hold whole records from a record boundary, with its line
// number; the last one ends the input (kEndOfInput), or is cut at the record
// length limit (kRecordTooLong) at the same byte whatever the ranges' size.
// A run of blanks and newlines that lasts to the end of the input is no
// record too long, however long: it is handed out as a kEndOfInput chunk of
// its first `max_record_size` bytes (the rest being more of the same),
// without being held in memory. Where chunks are cut otherwise depends on
// the ranges, and no output depends on it. The partial record at a range's end is no copy while the next range
// follows it in memory (one mapping, one stream buffer): the chunk is pointer
// arithmetic over both. Where it does not, and the next range was read into
// a buffer of its own (pread), the partial record is copied into the room
// left in front of that buffer's bytes: the chunk is again one run of
// memory, and, the partial record being short, it is copied out of its own
// range's buffer at once, so that the buffer is free for the next read as
// soon as its chunk is written (one buffer, hot in the cache, serves a
// single thread's every read). Otherwise the record that straddles them is
// copied on its own into a chunk of its own.
//
// Each byte is read by count_newlines once, and by the format once; the
// Framer reads again only the few lines at each end of a range. A file cut
// short under the map can make those readings disagree (real bytes counted,
// zeros searched, or the reverse). The chunks framed from a range depend on
// no byte past that range's end, so the writer asks
// ByteSource::check_intact() up to the range's end, not the chunk's, before
// it writes their answers: chunks framed on damaged bytes are never written.
// A search that finds fewer newlines than were counted stops the framing
// (input_changed()).
//
// Thread safety: RangeReader and Framer are each used by one thread at a time
// (their serial stages); count_newlines may run anywhere.
#ifndef POKER_IO_FRAMING_H_
#define POKER_IO_FRAMING_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "poker/io/byte_source.h"
#include "poker/io/chunk.h"

namespace poker::io {

struct FramingOptions {
  std::size_t lines_per_record = 1;
  // The size of the chunks handed out (about: a chunk ends on a record
  // boundary), which is the unit of parallel work.
  std::size_t chunk_size = 256 * 1024;
  // A record longer than this ends the input with a kRecordTooLong chunk:
  // memory stays bounded whatever the input holds.
  std::size_t max_record_size = 1024 * 1024;
};

// A run of input bytes, cut with no regard to lines.
struct Range {
  std::shared_ptr<const void> owner;  // keeps `data` alive
  const char* data = nullptr;
  std::size_t size = 0;
  std::uint64_t offset = 0;  // input offset of data[0]
  bool at_end = false;       // the input ends with this range (it may be empty)
  bool mapped = false;       // the bytes are a memory map's (see populate())
  bool to_load = false;      // cut but not read yet: RangeReader::load() reads it
  int error_number = 0;      // errno of a failed load(); then nothing else is valid
  std::size_t headroom = 0;  // writable bytes before data (Window::headroom), for the Framer
};

// Maps in the pages of a mapped range before they are read: one system call
// for the range rather than a page fault per page, which is what a mapped
// file costs most (a fault costs far more than counting the page's
// newlines; bench/poker_bench --benchmark_filter=BM_MapTouch measures the
// map alone). Nothing for other ranges, and nothing if the kernel cannot
// (then pages are faulted in as they are read, and pages past a truncated
// file's end fault as without it).
void populate(const Range& range);

// How many '\n' bytes [data, data + size) holds.
std::uint64_t count_newlines(const char* data, std::size_t size);

class RangeReader {
 public:
  // `source` must outlive the reader. REQUIRES: range_size >= 1.
  RangeReader(ByteSource& source, std::size_t range_size);

  RangeReader(const RangeReader&) = delete;
  RangeReader& operator=(const RangeReader&) = delete;

  // The next range: `range_size` bytes, or fewer at the end of the input, or
  // for a stream that has nothing more ready (a slow producer's record is
  // then framed as soon as it is complete). False after the range at_end, or
  // when a read failed (then read_error() is the errno). For a source that
  // reads at any offset (a regular file) the range is only cut (to_load),
  // an O(1) step: load() reads it.
  bool next(Range& range);

  // Makes a range's bytes ready to be read: reads a range that was only cut
  // (on failure, its error_number is set), populates a mapped one. Runs on
  // any thread, for several ranges at once: the parallel stage's part.
  void load(Range& range) const;
  // Reads a range that was only cut through `reads` (the source's
  // shared_reads()), as load() would: for a reader that may outlive the
  // RangeReader and its source (ReadAhead).
  static void load(SharedReads& reads, Range& range);

  int read_error() const { return read_error_; }

 private:
  ByteSource& source_;
  const std::size_t range_size_;
  const std::uint64_t read_at_size_;  // source_.size_for_reads_at()
  std::uint64_t position_ = 0;
  bool finished_ = false;
  int read_error_ = 0;
};

class Framer {
 public:
  // chunk_size is unused: the ranges set it (range_size()).
  explicit Framer(const FramingOptions& options);

  Framer(const Framer&) = delete;
  Framer& operator=(const Framer&) = delete;

  // The ranges' size for these options: ranges no longer than the record
  // length limit (plus one) leave only the records that straddle ranges to
  // be measured against it.
  static std::size_t range_size(const FramingOptions& options);

  // Takes the next range of the input (in order; `newlines` its newline
  // count) and appends to `chunks` the chunks it completes: none, one, or a
  // few (a straddling record copied on its own, the last chunk). Nothing
  // after the chunk that ends the input. A range with headroom enough gets
  // the partial record carried from the range before copied in front of it,
  // into its headroom: then the straddling record begins the range's chunk
  // instead of making one of its own.
  void add(const Range& range, std::uint64_t newlines, std::vector<Chunk>& chunks);

  // Whether the chunk that ends the input was handed out, or framing gave up
  // (input_changed()).
  bool finished() const { return state_ == State::kFinished; }

  // The newlines a range was said to hold are not there: its bytes changed
  // between the count and the framing (a file cut short under the map). No
  // chunk was handed out for it or after it.
  bool input_changed() const { return input_changed_; }

  // The errno of a range that could not be loaded (0 if none): framing
  // stopped there, after the chunks before it.
  int read_error() const { return read_error_; }

 private:
  enum class State { kRecords, kBlankRun, kFinished };

  // The longest record, its last newline included.
  std::size_t longest_record() const { return max_record_size_ + 1; }
  // add() in a run of blanks too long for a record: the run ends the input
  // if nothing but blanks follows it.
  void add_to_blank_run(const Range& range, std::vector<Chunk>& chunks);
  // add() of a range that the carried record takes whole (it holds fewer
  // newlines than the record needs): `contiguous` if the range follows the
  // carried bytes in memory.
  void add_to_carry(const Range& range, std::uint64_t newlines, bool contiguous, std::vector<Chunk>& chunks);
  // The partial record [carry_offset_, carry_offset_ + carry_size_), which
  // the next range continues. Drops carry_copy_ (the caller sets it again).
  void carry(std::shared_ptr<const void> owner, const char* data, std::size_t size, std::uint64_t offset,
             std::uint64_t lines);
  // Hands out the bytes of the record at carry_offset_, which is too long,
  // followed in memory by `rest` (the unread part of the range).
  void too_long(const Range& range, const char* rest, std::vector<Chunk>& chunks);
  void lose_track();
  void push(std::shared_ptr<const void> owner, const char* data, std::size_t size, std::uint64_t offset,
            std::uint64_t first_line, Chunk::End end, std::vector<Chunk>& chunks);

  const std::size_t lines_per_record_;
  const std::size_t max_record_size_;
  State state_ = State::kRecords;
  bool input_changed_ = false;
  int read_error_ = 0;
  std::shared_ptr<const void> carry_owner_;
  const char* carry_data_ = nullptr;
  std::size_t carry_size_ = 0;
  std::uint64_t carry_offset_ = 0;
  std::uint64_t carry_lines_ = 0;                  // whole lines in the carried partial record
  std::uint64_t line_ = 1;                         // line number at carry_offset_
  std::shared_ptr<std::string> carry_copy_;        // the carry's bytes when gathered from several buffers
  std::string held_tail_;                          // a short carry copied out of its range's buffer
  std::shared_ptr<const std::string> blank_head_;  // a too-long run of blanks, while we learn whether text follows
};

}  // namespace poker::io

#endif  // POKER_IO_FRAMING_H_
