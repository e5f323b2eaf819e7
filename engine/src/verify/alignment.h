// Where `poker verify` aligns the candidate's lines with the expected ones
// after a difference, as diff does, within a bounded window: the hunk to
// skip on each side before the two agree again, and when to look for one.
// Internal to the engine.
//
// Thread safety: pure functions; a SearchPacing is used by one thread at a
// time.
#ifndef POKER_ENGINE_VERIFY_ALIGNMENT_H_
#define POKER_ENGINE_VERIFY_ALIGNMENT_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

#include "verify/verify_lines.h"

namespace poker::verify {

// The alignment after a difference (as diff's, on a bounded window): the
// hunk is the fewest lines skipped on either side, at most kMaxSkip, after
// which the next kResyncRun lines agree but for at most kResyncSlack of
// them, the first one agreeing (or a side ends). Without such evidence the
// lines stay in step and the first one is a wrong answer: answers of two
// or three values ("Player 1", "Draw") agree by chance too often for less
// to prove a shift, and a candidate whose errors are dense must not be
// read as lines missing and extra.
constexpr std::size_t kMaxSkip = 32;
constexpr std::size_t kResyncRun = 24;
constexpr std::size_t kResyncSlack = 2;
constexpr std::size_t kWindow = kMaxSkip + kResyncRun;

// The lines at the front of both sides where they differ, and whether they
// are all there is (`final`: the expected lines are all queued; the
// candidate's end is known when `candidate_ended`).
struct AlignmentWindow {
  const std::deque<ExpectedLine>& expected;
  const std::deque<CandidateLine>& ahead;
  bool candidate_ended;
  bool final;
};

// The hunk at the front: (expected lines, candidate lines) skipped before
// the two agree again. One wrong answer in step is tried first; beyond it
// only shifts (d != a) need finding, as lines in step stay in step: the
// cheapest, at equal cost the most balanced, then missing before extra.
// Without one, the first line of each is a wrong answer, in step.
std::pair<std::size_t, std::size_t> find_hunk(const AlignmentWindow& w);

// When to search for a hunk. After a search that found no shift, the next
// few differences are taken in step without one (a gap that doubles, up to
// kMaxSkip, and ends after kResyncRun agreeing lines): a candidate with
// dense errors costs a search per kMaxSkip differences, not per line. A real
// shift goes on differing, so it is found a little later all the same.
class SearchPacing {
 public:
  // `lines` more lines agree.
  void agreed(std::uint64_t lines) {
    agreeing_ += lines;
    if (agreeing_ >= kResyncRun) gap_ = 0;
  }
  // A difference: whether to search for its hunk.
  bool search() {
    agreeing_ = 0;
    if (skipped_ < gap_) {
      ++skipped_;
      return false;
    }
    return true;
  }
  void searched(bool shifted) {
    gap_ = shifted ? 0 : std::min(kMaxSkip, std::max<std::size_t>(1, 2 * gap_));
    skipped_ = 0;
  }

 private:
  std::size_t gap_ = 0;         // differences to take in step before the next search
  std::size_t skipped_ = 0;     // of them, taken so far
  std::uint64_t agreeing_ = 0;  // lines agreeing since the last difference
};

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_ALIGNMENT_H_
