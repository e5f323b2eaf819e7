// Internal: open_input() with its memory map replaceable, so that tests can
// make a window's map fail and watch the fall back to reads.
#ifndef POKER_IO_OPEN_INPUT_INTERNAL_H_
#define POKER_IO_OPEN_INPUT_INTERNAL_H_

#include <cstddef>
#include <string>

#include "mapped_source.h"
#include "poker/io/input.h"

namespace poker::io {

// open_input() with FileReading::kMap, mapping windows with `map` instead of
// mmap(2).
OpenedInput open_input_with_map(const std::string& path, std::size_t window_size, std::size_t buffer_size, int wake_fd,
                                MapFunction map);

// open_input() with FileReading::kReadAt: a regular file read with pread().
OpenedInput open_input_with_reads_at(const std::string& path, std::size_t buffer_size, int wake_fd = -1);

}  // namespace poker::io

#endif  // POKER_IO_OPEN_INPUT_INTERNAL_H_
