// Internal: the equity of Omaha queries (4, 5 or 6 hole cards, high only or
// eight-or-better), which compute_equity, check_equity_query and
// check_equity_method hand over to when the query's game is an Omaha game.
//
// Each player holds a specific hand (EquityQuery::hands) or a random one
// (0): every hand of the game's size that the known cards and the other
// players leave, all equally likely.
//
// Exact: every board completion, and for each, every deal of the random
// players' hands from what is left; a board is prepared once (OmahaBoard) and
// every player's hand evaluated against it. Monte Carlo: blocks of deals, each
// from its own seed as the hold'em engine draws them, so that a seed gives
// the same answer at any thread count.
//
// Pot shares are counted exactly, in integer units of a pot (kPotUnits, which
// every split of a half or a whole pot among up to ten players divides): the
// sums do not depend on the order in which threads add them.
#ifndef POKER_ENGINE_EQUITY_OMAHA_EQUITY_H_
#define POKER_ENGINE_EQUITY_OMAHA_EQUITY_H_

#include <optional>
#include <string>

#include "poker/equity.h"

namespace poker::equity {

// The hand evaluations an exact answer takes: boards x deals of the random
// players' hands x players (an estimate: collisions only lower it).
double omaha_exact_work(const EquityQuery& query);

// kAuto is exact up to this much work (about a second on one thread), and
// --exact is refused above kMaxOmahaExactWork (minutes).
inline constexpr double kMaxAutoOmahaExactWork = 1e8;
inline constexpr double kMaxOmahaExactWork = 2e10;

std::optional<std::string> check_omaha_query(const EquityQuery& query);
std::optional<std::string> check_omaha_method(const EquityQuery& query, EquityMethod method);
EquityResult compute_omaha_equity(const EquityQuery& query, const EquitySettings& settings);

}  // namespace poker::equity

#endif  // POKER_ENGINE_EQUITY_OMAHA_EQUITY_H_
