#include "commands/command_table.h"

#include "commands/bench_command.h"
#include "commands/dealt_game_command.h"
#include "commands/equity_command.h"
#include "commands/euler_command.h"
#include "commands/generate_command.h"
#include "commands/plain_format_command.h"
#include "commands/range_command.h"
#include "commands/verify_command.h"
#include "poker/draw_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/omaha_format.h"
#include "poker/shortdeck_format.h"

namespace poker::cli {
namespace {

template <typename CommandType>
std::unique_ptr<Command> make() {
  return std::make_unique<CommandType>();
}

// The dealt games: hold'em, the default judge, and its variants. A variant
// is one more DealtGame and a row.
constexpr int kOmahaHoles[] = {4, 5, 6};
const DealtGame kHoldem{"hold'em",
                        kMinHoldemPlayers,
                        [](int) { return kMaxHoldemPlayers; },
                        {},
                        false,
                        [](const DealtOptions& options) {
                          return make_holdem_format(HoldemOptions{options.players, options.explain});
                        }};
const DealtGame kOmaha{
    "Omaha", kMinOmahaPlayers, &max_omaha_players, kOmahaHoles, true, [](const DealtOptions& options) {
      return make_omaha_format(OmahaOptions{options.players, options.hole, options.hilo, options.explain});
    }};

const DealtGame kShortDeck{"short deck",
                           kMinHoldemPlayers,
                           [](int) { return kMaxShortDeckPlayers; },
                           {},
                           false,
                           [](const DealtOptions& options) {
                             return make_shortdeck_format(HoldemOptions{options.players, options.explain});
                           }};

template <const DealtGame& kGame>
std::unique_ptr<Command> make_dealt() {
  return std::make_unique<DealtGameCommand>(kGame);
}

std::unique_ptr<Command> make_eval() { return std::make_unique<PlainFormatCommand>("eval", make_eval_format); }
std::unique_ptr<Command> make_draw() {
  return std::make_unique<PlainFormatCommand>("draw", [] { return make_draw_format(); });
}

constexpr ExitStatusMeaning kJudgeExitStatuses[] = {
    {0, "all instances valid"}, {1, "invalid input"}, {2, "usage error"}, {3, "I/O error"}};
constexpr ExitStatusMeaning kEquityExitStatuses[] = {
    {0, "answered"},
    {1, "an invalid query line in the input"},
    {2, "usage error (an invalid hand, board or option on the command line too)"},
    {3, "I/O error"}};
constexpr ExitStatusMeaning kRangeExitStatuses[] = {
    {0, "shown"}, {2, "usage error (an invalid range too)"}, {3, "I/O error"}};
constexpr ExitStatusMeaning kGenerateExitStatuses[] = {{0, "written"}, {2, "usage error"}, {3, "I/O error"}};
constexpr ExitStatusMeaning kBenchExitStatuses[] = {
    {0, "measured (with a comparison: no workload slower)"},
    {1, "a --compare report that is not valid or a --baseline program that fails"},
    {2, "usage error"},
    {3, "I/O error"},
    {4, "a workload slower beyond the tolerance with statistical significance"}};
constexpr ExitStatusMeaning kVerifyExitStatuses[] = {
    {0, "the candidate's answers match"},
    {1,
     "invalid input (an instance file that does not judge cleanly is the grader's error: the judge's message, no "
     "verdict)"},
    {2, "usage error"},
    {3, "I/O error (the instances or the answers cannot be read)"},
    {4, "they differ (or some are missing, or it has extra lines)"}};

const CommandRow kRows[] = {
    {{"holdem", "Texas Hold'em instances (the default judge)",
      "Judges Texas Hold'em instances: for each instance (a line of 2 cards per player, then a line of 5 board "
      "cards) prints the winner, \"Player K\", or \"Draw\".",
      "3 examples/three_players.txt", "3 examples/three_players.txt --answers out.txt", kJudgeExitStatuses, nullptr},
     RowKind::kDefaultJudge,
     make_dealt<kHoldem>},
    {{"euler", "Project Euler 54 hands, player 1 against player 2",
      "Project Euler 54: one line of ten cards per instance (upper-case suits), player 1's five then player 2's; "
      "prints \"Player 1\", \"Player 2\" or \"Draw\".",
      "--summary examples/euler.txt", "examples/euler.txt --answers examples/euler.expected", kJudgeExitStatuses,
      nullptr},
     RowKind::kFormat,
     make<EulerCommand>},
    {{"omaha", "Omaha instances: 4, 5 or 6 hole cards, high or hi-lo",
      "Judges Omaha instances: for each instance (a line of 4 hole cards per player, or 5 or 6 with --hole, then a "
      "line of 5 board cards; a hand is exactly two hole cards and three board cards) prints the winner, \"Player "
      "K\", or \"Draw\"; with --hilo (eight or better), \"HIGH / LOW\", the low \"No low\" when no hand has one.",
      "2 examples/omaha.txt", "2 examples/omaha.txt --answers examples/omaha.expected", kJudgeExitStatuses, nullptr},
     RowKind::kFormat,
     make_dealt<kOmaha>},
    {{"shortdeck", "Short-deck (six-plus) hold'em instances: 36 cards, 6 to A",
      "Judges short-deck hold'em instances (the 36 cards ranked 6 to A; a flush beats a full house, three of a kind "
      "beats a straight, A-6-7-8-9 is the lowest straight): for each instance (a line of 2 cards per player, then "
      "a line of 5 board cards) prints the winner, \"Player K\", or \"Draw\".",
      "3 examples/shortdeck.txt", "3 examples/shortdeck.txt --answers examples/shortdeck.expected", kJudgeExitStatuses,
      nullptr},
     RowKind::kFormat,
     make_dealt<kShortDeck>},
    {{"eval", "Two hands of 5 to 52 cards, compared",
      "Compares two hands of 5 to 52 cards per line, \"HAND1 ; HAND2\" (ten written 0): prints each hand's "
      "category and best five cards, then \"Hand 1 wins\", \"Hand 2 wins\" or \"Tie\".",
      "examples/eval.txt", "examples/eval.txt --answers examples/eval.expected", kJudgeExitStatuses, nullptr},
     RowKind::kFormat,
     make_eval},
    {{"draw", "The card-exchange puzzle: least rounds to each category",
      "The card-exchange puzzle: 52 lines \"S V\" per instance (suit R, S, H, K; value 1..13); prints the least "
      "rounds to reach pair, two pair, three of a kind, straight, flush, full house, four of a kind and straight "
      "flush.",
      "examples/draw.txt", "examples/draw.txt --answers examples/draw.expected", kJudgeExitStatuses, nullptr},
     RowKind::kFormat,
     make_draw},
    {{"equity", "How often hands and ranges win, exactly or by Monte Carlo",
      "How often each hand wins from here: 2 to 10 hands or ranges (QQ+, AKs, A5s-A2s, T9s-65s, 10%, 5%-15%, "
      "22-55, random, JTo:0.25, comma-separated), a board of 0 to 5 cards and dead cards. Prints each player's "
      "win %, tie % and equity % (ties split), the pots won and tied, and the boards counted; percentages such "
      "as 10% in PokerStove's order. --game omaha, omaha5, omaha6 or omaha-hilo plays Omaha: each player a "
      "specific hand (AhAsKdKc) or random; hi-lo adds the scoops and the highs and lows won and tied. Given one "
      "operand, the query file, or no hands, reads one query per line from the input (the same words; '#' "
      "comments and blank lines skipped) and prints one line per query.",
      "AhKh QsQd --board Ts9s2d", "-i examples/equity.txt --answers examples/equity.expected", kEquityExitStatuses,
      nullptr},
     RowKind::kFormat,
     make<EquityCommand>},
    {{"range", "A range as the 13x13 grid of starting hands",
      "Shows a range (the notation of 'poker equity'; several words are joined by commas) as the 13x13 grid of "
      "starting hands, pairs on the diagonal, suited above and offsuit below, then the range written out as "
      "PokerStove writes it (the hands a percentage such as 10% means) and its combos and their share of all "
      "1326. Color on a terminal, none with NO_COLOR set (--color).",
      "10%", nullptr, kRangeExitStatuses, nullptr},
     RowKind::kOwnRun,
     make<RangeCommand>},
    {{"generate", "Seeded random instances of any format, for tests and benchmarks",
      "Writes seeded random instances of any format: hold'em (FORMAT a player count 2..23, or holdem with -p), "
      "omaha (-p, --hole 4, 5 or 6), shortdeck (-p), euler, eval, draw, or equity query lines. The same options "
      "and seed give the same bytes; a planted fault (--error-at, --error-kind) is what the judge then reports.",
      "8 --instances 1000 --ties 0.3 --seed 7 -o term.txt", nullptr, kGenerateExitStatuses, nullptr},
     RowKind::kOwnRun,
     make<GenerateCommand>},
    {{"bench", "Measure the engine on generated workloads; compare runs",
      "Measures the engine as a benchmark: seeded workloads generated in memory (the same bytes on any machine) "
      "judged as the judge runs, at each thread count of -j, in repetitions of at least --min-time each; prints "
      "the build, the machine and per workload the mean, median, standard deviation, CV, min and max, "
      "instances/s, MB/s, the speed-up, the ratio to the floor (the newline count of the same bytes) and the CPU "
      "time. --baseline OLD_POKER measures another poker and this one in alternation and compares them; --json "
      "writes the report (schema poker-bench/2), which --compare OLD.json compares with a later run or, with "
      "--against NEW.json, another saved report. A comparison's verdict is slower, faster, same, or noisy (too "
      "noisy to decide), from the Mann-Whitney U test and the ratio's 95% confidence interval.",
      "--quick", nullptr, kBenchExitStatuses, nullptr},
     RowKind::kOwnRun,
     make<BenchCommand>},
    {{"verify", "Compare the answers with a candidate's, for graders",
      "For graders: judges the instances (hold'em, or the format subcommand given after 'verify') and compares "
      "the answers with a candidate's, line by line, aligned as diff aligns them (a missing or extra answer is "
      "reported as such). Prints OK, or the first difference: the instance's number and lines, the expected and "
      "the candidate's lines, the first differing column (with --all, every instance counted right, wrong or "
      "missing, and extra lines).",
      "3 examples/three_players.txt --answers out.txt", nullptr, kVerifyExitStatuses,
      "With --kattis: 42 accepted, 43 wrong answer, any other status a judge error; with --testlib: 0 ok, 1 "
      "wrong answer, 2 presentation error, 3 checker failure. With --cms: 0 once the score is written, any other "
      "status a judge error; with --gradescope or --prairielearn: 0 once results.json is written."},
     RowKind::kVerify,
     make<VerifyCommand>},
};

}  // namespace

std::span<const CommandRow> command_table() { return kRows; }

std::string exit_status_paragraph(const CommandHelp& help) {
  std::string paragraph = "Exit status: ";
  for (const ExitStatusMeaning& status : help.exit_statuses) {
    paragraph.append(std::to_string(status.status)).append(" ").append(status.meaning).append(", ");
  }
  paragraph.append(std::to_string(kStoppedBySignal[0].status) + "/" + std::to_string(kStoppedBySignal[1].status) +
                   " stopped by SIGINT/SIGTERM.");
  if (help.exit_status_notes != nullptr) paragraph.append(" ").append(help.exit_status_notes);
  return paragraph;
}

}  // namespace poker::cli
