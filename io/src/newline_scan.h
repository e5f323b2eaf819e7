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
inline const char* find_nth_newline(const char* begin, const char* end, std::size_t count,
                                    std::size_t& found) {
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

// How many newlines [begin, end) holds. SSE2 counts 16 bytes at a time in
// byte-wide counters, summed every 255 blocks (before they can overflow):
// well under one instruction per byte.
inline std::size_t count_newlines(const char* begin, const char* end) {
  std::size_t count = 0;
  const char* p = begin;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  while (end - p >= 16) {
    __m128i counters = zero;
    for (int blocks = 0; blocks < 255 && end - p >= 16; ++blocks, p += 16) {
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(block, newline));  // a match is -1
    }
    const __m128i sums = _mm_sad_epu8(counters, zero);  // two 64-bit sums of 8 counters
    count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  for (; p < end; ++p) count += *p == '\n' ? 1 : 0;
  return count;
}

// The whole records of `lines` lines each (lines >= 1) at the start of
// [begin, end): sets `records` to their number, and returns where they end
// (just after the newline that closes the last of them; `begin` when there
// are none). The bytes are counted once, then the few after the last whole
// record are stepped back over.
inline const char* end_of_whole_records(const char* begin, const char* end, std::size_t lines,
                                        std::size_t& records) {
  const std::size_t newlines = count_newlines(begin, end);
  records = newlines / lines;
  if (records == 0) return begin;
  // Step back over the newlines of the incomplete record at the end, then
  // to the newline that closes the last whole record.
  std::size_t to_skip = newlines - records * lines;
  const char* p = end;
  for (;;) {
    --p;
    if (*p == '\n') {
      if (to_skip == 0) return p + 1;
      --to_skip;
    }
  }
}

}  // namespace poker::io

#endif  // POKER_IO_NEWLINE_SCAN_H_
