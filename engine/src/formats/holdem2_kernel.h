// Internal: the 2-player hold'em judge fused with its canonical decoder, on
// AVX2. Two players are the common input, and decoding the cards into an
// array only to load them back, one table load per card, for the evaluator
// cost as much as the evaluation: here the cards stay in vector registers
// from the bytes to the two hands' rank keys.
//
// Per instance (27 bytes, "Rs Rs\nRs Rs\nRs Rs Rs Rs Rs\n"):
//   * the bytes are checked and mapped as canonical_decoder.h describes,
//     each card to one byte, (rank + 1) << 3 | suit;
//   * two instances share each vector, one a 128-bit lane: their bytes
//     0..15 in one, 11..26 in another;
//   * the nine cards are gathered into one 16-byte row, the first seven
//     again after them: the hashes of their ranks, in one blend of the two
//     loads, and of their suits, in another, are shuffled into the row,
//     then mapped to card bytes. The rows compared with three shuffles of
//     themselves, which meet every pair of the nine cards, find a card
//     twice;
//   * each player's seven cards (board, then hole cards) are shuffled into
//     one 8-byte group; byte shuffles map them to the bytes of their rank
//     keys and to suit counters, and one sum of absolute differences per
//     byte plane adds a group's seven bytes up. The rank key of a hand is
//     the sum of its three byte planes, shifted into place; the suit
//     counters show a flush;
//   * each player's value is the rank lookup of poker/evaluator.h, or, for a
//     player with a flush (about 1 deal in 20 has one), the flush lookup of
//     the rank bits of that suit's cards, summed the same way;
//   * the answer line follows holdem_winner()'s verdict.
// The checks are gathered over a group of instances, and the group's answers
// count only when every instance in it is canonical and valid.
#ifndef POKER_ENGINE_FORMATS_HOLDEM2_KERNEL_H_
#define POKER_ENGINE_FORMATS_HOLDEM2_KERNEL_H_

#include <cstddef>

#include "formats/answer_lines.h"
#include "formats/canonical_decoder.h"

namespace poker::simd {

// Instances checked together: a group with an invalid instance is judged
// again by the caller, so a larger group costs more at the first error.
inline constexpr std::size_t kHoldem2Group = 32;

// Judges up to `count` 2-player instances in the canonical layout at `text`
// (`plan` is that layout's, `alphabet` the hold'em notation's): writes the
// answer of each, lines[holdem_winner(board, holes, 2)], at `out` one after
// the other (bytes after the last, within the room below, may be written
// too), and advances `out` past them.
// Returns how many instances, from the first, it judged: `count`, or fewer,
// a multiple of kHoldem2Group, when the group after them holds an instance
// that is not canonical and valid (bytes after `out` may then have been
// written). REQUIRES: out has room for count * AnswerLine::kMaxSize bytes.
using Holdem2Judge = std::size_t (*)(const char* text, std::size_t count, const Plan& plan, const Alphabet& alphabet,
                                     const AnswerLine* lines, char*& out);

// The kernel for `path`, or nullptr where it has none (the scalar and
// SSE4.1 paths decode into an array, then judge).
Holdem2Judge holdem2_judge_for(DecodePath path);

}  // namespace poker::simd

#endif  // POKER_ENGINE_FORMATS_HOLDEM2_KERNEL_H_
