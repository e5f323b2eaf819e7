// The statistics behind `poker bench`'s figures and its comparison's
// verdicts: a sample's summary (mean, median, standard deviation, CV, min,
// max); the Mann-Whitney U test of two samples, the test that Google
// Benchmark's compare.py runs; and the Hodges-Lehmann estimate of the ratio
// of two samples' typical values with its confidence interval, the interval
// that goes with that test (Moses), taken on the logarithms of the times so
// that a shift is a ratio.
//
// Thread safety: pure functions.
#ifndef POKER_BENCH_STATISTICS_H_
#define POKER_BENCH_STATISTICS_H_

#include <cstddef>
#include <span>

namespace poker::bench {

struct SampleSummary {
  double mean = 0;
  double median = 0;  // the mean of the middle two for an even count
  double stddev = 0;  // the sample standard deviation (n - 1); 0 for one value
  double cv = 0;      // stddev / mean; 0 when the mean is 0
  double min = 0;
  double max = 0;
};

// REQUIRES: !values.empty().
SampleSummary summarize_sample(std::span<const double> values);

// The median of `values` (the mean of the middle two for an even count).
// REQUIRES: !values.empty().
double median_of(std::span<const double> values);

// The Mann-Whitney U test of `a` against `b`, two-sided: how likely samples
// this far apart are when both come from one distribution.
struct RankTest {
  double u = 0;        // U of `a`: the pairs (x in a, y in b) with x > y, ties counting one half
  double p_value = 1;  // two-sided, in [0, 1]
  bool exact = false;  // from the exact distribution of U (no ties, and few enough values)
};

// Exact p-value when there are no ties and a.size() * b.size() <= 400 (the
// distribution counted by dynamic programming); otherwise the normal
// approximation with the tie correction and a continuity correction of 1/2.
// REQUIRES: !a.empty() && !b.empty().
RankTest mann_whitney_u(std::span<const double> a, std::span<const double> b);

// How many times `b`'s values are `a`'s: the Hodges-Lehmann estimate
// exp(median of log(y) - log(x) over all pairs), and the confidence
// interval exp(d_(k)), exp(d_(mn+1-k)) over those sorted pairwise
// differences d, with k from the U distribution at (1 - confidence) / 2
// (exact as mann_whitney_u's is, else the normal approximation). With too
// few values for the confidence asked (k < 1), the interval is
// [0, infinity): nothing is known.
struct RatioEstimate {
  double ratio = 1;
  double low = 0;
  double high = 0;
};

// REQUIRES: every value > 0, !a.empty(), !b.empty(), 0 < confidence < 1.
RatioEstimate ratio_estimate(std::span<const double> a, std::span<const double> b, double confidence);

}  // namespace poker::bench

#endif  // POKER_BENCH_STATISTICS_H_
