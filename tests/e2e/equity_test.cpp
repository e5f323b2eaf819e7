// `poker equity`, as a user runs it: one query on the command line, and a
// query file through the pipeline. The figures themselves are checked in
// tests/unit/equity_test.cpp against a plain enumeration; here the answers'
// text, order, determinism and errors.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "e2e_helpers.h"
#include "support/text_lines.h"

namespace poker::e2e {
namespace {

const std::string kAceKingQueensLine =
    "AhKh QsQd: equity 46.214457 53.785543; win 46.017880 53.588966; tie 0.393154 0.393154; boards 1712304 exact\n";
const std::string kFlopLine =
    "AhKh QsQd --board Ts9s2d --dead 2c: equity 22.304440 77.695560; win 22.304440 77.695560; tie 0.000000 0.000000; "
    "boards 946 exact\n";

TEST(EquityCommand, OneQueryPrintsATable) {
  const RunResult result = run_poker({"equity", "AhKh", "QsQd"});
  EXPECT_EQ(result.out,
            "Hand      Win %     Tie %   Equity %  Pots won  Pots tied\n"
            "AhKh  46.017880  0.393154  46.214457    787966       6732\n"
            "QsQd  53.588966  0.393154  53.785543    917606       6732\n"
            "1712304 boards, exact enumeration\n");
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.exit_status, 0);
}

TEST(EquityCommand, RangesBoardAndDeadCards) {
  const RunResult ranges = run_poker({"equity", "AK", "QQ", "-j", "2"});
  EXPECT_EQ(ranges.out,
            "Hand      Win %     Tie %   Equity %  Pots won  Pots tied\n"
            "AK    43.731443  0.424881  43.943884  71886264     698424\n"
            "QQ    55.843676  0.424881  56.056116  91796496     698424\n"
            "164381184 boards, exact enumeration\n");
  const RunResult flop = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "--dead=2c"});
  EXPECT_NE(flop.out.find("946 boards, exact enumeration"), std::string::npos) << flop.out;
  EXPECT_EQ(flop.exit_status, 0) << flop.err;
}

TEST(EquityCommand, TheTableRepeatsTheBoardAndTheDeadCards) {
  const RunResult flop = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "--dead", "2c"});
  EXPECT_EQ(flop.out,
            "Board: Ts 9s 2d\n"
            "Dead:  2c\n"
            "Hand      Win %     Tie %   Equity %  Pots won  Pots tied\n"
            "AhKh  22.304440  0.000000  22.304440       211          0\n"
            "QsQd  77.695560  0.000000  77.695560       735          0\n"
            "946 boards, exact enumeration\n");
  EXPECT_EQ(flop.exit_status, 0) << flop.err;
}

using testing::split_lines;

// The blank-separated words of a line.
std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  for (std::size_t at = line.find_first_not_of(' '); at != std::string::npos; at = line.find_first_not_of(' ', at)) {
    const std::size_t end = line.find(' ', at);
    out.push_back(line.substr(at, end - at));
    at = end;
  }
  return out;
}

// A table without its header and the players' labels: the figures and the
// count, to compare queries written differently.
std::string figures(const std::string& table) {
  std::string kept;
  std::size_t line = table.rfind("Hand ", 0) == 0 ? 0 : table.find("\nHand ");
  if (line == std::string::npos) return table;
  for (line = table.find('\n', line) + 1; line < table.size(); line = table.find('\n', line) + 1) {
    const std::size_t end = table.find('\n', line);
    const std::size_t label_end = table.find("  ", line);
    const std::size_t from = label_end < end ? table.find_first_not_of(' ', label_end) : line;
    kept += table.substr(from, end + 1 - from);
  }
  return kept;
}

TEST(EquityCommand, CardsAndHandsAsPlayersWriteThem) {
  const RunResult strict = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "--dead", "2c3c"});
  ASSERT_EQ(strict.exit_status, 0) << strict.err;
  for (const std::vector<std::string>& loose : std::vector<std::vector<std::string>>{
           {"--board", "Ts 9s 2d", "--dead", "2c,3c"},
           {"--board", "ts,9s,2d", "--dead", "2c, 3c"},
           {"--board", " TS 9S 2D ", "--dead=2C3C"},
       }) {
    SCOPED_TRACE(::testing::PrintToString(loose));
    const RunResult result = run_poker(concat({"equity", "ahkh", "QSQD"}, loose));
    EXPECT_EQ(result.exit_status, 0) << result.err;
    // The same table: the hands are labelled as the notation spells them.
    EXPECT_EQ(result.out, strict.out);
  }
  const RunResult classes = run_poker({"equity", "aks", "qq", "--board", "Ts9s2d"});
  const RunResult upper = run_poker({"equity", "AKs", "QQ", "--board", "Ts9s2d"});
  EXPECT_EQ(classes.exit_status, 0) << classes.err;
  EXPECT_EQ(figures(classes.out), figures(upper.out));
}

TEST(EquityCommand, PercentagesAndConnectorSpans) {
  const RunResult spans = run_poker({"equity", "T9s-65s", "10%", "--board", "Ts9s2d"});
  const RunResult listed = run_poker({"equity", "T9s,98s,87s,76s,65s", "10%", "--board", "Ts9s2d"});
  EXPECT_EQ(spans.exit_status, 0) << spans.err;
  EXPECT_EQ(figures(spans.out), figures(listed.out));
  EXPECT_NE(spans.out.find("exact enumeration"), std::string::npos) << spans.out;
  const RunResult band = run_poker({"equity", "5%-15%", "AA", "--board", "Ts9s2d"});
  EXPECT_EQ(band.exit_status, 0) << band.err;
  const RunResult empty = run_poker({"equity", "5%-5%", "AA"});
  EXPECT_EQ(empty.exit_status, 2);
  EXPECT_EQ(empty.err.substr(0, empty.err.find('\n')),
            "poker: equity: hand 1 '5%-5%': the percentages of '5%-5%' name no hand");
}

TEST(EquityCommand, JsonIsOneObjectPerQuery) {
  const std::string exact =
      "{\"schema\":\"poker-equity/1\",\"query\":\"AhKh QsQd --board Ts9s2d --dead 2c\",\"game\":\"holdem\","
      "\"board\":\"Ts9s2d\","
      "\"dead\":\"2c\",\"players\":["
      "{\"hand\":\"AhKh\",\"win\":0.22304440,\"tie\":0.00000000,\"equity\":0.22304440,\"std_error\":0.00000000,"
      "\"pots_won\":211,\"pots_tied\":0},"
      "{\"hand\":\"QsQd\",\"win\":0.77695560,\"tie\":0.00000000,\"equity\":0.77695560,\"std_error\":0.00000000,"
      "\"pots_won\":735,\"pots_tied\":0}],"
      "\"deals\":946,\"method\":\"exact\"}\n";
  const RunResult one = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts 9s 2d", "--dead", "2c", "--json"});
  EXPECT_EQ(one.out, exact);
  EXPECT_EQ(one.exit_status, 0) << one.err;
  const RunResult file =
      run_poker({"equity", "--json", "--dead", "2c"}, "AhKh QsQd --board Ts9s2d\nAK QQ --mc 1000 --seed 3\n");
  ASSERT_EQ(file.exit_status, 0) << file.err;
  EXPECT_EQ(file.out.substr(0, exact.size()), exact);
  const std::string second = file.out.substr(exact.size());
  EXPECT_EQ(second.rfind("{\"schema\":\"poker-equity/1\",\"query\":\"AK QQ --dead "
                         "2c\",\"game\":\"holdem\",\"board\":\"\",\"dead\":\"2c\",\"players\":[{\"hand\":\"AK\"",
                         0),
            0u)
      << second;
  EXPECT_NE(second.find("\"deals\":1000,\"method\":\"monte-carlo\"}\n"), std::string::npos) << second;
  EXPECT_EQ(std::count(file.out.begin(), file.out.end(), '\n'), 2);
}

TEST(EquityCommand, TheCommandLinesBoardAndDeadCardsAreAQueryFilesDefaults) {
  // A line's own --board or --dead replaces the default; lone cards after
  // --board on a line are the board's ("--board Ts 9s 2d").
  const std::string input =
      "AhKh QsQd\n"
      "AhKh QsQd --board 2h3h4h\n"
      "AhKh QsQd --dead 3c\n"
      "AhKh QsQd --board Ts 9s 2d --dead 2c\n"
      "AhKh QsQd --board=\n";  // an empty board: before the flop
  const RunResult result = run_poker({"equity", "--board", "Ts9s2d", "--dead", "2c"}, input);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  const std::vector<std::string> prefixes = {
      "AhKh QsQd --board Ts9s2d --dead 2c: ", "AhKh QsQd --board 2h3h4h --dead 2c: ",
      "AhKh QsQd --board Ts9s2d --dead 3c: ", kFlopLine, "AhKh QsQd --dead 2c: "};
  std::size_t at = 0;
  for (const std::string& prefix : prefixes) {
    EXPECT_EQ(result.out.substr(at, prefix.size()), prefix) << result.out;
    at = result.out.find('\n', at) + 1;
  }
  EXPECT_EQ(result.out.substr(0, kFlopLine.size()), kFlopLine);
  // A default board that a line's hand collides with is that line's error.
  expect_judged(
      {"equity", "--board", "Ts9s2d"}, "AhKh QsQd\nTsKh QsQd\n",
      error(kFlopLine.substr(0, kFlopLine.find(" --dead")) + ": " +
                "equity 21.919192 78.080808; win 21.919192 78.080808; tie 0.000000 0.000000; boards 990 exact\n",
            2, 1, "Ts is in player 1's hand and on the board"));
}

TEST(EquityCommand, MonteCarloIsTheSameForASeedAtAnyThreadCount) {
  const std::vector<std::string> query = {"equity", "QQ+,AKs", "random", "JTs", "--mc", "200000", "--seed", "11"};
  const RunResult one = run_poker(concat(query, {"-j", "1"}));
  const RunResult two = run_poker(concat(query, {"-j", "2"}));
  EXPECT_EQ(one.exit_status, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("Std error"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("200000 deals, Monte Carlo"), std::string::npos) << one.out;
  const RunResult other_seed = run_poker({"equity", "QQ+,AKs", "random", "JTs", "--mc", "200000", "--seed", "12"});
  EXPECT_NE(one.out, other_seed.out);
}

TEST(EquityCommand, InvalidQueriesAreUsageErrors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"equity", "AhKh"},
       "poker: equity: 'AhKh' is no file, and one hand is no query: give 2 to 10 hands or ranges, or one operand, "
       "the query file\n"},
      {{"equity", "QQ+,", "AKs"}, "poker: equity: expected 2 to 10 players, found 1\n"},
      {{"equity", "AhKh", "QX"}, "poker: equity: hand 2 'QX': expected a rank after 'Q' in 'QX'\n"},
      {{"equity", "AhKh", "QsQd", "--board", "Ts9s8s7s6s5s"},
       "poker: equity: expected a board of 0 to 5 cards, found 6\n"},
      {{"equity", "AhKh", "QsQd", "--board", "TsTs9d"}, "poker: equity: duplicate card 'Ts': twice on the board\n"},
      {{"equity", "AhKh", "QsQd", "--dead", "2c 2C"},
       "poker: equity: duplicate card '2C': twice among the dead cards\n"},
      {{"equity", "AhKh", "AhQd"}, "poker: equity: Ah is in player 1's hand and in player 2's hand\n"},
      {{"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "--dead", "Kh"},
       "poker: equity: Kh is in player 1's hand and among the dead cards\n"},
      {{"equity", "AhKh", "QsQd", "--board", "Ts9sQs"}, "poker: equity: Qs is in player 2's hand and on the board\n"},
      {{"equity", "AhAd,AhAs", "AhKh"}, "poker: equity: no deal is possible: the hands always share a card\n"},
      {{"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "--dead", "2d"}, "poker: equity: 2d is on the board and dead\n"},
      {{"equity", "AhKh", "QsQd", "--board", "Ts;9s2d"},
       "poker: equity: invalid card ';9': expected a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' "
       "or 'Td', cards separated by nothing, blanks or commas\n"},
      {{"equity", "AhKh", "QsQd", "--board", "Ts", "9s", "2d"},
       "poker: equity: hand 3 '9s': a hand has two cards, '9s' is one: write cards of the board or dead cards "
       "together ('Ts9s2d'), or quote them ('Ts 9s 2d')\n"},
      {{"equity", "AhKh", "QsQd", "--exact", "--mc", "10"}, "poker: equity: --exact and --mc do not go together\n"},
      {{"equity", "AhKh", "QsQd", "-i", "examples/equity.txt"},
       "poker: equity: hands on the command line and -i do not go together\n"},
      {{"equity", "--board", "Ts9s8s7s6s5s", "-i", "examples/equity.txt"},
       "poker: equity: expected a board of 0 to 5 cards, found 6\n"},
      {{"equity", "--board", "Ts9s2d", "--dead", "Ts", "-i", "examples/equity.txt"},
       "poker: equity: Ts is on the board and dead\n"},
      {{"equity", "--dead", "Tx", "-i", "examples/equity.txt"}, "poker: equity: invalid card 'Tx': expected a rank"},
  };
  for (const auto& [args, message] : cases) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err.substr(0, message.size()), message);
  }
}

// Every card but those of `kept`, as one word of cards.
std::string all_cards_but(std::string_view kept) {
  std::string cards;
  for (const char rank : std::string_view("23456789TJQKA")) {
    for (const char suit : std::string_view("hdsc")) {
      const std::string card{rank, suit};
      bool is_kept = false;
      for (std::size_t at = 0; at + 1 < kept.size(); at += 2) is_kept = is_kept || kept.substr(at, 2) == card;
      if (!is_kept) cards += card;
    }
  }
  return cards;
}

// A hand's word is quoted as every token is: a control byte in it (ESC,
// BEL, a newline) is escaped, so the message stays one printable line.
TEST(EquityCommand, AHandsControlBytesAreEscapedInItsMessage) {
  const RunResult result = run_poker({"equity", "AhKh", "Q\x1b[2J\x07\nQ"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_EQ(result.err.substr(0, result.err.find('\n') + 1),
            "poker: equity: hand 2 'Q\\x1b[2J\\x07\\x0aQ': unexpected space in 'Q\\x1b[2J\\x07\\x0aQ': blanks may "
            "stand only next to the commas between parts\n");
  for (const char byte : result.err) EXPECT_TRUE(byte == '\n' || (byte >= 0x20 && byte < 0x7f)) << int(byte);
}

// Hands, board and dead cards that leave the board too few cards: refused
// before any work, by every method and output (it printed -nan, and Monte
// Carlo searched forever for the missing cards).
TEST(EquityCommand, QueriesThatLeaveTooFewCardsForTheBoardAreRefused) {
  const std::string dead = all_cards_but("AhAdKhKd2c3c4c5c");
  const std::string message = "no board can be dealt: 4 cards are left and the board needs 5";
  for (const std::vector<std::string>& method :
       {std::vector<std::string>{}, {"--exact"}, {"--mc", "1000"}, {"--time", "10"}, {"--json"}}) {
    const std::vector<std::string> args = concat({"equity", "AhAd", "KhKd", "--dead", dead}, method);
    SCOPED_TRACE(::testing::PrintToString(method));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err.substr(0, result.err.find('\n') + 1), "poker: equity: " + message + "\n");
  }
  const RunResult with_board = run_poker(
      {"equity", "AsKs", "random", "--board", "2c3c4c", "--dead", all_cards_but("AsKs2c3c4c5c6c7c"), "--mc", "1000"});
  EXPECT_EQ(with_board.exit_status, 2);
  EXPECT_EQ(with_board.err.substr(0, with_board.err.find('\n') + 1),
            "poker: equity: no board can be dealt: 1 card is left and the board needs 2\n");
  expect_judged({"equity"}, "AhKh QsQd\nAhAd KhKd --mc 100 --dead " + dead + "\n",
                error(kAceKingQueensLine, 2, 1, message));
}

TEST(EquityCommand, MonteCarloDealCountsPastTheCapAreRefused) {
  const std::string message =
      "expected a number of deals from 1 to 1e15, like 100000, 1M or 1e6 after '--mc', found '18446744073709551615'";
  const RunResult command_line = run_poker({"equity", "AhKh", "QsQd", "--mc", "18446744073709551615"});
  EXPECT_EQ(command_line.exit_status, 2);
  EXPECT_EQ(command_line.out, "");
  EXPECT_EQ(command_line.err.substr(0, command_line.err.find('\n') + 1), "poker: equity: " + message + "\n");
  expect_judged({"equity"}, "AhKh QsQd --mc 1\nAhKh QsQd --mc 18446744073709551615\n",
                error("AhKh QsQd: equity 0.000000 100.000000; win 0.000000 100.000000; tie 0.000000 0.000000; "
                      "error 0.000000 0.000000; deals 1 monte-carlo\n",
                      2, 16, message));
  const RunResult past_cap = run_poker({"equity", "--mc", "1000000000000001"}, "AhKh QsQd\n");
  EXPECT_EQ(past_cap.exit_status, 2);
}

TEST(EquityCommand, QueryFileAnswersALinePerQueryInOrder) {
  const std::string input =
      "AhKh QsQd\n"
      "AhKh QsQd --board Ts9s2d --dead 2c\n"
      "  AhKh\tQsQd  \r\n"
      "AhKh QsQd --board=Ts9s2d --dead=2c\n";
  expect_judged({"equity"}, input, ok(kAceKingQueensLine + kFlopLine + kAceKingQueensLine + kFlopLine));
}

TEST(EquityCommand, QueryFileMonteCarloLinesAreTheSameAtAnyThreadCount) {
  std::string input;
  for (int seed = 1; seed <= 6; ++seed) input += "AK QQ JTs --mc 50000 --seed " + std::to_string(seed) + "\n";
  const RunResult reference = run_poker({"equity", "-j", "1"}, input);
  ASSERT_EQ(reference.exit_status, 0) << reference.err;
  expect_judged({"equity"}, input, ok(reference.out));
  // The command line's settings are every line's defaults: the third line's.
  const RunResult defaults = run_poker({"equity", "--mc", "50000", "--seed", "3"}, "AK QQ JTs\n");
  std::size_t third = 0;
  for (int line = 0; line < 2; ++line) third = reference.out.find('\n', third) + 1;
  EXPECT_EQ(defaults.out, reference.out.substr(third, reference.out.find('\n', third) + 1 - third));
}

TEST(EquityCommand, QueryFileStopsAtTheFirstInvalidQuery) {
  expect_judged({"equity"}, "AhKh QsQd\nAhKh Qx\nAhKh QsQd\n",
                error(kAceKingQueensLine, 2, 6, "expected a rank after 'Q' in 'Qx'"));
  expect_judged({"equity"}, "AhKh QsQd --board\n",
                error("", 1, 18, "expected a value after '--board', found the end of the line"));
  expect_judged(
      {"equity"}, "AhKh QsQd --foo 3\n",
      error("", 1, 11, "unknown option '--foo': expected --board, --dead, --exact, --mc, --time, --seed or --game"));
  expect_judged({"equity"}, "AhKh QsQd\n  AhKh AhQd\n",
                error(kAceKingQueensLine, 2, 3, "Ah is in player 1's hand and in player 2's hand"));
  expect_judged({"equity"}, "AhKh QsQd\n  AhKh AhQd,AhQc\n",
                error(kAceKingQueensLine, 2, 3, "no deal is possible: the hands always share a card"));
  expect_judged({"equity"}, "AhKh QsQd", error("", 1, 10, "missing newline at the end of the input"));
  expect_judged({"equity"}, "AhKh QsQd\n\n \n", ok(kAceKingQueensLine));  // trailing blank lines end the input
}

// `poker equity FILE`, `poker equity - < FILE`, `poker verify equity FILE`:
// one operand alone is the query file, as any format's FILE operand is.
TEST(EquityCommand, OneOperandThatNamesAFileIsTheQueryFile) {
  const std::string expected = read_whole_file(kSourceDir + "/examples/equity.expected");
  const RunResult named = run_poker({"equity", "examples/equity.txt"});
  EXPECT_EQ(named.out, expected);
  EXPECT_EQ(named.exit_status, 0) << named.err;
  const RunResult standard_input = run_poker({"equity", "-", "--board", "Ts9s2d"}, "AhKh QsQd\nAhKh QsQd --dead 2c\n");
  EXPECT_EQ(standard_input.out, run_poker({"equity", "--board", "Ts9s2d"}, "AhKh QsQd\nAhKh QsQd --dead 2c\n").out);
  EXPECT_NE(standard_input.out.find("AhKh QsQd --board Ts9s2d --dead 2c: "), std::string::npos) << standard_input.out;
  EXPECT_EQ(standard_input.exit_status, 0) << standard_input.err;
  const RunResult verified =
      run_poker({"verify", "equity", "examples/equity.txt", "--answers", "examples/equity.expected"});
  EXPECT_EQ(verified.exit_status, 0) << verified.out << verified.err;
  const RunResult twice = run_poker({"equity", "examples/equity.txt", "-i", "examples/equity.txt"});
  EXPECT_EQ(twice.exit_status, 2);
  EXPECT_EQ(twice.err.substr(0, twice.err.find('\n')),
            "poker: equity: the input file given twice: FILE 'examples/equity.txt' and -i");
  const RunResult missing = run_poker({"equity", "examples/no-such-queries.txt"});
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(missing.err.substr(0, missing.err.find('\n')),
            "poker: equity: 'examples/no-such-queries.txt' is no file, and one hand is no query: give 2 to 10 hands "
            "or ranges, or one operand, the query file");
}

// PokerStove and Equilab write "QQ+, AKs": split by the shell or by a query
// line's blanks, or quoted, it is one range.
TEST(EquityCommand, RangesWithBlanksAfterCommasAreOneRange) {
  const std::vector<std::string> options = {"--board", "Ts9s2d"};
  const RunResult joined = run_poker(concat({"equity", "QQ+,AKs", "JJ"}, options));
  ASSERT_EQ(joined.exit_status, 0) << joined.err;
  for (const std::vector<std::string>& hands : {std::vector<std::string>{"QQ+,", "AKs", "JJ"},
                                                {"QQ+, AKs", "JJ"},
                                                {"QQ+", ",AKs", "JJ"},
                                                {"QQ+", ",", "AKs", "JJ"}}) {
    SCOPED_TRACE(::testing::PrintToString(hands));
    const RunResult split = run_poker(concat(concat({"equity"}, hands), options));
    EXPECT_EQ(split.exit_status, 0) << split.err;
    EXPECT_EQ(figures(split.out), figures(joined.out));
  }
  const RunResult line = run_poker({"equity"}, "QQ+,AKs JJ --board Ts9s2d\nQQ+, AKs JJ --board Ts, 9s, 2d\n");
  ASSERT_EQ(line.exit_status, 0) << line.err;
  const std::size_t first_end = line.out.find('\n');
  const std::string first = line.out.substr(line.out.find(": "), first_end - line.out.find(": "));
  const std::string second =
      line.out.substr(line.out.find(": ", first_end), line.out.size() - 1 - line.out.find(": ", first_end));
  EXPECT_EQ(first, second);
  expect_judged(
      {"equity"}, "AhKh QsQd\nQQ+, XX JJ\n",
      error(kAceKingQueensLine, 2, 6,
            "unknown hand 'XX': expected a rank (2-9, T, J, Q, K, A), 'random' or a percentage such as '10%'"));
}

// "10h" for "Th": the judge's hint, on the command line and in a query file.
TEST(EquityCommand, TenWrittenAsTenGetsTheJudgesHint) {
  const std::string hint = "; hint: ten is written T, like 'Th'";
  const RunResult hand = run_poker({"equity", "10h10d", "AA"});
  EXPECT_EQ(hand.exit_status, 2);
  EXPECT_EQ(
      hand.err.substr(0, hand.err.find('\n')),
      "poker: equity: hand 1 '10h10d': unknown hand '10h10d': expected a rank (2-9, T, J, Q, K, A), 'random' or a "
      "percentage such as '10%'" +
          hint);
  const RunResult board = run_poker({"equity", "AhKh", "QsQd", "--board", "10h9s2d"});
  EXPECT_EQ(board.exit_status, 2);
  EXPECT_NE(board.err.find("invalid card '10h'"), std::string::npos) << board.err;
  EXPECT_NE(board.err.find(hint + "\n"), std::string::npos) << board.err;
  const RunResult line = run_poker({"equity"}, "10h10d AA\n");
  EXPECT_EQ(line.exit_status, 1);
  EXPECT_EQ(line.err,
            "poker: <stdin>:1:1: unknown hand '10h10d': expected a rank (2-9, T, J, Q, K, A), 'random' or a percentage "
            "such as '10%' (query 1)" +
                hint + "\n");
}

// "AK vs QQ": the word players write between two hands.
TEST(EquityCommand, VsBetweenHandsSeparatesThem) {
  const RunResult plain = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d"});
  for (const char* versus : {"vs", "VS", "Vs"}) {
    const RunResult result = run_poker({"equity", "AhKh", versus, "QsQd", "--board", "Ts9s2d"});
    EXPECT_EQ(result.out, plain.out) << versus;
    EXPECT_EQ(result.exit_status, 0) << result.err;
  }
  const RunResult three = run_poker({"equity", "AhKh", "vs", "QsQd", "vs", "JcTc", "--board", "Ts9s2d"});
  EXPECT_EQ(three.exit_status, 0) << three.err;
  expect_judged({"equity"}, "AhKh vs QsQd\nAhKh QsQd --board Ts9s2d --dead 2c\n", ok(kAceKingQueensLine + kFlopLine));
  expect_judged({"equity"}, "AhKh QsQd\nvs AhKh QsQd\n",
                error(kAceKingQueensLine, 2, 1, "'vs' stands between two hands, like 'AK vs QQ'"));
  expect_judged({"equity"}, "AhKh QsQd vs --board Ts9s2d\n",
                error("", 1, 11, "'vs' stands between two hands, like 'AK vs QQ'"));
  expect_judged({"equity"}, "AhKh vs vs QsQd\n", error("", 1, 6, "'vs' stands between two hands, like 'AK vs QQ'"));
  const RunResult trailing = run_poker({"equity", "AhKh", "QsQd", "vs"});
  EXPECT_EQ(trailing.exit_status, 2);
  EXPECT_NE(trailing.err.find("'vs' stands between two hands"), std::string::npos) << trailing.err;
}

// OMPEval takes a board of one card: every size from 0 to 5 is a board.
TEST(EquityCommand, BoardsOfOneAndTwoCardsAreComputed) {
  const RunResult one = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts"});
  EXPECT_EQ(one.exit_status, 0) << one.err;
  EXPECT_NE(one.out.find("178365 boards, exact enumeration"), std::string::npos) << one.out;
  const RunResult two = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s", "--mc", "20000"});
  EXPECT_EQ(two.exit_status, 0) << two.err;
  EXPECT_NE(two.out.find("20000 deals, Monte Carlo"), std::string::npos) << two.out;
  const RunResult lines = run_poker({"equity"}, "AhKh QsQd --board Ts\nAhKh QsQd --board Ts 9s\n");
  EXPECT_EQ(lines.exit_status, 0) << lines.err;
  EXPECT_NE(lines.out.find("boards 178365 exact\n"), std::string::npos) << lines.out;
  EXPECT_NE(lines.out.find("boards 15180 exact\n"), std::string::npos) << lines.out;
}

// A query file may hold '#' comments and blank lines, which answer nothing;
// errors name their line and the query (not the line) by number.
TEST(EquityCommand, QueryFilesSkipCommentsAndBlankLines) {
  const std::string input =
      "# AK against queens\n"
      "AhKh QsQd\n"
      "\n"
      "  # on a flop\n"
      " \t\r\n"
      "AhKh QsQd --board Ts9s2d --dead 2c\n"
      "#\n";
  expect_judged({"equity"}, input, ok(kAceKingQueensLine + kFlopLine));
  expect_judged({"equity"}, "# one\n\nAhKh QsQd\n# two\nAhKh Qx\n",
                error(kAceKingQueensLine, 5, 6, "expected a rank after 'Q' in 'Qx'"));
  const RunResult numbered = run_poker({"equity"}, "# one\n\nAhKh QsQd\n# two\nAhKh Qx\n");
  EXPECT_EQ(numbered.err, "poker: <stdin>:5:6: expected a rank after 'Q' in 'Qx' (query 2)\n");
  expect_judged({"equity"}, "AhKh QsQd\n# no newline",
                error(kAceKingQueensLine, 2, 13, "missing newline at the end of the input"));
  const RunResult verbose = run_poker({"equity", "-v"}, "# one\nAhKh QsQd\n");
  EXPECT_NE(verbose.err.find(" bytes, 1 query in "), std::string::npos) << verbose.err;
  EXPECT_NE(verbose.err.find(" queries/s;"), std::string::npos) << verbose.err;
  const RunResult two = run_poker({"equity", "-v"}, "AhKh QsQd\n\nAhKh QsQd\n");
  EXPECT_NE(two.err.find(" bytes, 2 queries in "), std::string::npos) << two.err;
  // poker verify names a query's own line, past the comments.
  std::string wrong = kFlopLine;
  wrong.replace(wrong.find("22.304440"), 9, "22.304441");
  const RunResult verified = run_poker(
      {"verify", "equity", "-i", write_temp_file("queries.txt", input), "--answers", "-"}, kAceKingQueensLine + wrong);
  EXPECT_EQ(verified.exit_status, 4);
  EXPECT_NE(verified.out.find("MISMATCH at instance 2 (input line 6, answer line 2)"), std::string::npos)
      << verified.out;
}

TEST(EquityCommand, VerifyComparesAQueryFilesAnswers) {
  const std::string expected = read_whole_file(kSourceDir + "/examples/equity.expected");
  const RunResult same = run_poker({"verify", "equity", "-i", "examples/equity.txt", "--answers", "-"}, expected);
  EXPECT_EQ(same.exit_status, 0) << same.out << same.err;
  std::string wrong = expected;
  wrong.replace(wrong.find("46.214457"), 9, "46.214458");
  const RunResult differs = run_poker({"verify", "equity", "-i", "examples/equity.txt", "--answers", "-"}, wrong);
  EXPECT_EQ(differs.exit_status, 4);
  EXPECT_NE(differs.out.find("MISMATCH at instance 1 (input line 1, answer line 1)"), std::string::npos) << differs.out;
  const RunResult hands = run_poker({"verify", "equity", "AhKh", "QsQd", "--answers", "-"}, expected);
  EXPECT_EQ(hands.exit_status, 2);
}

TEST(EquityCommand, Example) {
  const RunResult result = run_poker({"equity", "-i", "examples/equity.txt"});
  EXPECT_EQ(result.out, read_whole_file(kSourceDir + "/examples/equity.expected"));
  EXPECT_EQ(result.exit_status, 0) << result.err;
}

// ---- Signals, memory and the output -------------------------------------------

using testing::Milliseconds;

// Starts `poker args...` (stdin a pipe holding `input`, then closed), lets
// it compute for 300 ms once it takes stop signals, sends `signal`, and checks that it ends by that
// signal promptly with the one-line message and no answer.
void expect_stopped_promptly(const std::vector<std::string>& args, int signal, const std::string& input = {}) {
  SCOPED_TRACE(::testing::PrintToString(args));
  testing::Subprocess poker(kBinary, testing::SpawnOptions{args, kSourceDir, {}, {}});
  if (!input.empty()) {
    ASSERT_TRUE(poker.write_stdin(input, Milliseconds(10000)));
  }
  poker.close_stdin();
  ASSERT_TRUE(wait_until_taking_stop_signals(poker.pid(), Milliseconds(20000)));
  // Into the computation, whose stop is what is tested.
  std::this_thread::sleep_for(Milliseconds(300));
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_EQ(::kill(poker.pid(), signal), 0);
  const RunResult result = poker.wait(Milliseconds(10000));
  const auto waited = std::chrono::duration_cast<Milliseconds>(std::chrono::steady_clock::now() - sent);
  EXPECT_FALSE(result.timed_out) << "still computing 10 s after the signal";
  EXPECT_EQ(result.signal, signal) << "exit status " << result.exit_status << ", stderr " << result.err;
  EXPECT_EQ(result.err, std::string("poker: interrupted by SIG") + sigabbrev_np(signal) + "\n");
  EXPECT_EQ(result.out, "");
  // docs/guide.md promises 100 ms; the bound leaves room for a loaded CI
  // machine and sanitizers, and is far below the hours the work would take.
  EXPECT_LT(waited, Milliseconds(kUnderSanitizer ? 3000 : 1000));
}

TEST(EquityCommand, SignalStopsAnyComputationPromptly) {
  expect_stopped_promptly({"equity", "random", "random", "random", "--mc", "2000000000"}, SIGINT);
  expect_stopped_promptly({"equity", "random", "random", "random", "--time", "1000", "-j", "1"}, SIGTERM);
  // The deal walker of an enumeration of 1.7 million deals, then its boards.
  expect_stopped_promptly({"equity", "random", "random", "--exact"}, SIGINT);
  expect_stopped_promptly({"equity", "AhKh", "QsQd", "random", "random", "random", "random", "random", "random",
                           "random", "random", "--mc", "1000000000000"},
                          SIGTERM);
  // Omaha: Monte Carlo, and an exact count whose one board holds billions of deals.
  expect_stopped_promptly({"equity", "--game", "omaha-hilo", "random", "random", "random", "--mc", "1e12"}, SIGINT);
  expect_stopped_promptly({"equity", "--game", "omaha", "AhAsKdKc", "random", "random", "--board", "2c7d8h3s4s",
                           "--dead", "5c6c7c8c9cTc", "--exact"},
                          SIGTERM);
}

TEST(EquityCommand, SignalStopsAQueryFilePromptly) {
  std::string queries;
  for (int i = 0; i < 100; ++i) queries += "random random random --mc 100000000\n";
  expect_stopped_promptly({"equity"}, SIGTERM, queries);
  expect_stopped_promptly({"equity", "--exact", "-j", "1"}, SIGINT, "random random\n");
}

TEST(EquityCommand, ExactOnMoreDealsThanItsPlanMayHoldIsRefused) {
  // Three `random`s are 2.3 billion deals of hands: their exact plan grew
  // without bound (65 MB after 2 s) on a computation of days.
  const std::string message =
      "--exact would enumerate more than 2000000 deals of hands (1326 x 1326 x 1326 combinations): use --mc or --time";
  const RunResult line = run_poker({"equity", "random", "random", "random", "--exact"});
  EXPECT_EQ(line.exit_status, 2);
  EXPECT_NE(line.err.find(message), std::string::npos) << line.err;
  const RunResult file = run_poker({"equity", "--exact"}, "AhKh QsQd\nrandom random random\n");
  EXPECT_EQ(file.exit_status, 1);
  EXPECT_EQ(std::count(file.out.begin(), file.out.end(), '\n'), 1) << "the first query's answer is due";
  EXPECT_NE(file.err.find("<stdin>:2:"), std::string::npos) << file.err;
  EXPECT_NE(file.err.find(message), std::string::npos) << file.err;
  // Within the limit, --exact stays exact.
  const RunResult pair = run_poker({"equity", "AA", "random", "--exact"});
  EXPECT_EQ(pair.exit_status, 0) << pair.err;
}

TEST(EquityCommand, QueryFileMemoryDoesNotGrowWithTheQueriesOfAChunk) {
  // 200 queries in one chunk, each of ten "random" ranges (13,260 combos,
  // over 200 KB parsed): 40 MB if every query of the chunk stayed parsed
  // until its turn.
  std::string queries;
  for (int i = 0; i < 200; ++i)
    queries += "random random random random random random random random random random --mc 1\n";
  const RunResult result = run_poker({"equity", "-j", "2", "--chunk-size", "1M"}, queries);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(std::count(result.out.begin(), result.out.end(), '\n'), 200);
  EXPECT_LT(result.max_rss_kib, kUnderSanitizer ? kMemoryBoundKib : 32 * 1024);
}

TEST(EquityCommand, UnwritableOutputFailsBeforeTheComputation) {
  const auto start = std::chrono::steady_clock::now();
  const RunResult result =
      run_poker({"equity", "random", "random", "random", "--mc", "100000000000", "-o", "/nonexistent/dir/out.txt"});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: /nonexistent/dir/out.txt: cannot open for writing: No such file or directory\n");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << "it computed first";
}

// holdem-eval's README gives 34.52% for 8h9h against PokerStove's 10.3%.
TEST(EquityCommand, PercentagesArePokerStoves) {
  const RunResult result = run_poker({"equity", "8h9h", "10.3%", "--json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("\"method\":\"exact\""), std::string::npos) << result.out;
  const std::string key = "\"equity\":";
  const std::size_t at = result.out.find(key);
  ASSERT_NE(at, std::string::npos) << result.out;
  EXPECT_NEAR(std::stod(result.out.substr(at + key.size())), 0.3452, 0.00005) << result.out;
  // The other order, by name.
  const RunResult equity = run_poker({"equity", "8h9h", "10.3%", "--order", "equity"});
  EXPECT_EQ(equity.exit_status, 0) << equity.err;
  EXPECT_EQ(figures(equity.out), figures(run_poker({"equity", "8h9h", "66+,A8s+,KJs+,ATo+"}).out));
}

// A percentage's digits past the standard error's second significant one
// are noise: 100,000 deals give an error of about 0.16 points, two decimals.
TEST(EquityCommand, MonteCarloPrintsTheDigitsItsErrorSupports) {
  const RunResult result = run_poker({"equity", "AhKh", "QsQd", "--mc", "100000"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const std::vector<std::string> lines = split_lines(result.out);
  ASSERT_EQ(lines.size(), 4u) << result.out;
  EXPECT_EQ(lines[0], "Hand  Win %  Tie %  Equity %  Std error  Pots won  Pots tied");
  for (const std::size_t row : {1u, 2u}) {
    const std::vector<std::string> cells = words(lines[row]);
    ASSERT_EQ(cells.size(), 7u) << lines[row];
    for (std::size_t cell = 1; cell <= 4; ++cell) {
      const std::string& text = cells[cell];
      EXPECT_EQ(text.size() - text.find('.'), 3u) << text;  // two decimals
    }
  }
  EXPECT_EQ(lines[3], "100000 deals, Monte Carlo");
  // A query line says as much; exact answers keep their six decimals.
  const RunResult line = run_poker({"equity"}, "AhKh QsQd --mc 100000\n");
  EXPECT_NE(line.out.find("; error 0.16 0.16; deals 100000 monte-carlo\n"), std::string::npos) << line.out;
  EXPECT_EQ(run_poker({"equity"}, "AhKh QsQd\n").out, kAceKingQueensLine);
}

TEST(EquityCommand, OneBoardIsOneBoard) {
  const RunResult river = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d3c4h"});
  ASSERT_EQ(river.exit_status, 0) << river.err;
  EXPECT_NE(river.out.find("\n1 board, exact enumeration\n"), std::string::npos) << river.out;
  const RunResult one_deal = run_poker({"equity", "AhKh", "QsQd", "--mc", "1"});
  ASSERT_EQ(one_deal.exit_status, 0) << one_deal.err;
  EXPECT_NE(one_deal.out.find("\n1 deal, Monte Carlo\n"), std::string::npos) << one_deal.out;
}

// The counts PokerStove and pokenum print: of the 1,712,304 boards, AhKh
// wins 787,966, QsQd 917,606, and they split the other 6,732.
TEST(EquityCommand, PotsWonAndTiedAreCounted) {
  const RunResult table = run_poker({"equity", "AhKh", "QsQd"});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  const std::vector<std::string> lines = split_lines(table.out);
  ASSERT_EQ(lines.size(), 4u) << table.out;
  EXPECT_EQ(words(lines[0]).back(), "tied");
  EXPECT_EQ(words(lines[1]),
            (std::vector<std::string>{"AhKh", "46.017880", "0.393154", "46.214457", "787966", "6732"}));
  EXPECT_EQ(words(lines[2]),
            (std::vector<std::string>{"QsQd", "53.588966", "0.393154", "53.785543", "917606", "6732"}));
  const RunResult json = run_poker({"equity", "AhKh", "QsQd", "--json"});
  EXPECT_NE(json.out.find("\"pots_won\":787966,\"pots_tied\":6732}"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"pots_won\":917606,\"pots_tied\":6732}"), std::string::npos) << json.out;
}

TEST(EquityCommand, TheHandColumnSpellsHandsAsTheNotationDoes) {
  const RunResult result = run_poker({"equity", "ahkh", "qq"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const std::vector<std::string> lines = split_lines(result.out);
  ASSERT_GE(lines.size(), 3u) << result.out;
  EXPECT_EQ(words(lines[1]).front(), "AhKh");
  EXPECT_EQ(words(lines[2]).front(), "QQ");
  const RunResult line = run_poker({"equity"}, "ahkh qsqd\n");
  EXPECT_EQ(line.out, kAceKingQueensLine);
  const RunResult json = run_poker({"equity", "--json", "ahkh", "qq"});
  EXPECT_NE(json.out.find("\"query\":\"AhKh QQ\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("{\"hand\":\"QQ\""), std::string::npos) << json.out;
}

// Like verify's and -v's JSON, equity's says what it is.
TEST(EquityCommand, JsonNamesItsSchema) {
  const RunResult one = run_poker({"equity", "--json", "AhKh", "QsQd"});
  EXPECT_EQ(one.out.rfind("{\"schema\":\"poker-equity/1\",\"query\":", 0), 0u) << one.out;
  const RunResult file = run_poker({"equity", "--json"}, "AhKh QsQd\n");
  EXPECT_EQ(file.out.rfind("{\"schema\":\"poker-equity/1\",\"query\":", 0), 0u) << file.out;
}

}  // namespace
}  // namespace poker::e2e
