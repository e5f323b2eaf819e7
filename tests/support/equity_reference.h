// A deliberately plain equity calculator for tests: every possible deal of
// hands (ranges expanded, collisions skipped), every board, every hand
// evaluated with evaluate(CardMask). It shares nothing with the engine's
// equity code (no rank counting, no suit renaming, no sampling).
#ifndef POKER_TESTS_SUPPORT_EQUITY_REFERENCE_H_
#define POKER_TESTS_SUPPORT_EQUITY_REFERENCE_H_

#include <cstdint>
#include <vector>

#include "poker/equity.h"

namespace poker::reference {

struct PlainEquity {
  // Weighted by the deal's weight: boards won alone, boards tied, pot shares.
  std::vector<double> wins, ties, equity;
  double total = 0;          // weighted boards
  std::uint64_t boards = 0;  // boards dealt, weights aside
};

PlainEquity plain_equity(const EquityQuery& query);

}  // namespace poker::reference

#endif  // POKER_TESTS_SUPPORT_EQUITY_REFERENCE_H_
