// `poker generate` (docs/grading.md): what it writes is judged without
// error in every format, a planted fault is what the judge then reports, at
// the line planned, and usage errors exit with status 2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

std::size_t lines_of(const std::string& text) { return count_of(text, "\n"); }

RunResult generate(const Args& args) {
  const RunResult result = run_poker(concat({"generate"}, args));
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  return result;
}

TEST(Generate, EveryFormatIsJudgedWithoutError) {
  struct Case {
    Args generate;
    Args judge;
    std::size_t lines_per_instance;
  };
  const Case cases[] = {{{}, {}, 3},
                        {{"7"}, {"7"}, 8},
                        {{"holdem", "-p", "23"}, {"23"}, 24},
                        {{"euler"}, {"euler"}, 1},
                        {{"eval", "--hand-size", "5-52"}, {"eval"}, 1},
                        {{"draw"}, {"draw"}, 52},
                        {{"equity"}, {"equity"}, 1}};
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.generate));
    const std::size_t instances = c.judge == Args{"equity"} ? 5 : 40;
    const RunResult made = generate(concat(c.generate, {"-n", std::to_string(instances), "--seed", "3"}));
    EXPECT_EQ(lines_of(made.out), instances * c.lines_per_instance);
    const RunResult judged = run_poker(c.judge, made.out);
    EXPECT_EQ(judged.exit_status, 0) << judged.err;
    EXPECT_EQ(judged.err, "");
  }
  EXPECT_EQ(generate({"-n", "40", "--seed", "3"}).out, generate({"holdem", "-n", "40", "--seed", "3"}).out);
}

TEST(Generate, BytesStopsAtTheFirstInstanceThatReachesThem) {
  const RunResult made = generate({"2", "--bytes", "1K"});
  EXPECT_GE(made.out.size(), 1024u);
  EXPECT_LT(made.out.size(), 1024u + 27u);
  const std::string path = temp_path("generated.txt");
  generate({"euler", "--bytes", "2K", "-o", path});
  EXPECT_EQ(read_whole_file(path).size() % 30, 0u);
  EXPECT_GE(read_whole_file(path).size(), 2048u);
}

// The share of draws the judge finds is the one asked for, within 2 points.
TEST(Generate, TiesAreTheShareOfDrawsTheJudgeFinds) {
  struct Case {
    Args format;
    const char* draw;
  };
  for (const Case& c : {Case{{"2"}, "Draw\n"}, Case{{"8"}, "Draw\n"}, Case{{"23"}, "Draw\n"}, Case{{"euler"}, "Draw\n"},
                        Case{{"eval"}, "Tie\n"}}) {
    SCOPED_TRACE(::testing::PrintToString(c.format));
    const RunResult made = generate(concat(c.format, {"-n", "4000", "--ties", "0.3", "--seed", "9"}));
    Args judge = c.format;
    if (judge == Args{"2"} || judge == Args{"8"} || judge == Args{"23"}) judge = {judge[0]};
    const RunResult judged = run_poker(judge, made.out);
    ASSERT_EQ(judged.exit_status, 0) << judged.err;
    EXPECT_NEAR(static_cast<double>(count_of(judged.out, c.draw)) / 4000, 0.3, 0.02);
  }
}

// Every fault kind where it applies: the judge reports it at the planned
// line (in instance 3), with the words of that kind of error, after the
// answers to instances 1 and 2. `judge`: the judge's arguments, if not the
// generator's.
void expect_planted_faults(const Args& format, std::uint64_t lines, std::uint64_t answer_lines,
                           const Args& judge = {}) {
  struct Kind {
    const char* name;
    std::vector<std::string> words;  // one of them is in the message
  };
  const Kind kinds[] = {
      {"invalid-card", {"invalid card", "invalid suit", "unknown hand"}},
      {"duplicate", {"duplicate card", "share a card", "hand and in player"}},
      {"missing-card", {"found 1 before", "found 9 before", "found 4 before", "expected a value"}},
      {"extra-card", {"expected the end of the line"}},
      {"blank-line", {"found 0 before the end of the line", "found the end of the line"}},
      {"crlf-line", {"found 0 before the end of the line", "found the end of the line"}},
      {"missing-newline", {"missing newline at the end of the input"}},
      {"truncated", {"end of the input", "expected 2 to 10 players"}},
  };
  for (const Kind& kind : kinds) {
    const std::string name = kind.name;
    SCOPED_TRACE(format[0] + " " + name);
    const RunResult made =
        run_poker(concat(concat({"generate"}, format), {"-n", "5", "--error-at", "3", "--error-kind", name}));
    const bool applies =
        !((format[0] == "eval" || format[0] == "equity") && name == "extra-card") &&
        !(format[0] == "equity" && (name == "missing-card" || name == "blank-line" || name == "crlf-line"));
    if (!applies) {
      EXPECT_EQ(made.exit_status, 2);
      continue;
    }
    ASSERT_EQ(made.exit_status, 0) << made.err;
    std::uint64_t line = 2 * lines + 1;
    if (name == "duplicate" && format[0] == "draw") line += 1;
    if (name == "missing-newline") line += lines - 1;
    if (name == "truncated" && lines > 1) line += 1;
    const std::string path = write_temp_file("planted.txt", made.out);
    const RunResult judged = run_poker(concat(judge.empty() ? format : judge, {"-i", path, "-j", "1"}));
    EXPECT_EQ(judged.exit_status, 1);
    EXPECT_EQ(judged.err.rfind("poker: " + path + ":" + std::to_string(line) + ":", 0), 0u) << judged.err;
    bool named = false;
    for (const std::string& word : kind.words) named = named || judged.err.find(word) != std::string::npos;
    EXPECT_TRUE(named) << judged.err;
    EXPECT_EQ(lines_of(judged.out), 2 * answer_lines);
  }
}

TEST(Generate, PlantedFaultsInHoldem) { expect_planted_faults({"3"}, 4, 1); }
TEST(Generate, PlantedFaultsInEuler) { expect_planted_faults({"euler"}, 1, 1); }
TEST(Generate, PlantedFaultsInEval) { expect_planted_faults({"eval"}, 1, 3); }
TEST(Generate, PlantedFaultsInDraw) { expect_planted_faults({"draw"}, 52, 1); }
TEST(Generate, PlantedFaultsInEquityQueries) { expect_planted_faults({"equity"}, 1, 1); }
// Short deck has hold'em's layout, which the hold'em judge reads.
TEST(Generate, PlantedFaultsInShortDeckAsTheHoldemJudgeFindsThem) {
  expect_planted_faults({"shortdeck", "-p", "3"}, 4, 1, {"3"});
}

// Omaha: PLAYERS lines of HOLE cards, then the board; each card "Rs".
TEST(Generate, OmahaLinesHoldTheHoleCardsThenTheBoard) {
  struct Case {
    Args args;
    std::size_t players;
    std::size_t hole;
  };
  for (const Case& c : {Case{{}, 2, 4}, Case{{"-p", "11"}, 11, 4}, Case{{"--hole", "5", "-p", "9"}, 9, 5},
                        Case{{"--hole", "6", "-p", "7"}, 7, 6}, Case{{"-p", "3", "--ties", "0.5"}, 3, 4}}) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const Args args = concat(concat({"omaha"}, c.args), {"-n", "30", "--seed", "3"});
    const RunResult made = generate(args);
    EXPECT_EQ(generate(args).out, made.out);
    EXPECT_EQ(lines_of(made.out), 30 * (c.players + 1));
    std::size_t line = 0;
    for (std::size_t start = 0; start < made.out.size(); ++line) {
      const std::size_t end = made.out.find('\n', start);
      const std::size_t cards = line % (c.players + 1) < c.players ? c.hole : 5;
      EXPECT_EQ(end - start, 3 * cards - 1) << "line " << line + 1;
      start = end + 1;
    }
  }
}

// Short deck: hold'em's layout from the 36 cards of ranks 6..A, which the
// hold'em judge reads without error.
TEST(Generate, ShortDeckIsHoldemLayoutWithoutRanksTwoToFive) {
  for (const char* players : {"2", "9", "15"}) {
    SCOPED_TRACE(players);
    const RunResult made = generate({"shortdeck", "-p", players, "-n", "200", "--seed", "4"});
    EXPECT_EQ(lines_of(made.out), 200 * (std::stoul(players) + 1));
    for (std::size_t at = 0; at < made.out.size(); at += 3) {
      EXPECT_EQ(std::string("6789TJQKA").find(made.out[at]) != std::string::npos, true) << made.out.substr(at, 2);
    }
    const RunResult judged = run_poker({players}, made.out);
    EXPECT_EQ(judged.exit_status, 0) << judged.err;
    EXPECT_EQ(lines_of(judged.out), 200u);
  }
  // With --ties too (a share of draws by short deck's rules).
  const RunResult ties = generate({"shortdeck", "-p", "9", "-n", "200", "--ties", "0.3"});
  EXPECT_EQ(run_poker({"9"}, ties.out).exit_status, 0);
  // A low card planted where asked: the hold'em judge takes it, as it should.
  const RunResult low = generate({"shortdeck", "-n", "3", "--error-at", "2", "--error-kind", "low-card"});
  EXPECT_NE(std::string("2345").find(low.out[27]), std::string::npos) << low.out;
}

TEST(Generate, OmahaAndShortDeckUsageErrorsExitWithStatusTwo) {
  struct Case {
    Args args;
    std::string message;
  };
  const Case cases[] = {
      {{"omaha", "--hole", "3"}, "--hole: expected a whole number from 4 to 6, found '3'"},
      {{"omaha", "--hole", "7"}, "--hole: expected a whole number from 4 to 6, found '7'"},
      {{"omaha", "-p", "12"}, "PLAYERS must be 2..11 in omaha with 4 hole cards (the deck holds 47 besides the board)"},
      {{"omaha", "--hole", "5", "-p", "10"},
       "PLAYERS must be 2..9 in omaha with 5 hole cards (the deck holds 47 besides the board)"},
      {{"omaha", "--hole", "6", "-p", "8"},
       "PLAYERS must be 2..7 in omaha with 6 hole cards (the deck holds 47 besides the board)"},
      {{"omaha", "-p", "1"}, "PLAYERS must be 2..11 in omaha with 4 hole cards (the deck holds 47 besides the board)"},
      {{"shortdeck", "-p", "16"}, "PLAYERS must be 2..15 in shortdeck (36 cards)"},
      {{"--hole", "5"}, "--hole belongs to omaha"},
      {{"shortdeck", "--hole", "4"}, "--hole belongs to omaha"},
      {{"euler", "-p", "3"}, "--players belongs to hold'em, omaha and shortdeck, not to euler"},
      {{"omaha", "--error-at", "1", "--error-kind", "low-card"},
       "--error-kind low-card applies to shortdeck only (its deck has no card ranked 2 to 5)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const RunResult result = run_poker(concat({"generate"}, c.args));
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, "poker: generate: " + c.message + "\nRun 'poker generate --help' for usage.\n");
  }
}

TEST(Generate, UsageErrorsExitWithStatusTwo) {
  for (const Args& args :
       {Args{"generate", "poker"}, Args{"generate", "24"}, Args{"generate", "--ties", "1.5"},
        Args{"generate", "draw", "--ties", "0.1"}, Args{"generate", "--error-kind", "typo", "--error-at", "1"},
        Args{"generate", "--error-kind", "duplicate"}, Args{"generate", "-n", "5", "--bytes", "1K"},
        Args{"generate", "euler", "-p", "3"}, Args{"generate", "eval", "--hand-size", "4"},
        Args{"generate", "--no-such-option"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_NE(result.err.find("poker: "), std::string::npos);
  }
}

// A mistyped FORMAT or fault names the one meant, as a mistyped subcommand does.
TEST(Generate, MistypedFormatOrFaultGetsDidYouMean) {
  const RunResult format = run_poker({"generate", "eulr"});
  EXPECT_EQ(format.exit_status, 2);
  EXPECT_EQ(format.err,
            "poker: generate: unknown FORMAT 'eulr'; did you mean 'euler'?\nRun 'poker generate --help' for usage.\n");
  const RunResult kind = run_poker({"generate", "--error-at", "1", "--error-kind", "duplicat"});
  EXPECT_EQ(kind.exit_status, 2);
  EXPECT_EQ(kind.err,
            "poker: generate: unknown --error-kind 'duplicat'; did you mean 'duplicate'?\n"
            "Run 'poker generate --help' for usage.\n");
}

// An empty file is a fair test input: -n 0 and --bytes 0 write one, which
// the judge answers with nothing. A fault cannot be planted in it.
TEST(Generate, ZeroInstancesWriteAnEmptyFile) {
  for (const Args& args : {Args{"-n", "0"}, Args{"euler", "--instances", "0"}, Args{"--bytes", "0"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    EXPECT_EQ(generate(args).out, "");
  }
  const RunResult fault = run_poker({"generate", "-n", "0", "--error-at", "1"});
  EXPECT_EQ(fault.exit_status, 2);
  EXPECT_EQ(fault.err,
            "poker: generate: --error-at 1 is past the 0 instances written\nRun 'poker generate --help' for usage.\n");
}

// Instances count from 1: K = 0 would plant nothing, and the run would
// say nothing of it.
TEST(Generate, ErrorAtZeroIsAUsageError) {
  const RunResult result = run_poker({"generate", "-n", "5", "--error-at", "0"});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "poker: generate: --error-at K counts instances from 1: K must be at least 1\n"
            "Run 'poker generate --help' for usage.\n");
}

// A NaN compares false with both ends of 0..1: it must still be refused,
// like an infinity and a negative share.
TEST(Generate, TiesThatAreNoFractionFromZeroToOneAreUsageErrors) {
  for (const char* ties : {"nan", "NaN", "-nan", "inf", "-0.1", "1.01"}) {
    SCOPED_TRACE(ties);
    const RunResult result = run_poker({"generate", "-n", "5", "--ties", ties});
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, "poker: generate: --ties: expected a fraction from 0 to 1, like 0.05, found '" +
                              std::string(ties) + "'\nRun 'poker generate --help' for usage.\n");
  }
  EXPECT_EQ(generate({"-n", "5", "--ties", "0"}).out.empty(), false);
  EXPECT_EQ(generate({"-n", "5", "--ties", "1"}).out.empty(), false);
}

// A fault past the instances asked for is never written: the run would
// write instances until it got there (for 2^64 - 1, without end).
TEST(Generate, ErrorAtPastTheInstancesIsAUsageError) {
  struct Case {
    Args args;
    std::string message;
  };
  const Case cases[] = {
      {{"-n", "1", "--error-at", "18446744073709551615"},
       "poker: generate: --error-at 18446744073709551615 is past the 1 instances written\n"},
      {{"-n", "5", "--error-at", "6"}, "poker: generate: --error-at 6 is past the 5 instances written\n"},
      {{"--error-at", "1001"},
       "poker: generate: --error-at 1001 is past the 1000 instances written (the default; set more with "
       "--instances N)\n"},
      {{"--bytes", "1K", "--error-at", "18446744073709551615"},
       "poker: generate: --error-at 18446744073709551615 is past the instances that --bytes 1024 writes (at most "
       "one per byte)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const RunResult result = run_poker(concat({"generate"}, c.args));
    EXPECT_EQ(result.exit_status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err.rfind(c.message, 0), 0u) << result.err;
  }
  // The last instance, and one past --bytes (it was asked for), are planted.
  const RunResult last = generate({"euler", "-n", "5", "--error-at", "5"});
  EXPECT_EQ(lines_of(last.out), 5u);
  EXPECT_EQ(run_poker({"euler"}, last.out).exit_status, 1);
  const RunResult past_bytes = generate({"euler", "--bytes", "30", "--error-at", "3"});
  EXPECT_EQ(lines_of(past_bytes.out), 3u);
  const RunResult judged = run_poker({"euler"}, past_bytes.out);
  EXPECT_EQ(judged.exit_status, 1);
  EXPECT_EQ(judged.err.rfind("poker: <stdin>:3:", 0), 0u) << judged.err;
}

TEST(Generate, HelpNamesTheCommand) {
  const RunResult help = run_poker({"--help"});
  EXPECT_NE(help.out.find("generate"), std::string::npos);
  const RunResult own = run_poker({"generate", "--help"});
  EXPECT_EQ(own.exit_status, 0);
  EXPECT_NE(own.out.find("--error-kind"), std::string::npos);
  EXPECT_NE(own.out.find("--hole"), std::string::npos);
  EXPECT_NE(own.out.find("shortdeck"), std::string::npos);
}

}  // namespace
}  // namespace poker::e2e
