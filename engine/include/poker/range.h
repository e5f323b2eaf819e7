// TEMPORARY: the range types, until the parser lands (branch `range`).
#ifndef POKER_RANGE_H_
#define POKER_RANGE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "poker/cards.h"

namespace poker {

struct WeightedCombo {
  Card high;
  Card low;
  double weight = 1.0;
  CardMask mask() const { return mask_of(high) | mask_of(low); }
};

struct Range {
  std::vector<WeightedCombo> combos;
};

struct RangeError {
  std::size_t offset = 0;
  std::string message;
};

std::variant<Range, RangeError> parse_range(std::string_view text);
Range without_cards(const Range& range, CardMask known);

}  // namespace poker

#endif  // POKER_RANGE_H_
