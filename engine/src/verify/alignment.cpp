#include "verify/alignment.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace poker::verify {
namespace {

// What skipping `d` expected and `a` candidate lines at the front costs
// (lines in trouble: max(d, a), plus any left unpaired at an end), or
// nothing when the two sides do not agree after it: through a run of
// kResyncRun lines, or up to the candidate's end, or to both ends.
struct HunkCost {
  std::size_t cost = 0;
  bool by_end = false;  // proved by reaching an end, not by a full run
};

std::optional<HunkCost> hunk_cost(const AlignmentWindow& w, std::size_t d, std::size_t a) {
  const std::size_t e_size = std::min(w.expected.size(), kWindow);
  const std::size_t c_size = w.ahead.size();
  if (d > e_size || a > c_size) return std::nullopt;
  const std::size_t run = std::min({kResyncRun, e_size - d, c_size - a});
  const std::size_t cost = std::max(d, a);
  if (run == kResyncRun && same(w.expected[d], w.ahead[a])) {
    std::size_t differing = 0;
    for (std::size_t k = 1; k < run && differing <= kResyncSlack; ++k)
      differing += same(w.expected[d + k], w.ahead[a + k]) ? 0 : 1;
    if (differing <= kResyncSlack) return HunkCost{cost, false};
  }
  for (std::size_t k = 0; k < run; ++k) {
    if (!same(w.expected[d + k], w.ahead[a + k])) return std::nullopt;
  }
  const bool candidate_ends = w.candidate_ended && a + run == c_size;
  const bool expected_ends = w.final && e_size == w.expected.size() && d + run == e_size;
  if (candidate_ends) return HunkCost{cost + (e_size - d - run), true};  // the answers left are missing
  if (expected_ends) return HunkCost{cost + (c_size - a - run), true};   // the lines left are extra
  return std::nullopt;
}

}  // namespace

std::pair<std::size_t, std::size_t> find_hunk(const AlignmentWindow& w) {
  std::pair<std::size_t, std::size_t> best{1, 1};
  std::optional<HunkCost> best_cost;
  std::size_t best_imbalance = SIZE_MAX;
  const auto consider = [&](std::size_t d, std::size_t a) {
    const std::optional<HunkCost> cost = hunk_cost(w, d, a);
    const std::size_t imbalance = d > a ? d - a : a - d;
    if (cost &&
        (!best_cost || cost->cost < best_cost->cost || (cost->cost == best_cost->cost && imbalance < best_imbalance))) {
      best = {d, a};
      best_cost = cost;
      best_imbalance = imbalance;
    }
  };
  consider(1, 1);
  for (std::size_t most = 1; most <= kMaxSkip && (!best_cost || most <= best_cost->cost); ++most) {
    for (std::size_t other = most; other-- > 0;) {
      consider(most, other);
      consider(other, most);
    }
  }
  if (best_cost && best_cost->by_end) {
    // Proved only by reaching an end: it must cost less, over the same
    // lines, than keeping them in step.
    const std::size_t e_size = std::min(w.expected.size(), kWindow);
    std::size_t in_step = e_size > w.ahead.size() ? e_size - w.ahead.size() : w.ahead.size() - e_size;
    for (std::size_t k = 0; k < e_size && k < w.ahead.size(); ++k) in_step += same(w.expected[k], w.ahead[k]) ? 0 : 1;
    if (best_cost->cost >= in_step) return {1, 1};
  }
  return best;
}

}  // namespace poker::verify
