// The picture of a range that PokerStove and Equilab show: the 169
// starting-hand classes as a 13x13 grid, aces first, pairs on the diagonal,
// suited hands above it and offsuit hands below, then the combos counted.
//
//     [AA]  [AKs] AQs   AJs   ...
//      AKo  [KK]  KQs   KJs   ...
//      AQo   KQo  [QQ]  QJs   ...
//     ...
//     QQ+,AKs
//     22 combos, 1.66% of all 1326
//     [AKs]: every combo of the class
//
// Every cell holds its class's name, as PokerStove labels its grid, so that
// the grid reads in a pipe or an email: in brackets when the range holds
// every combo of the class at full weight, in brackets with '*' when it
// holds part of them (some combos, or weights below 1), bare when it holds
// none; a line under the count says so. With `color`, ANSI colors tell the
// three apart instead: green for a full class, yellow for a part, dim for
// none.
//
// Under the grid, the range in the notation (range_notation): it names in
// words every cell held, and the hands a percentage ("10%") means. Then the
// count line: the combos and their share of all 1326 two-card combos; a range with weights adds the weighted count ("18
// combos, 1.36% of all 1326; weighted 15.0, 1.13%").
//
// Thread safety: pure.
#ifndef POKER_RANGE_GRID_H_
#define POKER_RANGE_GRID_H_

#include <string>

#include "poker/range.h"

namespace poker {

std::string range_grid(const Range& range, bool color);

// `range` written as PokerStove writes a range, in the notation of range.h,
// so that parse_range reads it back to the same combos and weights: the
// classes it holds whole at one weight compressed into runs ("77+",
// "A9s+", "99-66", "A5s-A2s", "KQo"), pairs first, then suited and offsuit
// hands by first rank, weights below 1 after ':' ("AKs:0.5"); the combos of
// classes held in part one by one ("AhKh"); "random" for all 1326 at one
// weight. PokerStove's 10.3% reads "77+,A9s+,KTs+,QTs+,AJo+,KQo".
std::string range_notation(const Range& range);

}  // namespace poker

#endif  // POKER_RANGE_GRID_H_
