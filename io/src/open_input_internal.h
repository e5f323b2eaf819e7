// Internal: open_input() with its memory map replaceable, so that tests can
// make a window's map fail and watch the fall back to reads.
#ifndef POKER_IO_OPEN_INPUT_INTERNAL_H_
#define POKER_IO_OPEN_INPUT_INTERNAL_H_

#include <string>

#include "mapped_source.h"
#include "poker/io/input.h"

namespace poker::io {

// open_input(), mapping windows (FileReading::kMap) with `map` instead of
// mmap(2).
OpenedInput open_input(const std::string& path, const InputOptions& options, MapFunction map);

}  // namespace poker::io

#endif  // POKER_IO_OPEN_INPUT_INTERNAL_H_
