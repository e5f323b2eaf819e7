// The figures of a comparison as its table, its summary and its verdicts'
// reasons write them, so that the three say a ratio alike.
//
// Thread safety: pure.
#ifndef POKER_BENCH_SRC_FIGURE_TEXT_H_
#define POKER_BENCH_SRC_FIGURE_TEXT_H_

#include <string>

namespace poker::bench {

// `value` through printf's `format`.
std::string printf_text(const char* format, double value);

// "1.31×", "1.23e+03×", "∞".
std::string ratio_text(double ratio);

// "12.5%".
std::string percent_text(double fraction);

// The tolerance as people write it: "5%", "2.5%".
std::string tolerance_text(double tolerance);

// A confidence level as a percentage: "95%", "97.5%", "99.75%", and
// rounded down to two decimals beyond that ("99.97%" for 1 - 0.005 / 18).
std::string confidence_percent_text(double confidence);

// "0.0021", "<0.0001".
std::string p_value_text(double p);

}  // namespace poker::bench

#endif  // POKER_BENCH_SRC_FIGURE_TEXT_H_
