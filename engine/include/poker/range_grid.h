// The picture of a range that PokerStove and Equilab show: the 169
// starting-hand classes as a 13x13 grid, aces first, pairs on the diagonal,
// suited hands above it and offsuit hands below, then the combos counted.
//
//     AA   AKs  AQs  .    ...
//     AKo  KK   KQs  .    ...
//     ...
//     22 combos, 1.66% of all 1326
//
// A cell holds its class's name when the range holds every combo of the
// class at full weight, its name and '*' when it holds part of them (some
// combos, or weights below 1), and '.' when it holds none. With `colour`,
// every cell shows its name and ANSI colours tell the three apart: green
// for a full class, yellow for a part, dim for none.
//
// The count line gives the combos and their share of all 1326 two-card
// combos; a range with weights adds the weighted count ("18 combos, 1.36% of
// all 1326; weighted 15.0, 1.13%").
//
// Thread safety: pure.
#ifndef POKER_RANGE_GRID_H_
#define POKER_RANGE_GRID_H_

#include <string>

#include "poker/range.h"

namespace poker {

std::string range_grid(const Range& range, bool colour);

}  // namespace poker

#endif  // POKER_RANGE_GRID_H_
