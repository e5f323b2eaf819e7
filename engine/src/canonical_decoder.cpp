#include "canonical_decoder.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#define POKER_X86_SIMD 1
#include <immintrin.h>
#endif

namespace poker {

std::string_view path_name(DecodePath path) {
  switch (path) {
    case DecodePath::kScalar: return "scalar";
    case DecodePath::kSse41: return "sse4.1";
    case DecodePath::kAvx2: return "avx2";
  }
  return "?";
}

std::vector<DecodePath> supported_decode_paths() {
  std::vector<DecodePath> paths{DecodePath::kScalar};
#if defined(POKER_X86_SIMD)
  __builtin_cpu_init();
  // popcnt came with SSE4.2 on Intel, SSE4a on AMD: asked for separately.
  const bool popcnt = __builtin_cpu_supports("popcnt");
  if (popcnt && __builtin_cpu_supports("sse4.1")) paths.push_back(DecodePath::kSse41);
  if (popcnt && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")) paths.push_back(DecodePath::kAvx2);
#endif
  return paths;
}

namespace {

DecodePath initial_decode_path() {
  const std::vector<DecodePath> paths = supported_decode_paths();
  const char* const forced = std::getenv("POKER_SIMD");
  if (forced == nullptr || *forced == '\0') {
    // SSE4.1 decodes two blocks where AVX2 decodes them at once, and took
    // more instructions than the scalar path (callgrind, 2-player file):
    // it runs only when asked for.
    return paths.back() == DecodePath::kAvx2 ? DecodePath::kAvx2 : DecodePath::kScalar;
  }
  for (const DecodePath candidate : paths) {
    if (path_name(candidate) == forced) return candidate;
  }
  return DecodePath::kScalar;
}

std::atomic<DecodePath> current_path{initial_decode_path()};

}  // namespace

DecodePath decode_path() { return current_path.load(std::memory_order_relaxed); }
void set_decode_path(DecodePath path) { current_path.store(path, std::memory_order_relaxed); }

namespace simd {
namespace {

// The first hash table under which the notation's ranks, and its suits,
// have distinct hashes (high nibbles 8..15 hash to 0, no card uses them).
Alphabet build_alphabet(Notation notation) {
  const auto& chars = detail::kAlphabets[static_cast<int>(notation)];
  Alphabet alphabet{};
  const auto hash_of = [&](unsigned char c) { return (c & 15u) ^ alphabet.hash[c >> 4]; };
  const auto distinct = [&](const char* text, int count) {
    unsigned seen = 0;
    for (int i = 0; i < count; ++i) seen |= 1u << hash_of(static_cast<unsigned char>(text[i]));
    return __builtin_popcount(seen) == count;
  };
  const bool found = [&] {
    for (unsigned key = 0; key < (1u << 16); ++key) {  // hash[3..6]; hash[7] = hash[6] ^ 1
      for (int nibble = 0; nibble < 4; ++nibble) alphabet.hash[3 + nibble] = (key >> (4 * nibble)) & 15;
      alphabet.hash[7] = alphabet.hash[6] ^ 1;
      if (distinct(chars.rank_chars.data(), kRankCount) && distinct(chars.suit_chars.data(), kSuitCount)) return true;
    }
    return false;
  }();
  if (!found) std::abort();  // the notations are fixed: a test covers each
  // Unused slots: a byte with high bit set whose hash is the next slot.
  for (unsigned slot = 0; slot < 16; ++slot) {
    const auto unused = static_cast<std::uint8_t>(0x80 | (slot ^ 1));
    alphabet.rank_char[slot] = unused;
    alphabet.suit_char[slot] = unused;
  }
  for (int rank = 0; rank < kRankCount; ++rank) {
    const auto c = static_cast<unsigned char>(chars.rank_chars[rank]);
    alphabet.rank_char[hash_of(c)] = c;
    alphabet.rank_value[hash_of(c)] = static_cast<std::uint8_t>(4 * rank);
  }
  for (int suit = 0; suit < kSuitCount; ++suit) {
    const auto c = static_cast<unsigned char>(chars.suit_chars[suit]);
    alphabet.suit_char[hash_of(c)] = c;
    alphabet.suit_value[hash_of(c)] = static_cast<std::uint8_t>(suit);
  }
  return alphabet;
}

const std::array<Alphabet, 3> kAlphabetTables = {build_alphabet(Notation::kHoldem), build_alphabet(Notation::kEuler),
                                                 build_alphabet(Notation::kEval)};

void fill_half(BlockPair& pair, int half, std::size_t offset, std::size_t first_card, std::size_t last_card,
               std::string_view image) {
  pair.offset[half] = static_cast<std::uint32_t>(offset);
  pair.first_card[half] = static_cast<std::uint32_t>(first_card);
  for (std::size_t i = 0; i < 16; ++i) {
    const std::size_t at = offset + i;
    const std::size_t k = 16 * static_cast<std::size_t>(half) + i;
    pair.suit_positions[k] = at % 3 == 1 ? 0xFF : 0;
    pair.separators[k] = at % 3 == 2 ? 0xFF : 0;
    pair.image[k] = at % 3 == 2 ? static_cast<std::uint8_t>(image[at]) : 0;
    pair.gather[k] = 0x80;
  }
  for (std::size_t card = first_card; card < last_card; ++card) {
    pair.gather[16 * static_cast<std::size_t>(half) + card - first_card] = static_cast<std::uint8_t>(3 * card - offset);
  }
}

}  // namespace

const Alphabet& alphabet_of(Notation notation) { return kAlphabetTables[static_cast<int>(notation)]; }

Plan make_plan(std::size_t cards_total, std::string_view image) {
  Plan plan;
  plan.bytes = image.size();
  plan.cards = cards_total;
  // Blocks of 5 whole cards at multiples of 15 bytes, then one block ending
  // at the instance's last byte for the cards left (its first bytes overlap).
  struct Span {
    std::size_t offset, first_card, last_card;
  };
  std::vector<Span> blocks;
  std::size_t card = 0;
  for (; 3 * card + 16 <= plan.bytes && card + 5 <= cards_total; card += 5) blocks.push_back({3 * card, card, card + 5});
  if (card < cards_total) blocks.push_back({plan.bytes - 16, card, cards_total});
  plan.blocks = blocks.size();
  for (std::size_t i = 0; i < blocks.size(); i += 2) {
    const Span& second = blocks[i + 1 < blocks.size() ? i + 1 : i];
    BlockPair& pair = plan.pairs.emplace_back();
    fill_half(pair, 0, blocks[i].offset, blocks[i].first_card, blocks[i].last_card, image);
    fill_half(pair, 1, second.offset, second.first_card, second.last_card, image);
  }
  return plan;
}

namespace {

#if defined(POKER_X86_SIMD)

inline __m128i load(const std::uint8_t* aligned) { return _mm_load_si128(reinterpret_cast<const __m128i*>(aligned)); }

// The cards of one block, in its gather order; `valid` is cleared where a
// byte differs from what the layout expects. Inlined into each path's
// function, so compiled for that path's instruction set.
#define POKER_DECODE_BLOCK(VEC, SET1, AND, XOR, SRLI16, SHUFFLE, BLEND, CMPEQ, ADD, BSRLI)       \
  do {                                                                                          \
    const VEC low = AND(x, SET1(0x0F));                                                         \
    const VEC high = AND(SRLI16(x, 4), SET1(0x0F));                                             \
    const VEC hash = XOR(low, SHUFFLE(hash_table, high));                                       \
    const VEC chr = BLEND(SHUFFLE(rank_chars, hash), SHUFFLE(suit_chars, hash), suit_positions); \
    const VEC value = BLEND(SHUFFLE(rank_values, hash), SHUFFLE(suit_values, hash), suit_positions); \
    valid = AND(valid, CMPEQ(BLEND(chr, image, separators), x));                                \
    cards = SHUFFLE(ADD(value, BSRLI(value, 1)), gather);                                       \
  } while (false)

__attribute__((target("sse4.1,popcnt"))) bool decode_sse41(const char* text, const Plan& plan, const Alphabet& a,
                                                    Card* out) {
  const __m128i hash_table = load(a.hash);
  const __m128i rank_chars = load(a.rank_char);
  const __m128i suit_chars = load(a.suit_char);
  const __m128i rank_values = load(a.rank_value);
  const __m128i suit_values = load(a.suit_value);
  __m128i valid = _mm_set1_epi8(-1);
  for (std::size_t b = 0; b < plan.blocks; ++b) {
    const BlockPair& pair = plan.pairs[b / 2];
    const std::size_t half = b % 2;
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + pair.offset[half]));
    const __m128i suit_positions = load(pair.suit_positions + 16 * half);
    const __m128i separators = load(pair.separators + 16 * half);
    const __m128i image = load(pair.image + 16 * half);
    const __m128i gather = load(pair.gather + 16 * half);
    __m128i cards;
    POKER_DECODE_BLOCK(__m128i, _mm_set1_epi8, _mm_and_si128, _mm_xor_si128, _mm_srli_epi16, _mm_shuffle_epi8,
                       _mm_blendv_epi8, _mm_cmpeq_epi8, _mm_add_epi8, _mm_bsrli_si128);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + pair.first_card[half]), cards);
  }
  if (_mm_movemask_epi8(valid) != 0xFFFF) return false;
  // Valid cards are below 52: the OR of their bits holds one per distinct card.
  CardMask all = 0;
  for (std::size_t i = 0; i < plan.cards; ++i) all |= CardMask{1} << out[i];
  return static_cast<std::size_t>(__builtin_popcountll(all)) == plan.cards;
}

__attribute__((target("avx2"))) inline __m256i pair_of(const void* low_half, const void* high_half) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(static_cast<const __m128i*>(low_half))),
                                 _mm_loadu_si128(static_cast<const __m128i*>(high_half)), 1);
}

__attribute__((target("avx2"))) inline __m256i load32(const std::uint8_t* aligned) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(aligned));
}

// Two blocks per 32-byte vector (byte shuffles work within 16-byte lanes).
__attribute__((target("avx2,bmi2,popcnt"))) bool decode_avx2(const char* text, const Plan& plan, const Alphabet& a, Card* out) {
  const __m256i hash_table = pair_of(a.hash, a.hash);
  const __m256i rank_chars = pair_of(a.rank_char, a.rank_char);
  const __m256i suit_chars = pair_of(a.suit_char, a.suit_char);
  const __m256i rank_values = pair_of(a.rank_value, a.rank_value);
  const __m256i suit_values = pair_of(a.suit_value, a.suit_value);
  __m256i valid = _mm256_set1_epi8(-1);
  for (const BlockPair& pair : plan.pairs) {
    const __m256i x = pair_of(text + pair.offset[0], text + pair.offset[1]);
    const __m256i suit_positions = load32(pair.suit_positions);
    const __m256i separators = load32(pair.separators);
    const __m256i image = load32(pair.image);
    const __m256i gather = load32(pair.gather);
    __m256i cards;
    POKER_DECODE_BLOCK(__m256i, _mm256_set1_epi8, _mm256_and_si256, _mm256_xor_si256, _mm256_srli_epi16,
                       _mm256_shuffle_epi8, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_add_epi8,
                       _mm256_bsrli_epi128);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + pair.first_card[0]), _mm256_castsi256_si128(cards));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + pair.first_card[1]), _mm256_extracti128_si256(cards, 1));
  }
  if (_mm256_movemask_epi8(valid) != -1) return false;
  // The cards' bits, four at a time (a shift per 64-bit lane), ORed.
  __m256i bits = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi64x(1);
  std::size_t i = 0;
  for (; i + 4 <= plan.cards; i += 4) {
    std::uint32_t four;
    std::memcpy(&four, out + i, sizeof four);
    bits = _mm256_or_si256(bits, _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(static_cast<int>(four)))));
  }
  const __m128i halves = _mm_or_si128(_mm256_castsi256_si128(bits), _mm256_extracti128_si256(bits, 1));
  CardMask all = static_cast<CardMask>(_mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))));
  for (; i < plan.cards; ++i) all |= CardMask{1} << out[i];
  return static_cast<std::size_t>(__builtin_popcountll(all)) == plan.cards;
}

#undef POKER_DECODE_BLOCK

#endif  // POKER_X86_SIMD

}  // namespace

Decoder decoder_for(DecodePath path) {
  switch (path) {
#if defined(POKER_X86_SIMD)
    case DecodePath::kSse41: return decode_sse41;
    case DecodePath::kAvx2: return decode_avx2;
#endif
    default: return nullptr;
  }
}

}  // namespace simd
}  // namespace poker
