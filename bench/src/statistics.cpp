#include "poker/bench/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <vector>

namespace poker::bench {
namespace {

// The exact distribution of U has at most this many pairs behind it: the
// counts then stay below 2^53 (C(40, 20) is about 1.4e11), so they are
// exact in a double, and the table is small.
constexpr std::size_t kMaxExactPairs = 400;

// The number of arrangements of n values of one sample and m of the other
// (all distinct) in which U, the pairs where the first sample's value is the
// larger, is u, for u = 0 .. n * m. They sum to C(n + m, n).
//
// count(i, j, u) over i values of the first sample and j of the second: the
// largest of the i + j values is either the first sample's, beating all j of
// the second (count(i - 1, j, u - j)), or the second's, beating none
// (count(i, j - 1, u)).
std::vector<double> u_counts(std::size_t n, std::size_t m) {
  const std::size_t pairs = n * m;
  // row[j][u] = count(i, j, u) for the current i; count(0, j, u) is 1 for u = 0.
  std::vector<std::vector<double>> row(m + 1, std::vector<double>(pairs + 1, 0.0));
  for (auto& counts : row) counts[0] = 1;
  for (std::size_t i = 1; i <= n; ++i) {
    std::vector<std::vector<double>> next(m + 1, std::vector<double>(pairs + 1, 0.0));
    next[0][0] = 1;  // count(i, 0, u): the first sample alone, U = 0
    for (std::size_t j = 1; j <= m; ++j) {
      for (std::size_t u = 0; u <= i * j; ++u) {
        next[j][u] = next[j - 1][u] + (u >= j ? row[j][u - j] : 0.0);
      }
    }
    row = std::move(next);
  }
  return row[m];
}

// The signed-rank test's exact distribution is counted for at most this
// many differences: the counts, of 2^n sign choices, stay exact in a double.
constexpr std::size_t kMaxExactDifferences = 50;

// The number of the 2^n ways to give ranks 1..n signs in which the sum of
// the positive ranks is t, for t = 0 .. n (n + 1) / 2: each rank r either
// joins the positive sum (shifting it by r) or does not.
std::vector<double> signed_rank_counts(std::size_t n) {
  std::vector<double> counts(n * (n + 1) / 2 + 1, 0.0);
  counts[0] = 1;
  for (std::size_t rank = 1; rank <= n; ++rank) {
    for (std::size_t t = rank * (rank + 1) / 2; t >= rank; --t) counts[t] += counts[t - rank];
  }
  return counts;
}

// The largest k with P(S <= k - 1) <= tail, for a statistic S whose
// null distribution is `counts` (arrangements per value 0, 1, ...).
std::size_t lower_order(const std::vector<double>& counts, double tail) {
  double total = 0;
  for (const double count : counts) total += count;
  std::size_t k = 0;
  double below_k = 0;  // the arrangements with S <= k - 1
  while (k < counts.size() && (below_k + counts[k]) / total <= tail) below_k += counts[k++];
  return k;
}

// The two-sided p-value of `s` under the null distribution `counts`:
// min(1, 2 min(P(S <= s), P(S >= s))).
double two_sided_p(const std::vector<double>& counts, std::size_t s) {
  double total = 0;
  double at_most = 0;
  for (std::size_t v = 0; v < counts.size(); ++v) {
    total += counts[v];
    if (v <= s) at_most += counts[v];
  }
  const double at_least = total - at_most + counts[s];
  return std::min(1.0, 2 * std::min(at_most, at_least) / total);
}

// exp of the values at `k` (1-based) from each end of `sorted`, or
// [0, infinity) when k < 1: nothing is known.
void set_interval(RatioEstimate& estimate, const std::vector<double>& sorted, std::size_t k) {
  if (k < 1) {
    estimate.low = 0;
    estimate.high = std::numeric_limits<double>::infinity();
    return;
  }
  estimate.low = std::exp(sorted[k - 1]);
  estimate.high = std::exp(sorted[sorted.size() - k]);
}

// exp of the median of `sorted`.
double exp_median(const std::vector<double>& sorted) {
  const std::size_t count = sorted.size();
  const double middle = sorted[count / 2];
  return std::exp(count % 2 == 1 ? middle : (sorted[count / 2 - 1] + middle) / 2);
}

// The standard normal distribution's quantile at p in (0, 1): Acklam's
// rational approximation (relative error below 1.2e-9), then one step of
// Halley's method on erfc, which brings it to about the precision of a
// double.
double normal_quantile(double p) {
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                 1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                 6.680131188771972e+01, -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                 -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                 3.754408661907416e+00};
  constexpr double kLow = 0.02425;
  double x = 0;
  if (p < kLow || p > 1 - kLow) {
    const double q = std::sqrt(-2 * std::log(p < kLow ? p : 1 - p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    if (p > 1 - kLow) x = -x;
  } else {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  const double error = 0.5 * std::erfc(-x / std::numbers::sqrt2) - p;
  const double step = error * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
  return x - step / (1 + x * step / 2);
}

// The pooled sample's ranks, summed over `a` (ties get the mean of the ranks
// they span), and the sum of t^3 - t over the groups of t tied values.
struct Ranks {
  double a_rank_sum = 0;
  double tie_sum = 0;
};

Ranks rank_sums(std::span<const double> a, std::span<const double> b) {
  struct Value {
    double value;
    bool in_a;
  };
  std::vector<Value> pooled;
  pooled.reserve(a.size() + b.size());
  for (const double x : a) pooled.push_back({x, true});
  for (const double y : b) pooled.push_back({y, false});
  std::sort(pooled.begin(), pooled.end(), [](const Value& l, const Value& r) { return l.value < r.value; });
  Ranks ranks;
  for (std::size_t first = 0; first < pooled.size();) {
    std::size_t end = first + 1;
    while (end < pooled.size() && pooled[end].value == pooled[first].value) ++end;
    // Ranks first + 1 .. end, 1-based: their mean.
    const double mid_rank = (static_cast<double>(first + 1) + static_cast<double>(end)) / 2;
    for (std::size_t i = first; i < end; ++i) {
      if (pooled[i].in_a) ranks.a_rank_sum += mid_rank;
    }
    const double t = static_cast<double>(end - first);
    ranks.tie_sum += t * t * t - t;
    first = end;
  }
  return ranks;
}

}  // namespace

double median_of(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end());
  const std::size_t middle = sorted.size() / 2;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(middle), sorted.end());
  const double upper = sorted[middle];
  if (sorted.size() % 2 == 1) return upper;
  // The lower middle is the largest of the values before the upper one.
  const double lower = *std::max_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(middle));
  return (lower + upper) / 2;
}

SampleSummary summarize_sample(std::span<const double> values) {
  const auto n = static_cast<double>(values.size());
  SampleSummary summary;
  // Two passes: the mean, then the squares of the deviations from it, with
  // the sum of the deviations (zero but for rounding) correcting the mean's
  // rounding, so that values far from zero with a small spread (times of
  // a few nanoseconds' difference) keep their digits.
  double sum = 0;
  for (const double x : values) sum += x;
  summary.mean = sum / n;
  double squares = 0;
  double deviations = 0;
  for (const double x : values) {
    squares += (x - summary.mean) * (x - summary.mean);
    deviations += x - summary.mean;
  }
  if (values.size() > 1) {
    summary.stddev = std::sqrt(std::max(0.0, (squares - deviations * deviations / n) / (n - 1)));
  }
  summary.cv = summary.mean == 0 ? 0 : summary.stddev / summary.mean;
  const auto [min, max] = std::minmax_element(values.begin(), values.end());
  summary.min = *min;
  summary.max = *max;
  summary.median = median_of(values);
  return summary;
}

RankTest mann_whitney_u(std::span<const double> a, std::span<const double> b) {
  const auto n = static_cast<double>(a.size());
  const auto m = static_cast<double>(b.size());
  const Ranks ranks = rank_sums(a, b);
  RankTest test;
  test.u = ranks.a_rank_sum - n * (n + 1) / 2;
  if (ranks.tie_sum == 0 && a.size() * b.size() <= kMaxExactPairs) {
    // U is an integer without ties.
    test.p_value = two_sided_p(u_counts(a.size(), b.size()), static_cast<std::size_t>(test.u));
    test.exact = true;
    return test;
  }
  const double total = n + m;
  const double variance = n * m / 12 * ((total + 1) - ranks.tie_sum / (total * (total - 1)));
  if (variance <= 0) return test;  // every value the same: nothing tells the samples apart
  // U is a multiple of 1/2, so its distance from the mean is 0 or at least
  // the continuity correction.
  const double distance = std::max(0.0, std::abs(test.u - n * m / 2) - 0.5);
  test.p_value = std::min(1.0, std::erfc(distance / std::sqrt(variance) / std::numbers::sqrt2));
  return test;
}

RatioEstimate ratio_estimate(std::span<const double> a, std::span<const double> b, double confidence) {
  std::vector<double> log_b;
  log_b.reserve(b.size());
  for (const double y : b) log_b.push_back(std::log(y));
  std::vector<double> differences;
  differences.reserve(a.size() * b.size());
  for (const double x : a) {
    const double log_x = std::log(x);
    for (const double log_y : log_b) differences.push_back(log_y - log_x);
  }
  std::sort(differences.begin(), differences.end());
  const std::size_t pairs = differences.size();
  RatioEstimate estimate;
  estimate.ratio = exp_median(differences);
  // k: the largest with P(U <= k - 1) <= (1 - confidence) / 2.
  const double tail = (1 - confidence) / 2;
  std::size_t k = 0;
  if (pairs <= kMaxExactPairs) {
    k = lower_order(u_counts(a.size(), b.size()), tail);
  } else {
    const auto n = static_cast<double>(a.size());
    const auto m = static_cast<double>(b.size());
    const double sd = std::sqrt(n * m * (n + m + 1) / 12);
    const double from_normal = std::floor(n * m / 2 + normal_quantile(tail) * sd);
    k = from_normal < 1 ? 0 : static_cast<std::size_t>(from_normal);
  }
  set_interval(estimate, differences, k);
  return estimate;
}

RankTest wilcoxon_signed_rank(std::span<const double> differences) {
  std::vector<double> magnitudes;  // |d| of the nonzero differences, with the sign kept apart
  std::vector<bool> positive;
  for (const double d : differences) {
    if (d == 0) continue;
    magnitudes.push_back(std::abs(d));
    positive.push_back(d > 0);
  }
  RankTest test;
  const std::size_t n = magnitudes.size();
  if (n == 0) return test;  // no difference at all: nothing against the null hypothesis
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) { return magnitudes[l] < magnitudes[r]; });
  double tie_sum = 0;
  for (std::size_t first = 0; first < n;) {
    std::size_t end = first + 1;
    while (end < n && magnitudes[order[end]] == magnitudes[order[first]]) ++end;
    const double mid_rank = (static_cast<double>(first + 1) + static_cast<double>(end)) / 2;
    for (std::size_t i = first; i < end; ++i) {
      if (positive[order[i]]) test.u += mid_rank;
    }
    const double t = static_cast<double>(end - first);
    tie_sum += t * t * t - t;
    first = end;
  }
  const bool zeros = n < differences.size();
  if (tie_sum == 0 && !zeros && n <= kMaxExactDifferences) {
    // T+ is an integer without ties.
    test.p_value = two_sided_p(signed_rank_counts(n), static_cast<std::size_t>(test.u));
    test.exact = true;
    return test;
  }
  const auto count = static_cast<double>(n);
  const double variance = count * (count + 1) * (2 * count + 1) / 24 - tie_sum / 48;
  if (variance <= 0) return test;
  const double distance = std::max(0.0, std::abs(test.u - count * (count + 1) / 4) - 0.5);
  test.p_value = std::min(1.0, std::erfc(distance / std::sqrt(variance) / std::numbers::sqrt2));
  return test;
}

RatioEstimate paired_ratio_estimate(std::span<const double> a, std::span<const double> b, double confidence) {
  const std::size_t n = a.size();
  std::vector<double> differences;
  differences.reserve(n);
  for (std::size_t i = 0; i < n; ++i) differences.push_back(std::log(b[i]) - std::log(a[i]));
  std::vector<double> walsh;
  walsh.reserve(n * (n + 1) / 2);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i; j < n; ++j) walsh.push_back((differences[i] + differences[j]) / 2);
  }
  std::sort(walsh.begin(), walsh.end());
  RatioEstimate estimate;
  estimate.ratio = exp_median(walsh);
  // k: the largest with P(T+ <= k - 1) <= (1 - confidence) / 2.
  const double tail = (1 - confidence) / 2;
  std::size_t k = 0;
  if (n <= kMaxExactDifferences) {
    k = lower_order(signed_rank_counts(n), tail);
  } else {
    const auto count = static_cast<double>(n);
    const double sd = std::sqrt(count * (count + 1) * (2 * count + 1) / 24);
    const double from_normal = std::floor(static_cast<double>(walsh.size()) / 2 + normal_quantile(tail) * sd);
    k = from_normal < 1 ? 0 : static_cast<std::size_t>(from_normal);
  }
  set_interval(estimate, walsh, k);
  return estimate;
}

}  // namespace poker::bench
