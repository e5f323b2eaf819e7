// The command line as a new user meets it: a bare operand is the
// input file, mistyped words get "did you mean", help is GNU style within
// 80 columns, --version works anywhere, counts read 1M and 1e6, and input
// errors name their instance and, where one is likely, the cause.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

const std::string kExamples = std::string(POKER_SOURCE_DIR) + "/examples/";

std::string example(const std::string& name) { return read_whole_file(kExamples + name); }

// The one error line of running `args` on `input`, checked to be one line.
std::string error_of(const std::vector<std::string>& args, const std::string& input) {
  const RunResult result = run_poker(args, input);
  EXPECT_EQ(result.exit_status, 1) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  return result.err;
}

TEST(Operands, ANonNumberIsTheInputFile) {
  EXPECT_EQ(run_poker({kExamples + "sample.txt"}).out, example("sample.expected"));
  EXPECT_EQ(run_poker({"3", kExamples + "three_players.txt"}).out, example("three_players.expected"));
  EXPECT_EQ(run_poker({kExamples + "three_players.txt", "3"}).out, example("three_players.expected"));
  EXPECT_EQ(run_poker({"-"}, example("sample.txt")).out, example("sample.expected"));
  EXPECT_EQ(run_poker({"euler", kExamples + "euler.txt"}).out, example("euler.expected"));
  EXPECT_EQ(
      run_poker({"verify", "euler", kExamples + "euler.txt", "--answers", kExamples + "euler.expected"}).exit_status,
      0);
}

TEST(Operands, AMissingFileIsAnIoErrorNamingIt) {
  const RunResult result = run_poker({"no-such-file.txt"});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.err, "poker: no-such-file.txt: cannot open: No such file or directory\n");
}

// A number's text has no blanks, so " 8" and "8 " are never PLAYERS; as no
// file has that name, they are the same mistake on either side: a usage
// error, not a file that cannot be opened. A file of that name is the input.
TEST(Operands, ANumberWithBlanksAroundItIsAUsageErrorOnEitherSide) {
  for (const std::string word : {"8 ", " 8", " 8 ", "\t8"}) {
    SCOPED_TRACE("'" + word + "'");
    const std::string shown = word[0] == '\t' ? "\\x098" : word;
    expect_usage_error({word},
                       "PLAYERS: expected a whole number from 2 to 23 without blanks around it, found '" + shown + "'");
  }
  expect_usage_error({"3", " 8"}, "extra operand ' 8' after PLAYERS");
  expect_usage_error({"8 ", "3"}, "PLAYERS: expected a whole number from 2 to 23 without blanks around it, found '8 '");
  const std::string directory = temp_directory();
  for (const std::string word : {"8 ", " 8"}) {
    SCOPED_TRACE("a file named '" + word + "'");
    const std::string path = directory + "/" + word;
    { std::ofstream(path) << example("sample.txt"); }
    testing::SpawnOptions options;
    options.args = {word};
    options.working_directory = directory;
    const RunResult result = testing::run(kBinary, options);
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(result.out, example("sample.expected"));
    std::remove(path.c_str());
  }
}

TEST(Operands, FileAndInputOptionTogetherAreAUsageError) {
  expect_usage_error({kExamples + "sample.txt", "-i", kExamples + "sample.txt"},
                     "the input file given twice: FILE '" + kExamples + "sample.txt' and -i");
}

// Two operands that name files: one input per run, and no -i was typed.
TEST(Operands, TwoInputFilesAreAUsageErrorNamingBoth) {
  expect_usage_error(
      {kExamples + "sample.txt", kExamples + "euler.txt"},
      "two input files: '" + kExamples + "sample.txt' and '" + kExamples + "euler.txt' (one file per run)");
}

TEST(DidYouMean, MistypedSubcommands) {
  expect_usage_error({"equty", "AhKh", "QsQd"}, "unknown subcommand 'equty'; did you mean 'equity'?");
  expect_usage_error({"Euler"}, "unknown subcommand 'Euler'; did you mean 'euler'?");
  expect_usage_error({"verify", "evl", "--answers", "x"}, "unknown subcommand 'evl'; did you mean 'eval'?");
}

TEST(DidYouMean, MistypedLongOptions) {
  expect_usage_error({"--explian"}, "unknown option '--explian'; did you mean '--explain'?");
  expect_usage_error({"euler", "--sumary"}, "unknown option '--sumary'; did you mean '--summary'?", "euler");
  expect_usage_error({"--threads=2", "--chunk-sise=1K"}, "unknown option '--chunk-sise'; did you mean '--chunk-size'?");
  expect_usage_error({"--zzzzzz"}, "unknown option '--zzzzzz'");
}

// Every help: within 80 columns when not a terminal, GNU style, and none of
// CLI11's validator texts.
TEST(Help, GnuStyleWithinEightyColumns) {
  const std::vector<std::vector<std::string>> commands = {
      {}, {"euler"}, {"eval"}, {"draw"}, {"equity"}, {"verify"}, {"verify", "euler"}, {"verify", "equity"}};
  for (const std::vector<std::string>& command : commands) {
    SCOPED_TRACE(::testing::PrintToString(command));
    const RunResult result = run_poker(concat(command, {"--help"}));
    EXPECT_EQ(result.exit_status, 0);
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LE(line.size(), 80u) << line;
      for (const char* noise : {"Excludes", " in [", "NUMBER", "SIZE:"}) {
        EXPECT_EQ(line.find(noise), std::string::npos) << line;
      }
      // CLI11's type names as words ("SIGINT" is no type name).
      for (const std::string_view noise : {"INT", "UINT", "TEXT"}) {
        for (std::size_t at = line.find(noise); at != std::string::npos; at = line.find(noise, at + 1)) {
          const std::size_t end = at + noise.size();
          const bool word = (at == 0 || std::isalnum(static_cast<unsigned char>(line[at - 1])) == 0) &&
                            (end == line.size() || std::isalnum(static_cast<unsigned char>(line[end])) == 0);
          EXPECT_FALSE(word) << line;
        }
      }
    }
    EXPECT_NE(result.out.find("\n  -j, --threads=N "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("\n  -q, --quiet "), std::string::npos) << result.out;
  }
}

// The "Exit status:" paragraph of a help: from that line to the first that
// ends a sentence, joined.
std::string exit_status_paragraph(const std::string& help) {
  std::istringstream lines(help);
  std::string paragraph;
  for (std::string line; std::getline(lines, line);) {
    if (paragraph.empty() && line.rfind("Exit status:", 0) != 0) continue;
    paragraph += (paragraph.empty() ? "" : " ") + line;
    if (!line.empty() && line.back() == '.') break;
  }
  return paragraph;
}

// The statuses a paragraph names: the numbers after a blank or a '/'.
std::set<int> statuses_named(const std::string& paragraph) {
  std::set<int> statuses;
  for (std::size_t at = 0; at < paragraph.size(); ++at) {
    const bool starts = std::isdigit(static_cast<unsigned char>(paragraph[at])) != 0 && at > 0 &&
                        (paragraph[at - 1] == ' ' || paragraph[at - 1] == '/');
    if (!starts) continue;
    std::size_t end = at;
    while (end < paragraph.size() && std::isdigit(static_cast<unsigned char>(paragraph[end])) != 0) ++end;
    statuses.insert(std::stoi(paragraph.substr(at, end - at)));
    at = end;
  }
  return statuses;
}

// Each command's help lists the statuses it can return, and no other: 1
// only where instances are read and judged (verify too) and for bench's
// invalid --compare report, 4 only for verify and bench --compare, 42 and 43
// only for verify (its --kattis verdicts), and 130 and 143 (a stop by SIGINT
// or SIGTERM) everywhere.
TEST(Help, EachCommandListsItsOwnExitStatuses) {
  const std::set<int> judge = {0, 1, 2, 3, 130, 143};
  const std::set<int> no_input = {0, 2, 3, 130, 143};
  const std::set<int> verify = {0, 1, 2, 3, 4, 42, 43, 130, 143};
  const std::set<int> bench = {0, 1, 2, 3, 4, 130, 143};
  const std::vector<std::pair<std::vector<std::string>, std::set<int>>> cases = {{{}, judge},
                                                                                 {{"euler"}, judge},
                                                                                 {{"eval"}, judge},
                                                                                 {{"draw"}, judge},
                                                                                 {{"equity"}, judge},
                                                                                 {{"range"}, no_input},
                                                                                 {{"generate"}, no_input},
                                                                                 {{"bench"}, bench},
                                                                                 {{"verify"}, verify},
                                                                                 {{"verify", "euler"}, verify},
                                                                                 {{"verify", "equity"}, verify}};
  for (const auto& [command, statuses] : cases) {
    SCOPED_TRACE(::testing::PrintToString(command));
    const RunResult result = run_poker(concat(command, {"--help"}));
    ASSERT_EQ(result.exit_status, 0);
    const std::string paragraph = exit_status_paragraph(result.out);
    EXPECT_EQ(statuses_named(paragraph), statuses) << paragraph;
    EXPECT_NE(paragraph.find("130/143 stopped by SIGINT/SIGTERM"), std::string::npos) << paragraph;
  }
}

// The manual is where the rest is: poker's help names it.
TEST(Help, MainHelpNamesTheManPage) {
  const RunResult help = run_poker({"--help"});
  EXPECT_EQ(help.exit_status, 0);
  std::string joined = help.out;  // the lines the paragraph is filled into, one line
  std::replace(joined.begin(), joined.end(), '\n', ' ');
  EXPECT_NE(joined.find("'man poker' the manual"), std::string::npos) << help.out;
}

// Every paragraph of every help is filled to the width: a line ends early
// only where a sentence or a heading ends, never where the text was broken
// by hand (the next word would have fitted on it).
TEST(Help, ParagraphsAreFilledToTheWidth) {
  const std::vector<std::vector<std::string>> commands = {{},
                                                          {"euler"},
                                                          {"eval"},
                                                          {"draw"},
                                                          {"equity"},
                                                          {"range"},
                                                          {"generate"},
                                                          {"bench"},
                                                          {"verify"},
                                                          {"verify", "euler"},
                                                          {"verify", "equity"}};
  for (const std::vector<std::string>& command : commands) {
    SCOPED_TRACE(::testing::PrintToString(command));
    const RunResult result = run_poker(concat(command, {"--help"}));
    std::istringstream stream(result.out);
    std::vector<std::string> lines;
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      const std::string& line = lines[i];
      const std::string& next = lines[i + 1];
      // Lines of one paragraph of running text, not an entry or a usage line.
      if (line.empty() || next.empty() || line[0] == ' ' || next[0] == ' ' || line.back() == '.' ||
          line.back() == ':' || next.rfind("Usage:", 0) == 0 || next.rfind("   or:", 0) == 0 ||
          line.rfind("Usage:", 0) == 0 || line.rfind("   or:", 0) == 0) {
        continue;
      }
      const std::string next_word = next.substr(0, next.find(' '));
      EXPECT_GT(line.size() + 1 + next_word.size(), 80u) << "'" << line << "' could hold '" << next_word << "'";
    }
  }
}

TEST(Version, WorksAfterAnySubcommand) {
  const std::string version = run_poker({"--version"}).out;
  for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{{"equity"},
                                                                                       {"euler"},
                                                                                       {"verify"},
                                                                                       {"verify", "draw"},
                                                                                       {"range", "QQ+"},
                                                                                       {"range"},
                                                                                       {"generate"},
                                                                                       {"bench"}}) {
    const RunResult result = run_poker(concat(command, {"--version"}));
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(result.out, version);
  }
}

TEST(Counts, MonteCarloDealsReadSuffixesAndPowersOfTen) {
  const std::string plain = run_poker({"equity", "AhKh", "QsQd", "--mc", "2000", "--seed", "5"}).out;
  ASSERT_NE(plain, "");
  EXPECT_EQ(run_poker({"equity", "AhKh", "QsQd", "--mc", "2K", "--seed", "5"}).out, plain);
  EXPECT_EQ(run_poker({"equity", "AhKh", "QsQd", "--mc", "2e3", "--seed", "5"}).out, plain);
}

TEST(Counts, ZeroNegativeAndOverflowingValuesAreOneLineErrors) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"equity", "AhKh", "QsQd", "--mc", "0"},
                                             {"equity", "AhKh", "QsQd", "--mc", "1e300"},
                                             {"equity", "AhKh", "QsQd", "--seed", "-1"},
                                             {"equity", "AhKh", "QsQd", "--seed", "18446744073709551616"},
                                             {"-j", "-1"},
                                             {"-j", "99999999999999999999999"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.err.find("Could not convert"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("179769"), std::string::npos) << result.err;  // CLI11's range check against a double
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 2) << result.err;  // + "Run 'poker --help'"
  }
}

TEST(Hints, ErrorsNameTheirInstance) {
  const std::string two = "Ah Kh\nQs Qd\n2d 3d 4d 5d 6d\n";
  EXPECT_EQ(error_of({}, two + two + "Ah Kh\nQs Qx\n2d 3d 4d 5d 6d\n"),
            "poker: <stdin>:8:4: " + invalid_card("'Qx'") + " (instance 3)\n");
  EXPECT_EQ(
      error_of({"euler"}, example("euler.txt") + "5H\n"),
      "poker: <stdin>:7:3: expected 10 cards for players 1 and 2, found 1 before the end of the line (instance 7)\n");
}

TEST(Hints, LikelyCausesAreNamed) {
  const std::string board = "2d 3d 4d 5d 6d\n";
  const auto hint_of = [](const std::vector<std::string>& args, const std::string& input) {
    const std::string line = error_of(args, input);
    const std::size_t at = line.find("; hint: ");
    return at == std::string::npos ? std::string() : line.substr(at + 8, line.size() - at - 9);
  };
  EXPECT_EQ(hint_of({}, "Ah Kh\n10h Qd\n" + board), "ten is written T, like 'Th'");
  EXPECT_EQ(hint_of({}, "Ah KH\nQs Qd\n" + board).rfind("suits are lower-case: 'Kh', not 'KH'", 0), 0u);
  EXPECT_EQ(hint_of({}, "ah Kh\nQs Qd\n" + board), "ranks are upper-case, like 'Ah'");
  EXPECT_EQ(hint_of({},
                    "\xef\xbb\xbf"
                    "Ah Kh\nQs Qd\n" +
                        board)
                .rfind("the input starts with a UTF-8 byte-order mark", 0),
            0u);
  EXPECT_EQ(hint_of({}, "Ah Kh\nQs Qd\n" + board + "\nAh Kh\nQs Qd\n" + board),
            "line 4 is blank: instances follow each other with no blank line between");
  EXPECT_EQ(hint_of({"euler"}, "5h 5C 6S 7S KD 2C 3S 8S 8D TD\n").rfind("Project Euler 54 writes suits upper-case", 0),
            0u);
  // The hint reads the input's first lines, through the failing instance:
  // the player count where the board is among them, the format.
  EXPECT_EQ(
      hint_of({kExamples + "three_players.txt"}, ""),
      "the input seems to hold at least 3 players per instance: try 'poker 3 " + kExamples + "three_players.txt'");
  EXPECT_EQ(hint_of({"4", kExamples + "three_players.txt"}, ""),
            "the input seems to hold 3 players per instance: try 'poker 3 " + kExamples + "three_players.txt'");
  EXPECT_EQ(hint_of({kExamples + "euler.txt"}, ""),
            "this looks like a Project Euler 54 input: try 'poker euler " + kExamples + "euler.txt'");
  EXPECT_EQ(hint_of({kExamples + "eval.txt"}, ""),
            "this looks like an eval input (HAND1 ; HAND2): try 'poker eval " + kExamples + "eval.txt'");
  EXPECT_EQ(hint_of({kExamples + "draw.txt"}, ""),
            "this looks like a draw puzzle input: try 'poker draw " + kExamples + "draw.txt'");
  // No hint where no cause is likely.
  EXPECT_EQ(hint_of({}, "Ah Kh\nQs Qx\n" + board), "");
}

// The hint of `poker ARGS` on `input` (standard input), or "".
std::string hint_of(const std::vector<std::string>& args, const std::string& input) {
  const std::string line = error_of(args, input);
  const std::size_t at = line.find("; hint: ");
  return at == std::string::npos ? std::string() : line.substr(at + 8, line.size() - at - 9);
}

TEST(Hints, TenInEvalIsWrittenZero) {
  EXPECT_EQ(hint_of({"eval"}, "Ah Kh Qh Jh Th ; 2c 3c 4c 5c 7d\n"), "ten is written 0, like '0h'");
  EXPECT_EQ(hint_of({"eval"}, "Ah Kh Qh Jh 10h ; 2c 3c 4c 5c 7d\n"), "ten is written 0, like '0h'");
}

TEST(Hints, HoldemFileGivenToEulerOrEvalOrDraw) {
  // An instance of Euler 54 or eval is one line: too little to show the board.
  for (const std::string command : {"euler", "eval"}) {
    EXPECT_EQ(hint_of({command}, example("sample.txt")),
              "this looks like a hold'em input: try 'poker' on the same input")
        << command;
  }
  EXPECT_EQ(hint_of({"draw"}, example("sample.txt")),
            "this looks like a hold'em input of 2 players: try 'poker 2' on the same input");
  const RunResult named = run_poker({"euler", kExamples + "sample.txt"});
  EXPECT_TRUE(named.err.ends_with("; hint: this looks like a hold'em input: try 'poker " + kExamples + "sample.txt'\n"))
      << named.err;
}

// A query file's first query is two hands of cards written together
// ("AhKh QsQd"), which the judge reads as a hold'em player's cards: the hint
// names the file's format, not the blanks between cards.
TEST(Hints, EquityQueryFileGivenToTheJudgeNamesPokerEquity) {
  const RunResult named = run_poker({"-i", kExamples + "equity.txt"});
  EXPECT_EQ(named.exit_status, 1);
  EXPECT_TRUE(named.err.ends_with("; hint: this looks like a 'poker equity' query file: try 'poker equity " +
                                  kExamples + "equity.txt'\n"))
      << named.err;
  EXPECT_EQ(hint_of({}, "# my queries\n\nQQ+, AKs random --board Ts9s2d\n"),
            "this looks like a 'poker equity' query file: try 'poker equity' on the same input");
  EXPECT_EQ(hint_of({"euler"}, example("equity.txt")),
            "this looks like a 'poker equity' query file: try 'poker equity' on the same input");
  // Cards written together that make no query keep the hint on blanks.
  EXPECT_EQ(hint_of({}, "AhKh\nQs Qd\n2c 3c 4c 5c 6c\n"), "cards are separated by blanks: 'Ah Kh', not 'AhKh'");
}

TEST(Hints, EvalFileGivenToEuler) {
  EXPECT_EQ(hint_of({"euler"}, example("eval.txt")),
            "this looks like an eval input (HAND1 ; HAND2): try 'poker eval' on the same input");
}

TEST(Hints, CrlfBlankLineIsBlank) {
  const std::string instance = "Ah Kh\r\nQs Qd\r\n2d 3d 4d 5d 6d\r\n";
  EXPECT_EQ(hint_of({}, instance + "\r\n" + instance),
            "line 4 is blank: instances follow each other with no blank line between");
  EXPECT_EQ(hint_of({"euler"}, "8C TS KC 9H 4S 7D 2S 5D 3S AC\r\n \r\n8C TS KC 9H 4S 7D 2S 5D 3S AC\r\n"),
            "line 2 is blank: instances follow each other with no blank line between");
}

TEST(Hints, LoneCarriageReturnLineEnds) {
  EXPECT_EQ(hint_of({}, "Ah Kh\rQs Qd\r2d 3d 4d 5d 6d\r\n"),
            "lines here end with a lone CR (classic Mac OS line ends), which is a blank, not a line end: convert them "
            "to LF, e.g. with tr '\\r' '\\n'");
  EXPECT_EQ(hint_of({"euler"}, "8C TS KC 9H 4S 7D 2S 5D 3S AC\r8C TS KC 9H 4S 7D 2S 5D 3S AC\r")
                .rfind("lines here end "
                       "with a lone CR",
                       0),
            0u);
}

TEST(Hints, CardsAreSeparatedByBlanksNotCommas) {
  EXPECT_EQ(hint_of({}, "Ah,Kh\nQs Qd\n2d 3d 4d 5d 6d\n"),
            "cards are separated by blanks, not commas: 'Ah Kh', not 'Ah,Kh'");
  EXPECT_EQ(hint_of({}, "Ah, Kh\nQs Qd\n2d 3d 4d 5d 6d\n"),
            "cards are separated by blanks, not commas: 'Ah', not 'Ah,'");
  EXPECT_EQ(hint_of({}, "AhKh\nQs Qd\n2d 3d 4d 5d 6d\n"), "cards are separated by blanks: 'Ah Kh', not 'AhKh'");
}

TEST(Hints, ThreePlayerFileOnStdinNamesTheCount) {
  EXPECT_EQ(hint_of({}, example("three_players.txt")),
            "the input seems to hold at least 3 players per instance: try 'poker 3' on the same input");
  EXPECT_EQ(hint_of({"4"}, example("three_players.txt")),
            "the input seems to hold 3 players per instance: try 'poker 3' on the same input");
}

// The command a hint suggests names the input as it was given, in words a
// shell reads as that file.
TEST(Hints, SuggestionsNameTheInputAsGiven) {
  const std::string euler = example("euler.txt");
  const std::string spaced = write_temp_file("an euler file.txt", euler);
  const RunResult quoted = run_poker({spaced});
  EXPECT_TRUE(quoted.err.ends_with("try 'poker euler \"" + spaced + "\"'\n")) << quoted.err;
  const std::string dollar = write_temp_file("$HOME.txt", euler);
  const RunResult escaped = run_poker({"-i", dollar});
  const std::size_t at = dollar.find('$');
  const std::string shell_word = dollar.substr(0, at) + "\\" + dollar.substr(at);
  EXPECT_TRUE(escaped.err.ends_with("try 'poker euler \"" + shell_word + "\"'\n")) << escaped.err;
  EXPECT_EQ(hint_of({"-"}, euler), "this looks like a Project Euler 54 input: try 'poker euler' on the same input");
}

}  // namespace
}  // namespace poker::e2e

namespace poker::e2e {
namespace {

// The option library's own words never reach the user: each mistake is
// one line in the command line's words, pointing at the help of the
// subcommand where it stands.
TEST(UsageWording, OptionLibraryWordsAreOurs) {
  expect_usage_error({"-i", "a", "-i", "b"}, "--input given twice: give it once");
  expect_usage_error({"-p", "2", "-p", "3", kExamples + "sample.txt"}, "--players given twice: give it once");
  expect_usage_error({"equity", "--mc", "1M", "--mc", "2M", "AhKh", "QQ"}, "--mc given twice: give it once", "equity");
  expect_usage_error({"euler", "-e"}, "unknown option '-e'", "euler");
  expect_usage_error({"-x", kExamples + "sample.txt"}, "unknown option '-x'");
  expect_usage_error({"-i"}, "--input needs a value: FILE");
  expect_usage_error({"generate", "3", "4"}, "extra operand '4'", "generate");
  expect_usage_error({"range"}, "missing RANGE", "range");
  expect_usage_error({"generate", "-n", "abc"}, "--instances: expected a whole number, found 'abc'", "generate");
  expect_usage_error({"equity", "--exact", "--mc", "1M", "AhKh", "QQ"}, "--exact and --mc do not go together",
                     "equity");
}

// A subcommand's mistake points at that subcommand's help.
TEST(UsageWording, SubcommandErrorsPointAtTheSubcommandsHelp) {
  expect_usage_error({"equity", "AhKh", "QQ", "-j", "two"},
                     "--threads: expected a whole number from 1 to 4096, found 'two'", "equity");
  expect_usage_error({"verify", "euler", "--answers"}, "--answers needs a value: FILE", "verify euler");
}

// A hand, board or range refused on the command line is equity's usage
// error: it points at equity's help, which says how to write them.
TEST(UsageWording, EquityQueryErrorsPointAtEquitysHelp) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"equity", "AhKh"}, {"equity", "AhKh", "QX"}, {"equity", "AhKh", "QsQd", "--board", "TsTs9d"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.err.rfind("poker: equity: ", 0), 0u) << result.err;
    EXPECT_TRUE(result.err.ends_with("\nRun 'poker equity --help' for usage.\n")) << result.err;
  }
}

// A value that is refused is quoted.
TEST(UsageWording, RefusedValuesAreQuoted) {
  expect_usage_error({"-j", "two"}, "--threads: expected a whole number from 1 to 4096, found 'two'");
  expect_usage_error({"--chunk-size", "5Q"},
                     "--chunk-size: expected a size in bytes from 1 to 1073741824, like 64K or 1M, found '5Q'");
}

// `poker help [SUBCOMMAND...]`, as git, cargo and docker users type it: the
// same help as --help.
TEST(HelpCommand, PrintsTheHelpOfTheSubcommandNamed) {
  for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
           {}, {"equity"}, {"verify"}, {"verify", "euler"}, {"generate"}, {"range"}, {"bench"}}) {
    SCOPED_TRACE(::testing::PrintToString(command));
    const RunResult help = run_poker(concat({"help"}, command));
    EXPECT_EQ(help.exit_status, 0) << help.err;
    EXPECT_EQ(help.err, "");
    EXPECT_EQ(help.out, run_poker(concat(command, {"--help"})).out);
  }
  expect_usage_error({"help", "equty"}, "help: unknown subcommand 'equty'; did you mean 'equity'?");
  expect_usage_error({"help", "zzzzzz"}, "help: unknown subcommand 'zzzzzz'");
}

// A git checkout's build names its commit; a build from a tarball names
// none, and says the rest all the same.
TEST(Version, NamesTheCommitOfAGitCheckout) {
  const RunResult result = run_poker({"--version"});
  EXPECT_EQ(result.exit_status, 0);
  if (::access((kSourceDir + "/.git").c_str(), F_OK) != 0) GTEST_SKIP() << "not built from a git checkout";
  const std::size_t commit = result.out.find("\ncommit: ");
  ASSERT_NE(commit, std::string::npos) << result.out;
  EXPECT_GT(result.out.find('\n', commit + 1), commit + 10) << result.out;  // a hash or a describe's name
}

// -v and --json report a judge's run: `poker range` and `poker generate` have
// none, before or after their name; the judge's answers are plain lines, so
// its --json needs -v.
TEST(SharedOptions, VerboseAndJsonWhereTheyHaveNoEffectAreUsageErrors) {
  expect_usage_error({"-v", "range", "QQ"}, "-v does not apply to 'poker range': it reports a judge's run", "range");
  expect_usage_error({"range", "QQ", "-v"}, "unknown option '-v'", "range");
  expect_usage_error({"--json", "generate"}, "--json does not apply to 'poker generate'", "generate");
  expect_usage_error({"generate", "-v"}, "unknown option '-v'", "generate");
  expect_usage_error({"-v", "bench"}, "-v does not apply to 'poker bench': it reports a judge's run", "bench");
  expect_usage_error({"--json", kExamples + "sample.txt"},
                     "--json writes -v's statistics here (the answers are plain lines): give -v too");
  expect_usage_error({"euler", "--json", kExamples + "euler.txt"},
                     "--json writes -v's statistics here (the answers are plain lines): give -v too", "euler");
  const RunResult stats = run_poker({"-v", "--json", kExamples + "sample.txt"});
  EXPECT_EQ(stats.exit_status, 0) << stats.err;
  EXPECT_EQ(stats.err.rfind("{\"schema\":\"poker-stats/1\"", 0), 0u) << stats.err;
}

// An empty file name is no file and no standard stream ('-' is).
TEST(FileNames, EmptyNamesAreUsageErrors) {
  expect_usage_error({"-i", ""}, "--input: the file name is empty ('-' is standard input)");
  expect_usage_error({"-o", "", kExamples + "sample.txt"}, "--output: the file name is empty ('-' is standard output)");
  expect_usage_error({"generate", "-o", ""}, "--output: the file name is empty ('-' is standard output)", "generate");
  expect_usage_error({"bench", "-o", ""}, "--output: the file name is empty ('-' is standard output)", "bench");
  expect_usage_error({"bench", "--compare", ""}, "--compare: the name is empty", "bench");
  expect_usage_error({"bench", "--on-disk", ""}, "--on-disk: the name is empty", "bench");
  expect_usage_error({"euler", "-i", ""}, "--input: the file name is empty ('-' is standard input)", "euler");
  expect_usage_error({""}, "FILE: the file name is empty ('-' is standard input)");
  expect_usage_error({"verify", "-i", kExamples + "sample.txt", "--answers", ""},
                     "--answers: the file name is empty ('-' is standard input)", "verify");
}

// "--input=" ends its value at the '=': the value is empty, as in "-i ''",
// and is not the next word.
TEST(FileNames, EmptyValueAfterEqualsIsAnEmptyName) {
  expect_usage_error({"--input=", kExamples + "sample.txt"}, "--input: the file name is empty ('-' is standard input)");
  expect_usage_error({"--input="}, "--input: the file name is empty ('-' is standard input)");
  expect_usage_error({"-i", kExamples + "sample.txt", "--output=", "out.txt"},
                     "--output: the file name is empty ('-' is standard output)");
  expect_usage_error({"euler", "--input=", kExamples + "euler.txt"},
                     "--input: the file name is empty ('-' is standard input)", "euler");
  expect_usage_error({"verify", "-i", kExamples + "sample.txt", "--answers=", kExamples + "sample.expected"},
                     "--answers: the file name is empty ('-' is standard input)", "verify");
}

// `poker equity HANDS -v` says what it computed, as -v does for a query file.
TEST(EquityVerbose, ReportsAQueryOnTheCommandLine) {
  const RunResult text = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "-v", "-j", "1"});
  EXPECT_EQ(text.exit_status, 0) << text.err;
  EXPECT_EQ(text.err.rfind("poker: equity query from the command line, 1 threads\npoker: exact, 990 boards in ", 0), 0u)
      << text.err;
  const RunResult json = run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d", "-v", "--json", "-j", "1"});
  EXPECT_EQ(json.exit_status, 0) << json.err;
  EXPECT_EQ(json.err.rfind("{\"schema\":\"poker-stats/1\",\"format\":\"equity query from the command line\"", 0), 0u)
      << json.err;
  EXPECT_EQ(run_poker({"equity", "AhKh", "QsQd", "--board", "Ts9s2d"}).err, "");
}

}  // namespace
}  // namespace poker::e2e
