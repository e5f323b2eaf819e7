// Internal: finding newlines fast, for the chunker's serial stage (it sees
// every byte of the input, so it must run at memory speed).
#ifndef POKER_IO_NEWLINE_SCAN_H_
#define POKER_IO_NEWLINE_SCAN_H_

#include <cstddef>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace poker::io {

// The position just after the `count`-th newline in [begin, end) (count >= 1),
// or nullptr if there are fewer; then `found` is how many there are.
//
// One call per record: SSE2 compares 16 bytes at a time, so a record of a few lines costs a few steps
// instead of a library call per line.
inline const char* find_nth_newline(const char* begin, const char* end, std::size_t count, std::size_t& found) {
  found = 0;
  const char* p = begin;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  for (; end - p >= 16; p += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Few newlines per block: visiting each set bit beats a popcount, which
    // is a library call on CPUs the default build must support.
    for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, newline))); mask != 0;
         mask &= mask - 1) {
      if (++found == count) return p + __builtin_ctz(mask) + 1;
    }
  }
#endif
  for (; p < end; ++p) {
    if (*p == '\n' && ++found == count) return p + 1;
  }
  return nullptr;
}

}  // namespace poker::io

#endif  // POKER_IO_NEWLINE_SCAN_H_
