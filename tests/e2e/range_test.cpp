// `poker range RANGE`, as a user runs it (stdout a pipe: no colour).
#include <gtest/gtest.h>

#include <string>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

TEST(RangeCommand, PrintsTheGridAndTheCombos) {
  const RunResult result = run_poker({"range", "qq+,AKs,T9s-65s"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out.rfind("AA   AKs  .    .    .", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("\n.    .    .    .    .    T9s  .    .    .    .    .    .    .\n"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\n42 combos, 3.17% of all 1326\n"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find('\033'), std::string::npos);  // not a terminal: no colour
}

TEST(RangeCommand, AnInvalidRangeIsAUsageError) {
  const RunResult result = run_poker({"range", "AX"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err.substr(0, result.err.find('\n')), "poker: range: expected a rank after 'A' in 'AX'");
  EXPECT_EQ(run_poker({"range"}).exit_status, 2);
}

}  // namespace
}  // namespace poker::e2e
