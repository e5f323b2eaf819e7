// Equity: how often each hand wins from here, with the board still to come.
//
// A query names 2..10 players, each a hand or a range of hands (range.h), a
// board of 0 to 5 known cards and some dead cards. Its answer is, for
// every player, the share of deals it wins alone, the share it ties, and its
// equity: the pot share it takes on average, a tie between k players paying
// each 1/k.
//
// Deals. A deal gives every player one combination of its range and fills the
// board; a deal is possible when no card appears twice among the board, the
// dead cards and the players' combinations. Every possible deal counts with
// the product of its combinations' weights; impossible ones are left out. So
// a combination that collides with a known card is removed, and among ranges
// a combination counts less where it collides more often with the others'
// (as PokerStove and Equilab count).
//
// Methods:
//   * exact: every deal. A fixed pair of hands before the flop (1,712,304
//     boards; 201,376 in short deck) takes far fewer evaluations than boards
//     (`bench/instructions.sh build/release equity` counts the
//     instructions): boards are counted by their ranks alone, with
//     combinatorial weights, and only the boards that can make someone a
//     flush are dealt one by one. Deals of ranges that differ only by a
//     renaming of the suits are computed once.
//   * Monte Carlo: deals drawn at random in blocks of a fixed size, each block
//     from its own seed, so that a seed gives the same deals, and the same
//     answer, at any thread count. The answer carries the standard error of
//     each equity.
//
// Games (EquityQuery::game). Omaha queries (4, 5 or 6 hole cards, high or
// eight-or-better) name each player's hand in `hands`, a specific hand or
// random (every hand the known cards and the others leave, equally likely),
// not in `players`; exact counts every board and every deal of the random
// hands (kAuto: at most about 10^8 hand evaluations; --exact: 2 x 10^10),
// Monte Carlo as above. Hi-lo pots are split in exact shares: half to the
// best highs, half to the best qualifying lows, ties split evenly, the whole
// pot to the highs when nobody has a low.
//
// Thread safety: compute_equity() may run concurrently on different queries;
// it runs its own work in parallel with oneTBB (in the caller's arena).
#ifndef POKER_EQUITY_H_
#define POKER_EQUITY_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/range.h"

namespace poker {

inline constexpr int kMinEquityPlayers = 2;
inline constexpr int kMaxEquityPlayers = 10;

// The game a query is played in: hold'em, short deck (the 36-card deck of
// poker/shortdeck.h), or Omaha with 4, 5 or 6 hole cards (poker/omaha.h),
// high only or eight-or-better (a pot split between the best high hand and
// the best qualifying low).
//
// Short deck: the players are hold'em ranges and the hands are valued by
// short deck's rules (a flush beats a full house, three of a kind a
// straight, A-6-7-8-9 is the lowest straight). The cards ranked 2 to 5 are
// not in the deck: boards are dealt from the 36 others, and a combination
// holding one is never dealt (so `random` is short deck's 630 combinations
// and a percentage range keeps its classes' short-deck combinations). Such a
// card on the board, among the dead cards or as a player's only hand, or a
// range with no other combination, is an error that says why
// (check_equity_query).
enum class EquityGame : std::uint8_t {
  kHoldem,
  kShortDeck,
  kOmaha,
  kOmaha5,
  kOmaha6,
  kOmahaHiLo,
};

// The hole cards a player holds in `game`: 2, or 4, 5 or 6 in Omaha.
constexpr int equity_hole_cards(EquityGame game) {
  switch (game) {
    case EquityGame::kOmaha:
    case EquityGame::kOmahaHiLo: return 4;
    case EquityGame::kOmaha5: return 5;
    case EquityGame::kOmaha6: return 6;
    case EquityGame::kHoldem:
    case EquityGame::kShortDeck: break;
  }
  return 2;
}

constexpr bool is_omaha(EquityGame game) { return equity_hole_cards(game) > 2; }

struct EquityQuery {
  EquityGame game = EquityGame::kHoldem;
  std::vector<Range> players;  // hold'em and short deck: each player's combinations
  // Omaha games (players stays empty): each player's hole cards, exactly
  // the game's count of them (equity_hole_cards), or 0 for a random hand.
  std::vector<CardMask> hands;
  CardMask board = 0;  // 0 to 5 cards
  CardMask dead = 0;   // out of play, in nobody's hand or on the board
};

enum class EquityMethod : std::uint8_t {
  kAuto,  // exact when the work is small enough (see compute_equity), else Monte Carlo
  kExact,
  kMonteCarlo,
};

// How far a computation has come, for a progress line: compute_equity sets
// `total` (the exact plan's groups of deals, or Monte Carlo's blocks of
// deals; 0 for a Monte Carlo run for a time, whose end is the clock's) and
// `exact` before the work, then counts `done` up to `total` as the work
// goes. Any thread may read it at any time.
struct EquityProgress {
  std::atomic<std::uint64_t> done{0};
  std::atomic<std::uint64_t> total{0};
  std::atomic<bool> exact{false};
  std::atomic<bool> started{false};  // set once total and exact are
};

struct EquitySettings {
  EquityMethod method = EquityMethod::kAuto;
  // Monte Carlo: deals to draw (0: kDefaultSamples, unless `seconds` is set),
  // or, when `seconds` > 0, as many blocks of deals as fit in that time.
  std::uint64_t samples = 0;  // at most kMaxSamples
  double seconds = 0;         // 0, or kMinSeconds..kMaxSeconds
  std::uint64_t seed = 1;
  // The preflop order the query's percentage ranges ("10%") take their
  // hands from (range.h): PokerStove's unless asked otherwise.
  PercentOrder percent_order = PercentOrder::kPokerStove;
  // If set, turning it true (from any thread) ends the computation within
  // a block of deals or a board class: compute_equity then returns a result
  // of no meaning, which the caller, knowing why, discards.
  const std::atomic<bool>* stop = nullptr;
  // If set, counts the work done (EquityProgress).
  EquityProgress* progress = nullptr;
};

// The most Monte Carlo deals a query may ask for. The answer's standard
// error falls as 1 / sqrt(deals): at 10^15 deals it is about 10^-8, the last
// digit the answers print, so more deals could change no printed digit;
// the counts stay far from overflowing 64 bits.
inline constexpr std::uint64_t kMaxSamples = 1'000'000'000'000'000;
// The shortest and longest time a Monte Carlo query may ask for (--time).
inline constexpr double kMinSeconds = 1e-3;
inline constexpr double kMaxSeconds = 1e6;

// Monte Carlo's default deal count.
inline constexpr std::uint64_t kDefaultSamples = 10'000'000;
// Deals per Monte Carlo block: the unit of parallel work and of seeding.
inline constexpr std::uint64_t kSamplesPerBlock = 1 << 14;

// Shares in [0, 1].
struct PlayerEquity {
  double win = 0;           // deals this player wins alone (hi-lo: the high half)
  double tie = 0;           // deals it shares the best hand in (hi-lo: the high)
  double equity = 0;        // its average pot share
  double equity_error = 0;  // Monte Carlo: the standard error of `equity`; exact: 0
  // Omaha hi-lo only: the deals whose whole pot it takes alone (the high
  // and the low, or the high when no hand has a low), and those whose best
  // qualifying low it holds alone or shares.
  double scoop = 0;
  double low_win = 0;
  double low_tie = 0;
};

struct EquityResult {
  std::vector<PlayerEquity> players;
  // Exact: boards dealt, summed over the distinct deals of hands (weights
  // aside). Monte Carlo: deals drawn.
  std::uint64_t boards = 0;
  bool exact = true;
  // Omaha hi-lo: the share of deals on which no hand has a qualifying low
  // (the high takes the whole pot).
  bool hilo = false;
  double no_low = 0;
};

// What is wrong with a board and dead cards, in one line (the board's size,
// a card both on the board and dead), or nothing.
std::optional<std::string> check_equity_cards(CardMask board, CardMask dead);

// What is wrong with a query, in one line (the board's size, a card both on
// the board and dead, a player whose range holds no possible hand, ranges that
// leave no possible deal; a collision of specific hands names the card and
// where it is: "Ah is in player 1's hand and on the board"), or nothing if
// it can be computed.
std::optional<std::string> check_equity_query(const EquityQuery& query);

// The most deals of hands an exact enumeration may list, counted as the
// product of the players' combination counts (an upper bound that collisions
// only lower). The exact plan keeps an entry for each group of deals, so this
// bounds its memory (tens of MB) and its time (minutes): `random random`,
// 1,758,276 deals, stays within it; three `random`s, 2.3 billion, do not, and
// are for Monte Carlo.
inline constexpr std::uint64_t kMaxExactDeals = 2'000'000;

// What is wrong with computing `query` by `method`: --exact on more deals
// than kMaxExactDeals, or nothing. Cheap: no deal is visited.
std::optional<std::string> check_equity_method(const EquityQuery& query, EquityMethod method);

// The equity of every player. kAuto is exact when the query has at most
// kMaxAutoExactDeals deals of hands and, after grouping them by renaming of
// suits, the work is estimated under kMaxAutoExactWork (boards or classes
// of boards visited, times players: about a second on one thread); Monte
// Carlo otherwise.
// REQUIRES: check_equity_query(query) and check_equity_method(query,
// settings.method) found nothing; settings within the limits above.
EquityResult compute_equity(const EquityQuery& query, const EquitySettings& settings);

inline constexpr std::uint64_t kMaxAutoExactDeals = 250'000;
inline constexpr double kMaxAutoExactWork = 4e8;

}  // namespace poker

#endif  // POKER_EQUITY_H_
