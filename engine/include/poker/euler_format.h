// Project Euler problem 54 (`poker euler`: the specification,
// docs/specification.md, section 5).
//
// An instance is one line of ten cards in upper-case suits ("8C TS KC 9H 4S
// 7D 2S 5D 3S AC"): player 1's five-card hand, then player 2's. The answer is
// "Player 1", "Player 2" or "Draw"; with summary, nothing per instance, and
// at the end the three counts "Player 1: N", "Player 2: N", "Draw: N".
#ifndef POKER_EULER_FORMAT_H_
#define POKER_EULER_FORMAT_H_

#include <memory>

#include "poker/format.h"

namespace poker {

struct EulerOptions {
  bool summary = false;
};

std::unique_ptr<Format> make_euler_format(const EulerOptions& options);

}  // namespace poker

#endif  // POKER_EULER_FORMAT_H_
