// A forward cursor over a ByteSource for comparing it with text made
// elsewhere (`poker verify` reads a candidate's answers with it). It looks at
// the input through the source's windows only, so memory stays bounded
// whatever the size of the input or the length of its lines.
//
// Thread safety: not thread-safe; one thread at a time (the pipeline's writer
// stage, then the thread that ran the pipeline).
#ifndef POKER_IO_TEXT_CURSOR_H_
#define POKER_IO_TEXT_CURSOR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "poker/io/byte_source.h"

namespace poker::io {

class TextCursor {
 public:
  // `source` must outlive the cursor; the cursor starts at offset 0.
  explicit TextCursor(ByteSource& source) : source_(source) {}

  TextCursor(const TextCursor&) = delete;
  TextCursor& operator=(const TextCursor&) = delete;

  // Whether the input continues with exactly `text`: then moves past it.
  // Otherwise stays where it is (false also after a read error: see error()).
  bool skip_equal(std::string_view text);

  struct Line {
    std::string head;          // the line's first bytes (at most `keep`), without the newline
    std::uint64_t length = 0;  // the line's whole length, without the newline
    bool has_newline = false;  // false: the input ends inside the line, or it is too long
    bool too_long = false;     // longer than the limit: `length` is limit + 1, the cursor stopped there
  };
  // The next line into `line`, moving past it; false at the end of the input
  // or after a read error. A line longer than `limit` bytes is read only
  // that far, plus one byte (an endless line must not hold the reader
  // forever): then line.too_long, and the cursor stays inside the line.
  // With `squeeze`, `head` and `length` are those of the line as CMS's
  // white-diff sees it: each run of blanks (space, \t, \v, \f, \r) one
  // space, and none at either end; `limit` counts the squeezed line (a line
  // is read through 1024 times `limit` bytes at most), and a line too long
  // has `length` limit + 1 all the same.
  bool next_line(Line& line, std::size_t keep, std::uint64_t limit = UINT64_MAX, bool squeeze = false);

  // Whether the input has no byte left (false after a read error).
  bool at_end();

  // The bytes from the cursor on, as many as the source has at hand: at
  // least one, or none at the end of the input. False after a read error.
  // `bytes` stays valid until the cursor looks again.
  bool peek(std::string_view& bytes) { return look(1, bytes); }
  // Moves past `count` of the bytes peek() showed.
  void skip(std::size_t count) { offset_ += count; }

  // Moves past the bytes of CMS's white-diff's whitespace (space, \t, \n,
  // \v, \f, \r) that come next, at most `limit` of them; adds the newlines
  // among them to `newlines`. False after a read error.
  bool skip_whitespace(std::uint64_t limit, std::uint64_t& newlines);

  std::uint64_t offset() const { return offset_; }
  // The errno of a failed read, or 0; after one, the cursor reads no more.
  int error() const { return error_; }

 private:
  // The bytes from offset_ on: at least `min_size` of them, or all that
  // remain; false on a read error.
  bool look(std::size_t min_size, std::string_view& bytes);

  ByteSource& source_;
  std::uint64_t offset_ = 0;  // input offset of the next byte to compare
  int error_ = 0;
  // The last window, kept while the cursor moves through it: a window per
  // line would cost a lease of the source's buffer each. It holds the
  // bytes from window_offset_ on.
  Window window_;
  std::uint64_t window_offset_ = 0;
};

}  // namespace poker::io

#endif  // POKER_IO_TEXT_CURSOR_H_
