// Internal: the memory-mapped ByteSource, made by open_input().
#ifndef POKER_IO_MAPPED_SOURCE_H_
#define POKER_IO_MAPPED_SOURCE_H_

#include <sys/mman.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "poker/io/byte_source.h"

namespace poker::io {

// How a window is mapped: mmap(2), or a stand-in that fails in tests.
using MapFunction = void* (*)(void* address, std::size_t length, int protection, int flags, int fd, off_t offset);

// Maps the bytes of a regular file of `file_size` bytes from file offset
// `start` on (start < file_size) through `fd` (owned, closed on destruction)
// in windows of about `window_size` bytes: the source's offset 0 is the
// file's `start`. Each window is its own mapping, unmapped when the last chunk
// viewing it is released, so resident memory stays bounded by a few windows
// however large the file is.
//
// A window after the first that cannot be mapped (the address space runs
// out: `ulimit -v`) does not end the run: the rest of the file is read from
// there on with pread(), through buffers of up to `buffer_size` bytes
// (make_file_source), and strategy() says so. The first window's failure is
// the caller's to handle (open_input reads the whole file instead).
//
// Each window mapped moves the file offset of `fd` past it, as a serial
// reader's read() would: a shell's next command on the same stdin goes on
// from there. A window that fails to map moves nothing; the reads after it
// move the offset as the map would have. `path`: the file, for
// ByteSource::path().
std::unique_ptr<ByteSource> make_mapped_source(int fd, std::uint64_t start, std::uint64_t file_size,
                                               std::size_t window_size, std::size_t buffer_size,
                                               MapFunction map = ::mmap, std::string path = {});

}  // namespace poker::io

#endif  // POKER_IO_MAPPED_SOURCE_H_
