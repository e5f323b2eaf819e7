// Hand comparison of arbitrary-size hands (`poker eval`: the specification,
// docs/specification.md, section 5).
//
// An instance is one line "HAND1 ; HAND2": each hand 5 to 52 cards, written
// like hold'em cards but with ten as '0' ("0s"), the ';' a token of its own.
// Cards are unique within a hand; the two hands may share cards (each is
// judged on its own). The answer is three lines: each hand's category and
// best five cards in explain form ("Hand 1: Flush [As Js 9s 5s 2s]"), then
// "Hand 1 wins", "Hand 2 wins" or "Tie".
#ifndef POKER_EVAL_FORMAT_H_
#define POKER_EVAL_FORMAT_H_

#include <memory>

#include "poker/format.h"

namespace poker {

std::unique_ptr<Format> make_eval_format();

}  // namespace poker

#endif  // POKER_EVAL_FORMAT_H_
