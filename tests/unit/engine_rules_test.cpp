// Counting rules the engine shares between its parts: rules::choose, which
// the hand values and equity's board counts both read.
#include <gtest/gtest.h>

#include <cstdint>

#include "equity/equity_deal.h"
#include "eval/hand_rules.h"
#include "poker/cards.h"

namespace poker {
namespace {

// C(n, k) by the product formula, in 64 bits.
std::uint64_t binomial(int n, int k) {
  std::uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return result;
}

TEST(Choose, IsTheBinomialCoefficientUpToAFullDeck) {
  for (int n = 0; n <= kCardCount; ++n) {
    for (int k = 0; k <= 5; ++k) {
      const std::uint64_t expected = k <= n ? binomial(n, k) : 0;
      EXPECT_EQ(static_cast<std::uint64_t>(rules::choose(n, k)), expected) << "C(" << n << ", " << k << ")";
    }
  }
  EXPECT_EQ(rules::choose(52, 5), 2'598'960);
}

TEST(BoardsPerDeal, CountsTheBoardsLeftToDeal) {
  equity::Deal deal;
  deal.players = 2;
  deal.holes[0] = {make_card(12, 0), make_card(12, 1)};  // Ac Ad
  deal.holes[1] = {make_card(11, 2), make_card(11, 3)};  // Kh Ks
  EXPECT_EQ(equity::boards_per_deal(deal), 1'712'304u);  // C(48, 5)
  deal.board = mask_of(make_card(0, 0)) | mask_of(make_card(1, 0)) | mask_of(make_card(2, 0));
  EXPECT_EQ(equity::boards_per_deal(deal), 990u);  // C(45, 2)
  deal.dead = mask_of(make_card(3, 0));
  EXPECT_EQ(equity::boards_per_deal(deal), 946u);  // C(44, 2)
  deal.board |= mask_of(make_card(4, 1)) | mask_of(make_card(5, 1));
  EXPECT_EQ(equity::boards_per_deal(deal), 1u);
}

}  // namespace
}  // namespace poker
