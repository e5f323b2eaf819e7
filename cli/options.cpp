#include "options.h"

#include <CLI/CLI.hpp>

#include <cstdio>

#include "exit_status.h"
#include "poker/holdem_format.h"

namespace poker::cli {

ParsedCommandLine parse_command_line(int argc, char** argv) {
  CLI::App app{
      "Judges Texas Hold'em instances: for each instance (a line of 2 cards per player, then a\n"
      "line of 5 board cards) prints the winner, \"Player K\", or \"Draw\".",
      "poker"};
  app.set_version_flag("--version", std::string("poker ") + POKER_VERSION);
  app.footer(
      "Exit status: 0 all instances valid, 1 invalid input, 2 usage error, 3 I/O error.\n"
      "Example: poker 3 -i examples/three_players.txt");

  Options options;
  std::optional<int> positional_players;
  std::optional<int> option_players;
  auto* positional = app.add_option("PLAYERS", positional_players, "Players per instance (default 2)")
                         ->check(CLI::Range(kMinHoldemPlayers, kMaxHoldemPlayers));
  app.add_option("-p,--players", option_players, "Players per instance, like PLAYERS")
      ->check(CLI::Range(kMinHoldemPlayers, kMaxHoldemPlayers))
      ->excludes(positional);
  app.add_flag("-e,--explain", options.explain,
               "Before each answer, print each player's hand category and best five cards");
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
  options.players = positional_players.value_or(option_players.value_or(2));
  return ParsedCommandLine{options, kExitOk};
}

}  // namespace poker::cli
