// Internal: the explain-mode line every format writes alike.
#ifndef POKER_ENGINE_EXPLAIN_LINE_H_
#define POKER_ENGINE_EXPLAIN_LINE_H_

#include <string>
#include <string_view>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "poker/format.h"

namespace poker {

// Appends "WHO NUMBER: CATEGORY [c1 c2 c3 c4 c5]\n" ("Player 2: Flush [...]"),
// the cards in `notation`, in best_five()'s order. REQUIRES: number >= 0,
// who.size() <= 16.
void append_explain_line(AnswerBuffer& out, std::string_view who, int number, const BestFive& best,
                         Notation notation);

}  // namespace poker

#endif  // POKER_ENGINE_EXPLAIN_LINE_H_
