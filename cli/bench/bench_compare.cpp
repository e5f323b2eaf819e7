// PLACEHOLDER (benchrun's branch): the benchcmp helper's version replaces this file at merge.
#include "bench_compare.h"

#include <string>

namespace poker::cli {

int compare_bench_reports(std::string_view, std::string_view old_name, std::string_view, std::string_view,
                          std::ostream&) {
  throw BenchReportError(std::string(old_name) + ": --compare is not implemented in this build");
}

}  // namespace poker::cli
