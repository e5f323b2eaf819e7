// A fast check of rows of 7 cards, so that evaluate's 7-card path costs
// little more than the evaluation itself: on AVX2 CPUs, four rows at a time.
#ifndef POKER_PYTHON_SEVEN_CARD_CHECK_H_
#define POKER_PYTHON_SEVEN_CARD_CHECK_H_

#include <cstddef>
#include <cstdint>

namespace poker::python {

// Whether rows [begin, end) of the `total` rows of 7 cards at `data` all hold
// distinct card indices (0..51). Answers false without AVX2 (the caller then
// checks row by row): it is a fast path, not the only check.
bool seven_card_rows_valid(const std::uint8_t* data, std::size_t begin, std::size_t end, std::size_t total);

}  // namespace poker::python

#endif  // POKER_PYTHON_SEVEN_CARD_CHECK_H_
