#include "options.h"

#include <CLI/CLI.hpp>

#include <cstdio>

#include "exit_status.h"
#include "poker/equity.h"
#include "poker/holdem_format.h"

namespace poker::cli {
namespace {

constexpr const char* kExitFooter = "Exit status: 0 all instances valid, 1 invalid input, 2 usage error, 3 I/O error.";

// The options every format shares. They are added to the main command and
// to each subcommand, bound to the same variables, so that they may stand
// before or after a subcommand's name (`poker -j 2 euler` = `poker euler -j 2`).
void add_shared_options(CLI::App& app, Options& options) {
  app.add_option("-i,--input", options.input, "Input file ('-': standard input, the default)");
  app.add_option("-o,--output", options.output, "Output file ('-': standard output, the default)");
  app.add_option("-j,--threads", options.threads, "Worker threads (default: all hardware threads)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{4096}));
  app.add_option("--chunk-size", options.chunk_size,
                 "Bytes of input per unit of parallel work, e.g. 64K, 1M (default 256K)")
      ->transform(CLI::AsSizeValue(false))
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
  app.add_flag("-q,--quiet", options.quiet, "Never show a progress line");
  app.add_flag("-v,--verbose", options.verbose,
               "Print diagnostics on stderr: threads, chunk size, bytes, instances, time, rate");
}

CLI::App* add_subcommand(CLI::App& app, Options& options, const std::string& name, const std::string& description,
                         const std::string& example) {
  CLI::App* sub = app.add_subcommand(name, description);
  sub->footer(std::string(kExitFooter) + "\nExample: " + example);
  add_shared_options(*sub, options);
  return sub;
}

void add_equity_options(CLI::App& equity, EquityOptions& options) {
  equity.add_option("HANDS", options.hands, "Hands or ranges, one per player (none: read queries from -i)");
  equity.add_option("--board", options.board, "Board cards, 0, 3, 4 or 5 of them, like Ts9s2d");
  equity.add_option("--dead", options.dead, "Dead cards, like 2c7d");
  EquitySettings& settings = options.settings;
  auto* exact = equity.add_flag_function(
      "--exact", [&settings](std::int64_t) { settings.method = EquityMethod::kExact; },
      "Enumerate every board (the default when the work is small)");
  auto* samples = equity.add_option_function<std::uint64_t>(
                            "--mc",
                            [&settings](std::uint64_t n) {
                              settings.method = EquityMethod::kMonteCarlo;
                              settings.samples = n;
                            },
                            "Monte Carlo: draw N deals (default when the work is large: " +
                                std::to_string(kDefaultSamples) + ")")
                      ->check(CLI::PositiveNumber)
                      ->excludes(exact);
  equity
      .add_option_function<double>(
          "--time",
          [&settings](double seconds) {
            settings.method = EquityMethod::kMonteCarlo;
            settings.seconds = seconds;
          },
          "Monte Carlo for about S seconds")
      ->check(CLI::Range(1e-3, 1e6))
      ->excludes(exact)
      ->excludes(samples);
  equity.add_option("--seed", settings.seed, "Monte Carlo seed: the same deals at any thread count (default 1)");
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, char** argv) {
  CLI::App app{
      "Judges Texas Hold'em instances: for each instance (a line of 2 cards per player, then a\n"
      "line of 5 board cards) prints the winner, \"Player K\", or \"Draw\".\n"
      "The subcommands judge other formats with the same input, output and error rules.",
      "poker"};
  app.set_version_flag("--version", std::string("poker ") + POKER_VERSION);
  app.footer(std::string(kExitFooter) + "\nExample: poker 3 -i examples/three_players.txt");
  app.require_subcommand(0, 1);

  Options options;
  std::optional<int> positional_players;
  std::optional<int> option_players;
  auto* positional = app.add_option("PLAYERS", positional_players, "Players per instance (default 2)")
                         ->check(CLI::Range(kMinHoldemPlayers, kMaxHoldemPlayers));
  auto* players = app.add_option("-p,--players", option_players, "Players per instance, like PLAYERS")
                      ->check(CLI::Range(kMinHoldemPlayers, kMaxHoldemPlayers))
                      ->excludes(positional);
  auto* explain = app.add_flag("-e,--explain", options.explain,
                               "Before each answer, print each player's hand category and best five cards");
  add_shared_options(app, options);

  CLI::App* euler = add_subcommand(
      app, options, "euler",
      "Project Euler 54: one line of ten cards per instance (upper-case suits), player 1's five\n"
      "then player 2's; prints \"Player 1\", \"Player 2\" or \"Draw\".",
      "poker euler --summary -i poker.txt");
  euler->add_flag("--summary", options.summary,
                  "Print only the counts at the end: \"Player 1: N\", \"Player 2: N\", \"Draw: N\"");
  CLI::App* eval = add_subcommand(
      app, options, "eval",
      "Compares two hands of 5 to 52 cards per line, \"HAND1 ; HAND2\" (ten written 0): prints each\n"
      "hand's category and best five cards, then \"Hand 1 wins\", \"Hand 2 wins\" or \"Tie\".",
      "poker eval -i examples/eval.txt");
  CLI::App* draw = add_subcommand(
      app, options, "draw",
      "The card-exchange puzzle: 52 lines \"S V\" per instance (suit R, S, H, K; value 1..13); prints\n"
      "the least rounds to reach pair, two pair, three of a kind, straight, flush, full house,\n"
      "four of a kind and straight flush.",
      "poker draw -i examples/draw.txt");

  CLI::App* equity = add_subcommand(
      app, options, "equity",
      "How often each hand wins from here: 2 to 10 hands or ranges (QQ+, AKs, A5s-A2s, KQo, 22-55,\n"
      "random, JTo:0.25, comma-separated), a board of 0, 3, 4 or 5 cards and dead cards. Prints each\n"
      "player's win %, tie % and equity % (ties split), and the boards counted. Without hands, reads\n"
      "one query per line from the input (the same words) and prints one line per query.",
      "poker equity AhKh QsQd --board Ts9s2d");
  add_equity_options(*equity, options.equity);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return ParsedCommandLine{std::nullopt, app.exit(e)};
  } catch (const CLI::CallForVersion& e) {
    return ParsedCommandLine{std::nullopt, app.exit(e)};
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "poker: %s\nRun 'poker --help' for usage.\n", e.what());
    return ParsedCommandLine{std::nullopt, kExitUsage};
  }
  if (euler->parsed()) options.command = Command::kEuler;
  if (eval->parsed()) options.command = Command::kEval;
  if (draw->parsed()) options.command = Command::kDraw;
  if (equity->parsed()) options.command = Command::kEquity;
  if (options.command != Command::kHoldem && (positional->count() + players->count() + explain->count()) > 0) {
    std::fprintf(stderr,
                 "poker: PLAYERS, --players and --explain belong to the hold'em judge, not to 'poker %s'\n"
                 "Run 'poker --help' for usage.\n",
                 app.get_subcommands().front()->get_name().c_str());
    return ParsedCommandLine{std::nullopt, kExitUsage};
  }
  if (options.command == Command::kEquity) {
    const EquityOptions& equity_options = options.equity;
    const char* conflict = nullptr;
    if (!equity_options.hands.empty() && options.input != "-") conflict = "hands on the command line and -i";
    if (equity_options.hands.empty() && !(equity_options.board.empty() && equity_options.dead.empty())) {
      conflict = "--board or --dead without hands (a query file writes them on each line)";
    }
    if (conflict != nullptr) {
      std::fprintf(stderr, "poker: equity: %s do not go together\nRun 'poker equity --help' for usage.\n", conflict);
      return ParsedCommandLine{std::nullopt, kExitUsage};
    }
  }
  options.players = positional_players.value_or(option_players.value_or(2));
  return ParsedCommandLine{options, kExitOk};
}

}  // namespace poker::cli
