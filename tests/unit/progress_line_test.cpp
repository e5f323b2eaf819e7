// The progress line's rules (cli/progress.h): where it may show, and what it
// says. Its timing and erasing need a terminal and are not tested here.
#include <gtest/gtest.h>

#include "progress.h"

namespace poker::cli {
namespace {

TEST(ProgressLine, ShowsOnlyWhereItCorruptsNothing) {
  EXPECT_TRUE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = true, .stdout_is_stderr_terminal = false}, true));
  EXPECT_FALSE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = false, .stdout_is_stderr_terminal = false}, true));
  // The answers on the same terminal would run into the line.
  EXPECT_FALSE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = true, .stdout_is_stderr_terminal = true}, true));
  // The answers going to a file (-o FILE): stdout's terminal gets none of them.
  EXPECT_TRUE(progress_allowed(
      {.stdin_is_terminal = false, .stderr_is_terminal = true, .stdout_is_stderr_terminal = true}, false));
  // Someone typing instances by hand.
  EXPECT_FALSE(progress_allowed(
      {.stdin_is_terminal = true, .stderr_is_terminal = true, .stdout_is_stderr_terminal = false}, true));
}

TEST(ProgressLine, SaysTheShareAndTimeLeftOfAKnownSize) {
  RunStats stats;
  stats.bytes = 25'000'000;
  stats.instances = 1'000'000;
  EXPECT_EQ(progress_text(stats, 100'000'000, 2.0),
            "poker: 25.0 MB of 100.0 MB (25%), 6 s left, 1000000 instances, 12.5 MB/s");
  EXPECT_EQ(progress_text(stats, std::nullopt, 2.0), "poker: 25.0 MB, 1000000 instances, 12.5 MB/s");
  // A file that grew past its size when opened: no share, no nonsense.
  EXPECT_EQ(progress_text(stats, 1'000'000, 2.0), "poker: 25.0 MB, 1000000 instances, 12.5 MB/s");
}

}  // namespace
}  // namespace poker::cli
