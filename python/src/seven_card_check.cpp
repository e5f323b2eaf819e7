#include "seven_card_check.h"

#include <immintrin.h>

#include <array>

#include "card_arrays.h"

namespace poker::python {
namespace {

// pshufb indices rotating each group of 7 bytes (bytes 0-6 and 7-13 of a
// 128-bit lane, two rows) by `d`; bytes 14 and 15 are zeroed and ignored.
// Rotations by 1, 2 and 3 compare every pair of the 7 cards once.
constexpr std::array<char, 16> rotation(int d) {
  std::array<char, 16> index{};
  for (int i = 0; i < 7; ++i) {
    index[i] = static_cast<char>((i + d) % 7);
    index[7 + i] = static_cast<char>(7 + (i + d) % 7);
  }
  index[14] = index[15] = static_cast<char>(0x80);
  return index;
}

__attribute__((target("avx2"))) __m256i broadcast(const std::array<char, 16>& bytes) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes.data())));
}

// Four rows (28 bytes, read as 2 x 16 from `rows` and `rows + 14`) a step.
__attribute__((target("avx2"))) bool valid_avx2(const std::uint8_t* data, std::size_t begin, std::size_t end,
                                                std::size_t total) {
  static constexpr auto kRotate1 = rotation(1), kRotate2 = rotation(2), kRotate3 = rotation(3);
  const __m256i rotate1 = broadcast(kRotate1), rotate2 = broadcast(kRotate2), rotate3 = broadcast(kRotate3);
  const __m256i largest = _mm256_set1_epi8(kCardCount - 1);
  constexpr unsigned kCardBytes = 0x3FFF3FFF;  // bytes 0-13 of each lane
  std::size_t row = begin;
  // The second load reads 2 bytes past the fourth row: stop a row early.
  for (; row + 4 <= end && row + 5 <= total; row += 4) {
    const std::uint8_t* cards = data + 7 * row;
    const __m256i v =
        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(cards))),
                                _mm_loadu_si128(reinterpret_cast<const __m128i*>(cards + 14)), 1);
    const __m256i repeated = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rotate1)),
                                                             _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rotate2))),
                                             _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rotate3)));
    const __m256i in_range = _mm256_cmpeq_epi8(_mm256_max_epu8(v, largest), largest);
    const auto bad =
        static_cast<unsigned>(_mm256_movemask_epi8(repeated)) | ~static_cast<unsigned>(_mm256_movemask_epi8(in_range));
    if ((bad & kCardBytes) != 0) return false;
  }
  for (; row < end; ++row) {
    CardMask mask;
    if (!row_mask(data + 7 * row, 7, mask)) return false;
  }
  return true;
}

}  // namespace

bool seven_card_rows_valid(const std::uint8_t* data, std::size_t begin, std::size_t end, std::size_t total) {
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
  return has_avx2 && valid_avx2(data, begin, end, total);
}

}  // namespace poker::python
