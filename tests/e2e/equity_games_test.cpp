// `poker equity --game`: Omaha (4, 5, 6 hole cards, eight-or-better) on the
// command line and on query-file lines, the answers naming their game, and
// the errors. The figures are checked against a plain enumeration in
// tests/unit/omaha_equity_test.cpp; here the words, the order and the exits.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

const std::string kHiLoLine =
    "AhAs2d3c KhKs9d8c --game omaha-hilo --board 4h5c8d: equity 89.451220 10.548780; scoop 78.902439 0.000000; "
    "high win 78.902439 21.097561; high tie 0.000000 0.000000; low win 100.000000 0.000000; low tie 0.000000 "
    "0.000000; no low 0.000000; boards 820 exact\n";

TEST(EquityGames, OmahaOnTheCommandLinePrintsATableNamingTheGame) {
  const RunResult result =
      run_poker({"equity", "--game", "omaha", "AhAsKdKc", "QhJhTs9s", "--board", "2c7d8h", "-j", "2"});
  EXPECT_EQ(result.out,
            "Game:  omaha\n"
            "Board: 2c 7d 8h\n"
            "Hand          Win %     Tie %   Equity %  Pots won  Pots tied\n"
            "AhAsKdKc  44.146341  0.000000  44.146341       362          0\n"
            "QhJhTs9s  55.853659  0.000000  55.853659       458          0\n"
            "820 boards, exact enumeration\n");
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
}

TEST(EquityGames, HiLoTableShowsScoopsHighsLowsAndBoardsWithoutALow) {
  const RunResult result = run_poker({"equity", "ahas2d3c", "KhKs9d8c", "--game=omaha-hilo", "--board", "4h5c8d"});
  EXPECT_EQ(result.out,
            "Game:  omaha-hilo\n"
            "Board: 4h 5c 8d\n"
            "Hand       Equity %    Scoop %  High win %  High tie %   Low win %  Low tie %\n"
            "AhAs2d3c  89.451220  78.902439   78.902439    0.000000  100.000000   0.000000\n"
            "KhKs9d8c  10.548780   0.000000   21.097561    0.000000    0.000000   0.000000\n"
            "No low: 0.000000% of the boards\n"
            "820 boards, exact enumeration\n");
  EXPECT_EQ(result.exit_status, 0) << result.err;
}

TEST(EquityGames, QueryFileLinesNameTheirGameAndOverrideTheCommandLines) {
  const std::string input =
      "AhAs2d3c KhKs9d8c --game omaha-hilo --board 4h5c8d\n"
      "ahaskdkc RANDOM --board 2c7d8h3s\n"
      "AK QQ --game holdem --board Ts9s2d\n";
  expect_judged(
      {"equity", "--game", "omaha"}, input,
      ok(kHiLoLine + "AhAsKdKc random --game omaha --board 2c7d8h3s: equity 57.237626 42.762374; win 56.989635 "
                     "42.514383; tie 0.495982 0.495982; boards 5430040 exact\n"
                     "AK QQ --board Ts9s2d: equity 26.306818 73.693182; win 26.306818 73.693182; tie 0.000000 "
                     "0.000000; boards 95040 exact\n"));
}

TEST(EquityGames, AnAnswerLinesQueryGivesTheSameAnswer) {
  const std::string query = kHiLoLine.substr(0, kHiLoLine.find(':'));
  const RunResult again = run_poker({"equity"}, query + "\n");
  EXPECT_EQ(again.out, kHiLoLine);
  EXPECT_EQ(again.exit_status, 0) << again.err;
}

TEST(EquityGames, JsonNamesTheGameAndTheHiLoCounts) {
  const RunResult result =
      run_poker({"equity", "AhAs2d3c", "KhKs9d8c", "--game", "omaha-hilo", "--board", "4h5c8d", "--json"});
  EXPECT_EQ(result.out,
            "{\"schema\":\"poker-equity/1\",\"query\":\"AhAs2d3c KhKs9d8c --game omaha-hilo --board 4h5c8d\","
            "\"game\":\"omaha-hilo\",\"board\":\"4h5c8d\",\"dead\":\"\",\"players\":["
            "{\"hand\":\"AhAs2d3c\",\"win\":0.78902439,\"tie\":0.00000000,\"equity\":0.89451220,"
            "\"std_error\":0.00000000,\"pots_won\":647,\"pots_tied\":0,\"scoop\":0.78902439,\"low_win\":1.00000000,"
            "\"low_tie\":0.00000000},"
            "{\"hand\":\"KhKs9d8c\",\"win\":0.21097561,\"tie\":0.00000000,\"equity\":0.10548780,"
            "\"std_error\":0.00000000,\"pots_won\":173,\"pots_tied\":0,\"scoop\":0.00000000,\"low_win\":0.00000000,"
            "\"low_tie\":0.00000000}],\"deals\":820,\"method\":\"exact\",\"no_low\":0.00000000}\n");
  EXPECT_EQ(result.exit_status, 0) << result.err;
}

TEST(EquityGames, MonteCarloIsTheSameForASeedAtAnyThreadCount) {
  const std::vector<std::string> query = {"equity",  "--game", "omaha5", "AhAsKdKcQc", "random", "random",
                                          "--board", "2c7d8h", "--mc",   "100000",     "--seed", "3"};
  const RunResult one = run_poker(concat(query, {"-j", "1"}));
  const RunResult two = run_poker(concat(query, {"-j", "2"}));
  EXPECT_EQ(one.exit_status, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out.rfind("Game:  omaha5\n", 0), 0u) << one.out;
  EXPECT_NE(one.out.find("100000 deals, Monte Carlo"), std::string::npos) << one.out;
}

TEST(EquityGames, WrongHandsAndGamesAreUsageErrors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"equity", "--game", "omaha", "AhKh", "random"},
       "poker: equity: hand 1 'AhKh': Omaha hands have 4 cards: 'AhKh' has 2\n"},
      {{"equity", "--game", "omaha6", "AhAsKdKc", "random"},
       "poker: equity: hand 1 'AhAsKdKc': Omaha hands have 6 cards: 'AhAsKdKc' has 4\n"},
      {{"equity", "--game", "omaha", "AK", "QQ+"},
       "poker: equity: hand 1 'AK': Omaha takes specific hands of 4 cards (like AhAsKdKc) or random, not hold'em "
       "ranges like 'AK'\n"},
      {{"equity", "--game", "omaha", "AhAsKdKc", "AhQsJsTs"},
       "poker: equity: Ah is in player 1's hand and in player 2's hand\n"},
      {{"equity", "--game", "omaha", "AhAhKdKc", "random"},
       "poker: equity: hand 1 'AhAhKdKc': card 'Ah' is twice in 'AhAhKdKc'\n"},
      {{"equity", "--game", "stud", "AK", "QQ"},
       "poker: equity: unknown game 'stud': expected holdem, shortdeck, omaha, omaha5, omaha6 or omaha-hilo\n"},
      {{"equity", "--game", "omaha6", "random", "random", "random", "random", "random", "random", "random", "random",
        "random"},
       "poker: equity: no deal is possible: 52 cards are left and the hands need 54\n"},
      {{"equity", "--game", "omaha", "AhAsKdKc", "random", "--exact"},
       "poker: equity: --exact would evaluate 4.2e+11 hands, more than 2e+10: use --mc or --time\n"},
  };
  for (const auto& [args, message] : cases) {
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2) << ::testing::PrintToString(args);
    EXPECT_EQ(result.err.substr(0, result.err.find('\n') + 1), message) << ::testing::PrintToString(args);
    EXPECT_EQ(result.out, "");
  }
}

TEST(EquityGames, QueryFileErrorsNameTheLineAndColumn) {
  expect_judged({"equity", "--game", "omaha"}, "AhAsKdKc QhJhTs9s --board 2c7d8h\nAhAsKdKc QQ+\n",
                error("AhAsKdKc QhJhTs9s --game omaha --board 2c7d8h: equity 44.146341 55.853659; win 44.146341 "
                      "55.853659; tie 0.000000 0.000000; boards 820 exact\n",
                      2, 10,
                      "Omaha takes specific hands of 4 cards (like AhAsKdKc) or random, not hold'em ranges like "
                      "'QQ+'"));
  expect_judged(
      {"equity"}, "AK QQ --game omaha-hi\n",
      error("", 1, 14, "unknown game 'omaha-hi': expected holdem, shortdeck, omaha, omaha5, omaha6 or omaha-hilo"));
  expect_judged({"equity"}, "AhAsKdKc AhQsJsTs --game omaha\n",
                error("", 1, 1, "Ah is in player 1's hand and in player 2's hand"));
}

TEST(EquityGames, HoldemNamedOrNotIsEchoedWithoutAGame) {
  const RunResult holdem = run_poker({"equity", "--game", "holdem", "AhKh", "QsQd", "--board", "Ts9s2d"});
  EXPECT_EQ(holdem.out.rfind("Board: Ts 9s 2d\nHand ", 0), 0u) << holdem.out;
  EXPECT_EQ(holdem.exit_status, 0) << holdem.err;
}

}  // namespace
}  // namespace poker::e2e
