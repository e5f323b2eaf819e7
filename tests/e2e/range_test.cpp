// `poker range RANGE`, as a user runs it (stdout a pipe: no colour).
#include <gtest/gtest.h>

#include <string>
#include <vector>

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

TEST(RangeCommand, ANegativePercentageIsCalledNegative) {
  const RunResult result = run_poker({"range", "-5%"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "poker: range: percentage '-5%' is negative: expected a share of all hands such as '10%' or '2.5%', from 0 "
            "(excluded) to 100%\nRun 'poker range --help' for usage.\n");
}

// An option of other commands that `range` does not take is named as such,
// in the command line's own words (not the option library's).
TEST(RangeCommand, AnOptionItDoesNotTakeIsNamedWithTheCommand) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"range", "AKs", "-o", "f"}, std::vector<std::string>{"range", "-o", "f", "AKs"},
        std::vector<std::string>{"range", "AKs", "-of"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, "poker: range: unknown option '-o'\nRun 'poker range --help' for usage.\n");
  }
  const RunResult long_option = run_poker({"range", "AKs", "--output", "f"});
  EXPECT_EQ(long_option.exit_status, 2);
  EXPECT_EQ(long_option.err, "poker: range: unknown option '--output'\nRun 'poker range --help' for usage.\n");
}

}  // namespace
}  // namespace poker::e2e
