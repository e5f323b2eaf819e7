#include "figure_text.h"

#include <cmath>
#include <cstdio>

namespace poker::bench {

std::string printf_text(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string ratio_text(double ratio) {
  if (std::isinf(ratio)) return "\u221e";
  return printf_text(ratio < 1000 ? "%.2f\u00d7" : "%.3g\u00d7", ratio);
}

std::string percent_text(double fraction) {
  return printf_text(fraction * 100 < 1000 ? "%.1f%%" : "%.3g%%", fraction * 100);
}

std::string tolerance_text(double tolerance) { return printf_text("%g%%", tolerance * 100); }

std::string confidence_percent_text(double confidence) {
  const double percent = confidence * 100;
  for (int decimals = 0; decimals <= 2; ++decimals) {
    const double scale = std::pow(10.0, decimals);
    if (std::abs(std::round(percent * scale) / scale - percent) < 1e-9) {
      char text[64];
      std::snprintf(text, sizeof text, "%.*f%%", decimals, percent);
      return text;
    }
  }
  // Rounded down, so that the text never claims more confidence than there is.
  return printf_text("%.2f%%", std::floor(percent * 100) / 100);
}

std::string p_value_text(double p) { return p < 0.0001 ? "<0.0001" : printf_text("%.2g", p); }

}  // namespace poker::bench
