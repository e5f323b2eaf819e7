// The card-exchange puzzle (`poker draw`: the specification,
// docs/specification.md, section 5).
//
// An instance is 52 lines, one card each, "S V": a suit letter R, S, H or K
// and a value 1..13 (1 is the ace), every card exactly once; the first five
// are the starting hand, the rest the deck, top first. The answer is one line
// of 8 integers, the least rounds to reach pair, two pair, three of a kind,
// straight, flush, full house, four of a kind and straight flush, computed by
// the solver (poker/draw_solver.h); this format parses, validates and renders.
#ifndef POKER_DRAW_FORMAT_H_
#define POKER_DRAW_FORMAT_H_

#include <memory>

#include "poker/draw_solver.h"
#include "poker/format.h"

namespace poker {

// The solver the format calls for each valid deck; tests may pass another.
// REQUIRES: callable concurrently (the format runs on several threads).
using DrawSolver = draw::RoundCounts (*)(const draw::Deck& deck);

std::unique_ptr<Format> make_draw_format(DrawSolver solver = &draw::least_rounds);

}  // namespace poker

#endif  // POKER_DRAW_FORMAT_H_
