// Numbers on the command line and in query files follow one set of rules
// (poker/number_text.h): decimal only, never wrapped around, and the same
// limits in both places.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

TEST(Numbers, LeadingZerosAreDecimalNotOctal) {
  const RunResult result = run_poker({"010", "-v", "-q"}, "");
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.err.find("hold'em, 10 players"), std::string::npos) << result.err;
  const RunResult threads = run_poker({"-j", "02", "-v", "-q", "--chunk-size", "064K"}, "");
  EXPECT_NE(threads.err.find("chunk size 65536 bytes"), std::string::npos) << threads.err;
}

TEST(Numbers, HexSignsAndOtherSpellingsAreUsageErrors) {
  expect_usage_error({"0x8"}, "PLAYERS: expected a whole number from 2 to 23");
  expect_usage_error({"+8"}, "PLAYERS: expected a whole number from 2 to 23");
  expect_usage_error({"-p", "0b11"}, "--players: expected a whole number from 2 to 23, found '0b11'");
  expect_usage_error({"-j", "0x2"}, "--threads: expected a whole number from 1 to 4096, found '0x2'");
  expect_usage_error({"--chunk-size", "0x10K"},
                     "--chunk-size: expected a size in bytes from 1 to 1073741824, like 64K or 1M, found '0x10K'");
}

// --mc takes 1e6: --time takes the same spelling, on the command line and
// in a query file.
TEST(Numbers, TimeTakesPowersOfTenAsCountsDo) {
  for (const std::string seconds : {"1e-2", "1E-2", "0.1e-1"}) {
    SCOPED_TRACE(seconds);
    const RunResult line = run_poker({"equity", "AhKh", "QsQd", "--time", seconds, "-j", "1"});
    EXPECT_EQ(line.exit_status, 0) << line.err;
    EXPECT_NE(line.out.find("Monte Carlo"), std::string::npos) << line.out;
    const RunResult file = run_poker({"equity", "-j", "1"}, "AhKh QsQd --time=" + seconds + "\n");
    EXPECT_EQ(file.exit_status, 0) << file.err;
  }
  expect_usage_error({"equity", "AhKh", "QsQd", "--time", "1e7"},
                     "expected a number of seconds from 0.001 to 1000000 after '--time', found '1e7'", "equity");
}

TEST(Numbers, EquityOptionsAreReadAsQueryFilesReadThem) {
  struct Case {
    std::string option;
    std::string value;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--time", "nan", "expected a number of seconds from 0.001 to 1000000 after '--time', found 'nan'"},
      {"--time", "1e-9", "expected a number of seconds from 0.001 to 1000000 after '--time', found '1e-9'"},
      {"--time", "0.0001", "expected a number of seconds from 0.001 to 1000000 after '--time', found '0.0001'"},
      {"--seed", "-1", "expected a seed (a whole number from 0 to 18446744073709551615) after '--seed', found '-1'"},
      {"--seed", "0x1", "expected a seed (a whole number from 0 to 18446744073709551615) after '--seed', found '0x1'"},
      {"--mc", "+5", "expected a number of deals from 1 to 1e15, like 100000, 1M or 1e6 after '--mc', found '+5'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.option + " " + c.value);
    expect_usage_error({"equity", "AhKh", "QsQd", c.option, c.value}, c.message, "equity");
    const RunResult file = run_poker({"equity"}, "AhKh QsQd " + c.option + "=" + c.value + "\n");
    EXPECT_EQ(file.exit_status, 1);
    EXPECT_EQ(without_instance_and_hint(file.err), error_line("<stdin>", 1, 11 + c.option.size() + 1, c.message));
  }
}

}  // namespace
}  // namespace poker::e2e
