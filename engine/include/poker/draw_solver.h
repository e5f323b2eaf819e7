// The card-exchange ("draw") puzzle of `poker draw` (the specification,
// docs/specification.md, section 5): for one ordered deck, the least number of
// rounds after which the player's hand can contain each of eight hand types.
//
// The game. Positions 0..4 of the deck are the starting hand, 5..51 the deck,
// top first. Each round the player discards any number k (0..5) of the five
// cards held and draws the next k cards; a discarded card never comes back.
// A hand "has" a type if it contains it: three of a kind also counts as a
// pair, a full house as two pair and as three of a kind, four of a kind as a
// pair and as three of a kind but not as two pair (two different values are
// needed). A straight is five consecutive values with the ace low only
// (A-2-3-4-5 .. 9-10-J-Q-K; 10-J-Q-K-A is not one), a flush five cards of one
// suit, a straight flush both at once. Round 0 is the starting hand.
//
// The rounds to hold a set T of cards (least_rounds_to_hold below). To hold T
// the player must keep every card of T from the moment it is drawn, since a
// discarded card never comes back. Let p be the next deck position and
// h(p) = |T ∩ [0, p)| the cards of T already drawn (all held); the other
// 5 - h(p) cards held are junk, so one round moves p to any p' in
// [p, p + 5 - h(p)]. The bound p + 5 - h(p) never decreases as p grows
// (h grows by at most 1 per step), so by induction the positions reachable
// after r rounds form an interval [5, G(r)] (discarding nothing keeps p; the
// intervals from neighbouring p overlap), whose top G is reached by the
// greedy player who discards all junk every round:
//     G(0) = 5,  G(r + 1) = G(r) + 5 - h(G(r)).
// T is held after round r exactly when G(r) > max(T): the least rounds are
// the least such r. Computed in blocks: while no card of T is in the way the
// greedy player draws `lanes` = 5 - (cards of T held) cards a round, so it
// takes ceil((t + 1 - p) / lanes) rounds to reach the next card of T at t.
// Surprisingly, an earlier card is not always better: a card of T drawn early
// takes a slot for longer. With T = {6, 40} (positions) the greedy player needs
// 9 rounds, with {30, 40} only 8; likewise a pair of which one card is in the
// starting hand can be slower to complete than a later pair in the deck. So
// each type must be minimised over all its card sets, not just the earliest:
// on random decks, taking the earliest cards of each value (or suit) is too
// slow for the straight in about 70% of decks, the flush in 25%, the full
// house in 10%, two pair in 4%.
//
// The minimisation (least_rounds). The least rounds of a type is the least
// rounds over the smallest card sets that make it (2 cards for a pair, 4 for
// two pair or four of a kind, 3 for three of a kind, 5 for the others): holding
// a larger hand of the type means holding such a set, and a hand that holds the
// set has the type. Since the rounds depend only on which greedy block (round)
// each card of the set falls in, the solver searches, per pattern (e.g. "two
// aces and two kings"), every greedy play at once: round by round, a state is
// how many cards of each value or suit have been kept, with the set of
// positions where the next block may start as one 64-bit mask; a block keeps
// any cards of the pattern it holds. The first round where a state completes
// the pattern is exact (engine/src/draw/draw_collect.h). Patterns are tried in
// order of a lower bound and each search is cut off at the best so far.
//
// Thread safety: both functions are pure; no shared state.
// Complexity: least_rounds_to_hold is O(1) (at most 5 steps); least_rounds
// is mostly ten or so capped searches of at most 32 states per deck
// (BM_DrawLeastRounds in bench/poker_bench measures the time per deck). No
// allocation.
#ifndef POKER_DRAW_SOLVER_H_
#define POKER_DRAW_SOLVER_H_

#include <array>
#include <cstdint>

namespace poker::draw {

// suit 0..3 in the puzzle's order R S H K; value 1..13 (1 = ace).
struct DrawCard {
  std::uint8_t suit;
  std::uint8_t value;
};

inline constexpr int kValueCount = 13;  // DrawCard::value 1..13
inline constexpr int kDeckSize = 52;
inline constexpr int kHandSize = 5;

// [0..5) the starting hand, then the deck, top first.
using Deck = std::array<DrawCard, kDeckSize>;

// Indices into RoundCounts, in the puzzle's output order.
inline constexpr int kPair = 0;
inline constexpr int kTwoPair = 1;
inline constexpr int kThreeOfAKind = 2;
inline constexpr int kStraight = 3;
inline constexpr int kFlush = 4;
inline constexpr int kFullHouse = 5;
inline constexpr int kFourOfAKind = 6;
inline constexpr int kStraightFlush = 7;
inline constexpr int kHandTypeCount = 8;

// Least rounds per type: pair, two pair, three of a kind, straight, flush,
// full house, four of a kind, straight flush.
using RoundCounts = std::array<int, kHandTypeCount>;

// REQUIRES: every card (suit 0..3, value 1..13) exactly once.
RoundCounts least_rounds(const Deck& deck);

// The least rounds after which the hand can hold all cards at the given deck
// positions (bit i = position i; positions 0..4 are the starting hand).
// REQUIRES: 1 to 5 bits set, all below bit 52.
int least_rounds_to_hold(std::uint64_t positions);

}  // namespace poker::draw

#endif  // POKER_DRAW_SOLVER_H_
