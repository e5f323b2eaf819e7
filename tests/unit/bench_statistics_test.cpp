// The statistics of `poker bench` against slow references written here:
// p-values against the enumeration of every way to split the pooled sample
// (and, for the paired test, of every choice of the ranks' signs),
// the tie-corrected normal approximation against its formula, the ratio's
// interval against order statistics found by counting, and the interval's
// coverage on samples whose true ratio is known.
#include "poker/bench/statistics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace poker::bench {
namespace {

std::vector<double> uniform_sample(std::mt19937_64& rng, std::size_t size, double low = 0, double high = 1) {
  std::uniform_real_distribution<double> value(low, high);
  std::vector<double> sample(size);
  for (double& x : sample) x = value(rng);
  return sample;
}

// Small whole numbers: samples full of ties, within and across.
std::vector<double> tied_sample(std::mt19937_64& rng, std::size_t size, int values) {
  std::uniform_int_distribution<int> value(1, values);
  std::vector<double> sample(size);
  for (double& x : sample) x = value(rng);
  return sample;
}

std::vector<double> lognormal_sample(std::mt19937_64& rng, std::size_t size, double scale, double sigma) {
  std::normal_distribution<double> normal(0, sigma);
  std::vector<double> sample(size);
  for (double& x : sample) x = scale * std::exp(normal(rng));
  return sample;
}

// U of `a` by its definition: the pairs where a's value is the larger, ties
// counting one half.
double pairs_u(const std::vector<double>& a, const std::vector<double>& b) {
  double u = 0;
  for (const double x : a) {
    for (const double y : b) u += x > y ? 1.0 : x == y ? 0.5 : 0.0;
  }
  return u;
}

// How many of the C(N, n) ways to choose which n of the pooled values are
// the first sample's give each value of 2U.
struct SplitCounts {
  std::vector<std::uint64_t> by_twice_u;
  std::uint64_t total = 0;
};

SplitCounts enumerate_splits(const std::vector<double>& pooled, std::size_t n) {
  const std::size_t size = pooled.size();
  std::vector<std::size_t> chosen(n);
  std::iota(chosen.begin(), chosen.end(), std::size_t{0});
  SplitCounts counts;
  counts.by_twice_u.assign(2 * n * (size - n) + 1, 0);
  for (;;) {
    std::vector<bool> in_a(size, false);
    for (const std::size_t i : chosen) in_a[i] = true;
    std::vector<double> a;
    std::vector<double> b;
    for (std::size_t i = 0; i < size; ++i) (in_a[i] ? a : b).push_back(pooled[i]);
    ++counts.by_twice_u[static_cast<std::size_t>(2 * pairs_u(a, b))];
    ++counts.total;
    // The next combination in lexicographic order.
    std::size_t i = n;
    while (i > 0 && chosen[i - 1] == size - n + i - 1) --i;
    if (i == 0) break;
    ++chosen[i - 1];
    for (std::size_t j = i; j < n; ++j) chosen[j] = chosen[j - 1] + 1;
  }
  return counts;
}

SplitCounts enumerate_splits(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> pooled = a;
  pooled.insert(pooled.end(), b.begin(), b.end());
  return enumerate_splits(pooled, a.size());
}

// The two-sided permutation p-value of U = u: twice the smaller tail.
double enumerated_p(const SplitCounts& counts, double u) {
  const auto twice_u = static_cast<std::size_t>(2 * u);
  std::uint64_t at_most = 0;
  std::uint64_t at_least = 0;
  for (std::size_t v = 0; v < counts.by_twice_u.size(); ++v) {
    if (v <= twice_u) at_most += counts.by_twice_u[v];
    if (v >= twice_u) at_least += counts.by_twice_u[v];
  }
  return std::min(1.0, 2.0 * static_cast<double>(std::min(at_most, at_least)) / static_cast<double>(counts.total));
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }

// The normal approximation written out: the tie-corrected variance, the
// continuity correction toward the mean, both tails.
double normal_p(const std::vector<double>& a, const std::vector<double>& b) {
  const auto n = static_cast<double>(a.size());
  const auto m = static_cast<double>(b.size());
  const double size = n + m;
  std::map<double, int> tied;
  for (const double x : a) ++tied[x];
  for (const double y : b) ++tied[y];
  double ties = 0;
  for (const auto& [value, t] : tied) ties += static_cast<double>(t) * t * t - t;
  const double variance = n * m / 12 * ((size + 1) - ties / (size * (size - 1)));
  if (variance <= 0) return 1;
  const double u = pairs_u(a, b);
  const double mean = n * m / 2;
  double z = 0;
  if (u > mean) z = (u - 0.5 - mean) / std::sqrt(variance);
  if (u < mean) z = (u + 0.5 - mean) / std::sqrt(variance);
  return 2 * (1 - normal_cdf(std::abs(z)));
}

// The splits of n + m distinct values: the distribution of U under the null
// hypothesis, whatever the values.
SplitCounts enumerate_distinct_splits(std::size_t n, std::size_t m) {
  std::vector<double> distinct(n + m);
  std::iota(distinct.begin(), distinct.end(), 0.0);
  return enumerate_splits(distinct, n);
}

// The k of the interval from the enumerated distribution of U: the largest
// with P(U <= k - 1) <= (1 - confidence) / 2.
std::size_t enumerated_k(const SplitCounts& counts, double confidence) {
  const double tail = (1 - confidence) / 2;
  const auto total = static_cast<double>(counts.total);
  std::size_t k = 0;
  std::uint64_t below = 0;
  // Without ties 2U is even: U = k sits at index 2k.
  while (2 * k < counts.by_twice_u.size() && static_cast<double>(below + counts.by_twice_u[2 * k]) / total <= tail) {
    below += counts.by_twice_u[2 * k];
    ++k;
  }
  return k;
}

// The standard normal quantile by bisection on the distribution function.
double bisected_normal_quantile(double p) {
  double low = -40;
  double high = 40;
  for (int i = 0; i < 200; ++i) {
    const double middle = (low + high) / 2;
    (normal_cdf(middle) < p ? low : high) = middle;
  }
  return (low + high) / 2;
}

// The k of the interval from the normal approximation, for samples too big
// for the exact distribution.
std::size_t normal_k(std::size_t n, std::size_t m, double confidence) {
  const auto nd = static_cast<double>(n);
  const auto md = static_cast<double>(m);
  const double z = bisected_normal_quantile(1 - (1 - confidence) / 2);
  const double k = std::floor(nd * md / 2 - z * std::sqrt(nd * md * (nd + md + 1) / 12));
  return k < 1 ? 0 : static_cast<std::size_t>(k);
}

// The k-th smallest (1-based) of `values` by counting: the value with fewer
// than k values below it and at least k at or below it.
double order_statistic(const std::vector<double>& values, std::size_t k) {
  for (const double v : values) {
    std::size_t below = 0;
    std::size_t at_or_below = 0;
    for (const double w : values) {
      below += w < v ? 1 : 0;
      at_or_below += w <= v ? 1 : 0;
    }
    if (below < k && k <= at_or_below) return v;
  }
  ADD_FAILURE() << "no order statistic " << k;
  return 0;
}

// The ratio estimate written out over every pair's log difference, with the
// k given.
RatioEstimate pairwise_ratio(const std::vector<double>& a, const std::vector<double>& b, std::size_t k) {
  std::vector<double> differences;
  for (const double x : a) {
    for (const double y : b) differences.push_back(std::log(y) - std::log(x));
  }
  const std::size_t pairs = differences.size();
  RatioEstimate expected;
  const double log_median =
      pairs % 2 == 1 ? order_statistic(differences, (pairs + 1) / 2)
                     : (order_statistic(differences, pairs / 2) + order_statistic(differences, pairs / 2 + 1)) / 2;
  expected.ratio = std::exp(log_median);
  if (k < 1) {
    expected.low = 0;
    expected.high = std::numeric_limits<double>::infinity();
  } else {
    expected.low = std::exp(order_statistic(differences, k));
    expected.high = std::exp(order_statistic(differences, pairs + 1 - k));
  }
  return expected;
}

void expect_same_estimate(const RatioEstimate& actual, const RatioEstimate& expected) {
  EXPECT_NEAR(actual.ratio, expected.ratio, 1e-12 * expected.ratio);
  EXPECT_NEAR(actual.low, expected.low, 1e-12 * expected.low);
  if (std::isinf(expected.high)) {
    EXPECT_TRUE(std::isinf(actual.high)) << actual.high;
  } else {
    EXPECT_NEAR(actual.high, expected.high, 1e-12 * expected.high);
  }
}

TEST(BenchStatistics, SummaryMatchesDirectFormulas) {
  std::mt19937_64 rng(11);
  for (std::size_t size = 1; size <= 40; ++size) {
    const std::vector<double> values = uniform_sample(rng, size, 0.5, 3);
    const SampleSummary summary = summarize_sample(values);
    const double mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(size);
    double squares = 0;
    for (const double x : values) squares += (x - mean) * (x - mean);
    const double stddev = size == 1 ? 0 : std::sqrt(squares / static_cast<double>(size - 1));
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const double median = size % 2 == 1 ? sorted[size / 2] : (sorted[size / 2 - 1] + sorted[size / 2]) / 2;
    EXPECT_NEAR(summary.mean, mean, 1e-13);
    EXPECT_DOUBLE_EQ(summary.median, median);
    EXPECT_DOUBLE_EQ(summary.median, median_of(values));
    EXPECT_NEAR(summary.stddev, stddev, 1e-13);
    EXPECT_NEAR(summary.cv, stddev / mean, 1e-13);
    EXPECT_EQ(summary.min, sorted.front());
    EXPECT_EQ(summary.max, sorted.back());
  }
}

TEST(BenchStatistics, SummaryOfOneValueHasNoSpread) {
  const std::vector<double> one = {2.5};
  const SampleSummary summary = summarize_sample(one);
  EXPECT_EQ(summary.mean, 2.5);
  EXPECT_EQ(summary.median, 2.5);
  EXPECT_EQ(summary.stddev, 0);
  EXPECT_EQ(summary.cv, 0);
  EXPECT_EQ(summary.min, 2.5);
  EXPECT_EQ(summary.max, 2.5);
}

// Sums of squares about zero lose every digit of a small spread far from
// zero; deviations from the mean keep them.
TEST(BenchStatistics, SummaryKeepsTheSpreadOfValuesFarFromZero) {
  const std::vector<double> values = {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};
  const SampleSummary summary = summarize_sample(values);
  EXPECT_EQ(summary.mean, 1e9 + 10);
  EXPECT_EQ(summary.median, 1e9 + 10);
  EXPECT_NEAR(summary.stddev, std::sqrt(30.0), 1e-9);  // (36 + 9 + 9 + 36) / 3
}

TEST(BenchStatistics, CvIsZeroWhenTheMeanIsZero) {
  const std::vector<double> values = {-1, 1};
  const SampleSummary summary = summarize_sample(values);
  EXPECT_EQ(summary.mean, 0);
  EXPECT_NEAR(summary.stddev, std::sqrt(2.0), 1e-15);
  EXPECT_EQ(summary.cv, 0);
}

TEST(BenchStatistics, MedianOfAnEvenCountIsTheMeanOfTheMiddleTwo) {
  EXPECT_EQ(median_of(std::vector<double>{4, 1, 3, 2}), 2.5);
  EXPECT_EQ(median_of(std::vector<double>{5, 1, 3}), 3);
  EXPECT_EQ(median_of(std::vector<double>{7, 7}), 7);
}

TEST(BenchStatistics, UCountsThePairsWithTiesAsOneHalf) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 200; ++trial) {
    const std::vector<double> a = tied_sample(rng, 1 + trial % 9, 4);
    const std::vector<double> b = tied_sample(rng, 1 + trial % 7, 4);
    EXPECT_EQ(mann_whitney_u(a, b).u, pairs_u(a, b));
  }
}

TEST(BenchStatistics, ExactPValueMatchesEnumerationOfEverySplit) {
  std::mt19937_64 rng(13);
  for (std::size_t n = 1; n <= 6; ++n) {
    for (std::size_t m = 1; m <= 6; ++m) {
      for (int trial = 0; trial < 12; ++trial) {
        // Wider apart now and then, so that the tails are visited too.
        const std::vector<double> a = uniform_sample(rng, n, 0, 1);
        const std::vector<double> b = uniform_sample(rng, m, trial * 0.1, 1 + trial * 0.1);
        const RankTest test = mann_whitney_u(a, b);
        ASSERT_TRUE(test.exact);
        EXPECT_EQ(test.u, pairs_u(a, b));
        EXPECT_NEAR(test.p_value, enumerated_p(enumerate_splits(a, b), test.u), 1e-12)
            << n << " against " << m << ", U " << test.u;
      }
    }
  }
}

// The exact distribution at its bounds of n * m = 400, where enumeration is
// still cheap: one value against 400 (U is uniform on 0..400) and two
// against 200.
TEST(BenchStatistics, ExactPValueMatchesEnumerationForLopsidedSamples) {
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<double> one = uniform_sample(rng, 1);
    const std::vector<double> many = uniform_sample(rng, 400);
    const RankTest test = mann_whitney_u(one, many);
    ASSERT_TRUE(test.exact);
    const double u = pairs_u(one, many);
    EXPECT_EQ(test.u, u);
    EXPECT_NEAR(test.p_value, std::min(1.0, 2 * std::min(u + 1, 401 - u) / 401), 1e-12);
  }
  const std::vector<double> two = uniform_sample(rng, 2);
  const std::vector<double> many = uniform_sample(rng, 200, 0.3, 1.3);
  const RankTest test = mann_whitney_u(two, many);
  ASSERT_TRUE(test.exact);
  EXPECT_NEAR(test.p_value, enumerated_p(enumerate_splits(two, many), test.u), 1e-12);
}

// Hollander and Wolfe (1973), p. 69: permeability constants of the human
// chorioamnion at term (x) and at 12 to 26 weeks (y); the example of R's
// wilcox.test documentation, which reports W = 35 and p = 0.1272 for the
// one-sided test (x greater), so 382 / 3003 on either side.
TEST(BenchStatistics, TextbookExampleGivesThePublishedUAndP) {
  const std::vector<double> x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
  const std::vector<double> y = {1.15, 0.88, 0.90, 0.74, 1.21};
  const RankTest test = mann_whitney_u(x, y);
  EXPECT_TRUE(test.exact);
  EXPECT_EQ(test.u, 35);
  EXPECT_NEAR(test.p_value / 2, 0.1272, 5e-5);
  EXPECT_NEAR(test.p_value, 2.0 * 382 / 3003, 1e-14);
}

TEST(BenchStatistics, SwappingTheSamplesMirrorsUAndKeepsP) {
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 40);
    const std::size_t m = 1 + static_cast<std::size_t>(trial % 23);
    const bool ties = trial % 2 == 0;
    const std::vector<double> a = ties ? tied_sample(rng, n, 6) : uniform_sample(rng, n);
    const std::vector<double> b = ties ? tied_sample(rng, m, 6) : uniform_sample(rng, m, 0.2, 1.2);
    const RankTest forward = mann_whitney_u(a, b);
    const RankTest backward = mann_whitney_u(b, a);
    EXPECT_EQ(backward.u, static_cast<double>(n * m) - forward.u);
    EXPECT_EQ(backward.exact, forward.exact);
    EXPECT_NEAR(backward.p_value, forward.p_value, 1e-12);
  }
}

TEST(BenchStatistics, PValueIsOneForIdenticalSamples) {
  std::mt19937_64 rng(16);
  for (std::size_t size = 1; size <= 30; ++size) {
    const std::vector<double> a = uniform_sample(rng, size);
    const RankTest test = mann_whitney_u(a, a);
    EXPECT_FALSE(test.exact);  // every value tied across
    EXPECT_EQ(test.u, static_cast<double>(size * size) / 2);
    EXPECT_EQ(test.p_value, 1);
  }
  // All one value: the variance is zero.
  const std::vector<double> same(7, 3.0);
  const std::vector<double> also_same(4, 3.0);
  EXPECT_EQ(mann_whitney_u(same, also_same).p_value, 1);
}

TEST(BenchStatistics, TiedSamplesUseTheTieCorrectedNormalApproximation) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 12);
    const std::size_t m = 2 + static_cast<std::size_t>(trial % 17);
    const std::vector<double> a = tied_sample(rng, n, 3 + trial % 5);
    std::vector<double> b = tied_sample(rng, m, 3 + trial % 5);
    b.push_back(a.front());  // at least one tie
    const RankTest test = mann_whitney_u(a, b);
    EXPECT_FALSE(test.exact);
    EXPECT_NEAR(test.p_value, normal_p(a, b), 1e-12);
    EXPECT_GE(test.p_value, 0);
    EXPECT_LE(test.p_value, 1);
  }
}

TEST(BenchStatistics, LargeSamplesUseTheNormalApproximation) {
  std::mt19937_64 rng(18);
  for (int trial = 0; trial < 50; ++trial) {
    const std::vector<double> a = uniform_sample(rng, 20 + static_cast<std::size_t>(trial), 0, 1);
    const std::vector<double> b = uniform_sample(rng, 21, 0.05 * trial, 1 + 0.05 * trial);
    const RankTest test = mann_whitney_u(a, b);
    EXPECT_FALSE(test.exact);  // 20 * 21 > 400
    EXPECT_NEAR(test.p_value, normal_p(a, b), 1e-12);
  }
}

// At 20 against 20, the largest square the exact distribution covers, the
// two ways agree to within the approximation's error.
TEST(BenchStatistics, ExactAndNormalPValuesAgreeForTwentyAgainstTwenty) {
  std::mt19937_64 rng(19);
  for (int trial = 0; trial < 50; ++trial) {
    const std::vector<double> a = uniform_sample(rng, 20, 0, 1);
    const std::vector<double> b = uniform_sample(rng, 20, 0.01 * trial, 1 + 0.01 * trial);
    const RankTest test = mann_whitney_u(a, b);
    ASSERT_TRUE(test.exact);
    EXPECT_NEAR(test.p_value, normal_p(a, b), 0.01);
  }
}

// Sliding one sample past the other takes U from n * m to 0; the further U
// is from its mean, the smaller p.
TEST(BenchStatistics, PValueFallsAsUMovesAwayFromItsMean) {
  std::mt19937_64 rng(20);
  for (const std::size_t size : {8u, 30u}) {
    const std::vector<double> a = uniform_sample(rng, size);
    const std::vector<double> base = uniform_sample(rng, size);
    std::vector<std::pair<double, double>> by_distance;  // |U - mean|, p
    for (int step = -30; step <= 30; ++step) {
      std::vector<double> b = base;
      for (double& y : b) y += step * 0.05;
      const RankTest test = mann_whitney_u(a, b);
      EXPECT_EQ(test.exact, size == 8);
      by_distance.emplace_back(std::abs(test.u - static_cast<double>(size * size) / 2), test.p_value);
    }
    std::sort(by_distance.begin(), by_distance.end());
    EXPECT_EQ(by_distance.back().first, static_cast<double>(size * size) / 2);  // it got all the way
    for (std::size_t i = 1; i < by_distance.size(); ++i) {
      EXPECT_LE(by_distance[i].second, by_distance[i - 1].second) << "at |U - mean| " << by_distance[i].first;
      if (by_distance[i].first == by_distance[i - 1].first) {
        EXPECT_NEAR(by_distance[i].second, by_distance[i - 1].second, 1e-15);
      }
    }
  }
}

TEST(BenchStatistics, PValueOfSeparatedSamplesIsSmallButPositive) {
  std::vector<double> low(10);
  std::vector<double> high(10);
  std::iota(low.begin(), low.end(), 1.0);
  std::iota(high.begin(), high.end(), 11.0);
  const RankTest exact = mann_whitney_u(low, high);
  EXPECT_TRUE(exact.exact);
  EXPECT_EQ(exact.u, 0);
  EXPECT_NEAR(exact.p_value, 2.0 / 184756, 1e-18);  // 2 / C(20, 10)
  std::vector<double> more_low(100);
  std::vector<double> more_high(100);
  std::iota(more_low.begin(), more_low.end(), 1.0);
  std::iota(more_high.begin(), more_high.end(), 101.0);
  const RankTest normal = mann_whitney_u(more_high, more_low);
  EXPECT_FALSE(normal.exact);
  EXPECT_EQ(normal.u, 10000);
  EXPECT_GE(normal.p_value, 0);
  EXPECT_LT(normal.p_value, 1e-30);
}

TEST(BenchStatistics, RatioEstimateMatchesPairwiseOrderStatistics) {
  std::mt19937_64 rng(21);
  for (std::size_t n = 1; n <= 7; ++n) {
    for (std::size_t m = 1; m <= 7; ++m) {
      const SplitCounts counts = enumerate_distinct_splits(n, m);
      for (const double confidence : {0.5, 0.8, 0.9, 0.95, 0.99}) {
        const std::vector<double> a = lognormal_sample(rng, n, 1, 0.3);
        const std::vector<double> b = lognormal_sample(rng, m, 1.5, 0.3);
        SCOPED_TRACE(testing::Message() << n << " against " << m << " at " << confidence);
        expect_same_estimate(ratio_estimate(a, b, confidence), pairwise_ratio(a, b, enumerated_k(counts, confidence)));
      }
    }
  }
}

// Past 400 pairs, k comes from the normal quantile (here by bisection).
TEST(BenchStatistics, RatioEstimateOfLargeSamplesTakesKFromTheNormalApproximation) {
  std::mt19937_64 rng(22);
  for (const auto& [n, m] : {std::pair<std::size_t, std::size_t>{20, 21}, {25, 30}, {1, 401}, {40, 12}}) {
    for (const double confidence : {0.9, 0.95, 0.99}) {
      const std::vector<double> a = lognormal_sample(rng, n, 1, 0.2);
      const std::vector<double> b = lognormal_sample(rng, m, 0.7, 0.2);
      SCOPED_TRACE(testing::Message() << n << " against " << m << " at " << confidence);
      expect_same_estimate(ratio_estimate(a, b, confidence), pairwise_ratio(a, b, normal_k(n, m, confidence)));
    }
  }
}

// Two against two: P(U <= 0) is 1/6, more than 2.5 %, so at 95 % no
// interval of the pairs will do.
TEST(BenchStatistics, RatioIntervalIsUnboundedWithTooFewValues) {
  const std::vector<double> a = {1, 2};
  const std::vector<double> b = {3, 4};
  const RatioEstimate estimate = ratio_estimate(a, b, 0.95);
  // The ratios are 1.5, 2, 3 and 4: the median of their logarithms is log 6 / 2.
  EXPECT_NEAR(estimate.ratio, std::sqrt(6.0), 1e-12);
  EXPECT_EQ(estimate.low, 0);
  EXPECT_TRUE(std::isinf(estimate.high));
  // At 50 % the same values do bound it: P(U <= 0) = 1/6 <= 1/4.
  const RatioEstimate half = ratio_estimate(a, b, 0.5);
  EXPECT_NEAR(half.low, 1.5, 1e-12);
  EXPECT_NEAR(half.high, 4, 1e-12);
}

TEST(BenchStatistics, RatioOfAScaledSampleIsTheScale) {
  std::mt19937_64 rng(23);
  for (const std::size_t size : {5u, 15u, 40u}) {
    const std::vector<double> a = lognormal_sample(rng, size, 1, 0.1);
    std::vector<double> b = a;
    for (double& y : b) y *= 2;
    const RatioEstimate estimate = ratio_estimate(a, b, 0.95);
    EXPECT_NEAR(estimate.ratio, 2, 1e-12);
    EXPECT_LT(estimate.low, 2);
    EXPECT_GT(estimate.high, 2);
  }
}

TEST(BenchStatistics, SwappingTheSamplesInvertsTheRatioAndItsInterval) {
  std::mt19937_64 rng(24);
  for (int trial = 0; trial < 100; ++trial) {
    const std::vector<double> a = lognormal_sample(rng, 1 + static_cast<std::size_t>(trial % 30), 1, 0.3);
    const std::vector<double> b = lognormal_sample(rng, 1 + static_cast<std::size_t>(trial % 17), 1.2, 0.3);
    const RatioEstimate forward = ratio_estimate(a, b, 0.95);
    const RatioEstimate backward = ratio_estimate(b, a, 0.95);
    EXPECT_NEAR(backward.ratio, 1 / forward.ratio, 1e-12 / forward.ratio);
    if (forward.low == 0) {
      EXPECT_EQ(backward.low, 0);
      EXPECT_TRUE(std::isinf(backward.high));
    } else {
      EXPECT_NEAR(backward.low, 1 / forward.high, 1e-12 / forward.high);
      EXPECT_NEAR(backward.high, 1 / forward.low, 1e-12 / forward.low);
    }
  }
}

// Samples of one lognormal distribution, the second scaled by a known
// ratio: the 95 % interval holds it in about 95 % of trials, through the
// exact distribution (10 against 10) and the normal approximation (25
// against 30) alike.
TEST(BenchStatistics, RatioIntervalCoversTheTrueRatioAboutAsOftenAsAsked) {
  constexpr double kTrueRatio = 1.7;
  constexpr int kTrials = 2000;
  for (const auto& [n, m] : {std::pair<std::size_t, std::size_t>{10, 10}, {25, 30}}) {
    std::mt19937_64 rng(25 + n);
    int covered = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
      const std::vector<double> a = lognormal_sample(rng, n, 1, 0.25);
      const std::vector<double> b = lognormal_sample(rng, m, kTrueRatio, 0.25);
      const RatioEstimate estimate = ratio_estimate(a, b, 0.95);
      covered += estimate.low <= kTrueRatio && kTrueRatio <= estimate.high ? 1 : 0;
    }
    const double coverage = static_cast<double>(covered) / kTrials;
    EXPECT_GE(coverage, 0.92) << n << " against " << m;
    EXPECT_LE(coverage, 0.98) << n << " against " << m;
  }
}

// The paired test's reference: every one of the 2^n ways to give the ranks
// 1..n signs, and the sum of the positive ones in each.
std::vector<std::uint64_t> enumerate_sign_choices(std::size_t n) {
  std::vector<std::uint64_t> by_sum(n * (n + 1) / 2 + 1, 0);
  for (std::uint64_t signs = 0; signs < (std::uint64_t{1} << n); ++signs) {
    std::size_t sum = 0;
    for (std::size_t rank = 1; rank <= n; ++rank) sum += (signs >> (rank - 1)) & 1 ? rank : 0;
    ++by_sum[sum];
  }
  return by_sum;
}

// T+ by its definition: each positive difference's rank among the absolute
// values (all distinct here), 1-based.
double positive_rank_sum(const std::vector<double>& differences) {
  double sum = 0;
  for (const double d : differences) {
    if (d <= 0) continue;
    std::size_t rank = 1;
    for (const double other : differences) rank += std::abs(other) < std::abs(d) ? 1 : 0;
    sum += static_cast<double>(rank);
  }
  return sum;
}

std::vector<double> differences_of(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> differences;
  for (std::size_t i = 0; i < a.size(); ++i) differences.push_back(std::log(b[i]) - std::log(a[i]));
  return differences;
}

TEST(BenchStatistics, SignedRankPValueMatchesEnumerationOfEverySignChoice) {
  std::mt19937_64 rng(31);
  for (std::size_t n = 1; n <= 12; ++n) {
    const std::vector<std::uint64_t> by_sum = enumerate_sign_choices(n);
    for (int trial = 0; trial < 20; ++trial) {
      // Shifted now and then, so that the tails are visited too.
      const std::vector<double> differences = uniform_sample(rng, n, -1 + trial * 0.1, 1 + trial * 0.1);
      const RankTest test = wilcoxon_signed_rank(differences);
      ASSERT_TRUE(test.exact);
      const double t = positive_rank_sum(differences);
      EXPECT_EQ(test.u, t);
      std::uint64_t at_most = 0;
      std::uint64_t at_least = 0;
      for (std::size_t v = 0; v < by_sum.size(); ++v) {
        if (static_cast<double>(v) <= t) at_most += by_sum[v];
        if (static_cast<double>(v) >= t) at_least += by_sum[v];
      }
      const double expected = std::min(
          1.0, 2.0 * static_cast<double>(std::min(at_most, at_least)) / static_cast<double>(std::uint64_t{1} << n));
      EXPECT_NEAR(test.p_value, expected, 1e-12) << n << " pairs, T+ " << t;
    }
  }
}

// Hollander and Wolfe (1973), p. 29: Hamilton depression scale factor IV
// before (x) and after (y) a tranquilizer; the example of R's wilcox.test
// documentation, which reports V = 40 and p = 0.01953 (= 10 / 512) for the
// one-sided test (x greater).
TEST(BenchStatistics, SignedRankTextbookExampleGivesThePublishedVAndP) {
  const std::vector<double> x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
  const std::vector<double> y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
  std::vector<double> differences;
  for (std::size_t i = 0; i < x.size(); ++i) differences.push_back(x[i] - y[i]);
  const RankTest test = wilcoxon_signed_rank(differences);
  EXPECT_TRUE(test.exact);
  EXPECT_EQ(test.u, 40);
  EXPECT_NEAR(test.p_value, 2.0 * 10 / 512, 1e-14);
}

// Zeros are dropped; ties get mean ranks and the tie-corrected normal
// approximation, written out here.
TEST(BenchStatistics, SignedRankDropsZerosAndCorrectsForTies) {
  const std::vector<double> differences = {0, 0, 1, -1, 2, 2, 2, 3, -3, 4, 5, 0};
  // Nonzero |d|: 1 1 2 2 2 3 3 4 5, ranks 1.5 1.5 4 4 4 6.5 6.5 8 9.
  const RankTest test = wilcoxon_signed_rank(differences);
  EXPECT_FALSE(test.exact);
  const double t_plus = 1.5 + 4 + 4 + 4 + 6.5 + 8 + 9;
  EXPECT_DOUBLE_EQ(test.u, t_plus);
  const double n = 9;
  const double ties = (8 - 2) + (27 - 3) + (8 - 2);
  const double variance = n * (n + 1) * (2 * n + 1) / 24 - ties / 48;
  const double z = (std::abs(t_plus - n * (n + 1) / 4) - 0.5) / std::sqrt(variance);
  EXPECT_NEAR(test.p_value, 2 * (1 - normal_cdf(z)), 1e-12);
  EXPECT_EQ(wilcoxon_signed_rank(std::vector<double>{0, 0, 0}).p_value, 1);
}

// The paired interval against its definition: the Walsh averages sorted,
// and k counted from the enumerated distribution of T+.
TEST(BenchStatistics, PairedRatioEstimateMatchesWalshAverageOrderStatistics) {
  std::mt19937_64 rng(32);
  for (std::size_t n = 6; n <= 13; ++n) {
    const std::vector<std::uint64_t> by_sum = enumerate_sign_choices(n);
    const double total = static_cast<double>(std::uint64_t{1} << n);
    for (const double confidence : {0.9, 0.95, 0.99}) {
      std::size_t k = 0;
      std::uint64_t below = 0;
      while (static_cast<double>(below + by_sum[k]) / total <= (1 - confidence) / 2) below += by_sum[k++];
      const std::vector<double> a = lognormal_sample(rng, n, 1, 0.3);
      const std::vector<double> b = lognormal_sample(rng, n, 1.2, 0.3);
      const std::vector<double> d = differences_of(a, b);
      std::vector<double> walsh;
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i; j < n; ++j) walsh.push_back((d[i] + d[j]) / 2);
      }
      std::sort(walsh.begin(), walsh.end());
      const RatioEstimate estimate = paired_ratio_estimate(a, b, confidence);
      if (k == 0) {
        EXPECT_EQ(estimate.low, 0);
        continue;
      }
      EXPECT_NEAR(estimate.low, std::exp(walsh[k - 1]), 1e-12);
      EXPECT_NEAR(estimate.high, std::exp(walsh[walsh.size() - k]), 1e-12);
      const std::size_t middle = walsh.size() / 2;
      const double median = walsh.size() % 2 == 1 ? walsh[middle] : (walsh[middle - 1] + walsh[middle]) / 2;
      EXPECT_NEAR(estimate.ratio, std::exp(median), 1e-12);
    }
  }
}

TEST(BenchStatistics, PairedIntervalIsUnboundedWithTooFewPairs) {
  // Five pairs: the most extreme sign choice alone has probability 1/32,
  // above the 2.5 % each tail may have.
  const std::vector<double> a = {1, 2, 3, 4, 5};
  const std::vector<double> b = {2, 4, 6, 8, 10};
  const RatioEstimate five = paired_ratio_estimate(a, b, 0.95);
  EXPECT_EQ(five.low, 0);
  EXPECT_TRUE(std::isinf(five.high));
  const RatioEstimate six =
      paired_ratio_estimate(std::vector<double>{1, 2, 3, 4, 5, 6}, std::vector<double>{2, 4, 6, 8, 10, 12}, 0.95);
  EXPECT_NEAR(six.low, 2, 1e-12);
  EXPECT_NEAR(six.high, 2, 1e-12);
}

// Pairs that share a load (a factor common to both values of a pair,
// varying widely between pairs), the second value scaled by a known ratio:
// the paired interval holds the ratio about as often as asked, exactly
// (12 pairs) and through the normal approximation (60 pairs), and is far
// narrower than the interval that ignores the pairing.
TEST(BenchStatistics, PairedIntervalCoversTheTrueRatioAndSeesThroughASharedLoad) {
  constexpr double kTrueRatio = 1.15;
  constexpr int kTrials = 2000;
  for (const std::size_t n : {std::size_t{12}, std::size_t{60}}) {
    std::mt19937_64 rng(33 + n);
    std::normal_distribution<double> load(0, 0.3);
    int covered = 0;
    double paired_width = 0;
    double unpaired_width = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
      std::vector<double> a = lognormal_sample(rng, n, 1, 0.03);
      std::vector<double> b = lognormal_sample(rng, n, kTrueRatio, 0.03);
      for (std::size_t i = 0; i < n; ++i) {
        const double shared = std::exp(load(rng));
        a[i] *= shared;
        b[i] *= shared;
      }
      const RatioEstimate paired = paired_ratio_estimate(a, b, 0.95);
      const RatioEstimate unpaired = ratio_estimate(a, b, 0.95);
      covered += paired.low <= kTrueRatio && kTrueRatio <= paired.high ? 1 : 0;
      paired_width += std::log(paired.high / paired.low);
      unpaired_width += std::log(unpaired.high / unpaired.low);
    }
    const double coverage = static_cast<double>(covered) / kTrials;
    EXPECT_GE(coverage, 0.92) << n << " pairs";
    EXPECT_LE(coverage, 0.98) << n << " pairs";
    EXPECT_LT(paired_width * 4, unpaired_width) << n << " pairs";
  }
}

}  // namespace
}  // namespace poker::bench
