// `poker range RANGE`, as a user runs it (stdout a pipe: no color).
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
  EXPECT_EQ(result.out.rfind("[AA]  [AKs]  AQs   AJs   ATs", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("\n ATo   KTo   QTo   JTo   TT   [T9s]  T8s   T7s   T6s   T5s   T4s   T3s   T2s\n"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\n42 combos, 3.17% of all 1326\n"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find('\033'), std::string::npos);  // not a terminal: no color
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

// In a pipe or an email the grid reads without color: every cell names its
// class, the held ones in brackets, as PokerStove labels its grid.
TEST(RangeCommand, PlainGridLabelsEveryCell) {
  const RunResult result = run_poker({"range", "--color=never", "KK,AKs:0.5"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out.rfind(" AA   [AKs*] AQs   AJs", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("\n AKo  [KK]   KQs   KJs"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\n A2o   K2o   Q2o   J2o   T2o   92o   82o   72o   62o   52o   42o   32o   22\n"),
            std::string::npos)
      << result.out;
  EXPECT_EQ(result.out.find(" . "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\n[AKs]: every combo of the class; [AKs*]: some of them, or weights below 1\n"),
            std::string::npos)
      << result.out;
}

// A range pasted from Equilab, its weights in brackets, as one word: CLI11
// would take "[...]" for a list and split it at its commas.
TEST(RangeCommand, EquilabBracketWeightsAreWeights) {
  const RunResult bracketed = run_poker({"range", "--color=never", "[50]KK,QQ[/50]", "AKs"});
  EXPECT_EQ(bracketed.exit_status, 0) << bracketed.err;
  EXPECT_EQ(bracketed.out, run_poker({"range", "--color=never", "KK:0.5,QQ:0.5,AKs"}).out);
  EXPECT_NE(bracketed.out.find("\nAKs,KK-QQ:0.5\n"), std::string::npos) << bracketed.out;
  const RunResult open = run_poker({"range", "[50]KK,QQ"});
  EXPECT_EQ(open.exit_status, 2);
  EXPECT_EQ(open.err,
            "poker: range: unclosed bracket '[50]': expected '[/50]' after its last part\n"
            "Run 'poker range --help' for usage.\n");
}

// In a pipe, a line under the grid names in words the hands of its cells.
TEST(RangeCommand, InAPipeTheRangeIsWrittenOutUnderTheGrid) {
  const RunResult result = run_poker({"range", "QQ+,AKs"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("\nQQ+,AKs\n22 combos, 1.66% of all 1326\n"), std::string::npos) << result.out;
}

// PokerStove's 10.3%, as holdem-eval's README gives it.
TEST(RangeCommand, APercentageShowsWhichHandsItMeans) {
  const RunResult result = run_poker({"range", "10.3%"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("\n77+,A9s+,KTs+,QTs+,AJo+,KQo\n136 combos, 10.26% of all 1326\n"), std::string::npos)
      << result.out;
}

TEST(RangeCommand, OrderEquityTakesPercentagesByEquityAgainstARandomHand) {
  const RunResult equity = run_poker({"range", "--order", "equity", "10.3%"});
  EXPECT_EQ(equity.exit_status, 0) << equity.err;
  EXPECT_NE(equity.out.find("\n66+,A8s+,KJs+,ATo+\n"), std::string::npos) << equity.out;
  const RunResult pokerstove = run_poker({"range", "10.3%", "--order=pokerstove"});
  EXPECT_EQ(pokerstove.out, run_poker({"range", "10.3%"}).out);
  const RunResult wrong = run_poker({"range", "--order", "sklansky", "10%"});
  EXPECT_EQ(wrong.exit_status, 2);
  EXPECT_EQ(wrong.out, "");
  EXPECT_EQ(wrong.err.substr(0, wrong.err.find('\n')),
            "poker: range: --order: expected pokerstove or equity, not 'sklansky'");
}

TEST(RangeCommand, ColorAlwaysColorsAPipeAndNeverLeavesItPlain) {
  const RunResult always = run_poker({"range", "--color=always", "QQ+"});
  EXPECT_EQ(always.exit_status, 0) << always.err;
  EXPECT_EQ(always.out.rfind("\033[30;42mAA \033[0m", 0), 0u) << always.out;
  const RunResult never = run_poker({"range", "--color", "never", "QQ+"});
  EXPECT_EQ(never.out.find('\033'), std::string::npos) << never.out;
  EXPECT_EQ(never.out, run_poker({"range", "--color=auto", "QQ+"}).out);  // a pipe: no color
  const RunResult wrong = run_poker({"range", "--color=yes", "QQ+"});
  EXPECT_EQ(wrong.exit_status, 2);
  EXPECT_EQ(wrong.err.substr(0, wrong.err.find('\n')),
            "poker: range: --color: expected always, never or auto, not 'yes'");
}

TEST(RangeCommand, SeveralWordsAreOneRange) {
  const RunResult words = run_poker({"range", "AA", "KK", "AKs"});
  EXPECT_EQ(words.exit_status, 0) << words.err;
  EXPECT_EQ(words.out, run_poker({"range", "AA,KK,AKs"}).out);
  EXPECT_NE(words.out.find("\nKK+,AKs\n"), std::string::npos) << words.out;
  // A comma kept at a word's end, as PokerStove's "QQ+, AKs" splits in a shell, is not doubled.
  EXPECT_EQ(run_poker({"range", "QQ+,", "AKs"}).out, run_poker({"range", "QQ+,AKs"}).out);
}

}  // namespace
}  // namespace poker::e2e
