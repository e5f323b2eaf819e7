// Internal: the explain-mode line every format writes alike.
#ifndef POKER_ENGINE_FORMATS_EXPLAIN_LINE_H_
#define POKER_ENGINE_FORMATS_EXPLAIN_LINE_H_

#include <array>
#include <cstddef>
#include <string_view>

#include "formats/slot_text.h"
#include "poker/answer_buffer.h"
#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker {

// A line's "WHO NUMBER: " ("Player 2: ") in a 32-byte slot, rendered once
// per format.
using ExplainPrefix = SlotText<32>;

// The prefix "WHO NUMBER: ". REQUIRES: number >= 0, who.size() <= 16.
ExplainPrefix explain_prefix(std::string_view who, int number);

// The most bytes one explain line takes (append_explain_line's room).
inline constexpr std::size_t kMaxExplainLineBytes = ExplainPrefix::kMaxSize + 32 + 16;

// Appends "WHO NUMBER: CATEGORY [c1 c2 c3 c4 c5]\n" ("Player 2: Flush [...]"),
// the cards in `notation`, in best_five()'s order.
void append_explain_line(AnswerBuffer& out, const ExplainPrefix& prefix, const BestFive& best, Notation notation);
// The same for a category and five cards of a variant's own evaluator, its
// category given as hold'em's of the same name.
void append_explain_line(AnswerBuffer& out, const ExplainPrefix& prefix, Category category,
                         const std::array<Card, 5>& cards, Notation notation);
// The same with the prefix rendered on the spot. REQUIRES: number >= 0,
// who.size() <= 16.
void append_explain_line(AnswerBuffer& out, std::string_view who, int number, const BestFive& best, Notation notation);

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_EXPLAIN_LINE_H_
