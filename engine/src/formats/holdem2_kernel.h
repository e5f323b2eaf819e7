// Internal: the 2-player judge of the games dealt as hold'em and valued
// through the evaluator's keys (hold'em, and short deck with its own value
// tables), fused with its canonical decoder, on AVX2. Two players are the
// common input, and decoding the cards into an array only to load them
// back, one table load per card, for the evaluator cost as much as the
// evaluation: here the cards stay in vector registers from the bytes to the
// two hands' rank keys.
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
//     twice; for a game whose deck starts above the 2 of clubs, one
//     comparison of the rows with the lowest card's byte finds a card below
//     it (hold'em's instructions have none);
//   * each player's seven cards (board, then hole cards) are shuffled into
//     one 8-byte group; byte shuffles map them to the bytes of their rank
//     keys and to suit counters, and one sum of absolute differences per
//     byte plane adds a group's seven bytes up. The rank key of a hand is
//     the sum of its three byte planes, shifted into place; the suit
//     counters show a flush;
//   * each player's value is the game's rank lookup (rank_index() of
//     poker/evaluator.h into its rank values), or, for a player with a flush
//     (about 1 deal in 20 has one), the lookup of the rank bits of that
//     suit's cards, summed the same way, in its flush values;
//   * the answer line follows holdem_winner()'s verdict on those values
//     (shortdeck_winner()'s is the same on short deck's).
// The checks are gathered over a group of instances, and the group's answers
// count only when every instance in it is canonical and valid.
#ifndef POKER_ENGINE_FORMATS_HOLDEM2_KERNEL_H_
#define POKER_ENGINE_FORMATS_HOLDEM2_KERNEL_H_

#include <cstddef>
#include <cstdint>

#include "formats/answer_lines.h"
#include "formats/canonical_decoder.h"
#include "poker/cards.h"

namespace poker::simd {

// Instances checked together: a group with an invalid instance is judged
// again by the caller, so a larger group costs more at the first error.
inline constexpr std::size_t kHoldem2Group = 32;

// A game's values, as the kernel looks them up: hold'em's are
// detail::rank_values and detail::flush_values (poker/evaluator.h), short
// deck's detail::ShortDeckTables' (poker/shortdeck.h). A larger value is a
// better hand, equal values tie; the flush value of seven cards beats their
// rank value (with seven cards, a flush rules out four of a kind, and a full
// house in hold'em), and flush_values[0] is 0 (the kernel looks up both
// players of an instance where one holds a flush).
struct Holdem2Values {
  const std::uint16_t* rank_values;   // by rank_index() of a flush-free key
  const std::uint16_t* flush_values;  // by the flush suit's 13-bit rank mask
  Card lowest_card;                   // the deck's lowest: a card below it is not valid
};

// Judges up to `count` 2-player instances in the canonical layout at `text`
// (`plan` is that layout's, `alphabet` the hold'em notation's) by the
// values of `values`: writes the answer of each,
// lines[holdem_winner(board, holes, 2)] (0: the first player's value is the
// larger, 1: the second's, 2: they are equal), at `out` one after the other
// (bytes after the last, within the room below, may be written too), and
// advances `out` past them.
// Returns how many instances, from the first, it judged: `count`, or fewer,
// a multiple of kHoldem2Group, when the group after them holds an instance
// that is not canonical and valid, a card below values.lowest_card
// included (bytes after `out` may then have been written). REQUIRES: out
// has room for count * AnswerLine::kMaxSize bytes.
using Holdem2Judge = std::size_t (*)(const char* text, std::size_t count, const Plan& plan, const Alphabet& alphabet,
                                     const Holdem2Values& values, const AnswerLine* lines, char*& out);

// Hold'em's values.
Holdem2Values holdem2_values();

// The kernel for `path`, or nullptr where it has none (the scalar and
// SSE4.1 paths decode into an array, then judge).
Holdem2Judge holdem2_judge_for(DecodePath path);

}  // namespace poker::simd

#endif  // POKER_ENGINE_FORMATS_HOLDEM2_KERNEL_H_
