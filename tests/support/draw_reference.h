// Deliberately simple, independent references for the draw puzzle's solver
// (poker/draw_solver.h), for tests only. They share no code with engine/src.
//
//   bfs_least_rounds      the real game, played out: every hand reachable
//                         round after round (every discard subset), until one
//                         holds the target cards. Exponential; for targets
//                         near the top of the deck.
//   greedy_least_rounds   the greedy player of the header's proof, simulated
//                         round by round (discard every non-target card).
//   brute_force_least_rounds  every one of the C(52,5) = 2,598,960 five-card
//                         sets, classified by counting values and suits, timed
//                         with greedy_least_rounds, minimised per type.
//   random_deck, deck_from_text, deck_with_hand   decks for tests.
//
// Thread safety: all pure; brute_force_least_rounds builds a 2.6 MB table of
// classifications once (thread-safe static initialisation).
#ifndef POKER_TESTS_SUPPORT_DRAW_REFERENCE_H_
#define POKER_TESTS_SUPPORT_DRAW_REFERENCE_H_

#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "poker/draw_solver.h"

namespace poker::draw::testing {

// REQUIRES: 1..5 bits set below bit 52; the answer below `max_rounds`
// (returns -1 if no hand holds the target within max_rounds rounds).
int bfs_least_rounds(std::uint64_t target_positions, int max_rounds);

// REQUIRES: 1..5 bits set below bit 52.
int greedy_least_rounds(std::uint64_t target_positions);

// The eight types a five-card set contains, bit t for type t (kPair..).
unsigned types_contained(const DrawCard (&five)[5]);

// REQUIRES: every card exactly once.
RoundCounts brute_force_least_rounds(const Deck& deck);

Deck random_deck(std::mt19937_64& rng);

// Lines "S V" (suit letter R S H K, value 1..13), blank space tolerated.
// Fails the calling test if the text is not exactly 52 distinct cards.
Deck deck_from_text(std::string_view text);

// The given cards first, in order, then every other card in a seeded order.
Deck deck_with_hand(const std::vector<DrawCard>& hand, std::uint64_t seed = 1);

}  // namespace poker::draw::testing

#endif  // POKER_TESTS_SUPPORT_DRAW_REFERENCE_H_
