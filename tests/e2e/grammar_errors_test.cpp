// The specification (docs/specification.md), section 3, "Line grammar" and
// "Errors": every rule run through the binary, each input through several paths
// (pipe, mapped file, stdin redirected from a file; -j 1 and -j 2; tiny
// chunks), with one expected stdout, stderr and exit status.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

// Three instances of two players and their answers (examples/sample.txt).
const std::string kFirst = "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n";   // Player 1
const std::string kSecond = "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n";  // Player 2
const std::string kThird = "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";   // Draw
const std::string kSample = kFirst + kSecond + kThird;
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";

// examples/three_players.txt
const std::string kThreePlayers =
    "Ah Ad\nKs Kd\n7c 2d\nAs Kc Qh 9d 3s\n"
    "9h 6h\n2s 2d\nJc Qs\n7h 8h 5c 2c 3d\n"
    "5s 5h\n6c 6d\n8s 7s\nKh Kd Kc Ks 9h\n";
const std::string kThreePlayersAnswers = "Player 1\nPlayer 1\nDraw\n";

// A string literal with its NUL bytes.
template <std::size_t N>
std::string bytes(const char (&literal)[N]) {
  return std::string(literal, N - 1);
}

std::string crlf(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

std::string expected_cards(int count, const std::string& who, int found, const char* before) {
  return "expected " + std::to_string(count) + (count == 1 ? " card" : " cards") + " for " + who + ", found " +
         std::to_string(found) + " before the end of the " + before;
}

// ---- Accepted layouts ---------------------------------------------------------

TEST(Grammar, SampleIsJudged) { expect_judged({}, kSample, ok(kSampleAnswers)); }

TEST(Grammar, CrlfLineEndsAreAccepted) { expect_judged({}, crlf(kSample), ok(kSampleAnswers)); }

TEST(Grammar, TabsVerticalTabsAndFormFeedsSeparateCards) {
  expect_judged({}, "Ah\tKh\n2c\v3d\nQh\fJh\t\vTh \f 5c\t\t6d\n", ok("Player 1\n"));
}

TEST(Grammar, CarriageReturnInsideALineIsABlank) {
  expect_judged({}, "Ah\rKh\n2c \r 3d\nQh Jh Th 5c 6d\r\r\n", ok("Player 1\n"));
}

TEST(Grammar, LeadingAndTrailingBlanksAreAccepted) {
  expect_judged({}, " \t Ah Kh \n\f2c 3d\v\n  Qh Jh Th 5c 6d\t\r\n", ok("Player 1\n"));
}

TEST(Grammar, MultipleSpacesBetweenCardsAreAccepted) {
  expect_judged({}, "Ah     Kh\n2c  3d\nQh   Jh  Th     5c 6d\n", ok("Player 1\n"));
}

TEST(Grammar, CardsMayRepeatAcrossInstances) {
  expect_judged({}, kFirst + kFirst + kFirst, ok("Player 1\nPlayer 1\nPlayer 1\n"));
}

TEST(Grammar, ThreePlayersPositionalAndOption) {
  expect_judged({"3"}, kThreePlayers, ok(kThreePlayersAnswers));
  expect_judged({"-p", "3"}, kThreePlayers, ok(kThreePlayersAnswers));
  expect_judged({"--players", "3"}, kThreePlayers, ok(kThreePlayersAnswers));
}

// ---- End of input ---------------------------------------------------------------

TEST(EndOfInput, EmptyInputGivesNoOutput) { expect_judged({}, "", ok("")); }

TEST(EndOfInput, OnlyNewlinesGiveNoOutput) {
  expect_judged({}, "\n", ok(""));
  expect_judged({}, "\n\n\n\n\n\n\n\n\n\n", ok(""));
  expect_judged({"5"}, std::string(100, '\n'), ok(""));
}

TEST(EndOfInput, OnlyBlanksGiveNoOutput) { expect_judged({}, " \t\r\n \n\f\v", ok("")); }

TEST(EndOfInput, BlankLineAtEndIsAccepted) { expect_judged({}, kSample + "\n", ok(kSampleAnswers)); }

TEST(EndOfInput, TrailingBlankLinesWithBlanksAreAccepted) {
  expect_judged({}, kSample + "\n  \n\t\r\n \f\v\n\n", ok(kSampleAnswers));
}

TEST(EndOfInput, BlanksWithoutNewlineAfterLastInstanceAreAccepted) {
  expect_judged({}, kSample + "   \t", ok(kSampleAnswers));
  expect_judged({}, kSample + "\n\n  ", ok(kSampleAnswers));
}

TEST(EndOfInput, TrailingBlankLinesLongerThanAnInstanceAreAccepted) {
  // Three players: an instance is 4 lines; 7 and 13 blank lines are more
  // than one instance's worth, so they span whole records.
  expect_judged({"3"}, kThreePlayers + std::string(7, '\n'), ok(kThreePlayersAnswers));
  expect_judged({"3"}, kThreePlayers + std::string(13, '\n'), ok(kThreePlayersAnswers));
  expect_judged({"3"}, kThreePlayers + "\n \n\t\n\r\n\n\n\n\n", ok(kThreePlayersAnswers));
  expect_judged({}, kSample + std::string(1000, '\n'), ok(kSampleAnswers));
}

TEST(EndOfInput, MissingFinalNewlineIsAnErrorAtEndOfInput) {
  std::string input = kFirst + kSecond;
  input.pop_back();
  expect_judged({}, input, error("Player 1\n", 6, 15, "missing newline at the end of the input"));
}

TEST(EndOfInput, MissingFinalNewlineAfterTrailingBlanks) {
  std::string input = kFirst + kSecond;
  input.pop_back();
  expect_judged({}, input + "  ", error("Player 1\n", 6, 17, "missing newline at the end of the input"));
}

TEST(EndOfInput, MissingFinalNewlineAfterCarriageReturn) {
  expect_judged({}, "Ah Kh\r\n2c 3d\r\nQh Jh Th 5c 6d\r", error("", 3, 16, "missing newline at the end of the input"));
}

TEST(EndOfInput, MissingFinalNewlineOnTheOnlyInstance) {
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th 5c 6d", error("", 3, 15, "missing newline at the end of the input"));
}

TEST(EndOfInput, IncompleteInstanceIsReportedAfterTheLastNewline) {
  expect_judged(
      {}, kFirst + "Ks Qd\n8c 8h\n",
      error("Player 1\n", 6, 1, "incomplete instance: expected the line of the board, found the end of the input"));
  expect_judged(
      {}, kFirst + "Ks Qd\n",
      error("Player 1\n", 5, 1, "incomplete instance: expected the line of player 2, found the end of the input"));
  expect_judged({"3"}, kThreePlayers + "Ah Ad\n",
                error(kThreePlayersAnswers, 14, 1,
                      "incomplete instance: expected the line of player 2, found the end of the input"));
}

TEST(EndOfInput, LineCutByEndOfInput) {
  expect_judged({}, kFirst + "Ks Qd\n8c", error("Player 1\n", 5, 3, expected_cards(2, "player 2", 1, "input")));
  expect_judged({}, kFirst + "Ks Qd\n8c 8h\n2s 8d Ad",
                error("Player 1\n", 6, 9, expected_cards(5, "the board", 3, "input")));
}

TEST(EndOfInput, TrailingBlankLinesThenCardsIsAnErrorAtTheFirstBlankLine) {
  expect_judged({}, kSample + "\n\n" + kFirst, error(kSampleAnswers, 10, 1, expected_cards(2, "player 1", 0, "line")));
  expect_judged({}, kSample + "\n\nAh", error(kSampleAnswers, 10, 1, expected_cards(2, "player 1", 0, "line")));
  // Blank lines more than an instance's worth before the cards.
  expect_judged({"3"}, kThreePlayers + std::string(9, '\n') + kThreePlayers,
                error(kThreePlayersAnswers, 13, 1, expected_cards(2, "player 1", 0, "line")));
  expect_judged({}, kSample + std::string(999, '\n') + "x\n",
                error(kSampleAnswers, 10, 1, expected_cards(2, "player 1", 0, "line")));
}

TEST(EndOfInput, TrailingBlankLineWithBlanksThenCards) {
  // The line end is where the cards were missing.
  expect_judged({}, kSample + "  \t\n" + kFirst,
                error(kSampleAnswers, 10, 4, expected_cards(2, "player 1", 0, "line")));
}

// ---- Errors -----------------------------------------------------------------------

TEST(Errors, BlankLineBetweenInstances) {
  expect_judged({}, kFirst + "\n" + kSecond, error("Player 1\n", 4, 1, expected_cards(2, "player 1", 0, "line")));
}

TEST(Errors, BlankLineInsideAnInstance) {
  expect_judged({}, kFirst + "Ks Qd\n\n8c 8h\n2s 8d Ad 4c Jh\n",
                error("Player 1\n", 5, 1, expected_cards(2, "player 2", 0, "line")));
  expect_judged({}, kFirst + "Ks Qd\n8c 8h\n   \n2s 8d Ad 4c Jh\n",
                error("Player 1\n", 6, 4, expected_cards(5, "the board", 0, "line")));
}

TEST(Errors, LowercaseRankIsInvalid) {
  expect_judged({}, "ah Kh\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 1, invalid_card("'ah'")));
}

TEST(Errors, UppercaseSuitIsInvalid) {
  expect_judged({}, kFirst + "Ks QD\n8c 8h\n2s 8d Ad 4c Jh\n", error("Player 1\n", 4, 4, invalid_card("'QD'")));
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th 5c AH\n", error("", 3, 13, invalid_card("'AH'")));
}

TEST(Errors, TenWrittenWithTwoDigitsIsInvalid) {
  expect_judged({}, "10h Kh\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 1, invalid_card("'10h'")));
}

TEST(Errors, UnknownRankOrSuitIsInvalid) {
  expect_judged({}, kFirst + kSecond + "2c 3c\n4d 1d\nAs Ks Qs Js Ts\n",
                error("Player 1\nPlayer 2\n", 8, 4, invalid_card("'1d'")));
  expect_judged({}, "Ah Kx\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 4, invalid_card("'Kx'")));
  expect_judged({}, "Ah K\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 4, invalid_card("'K'")));
}

TEST(Errors, ControlByteMakesAnInvalidCardAndIsEscaped) {
  expect_judged({}, "Ah K\x01\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 4, invalid_card("'K\\x01'")));
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th 5c \x1b[0m\n", error("", 3, 13, invalid_card("'\\x1b[0m'")));
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\x7f\n", error("", 3, 13, invalid_card("'6d\\x7f'")));
}

TEST(Errors, NulByteMakesAnInvalidCardAndIsEscaped) {
  const std::string input = bytes("Ah \0h\n2c 3d\nQh Jh Th 5c 6d\n");
  expect_judged({}, input, error("", 1, 4, invalid_card("'\\x00h'")));
  const std::string alone = kFirst + bytes("Ks Qd\n\0\n2s 8d Ad 4c Jh\n");
  expect_judged({}, alone, error("Player 1\n", 5, 1, invalid_card("'\\x00'")));
}

TEST(Errors, NonAsciiByteMakesAnInvalidCardAndIsEscaped) {
  expect_judged({}, "Ah K\xe2\x99\xa5\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 4, invalid_card("'K\\xe2\\x99\\xa5'")));
  expect_judged({}, "\xff\xfe\n", error("", 1, 1, invalid_card("'\\xff\\xfe'")));
  // A no-break space is not a blank: it joins two cards into one token.
  expect_judged({}, "Ah\xc2\xa0Kh\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 1, invalid_card("'Ah\\xc2\\xa0Kh'")));
}

TEST(Errors, LongTokenStaysOnOneLine) {
  const RunResult result = run_poker({}, "Ah " + std::string(5000, 'K') + "\n2c 3d\nQh Jh Th 5c 6d\n");
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.out, "");
  const std::string prefix = "poker: <stdin>:1:4: invalid card 'KKKK";
  EXPECT_EQ(result.err.substr(0, prefix.size()), prefix);
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1);
  EXPECT_EQ(result.err.back(), '\n');
}

TEST(Errors, TooManyCardsOnAPlayerLine) {
  expect_judged({}, "Ah Kh Qh\n2c 3d\nQs Jh Th 5c 6d\n",
                error("", 1, 7, "expected the end of the line after 2 cards for player 1, found 'Qh'"));
  // The extra token is reported as such, valid card or not, and escaped.
  expect_judged({}, "Ah Kh \x1b\n2c 3d\nQs Jh Th 5c 6d\n",
                error("", 1, 7, "expected the end of the line after 2 cards for player 1, found '\\x1b'"));
  expect_judged({}, kFirst + "Ks Qd\n8c 8h  zz\n2s 8d Ad 4c Jh\n",
                error("Player 1\n", 5, 8, "expected the end of the line after 2 cards for player 2, found 'zz'"));
}

TEST(Errors, TooManyCardsOnTheBoardLine) {
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th 5c 6d 7d\n",
                error("", 3, 16, "expected the end of the line after 5 cards for the board, found '7d'"));
}

TEST(Errors, TooFewCardsOnAPlayerLine) {
  expect_judged({}, "Ah\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 3, expected_cards(2, "player 1", 1, "line")));
  expect_judged({}, "Ah Kh\n 2c  \nQh Jh Th 5c 6d\n", error("", 2, 6, expected_cards(2, "player 2", 1, "line")));
}

TEST(Errors, TooFewCardsOnTheBoardLine) {
  expect_judged({}, kFirst + "Ks Qd\n8c 8h\n2s 8d Ad 4c\n",
                error("Player 1\n", 6, 12, expected_cards(5, "the board", 4, "line")));
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th 5c\r\n", error("", 3, 13, expected_cards(5, "the board", 4, "line")));
}

TEST(Errors, DuplicateWithinALine) {
  expect_judged({}, "Ah Ah\n2c 3d\nQh Jh Th 5c 6d\n",
                error("", 1, 4, "duplicate card 'Ah': already at line 1, column 1"));
  expect_judged({}, "Ah Kh\n2c 3d\nQh Jh Th Jh 6d\n",
                error("", 3, 10, "duplicate card 'Jh': already at line 3, column 4"));
}

TEST(Errors, DuplicateAcrossLines) {
  expect_judged({}, kFirst + "Ks Qd\n  8c 8h\n2s 8d Ad 8c Jh\n",
                error("Player 1\n", 6, 10, "duplicate card '8c': already at line 5, column 3"));
  expect_judged({}, "Ah Kh\n\tKh 3d\nQs Jh Th 5c 6d\n",
                error("", 2, 2, "duplicate card 'Kh': already at line 1, column 4"));
  expect_judged({"3"}, kThreePlayers + "Ah Ad\nKs Kd\n7c 2d\nAs Kc Qh 9d \t Ad\n",
                error(kThreePlayersAnswers, 16, 15, "duplicate card 'Ad': already at line 13, column 4"));
}

TEST(Errors, FirstErrorByPositionIsReported) {
  // An invalid card before an extra token on the same line.
  expect_judged({}, "xx Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n", error("", 1, 1, invalid_card("'xx'")));
  // An error on line 2 before another on line 3.
  expect_judged({}, "Ah Kh\n2c 3\nQh Qh Th 5c\n", error("", 2, 4, invalid_card("'3'")));
}

TEST(Errors, ErrorInThirdInstanceKeepsTheFirstTwoAnswers) {
  expect_judged(
      {}, kFirst + kSecond + "2c 3c\n4d 5d\nAs Ks Qs Js Ts 9s\n" + kFirst,
      error("Player 1\nPlayer 2\n", 9, 16, "expected the end of the line after 5 cards for the board, found '9s'"));
}

TEST(Errors, CrlfErrorColumnsCountBytes) {
  expect_judged({}, crlf(kFirst) + "Ks Qd\r\n8c 8x\r\n", error("Player 1\n", 5, 4, invalid_card("'8x'")));
}

// ---- Hints: the same from every source ------------------------------------------

// `poker ARGS` on `input` from `-i FILE`, `< FILE` and a pipe, in any
// chunks: stderr with the source named SOURCE, and the exit status; all must
// agree.
std::string judged_from_every_source(const std::vector<std::string>& args, const std::string& input) {
  const std::string path = write_temp_file("input.txt", input);
  // The source is SOURCE; so is the input in the command a hint suggests,
  // named as given or, for standard input, "on the same input".
  const auto named = [](const RunResult& result, const std::string& source) {
    std::string err = result.err;
    if (err.starts_with("poker: " + source + ":")) err = "poker: SOURCE:" + err.substr(8 + source.size());
    const std::string suggested = source == "<stdin>" ? "' on the same input" : " " + source + "'";
    if (const std::size_t at = err.find(suggested); at != std::string::npos)
      err.replace(at, suggested.size(), " SOURCE'");
    return err + "exit " + std::to_string(result.exit_status);
  };
  const std::string from_file = named(run_poker(concat(args, {"-i", path})), path);
  for (const std::vector<std::string>& tuning :
       {std::vector<std::string>{}, {"-j", "1", "--chunk-size", "1"}, {"-j", "2", "--chunk-size", "40"}}) {
    SCOPED_TRACE(::testing::PrintToString(tuning));
    EXPECT_EQ(named(run_poker(concat(concat(args, tuning), {"-i", path})), path), from_file);
    EXPECT_EQ(named(run_poker_stdin_file(concat(args, tuning), path), "<stdin>"), from_file);
    EXPECT_EQ(named(run_poker(concat(args, tuning), input), "<stdin>"), from_file);
  }
  return from_file;
}

// A hint reads the input's first lines: its evidence is the lines through
// the failing instance as the run read them, which every source gives alike,
// so the same error has the same hint from `-i FILE`, `< FILE` or a pipe
// (reading a file again from its start, or a pipe not at all, would differ).
TEST(Hints, SameErrorLineFromEverySource) {
  const std::string board = "2d 3d 4d 5d 6d\n";
  // Three players, judged as four: the board is where player 4 should be.
  EXPECT_EQ(judged_from_every_source({"4"}, kThreePlayers),
            "poker: SOURCE:4:7: expected the end of the line after 2 cards for player 4, found 'Qh' (instance 1); "
            "hint: the input seems to hold 3 players per instance: try 'poker 3 SOURCE'\nexit 1");
  // Judged as two: the first instance ends before the board, so what was
  // read shows only that there are more than two players.
  EXPECT_EQ(judged_from_every_source({}, kThreePlayers),
            "poker: SOURCE:3:6: expected 5 cards for the board, found 2 before the end of the line (instance 1); "
            "hint: the input seems to hold at least 3 players per instance: try 'poker 3 SOURCE'\nexit 1");
  EXPECT_EQ(judged_from_every_source({}, "Ah Kh\n10h Qd\n" + board),
            "poker: SOURCE:2:1: " + invalid_card("'10h'") + " (instance 1); hint: ten is written T, like 'Th'\nexit 1");
  for (const auto& [other, input] :
       {std::pair{"euler", "a Project Euler 54 input"}, std::pair{"eval", "an eval input (HAND1 ; HAND2)"},
        std::pair{"draw", "a draw puzzle input"}}) {
    const std::string err =
        judged_from_every_source({}, read_whole_file(kSourceDir + "/examples/" + std::string(other) + ".txt"));
    EXPECT_TRUE(err.ends_with("; hint: this looks like " + std::string(input) + ": try 'poker " + std::string(other) +
                              " SOURCE'\nexit 1"))
        << err;
  }
  // The error far into the input, past what a first read holds.
  std::string long_input;
  for (int i = 0; i < 3000; ++i) long_input += kSample;
  EXPECT_EQ(judged_from_every_source({"3"}, long_input),
            "poker: SOURCE:3:7: expected the end of the line after 2 cards for player 3, found 'Th' (instance 1); "
            "hint: the input seems to hold 2 players per instance: try 'poker 2 SOURCE'\nexit 1");
  EXPECT_EQ(judged_from_every_source({}, long_input + "Ah Kh\nQs Qd\n2d 3d 4d 5d\n"),
            "poker: SOURCE:27003:12: expected 5 cards for the board, found 4 before the end of the line "
            "(instance 9001)\nexit 1");
}

}  // namespace
}  // namespace poker::e2e
