// Internal: the memory-mapped ByteSource, made by open_input().
#ifndef POKER_IO_MAPPED_SOURCE_H_
#define POKER_IO_MAPPED_SOURCE_H_

#include <cstdint>
#include <memory>

#include "poker/io/byte_source.h"

namespace poker::io {

// Maps a regular file of `file_size` bytes (> 0) through `fd` (owned, closed
// on destruction) in windows of about `window_size` bytes. Each window is its
// own mapping, unmapped when the last chunk viewing it is released, so resident
// memory stays bounded by a few windows however large the file is.
std::unique_ptr<ByteSource> make_mapped_source(int fd, std::uint64_t file_size,
                                               std::size_t window_size);

}  // namespace poker::io

#endif  // POKER_IO_MAPPED_SOURCE_H_
