// The statistics behind `poker bench`'s figures and its comparison's
// verdicts: a sample's summary (mean, median, standard deviation, CV, min,
// max); for two independent samples, the Mann-Whitney U test, the test that
// Google Benchmark's compare.py runs, and the Hodges-Lehmann estimate of the
// ratio of their typical values with its confidence interval, the interval
// that goes with that test (Moses); for two samples measured in pairs (one
// value of each back to back), the Wilcoxon signed-rank test of the pairs'
// differences and its Hodges-Lehmann estimate and interval (Walsh averages).
// Ratios are taken on the logarithms of the times, so that a shift is a
// ratio.
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
// distribution counted by dynamic programming): min(1, 2 * min(P(U <= u),
// P(U >= u))). Otherwise the normal approximation with mean nm / 2, the tie
// correction of the variance, nm / 12 * ((N + 1) - sum(t^3 - t) / (N (N - 1)))
// over the groups of t tied values among the N = n + m, and a continuity
// correction of 1/2; p is 1 when every value is the same. U and p are those
// of R's wilcox.test(a, b) (W there), which takes the exact distribution
// under another rule (both samples under 50 values, no ties).
// Swapping a and b gives U' = nm - U and the same p.
// REQUIRES: !a.empty() && !b.empty().
RankTest mann_whitney_u(std::span<const double> a, std::span<const double> b);

// How many times `b`'s values are `a`'s: the Hodges-Lehmann estimate
// exp(median of log(y) - log(x) over all nm pairs), and the confidence
// interval [exp(d_(k)), exp(d_(nm+1-k))] over those differences d sorted,
// d_(i) the i-th smallest (1-based). k is the largest with
// P(U <= k - 1) <= (1 - confidence) / 2 under the null hypothesis, so that
// for continuous data the interval holds the true ratio with probability
// 1 - 2 P(U <= k - 1), at least `confidence`:
// - with nm <= 400, from U's exact distribution, whether or not values
//   are tied;
// - past that, k = floor(nm/2 - z * sqrt(nm (n + m + 1) / 12)) with z the
//   standard normal quantile at (1 + confidence) / 2 (no continuity
//   correction: rounding down errs toward the wider interval).
// With too few values for the confidence asked (k < 1; two against two at
// 95 %, for instance), the interval is [0, infinity): nothing is known.
//
// Without ties and with nm <= 400 this is exp of R's wilcox.test(log(b),
// log(a), conf.int = TRUE, conf.level = confidence, exact = TRUE)
// (the Bauer/Moses interval: R's qu = qwilcox(alpha / 2, m, n) is this k),
// save that R widens k = 0 to k = 1 (the whole range of the differences)
// and compares the probabilities with a fuzz of 10 DBL_EPSILON. Past 400
// pairs R inverts its continuity-corrected test numerically instead, and
// its estimate is that inversion's root, not the median: the figures there
// differ slightly. Swapping a and b inverts the ratio and the interval.
// O(nm log nm) time and nm doubles of memory.
struct RatioEstimate {
  double ratio = 1;
  double low = 0;
  double high = 0;
};

// REQUIRES: every value > 0, !a.empty(), !b.empty(), 0 < confidence < 1.
RatioEstimate ratio_estimate(std::span<const double> a, std::span<const double> b, double confidence);

// The Wilcoxon signed-rank test of `differences` (paired values' differences)
// against a distribution symmetric about 0, two-sided. Zero differences are
// dropped, as Wilcoxon's test does; the others are ranked by their absolute
// values (ties get the mean of the ranks they span), and the statistic is
// the sum of the positive ones' ranks, T+ (RankTest::u).
// Exact p-value when there are no ties and no zeros among at most 50
// differences (the distribution of T+ over the 2^n sign choices, counted by
// dynamic programming): min(1, 2 * min(P(T+ <= t), P(T+ >= t))). Otherwise
// the normal approximation with mean n (n + 1) / 4, variance
// n (n + 1) (2n + 1) / 24 - sum(t^3 - t) / 48 over the groups of t tied
// absolute values, and a continuity correction of 1/2; p is 1 when nothing
// is left or every difference is tied. These are R's
// wilcox.test(x, y, paired = TRUE) figures (V there), whose exact rule is the
// same.
// REQUIRES: every value finite.
RankTest wilcoxon_signed_rank(std::span<const double> differences);

// How many times `b`'s values are `a`'s, the two measured in pairs (a[i]
// with b[i]): with d[i] = log(b[i]) - log(a[i]), the Hodges-Lehmann
// estimate exp(median of the n (n + 1) / 2 Walsh averages (d[i] + d[j]) / 2,
// i <= j), and the interval [exp(w_(k)), exp(w_(N+1-k))] over those
// averages sorted, N = n (n + 1) / 2, where k is the largest with
// P(T+ <= k - 1) <= (1 - confidence) / 2 under the null hypothesis: from
// the exact distribution of T+ for n <= 50, else
// k = floor(N / 2 - z * sqrt(n (n + 1) (2n + 1) / 24)). Zero differences
// stay in (the interval's coverage holds for continuous times). With too
// few pairs for the confidence asked (k < 1: five pairs at 95%, for
// instance), the interval is [0, infinity). The interval is R's
// wilcox.test(log(b), log(a), paired = TRUE, conf.int = TRUE) exact one,
// exponentiated, save for R's widening of k = 0 to 1.
// O(n^2 log n) time and n^2 / 2 doubles of memory.
// REQUIRES: a.size() == b.size() >= 1, every value > 0,
// 0 < confidence < 1.
RatioEstimate paired_ratio_estimate(std::span<const double> a, std::span<const double> b, double confidence);

}  // namespace poker::bench

#endif  // POKER_BENCH_STATISTICS_H_
