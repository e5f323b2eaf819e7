// Internal: decoding a whole instance in the canonical layout (cards
// separated by single spaces, '\n' after each line) on 16- or 32-byte
// vectors, the path chosen at run time from the CPU's features.
//
// Each 16-byte block of the instance is checked and decoded at once:
//   * a byte's 4-bit hash, (low nibble) XOR hash[high nibble], is distinct
//     for the 13 ranks and distinct for the 4 suits of a notation;
//   * two byte shuffles map the hash to the only character with that hash
//     and to its value (4 * rank, or suit); the block is valid when every
//     byte equals its expected character, the layout's separators included;
//   * a rank's value plus the next byte's is the card, and a last shuffle
//     gathers the cards to the output.
// Repeated cards are found by an OR of the cards' bits and a popcount. Anything unusual makes the decoder answer false,
// and the general grammar then reads, judges and words the instance.
//
// Each path has a kernel unrolled for a fixed layout (one, two or three
// block pairs on AVX2; 9, 10 or 21 cards on the scalar path: 2-player
// hold'em, Euler 54, 8-player hold'em) and a loop for the others.
#ifndef POKER_ENGINE_FORMATS_CANONICAL_DECODER_H_
#define POKER_ENGINE_FORMATS_CANONICAL_DECODER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"

namespace poker {

// The ways of decoding a canonical instance. kScalar runs on every CPU.
enum class DecodePath : std::uint8_t { kScalar, kSse41, kAvx2 };

std::string_view path_name(DecodePath path);

// The paths this CPU can run, kScalar first.
std::vector<DecodePath> supported_decode_paths();

// The path the formats use: at first AVX2 where supported, else scalar
// (SSE4.1 costs more than scalar, and runs only when named), unless the
// environment variable POKER_SIMD names another ("scalar", "sse4.1",
// "avx2"; an unsupported or unknown name gives kScalar).
DecodePath decode_path();
// Makes every reader created afterwards use `path` (tests and fuzzers run
// each path). REQUIRES: the CPU supports it.
void set_decode_path(DecodePath path);

namespace simd {

// Two 16-byte blocks of the layout (the second a copy of the first when
// the count is odd), with their position classes: half h describes the
// block at offset[h].
struct alignas(32) BlockPair {
  std::uint8_t suit_positions[32];   // 0xFF where a suit stands
  std::uint8_t separators[32];       // 0xFF where a separator stands
  std::uint8_t image[32];            // the separator (' ' or '\n') there, 0 elsewhere
  std::uint8_t gather[32];           // output byte k <- card starting at gather[k] (0x80: none)
  std::uint32_t offset[2] = {};      // of the blocks in the instance
  std::uint32_t first_card[2] = {};  // output index of gather[0], gather[16]
};

// Per notation: see the file comment. Unused slots hold a character whose
// own hash is another slot, so that no byte matches them.
struct alignas(16) Alphabet {
  std::uint8_t hash[16];
  std::uint8_t rank_char[16];
  std::uint8_t rank_value[16];  // 4 * rank
  std::uint8_t suit_char[16];
  std::uint8_t suit_value[16];
  // The scalar path's table: the card of every two-byte token read as a
  // little-endian 16-bit number, 0xFF (bit 7 set) where it is not a card.
  const std::uint8_t* token_cards = nullptr;
};

struct Plan {
  std::vector<BlockPair> pairs;  // covering the whole instance
  std::size_t blocks = 0;
  std::size_t bytes = 0;
  std::size_t cards = 0;
  // The layout's separators where they stand, zero elsewhere; `mask` is
  // 0xFF at the separators (the scalar path compares text & mask to image).
  std::string image;
  std::string mask;
};

// REQUIRES: cards_total * 3 == bytes >= 16.
Plan make_plan(std::size_t cards_total, std::string_view image);
const Alphabet& alphabet_of(Notation notation);

// Decodes the plan.bytes bytes at `text` on a vector path. True when every
// byte is as the layout expects and every token is a card, no card twice;
// the cards are then at cards[0..plan.cards). Writes up to 16 bytes after
// them in any case.
using Decoder = bool (*)(const char* text, const Plan& plan, const Alphabet& alphabet, Card* cards);
// Decodes up to `count` instances one after the other at `text` (count *
// plan.bytes bytes), instance i's cards at cards[i * plan.cards ..]; returns
// how many, from the first, are valid, stopping at the first that is not.
// The tables are loaded once per call, not once per instance. Writes up to
// 16 bytes after the last instance's cards in any case.
using BatchDecoder = std::size_t (*)(const char* text, std::size_t count, const Plan& plan, const Alphabet& alphabet,
                                     Card* cards);
BatchDecoder batch_decoder_for(DecodePath path, const Plan& plan);
// The kernel of `path` for `plan`'s layout, unrolled where one is (see the
// file comment). Running it REQUIRES: the CPU supports the path.
Decoder decoder_for(DecodePath path, const Plan& plan);
// The loop of `path`, which decodes every layout (tests compare it with the
// unrolled kernels).
Decoder generic_decoder_for(DecodePath path);

}  // namespace simd
}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_CANONICAL_DECODER_H_
