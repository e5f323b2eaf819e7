#ifndef POKER_IO_ALIGNED_BYTES_H_
#define POKER_IO_ALIGNED_BYTES_H_

#include <cstddef>
#include <memory>
#include <new>

namespace poker::io {

// Memory that read() and pread() copy the input into. The kernel's copy
// (rep movsb) runs several times slower into a destination off a cache
// line's start than into one on it, on the machines we measure, and the
// reads are most of a pread() run's system time: buffers begin on a page,
// and the sources read into them at multiples of kReadAlignment.
inline constexpr std::size_t kReadAlignment = 64;
inline constexpr std::size_t kBufferAlignment = 4096;

struct AlignedDelete {
  void operator()(char* bytes) const { ::operator delete[](bytes, std::align_val_t{kBufferAlignment}); }
};
using AlignedBytes = std::unique_ptr<char[], AlignedDelete>;

// `size` uninitialized bytes, the first on a page: the read fills them.
inline AlignedBytes allocate_aligned(std::size_t size) {
  return AlignedBytes(static_cast<char*>(::operator new[](size, std::align_val_t{kBufferAlignment})));
}

}  // namespace poker::io

#endif  // POKER_IO_ALIGNED_BYTES_H_
