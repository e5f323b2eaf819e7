// A regular file read with pread(): the pipeline's serial reader only cuts
// ranges, and each range is read by the thread that counts its lines.
#ifndef POKER_IO_FILE_SOURCE_H_
#define POKER_IO_FILE_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "poker/io/byte_source.h"

namespace poker::io {

// Reads `fd` (owned: closed with the source) from file offset `start` to
// `file_size`. In-order reads (window()) read `buffer_size` bytes or more
// at a time. A file that holds fewer bytes than `file_size`
// (truncated while read) reads as zeros past its end, which check_intact()
// reports. The descriptor's offset moves as a map of windows of
// `window_size` bytes (0: the judge's, 64 MiB) would move it: past the window
// that holds what was read. `why`: why the file is read rather than mapped
// ("mmap failed: …"; empty where reads were chosen), for strategy().
// `path`: the file, for ByteSource::path().
std::unique_ptr<ByteSource> make_file_source(int fd, std::uint64_t start, std::uint64_t file_size,
                                             std::size_t buffer_size, std::size_t window_size = 0, std::string why = {},
                                             std::string path = {});

}  // namespace poker::io

#endif  // POKER_IO_FILE_SOURCE_H_
