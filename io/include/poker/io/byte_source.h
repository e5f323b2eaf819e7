// Where input bytes come from: a memory map of a regular file, or buffered
// read()s from a pipe, a terminal or anything else that cannot be mapped.
//
// A ByteSource hands out Windows: views of the input from an absolute offset,
// kept alive by a shared owner (a mapping or a buffer), so that chunks cut
// from a window stay valid while other threads still work on them, and the
// memory is released as soon as the last chunk using it is done.
//
// Thread safety: a ByteSource is used by one thread at a time (the chunker's);
// the Windows it returns may be read from any thread.
#ifndef POKER_IO_BYTE_SOURCE_H_
#define POKER_IO_BYTE_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <memory>

namespace poker::io {

struct Window {
  std::shared_ptr<const void> owner;  // keeps `data` alive
  const char* data = nullptr;         // the input from the requested offset on
  std::size_t size = 0;
  bool at_end = false;                // nothing exists after data[size - 1]
  int error_number = 0;               // errno of a failed read or map; then nothing else is valid
};

class ByteSource {
 public:
  virtual ~ByteSource() = default;

  // The input from absolute offset `from`: at least `min_size` bytes, or all
  // that remains (then at_end). Blocks until it has them.
  // REQUIRES: `from` is not less than in any earlier call (input only moves
  // forward; what lies before `from` may be released).
  virtual Window window(std::uint64_t from, std::size_t min_size) = 0;

  // Whether bytes past the last window can be had without waiting. Always true
  // for a mapped file; for a stream, whether the kernel already holds some.
  // The chunker asks before it holds back a short chunk: a stream that has
  // nothing more to give gets its complete records answered at once.
  virtual bool more_ready() = 0;

  // Whether this source is a memory map (for diagnostics).
  virtual bool is_mapped() const = 0;
};

}  // namespace poker::io

#endif  // POKER_IO_BYTE_SOURCE_H_
