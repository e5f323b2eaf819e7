// Test helpers for writing hands as text, and for scaling random test sizes.
#ifndef POKER_TESTS_SUPPORT_CARD_TEXT_H_
#define POKER_TESTS_SUPPORT_CARD_TEXT_H_

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>

#include "poker/cards.h"
#include "support/sanitizers.h"

namespace poker::testing {

// Sanitized builds run a tenth of the random cases: same coverage of code
// paths, a tenth of the time.
inline constexpr int kRandomCaseScale = kAddressSanitizer ? 10 : 1;

// "Ah Kd 5c" -> mask; fails the test on a bad or repeated card.
inline CardMask cards(std::string_view text) {
  CardMask mask = 0;
  std::istringstream in{std::string(text)};
  std::string token;
  while (in >> token) {
    const auto card = parse_card(token, Notation::kHoldem);
    EXPECT_TRUE(card.has_value()) << token;
    if (!card) continue;
    EXPECT_EQ(mask & mask_of(*card), 0u) << "repeated " << token;
    mask |= mask_of(*card);
  }
  return mask;
}

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_CARD_TEXT_H_
