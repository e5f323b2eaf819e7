// The draw solver against the brute force (every five-card set of the deck)
// on thousands of seeded random decks: about 30 s in Release on one core; a
// few dozen decks under sanitizers.
#include <gtest/gtest.h>

#include <random>

#include "poker/draw_solver.h"
#include "support/draw_reference.h"
#include "support/sanitizers.h"

namespace poker::draw {
namespace {

constexpr int kDecks = poker::testing::kAddressSanitizer || !poker::testing::kOptimized ? 30 : 2000;

TEST(DrawSolverExhaustive, RandomDecksMatchBruteForce) {
  std::mt19937_64 rng(0xD1CE);
  for (int i = 0; i < kDecks; ++i) {
    const Deck deck = testing::random_deck(rng);
    ASSERT_EQ(least_rounds(deck), testing::brute_force_least_rounds(deck)) << "deck " << i;
  }
}

}  // namespace
}  // namespace poker::draw
