#include "formats/canonical_decoder.h"

#include "poker/simd_path.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#define POKER_X86_SIMD 1
#include <immintrin.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
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
    // SSE4.1 decodes two blocks where AVX2 decodes them at once, and costs
    // more instructions than the scalar path (POKER_SIMD=sse4.1 and
    // POKER_SIMD=scalar under bench/instructions.sh's `poker` workload
    // compare them): it runs only when asked for.
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

std::string_view active_decode_path_name() { return path_name(decode_path()); }

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

// The card of every two-byte token (Alphabet::token_cards), per notation.
// One load decodes a card, where rank and suit tables take two and a
// combine. Of the 64 KiB per notation only the few cache lines that hold
// cards are read on the hot path.
struct TokenCards {
  std::array<std::array<std::uint8_t, 1 << 16>, 3> by_notation;
  TokenCards() {
    for (int notation = 0; notation < 3; ++notation) {
      auto& decode = by_notation[static_cast<std::size_t>(notation)];
      decode.fill(0xFF);
      for (int card = 0; card < kCardCount; ++card) {
        const auto chars = card_chars(static_cast<Card>(card), static_cast<Notation>(notation));
        decode[static_cast<unsigned char>(chars[0]) | static_cast<unsigned>(static_cast<unsigned char>(chars[1]))
                                                          << 8] = static_cast<std::uint8_t>(card);
      }
    }
  }
};
const TokenCards token_cards;

Alphabet build_alphabet_with_tokens(Notation notation) {
  Alphabet alphabet = build_alphabet(notation);
  alphabet.token_cards = token_cards.by_notation[static_cast<std::size_t>(notation)].data();
  return alphabet;
}

const std::array<Alphabet, 3> kAlphabetTables = {build_alphabet_with_tokens(Notation::kHoldem),
                                                 build_alphabet_with_tokens(Notation::kEuler),
                                                 build_alphabet_with_tokens(Notation::kEval)};

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
  // The bytes after the half's cards repeat its last card: the AVX2 path
  // ORs the bits of a half's first six bytes, and a repeat adds no bit.
  for (std::size_t k = 0; k < 16; ++k) {
    const std::size_t card = std::min(first_card + k, last_card - 1);
    pair.gather[16 * static_cast<std::size_t>(half) + k] = static_cast<std::uint8_t>(3 * card - offset);
  }
}

}  // namespace

const Alphabet& alphabet_of(Notation notation) { return kAlphabetTables[static_cast<int>(notation)]; }

Plan make_plan(std::size_t cards_total, std::string_view image) {
  Plan plan;
  plan.bytes = image.size();
  plan.cards = cards_total;
  plan.image = std::string(image);
  for (const char c : image) plan.mask += c != '\0' ? '\xFF' : '\0';
  // Blocks of 5 whole cards at multiples of 15 bytes, then one block ending
  // at the instance's last byte for the cards left (its first bytes overlap).
  struct Span {
    std::size_t offset, first_card, last_card;
  };
  std::vector<Span> blocks;
  std::size_t card = 0;
  for (; 3 * card + 16 <= plan.bytes && card + 5 <= cards_total; card += 5)
    blocks.push_back({3 * card, card, card + 5});
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

// mask_of(card) for a decoded card, 0 for an invalid one (>= 64).
constexpr std::array<CardMask, 256> kCardBits = [] {
  std::array<CardMask, 256> bits{};
  for (int card = 0; card < kCardCount; ++card) bits[static_cast<std::size_t>(card)] = mask_of(static_cast<Card>(card));
  return bits;
}();

// Whether the separators in the `bytes` bytes at `text` are where the
// layout puts them. REQUIRES: bytes >= 16 (every format's are).
inline bool separators_match(const char* text, std::size_t bytes, const char* image, const char* mask) {
#if defined(__SSE2__)
  const auto block_matches = [&](std::size_t at) {
    const auto load = [at](const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at)); };
    const __m128i separators = _mm_and_si128(load(text), load(mask));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(separators, load(image))) == 0xFFFF;
  };
  // Whole blocks, then one block ending at the last byte (overlapping).
  for (std::size_t at = 0; at + 16 <= bytes; at += 16) {
    if (!block_matches(at)) return false;
  }
  return bytes % 16 == 0 || block_matches(bytes - 16);
#else
  for (std::size_t at = 0; at < bytes; ++at) {
    if ((text[at] & mask[at]) != image[at]) return false;
  }
  return true;
#endif
}

// The scalar path: a table load per card. kCards = 0 reads the count from
// the plan; otherwise the loops unroll for that count.
template <std::size_t kCards>
inline bool decode_scalar_one(const char* text, const Plan& plan, const std::uint8_t* decode, Card* out) {
  const std::size_t count = kCards != 0 ? kCards : plan.cards;
  if (!separators_match(text, 3 * count, plan.image.data(), plan.mask.data())) return false;
  // Distinct cards have disjoint bits, so their sum equals their union; a
  // repeated card makes the sum differ (a carry or a doubled bit).
  CardMask all = 0;
  CardMask sum = 0;
  unsigned invalid = 0;  // bit 7 set by any token that is not a card
#pragma GCC unroll 24
  for (std::size_t i = 0; i < count; ++i) {
    std::uint16_t token;
    std::memcpy(&token, text + 3 * i, sizeof token);
    const std::uint8_t card = decode[token];
    invalid |= card;
    all |= kCardBits[card];
    sum += kCardBits[card];
    out[i] = static_cast<Card>(card);
  }
  return (invalid & 0x80) == 0 && all == sum;
}

template <std::size_t kCards>
std::size_t decode_scalar_batch(const char* text, std::size_t count, const Plan& plan, const Alphabet& a, Card* out) {
  const std::uint8_t* const decode = a.token_cards;
  const std::size_t bytes = plan.bytes;
  const std::size_t cards = plan.cards;
  std::size_t done = 0;
  while (done < count && decode_scalar_one<kCards>(text + done * bytes, plan, decode, out + done * cards)) ++done;
  return done;
}

template <std::size_t kCards>
bool decode_scalar(const char* text, const Plan& plan, const Alphabet& a, Card* out) {
  return decode_scalar_one<kCards>(text, plan, a.token_cards, out);
}

#if defined(POKER_X86_SIMD)

inline __m128i load(const std::uint8_t* aligned) { return _mm_load_si128(reinterpret_cast<const __m128i*>(aligned)); }

// The cards of one block, in its gather order; `valid` is cleared where a
// byte differs from what the layout expects. Inlined into each path's
// function, so compiled for that path's instruction set.
#define POKER_DECODE_BLOCK(VEC, SET1, AND, XOR, SRLI16, SHUFFLE, BLEND, CMPEQ, ADD, BSRLI)           \
  do {                                                                                               \
    const VEC low = AND(x, SET1(0x0F));                                                              \
    const VEC high = AND(SRLI16(x, 4), SET1(0x0F));                                                  \
    const VEC hash = XOR(low, SHUFFLE(hash_table, high));                                            \
    const VEC chr = BLEND(SHUFFLE(rank_chars, hash), SHUFFLE(suit_chars, hash), suit_positions);     \
    const VEC value = BLEND(SHUFFLE(rank_values, hash), SHUFFLE(suit_values, hash), suit_positions); \
    valid = AND(valid, CMPEQ(BLEND(chr, image, separators), x));                                     \
    cards = SHUFFLE(ADD(value, BSRLI(value, 1)), gather);                                            \
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

std::size_t decode_sse41_batch(const char* text, std::size_t count, const Plan& plan, const Alphabet& a, Card* out) {
  std::size_t done = 0;
  while (done < count && decode_sse41(text + done * plan.bytes, plan, a, out + done * plan.cards)) ++done;
  return done;
}

__attribute__((target("avx2"))) inline __m256i pair_of(const void* low_half, const void* high_half) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(static_cast<const __m128i*>(low_half))),
                                 _mm_loadu_si128(static_cast<const __m128i*>(high_half)), 1);
}

// A 16-byte table in both halves: one broadcast load.
__attribute__((target("avx2"))) inline __m256i both_halves(const std::uint8_t* aligned) {
  return _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(aligned)));
}

__attribute__((target("avx2"))) inline __m256i load32(const std::uint8_t* aligned) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(aligned));
}

// A BlockPair's vectors and offsets, loaded.
struct LoadedPair {
  __m256i suit_positions, separators, image, gather;
  std::size_t offset[2], first_card[2];
};

__attribute__((target("avx2"))) inline LoadedPair load_pair(const BlockPair& pair) {
  return LoadedPair{
      load32(pair.suit_positions), load32(pair.separators),          load32(pair.image),
      load32(pair.gather),         {pair.offset[0], pair.offset[1]}, {pair.first_card[0], pair.first_card[1]}};
}

// Shuffles taking bytes 2g and 2g+1 of each 16-byte half to that half's
// two 64-bit lanes (zeros above them).
alignas(32) constexpr std::array<std::array<std::uint8_t, 32>, 3> kSpread = [] {
  std::array<std::array<std::uint8_t, 32>, 3> spread{};
  for (std::size_t g = 0; g < 3; ++g) {
    spread[g].fill(0x80);
    for (std::size_t half = 0; half < 2; ++half) {
      spread[g][16 * half] = static_cast<std::uint8_t>(2 * g);
      spread[g][16 * half + 8] = static_cast<std::uint8_t>(2 * g + 1);
    }
  }
  return spread;
}();

// Two blocks per 32-byte vector (byte shuffles work within 16-byte lanes).
// kPairs = 0 reads the count from the plan; otherwise the loop unrolls for
// that count. The cards' bits are ORed as they are decoded: a shuffle puts
// two cards of each half into the four 64-bit lanes, a shift per lane makes
// their bits (a half's bytes after its cards repeat its last card).
//
// Decodes up to `count` instances one after the other, the tables loaded
// once (held in locals: stores through `out`, bytes, may alias any memory,
// and would otherwise reload them for each instance), and stops at the
// first invalid one.
template <std::size_t kPairs>
__attribute__((target("avx2,bmi2,popcnt"))) std::size_t decode_avx2_batch(const char* text, std::size_t count,
                                                                          const Plan& plan, const Alphabet& a,
                                                                          Card* out) {
  const __m256i hash_table = both_halves(a.hash);
  const __m256i rank_chars = both_halves(a.rank_char);
  const __m256i suit_chars = both_halves(a.suit_char);
  const __m256i rank_values = both_halves(a.rank_value);
  const __m256i suit_values = both_halves(a.suit_value);
  const __m256i one = _mm256_set1_epi64x(1);
  const __m256i spread0 = load32(kSpread[0].data());
  const __m256i spread1 = load32(kSpread[1].data());
  const __m256i spread2 = load32(kSpread[2].data());
  const std::size_t pairs = kPairs != 0 ? kPairs : plan.pairs.size();
  const BlockPair* const pair_data = plan.pairs.data();
  // An unrolled kernel's layout in locals, which the compiler keeps in
  // registers where they fit: read through the plan, each instance would
  // reload them (the stores of the cards, bytes, may alias the plan).
  LoadedPair locals[kPairs != 0 ? kPairs : 1];
  if constexpr (kPairs != 0) {
    for (std::size_t p = 0; p < kPairs; ++p) locals[p] = load_pair(pair_data[p]);
  }
  const std::size_t bytes = plan.bytes;
  const std::size_t cards_per_instance = plan.cards;
  std::size_t done = 0;
  for (; done < count; ++done) {
    const char* const instance = text + done * bytes;
    Card* const cards_out = out + done * cards_per_instance;
    __m256i valid = _mm256_set1_epi8(-1);
    __m256i bits = _mm256_setzero_si256();
#pragma GCC unroll 4
    for (std::size_t p = 0; p < pairs; ++p) {
      const LoadedPair pair = kPairs != 0 ? locals[p] : load_pair(pair_data[p]);
      const __m256i x = pair_of(instance + pair.offset[0], instance + pair.offset[1]);
      const __m256i suit_positions = pair.suit_positions;
      const __m256i separators = pair.separators;
      const __m256i image = pair.image;
      const __m256i gather = pair.gather;
      __m256i cards;
      POKER_DECODE_BLOCK(__m256i, _mm256_set1_epi8, _mm256_and_si256, _mm256_xor_si256, _mm256_srli_epi16,
                         _mm256_shuffle_epi8, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_add_epi8,
                         _mm256_bsrli_epi128);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(cards_out + pair.first_card[0]), _mm256_castsi256_si128(cards));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(cards_out + pair.first_card[1]), _mm256_extracti128_si256(cards, 1));
      // Bytes that are not cards decode to some card below 52 too: `valid`
      // rejects the instance anyway.
      bits = _mm256_or_si256(bits, _mm256_sllv_epi64(one, _mm256_shuffle_epi8(cards, spread0)));
      bits = _mm256_or_si256(bits, _mm256_sllv_epi64(one, _mm256_shuffle_epi8(cards, spread1)));
      bits = _mm256_or_si256(bits, _mm256_sllv_epi64(one, _mm256_shuffle_epi8(cards, spread2)));
    }
    if (_mm256_movemask_epi8(valid) != -1) break;
    const __m128i halves = _mm_or_si128(_mm256_castsi256_si128(bits), _mm256_extracti128_si256(bits, 1));
    const auto all = static_cast<CardMask>(_mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))));
    if (static_cast<std::size_t>(__builtin_popcountll(all)) != cards_per_instance) break;
  }
  return done;
}

template <std::size_t kPairs>
bool decode_avx2(const char* text, const Plan& plan, const Alphabet& a, Card* out) {
  return decode_avx2_batch<kPairs>(text, 1, plan, a, out) == 1;
}

#undef POKER_DECODE_BLOCK

#endif  // POKER_X86_SIMD

}  // namespace

Decoder decoder_for(DecodePath path, const Plan& plan) {
  switch (path) {
#if defined(POKER_X86_SIMD)
    case DecodePath::kAvx2:
      switch (plan.pairs.size()) {
        case 1: return decode_avx2<1>;
        case 2: return decode_avx2<2>;
        case 3: return decode_avx2<3>;
        default: return decode_avx2<0>;
      }
#endif
    case DecodePath::kScalar:
      switch (plan.cards) {
        case 9: return decode_scalar<9>;
        case 10: return decode_scalar<10>;
        case 21: return decode_scalar<21>;
        default: return decode_scalar<0>;
      }
    default: return generic_decoder_for(path);
  }
}

BatchDecoder batch_decoder_for(DecodePath path, const Plan& plan) {
  switch (path) {
#if defined(POKER_X86_SIMD)
    case DecodePath::kAvx2:
      switch (plan.pairs.size()) {
        case 1: return decode_avx2_batch<1>;
        case 2: return decode_avx2_batch<2>;
        case 3: return decode_avx2_batch<3>;
        default: return decode_avx2_batch<0>;
      }
    case DecodePath::kSse41: return decode_sse41_batch;
#endif
    default:
      switch (plan.cards) {
        case 9: return decode_scalar_batch<9>;
        case 10: return decode_scalar_batch<10>;
        case 21: return decode_scalar_batch<21>;
        default: return decode_scalar_batch<0>;
      }
  }
}

Decoder generic_decoder_for(DecodePath path) {
  switch (path) {
#if defined(POKER_X86_SIMD)
    case DecodePath::kSse41: return decode_sse41;
    case DecodePath::kAvx2: return decode_avx2<0>;
#endif
    default: return decode_scalar<0>;
  }
}

}  // namespace simd
}  // namespace poker
