#include "options.h"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "exit_status.h"
#include "poker/equity.h"
#include "poker/equity_format.h"
#include "poker/holdem_format.h"
#include "poker/number_text.h"

namespace poker::cli {
namespace {

constexpr const char* kExitFooter = "Exit status: 0 all instances valid, 1 invalid input, 2 usage error, 3 I/O error.";
constexpr const char* kVerifyFooter =
    "Exit status: 0 the candidate's answers match, 4 they differ (or some are missing, or it has\n"
    "extra lines), 2 usage error, 3 I/O error (the instances or the answers cannot be read).\n"
    "Invalid instances are no failure: the expected answers are those before the first error, and\n"
    "a candidate that has exactly those matches (status 0; the report notes the error).";

// The command line's whole numbers, read by the rules query files follow
// (poker/number_text.h): a transform that hands CLI11 the plain decimal
// value, which it then cannot misread ("010" is ten, not octal eight).
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const std::optional<std::uint64_t> value = parse_whole_number(text);
        if (!value || *value < min || *value > max) {
          return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
        }
        text = std::to_string(*value);
        return {};
      },
      "NUMBER");
}

// A size in bytes: a whole number, then optionally K, M or G (powers of
// 1024; also KB, KiB and the like, in any case).
CLI::Validator byte_size(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const std::size_t digits = text.find_first_not_of("0123456789");
        const std::optional<std::uint64_t> number = parse_whole_number(std::string_view(text).substr(0, digits));
        std::string unit = digits == std::string::npos ? "" : text.substr(digits);
        for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        constexpr std::pair<std::string_view, int> kUnits[] = {
            {"", 0},     {"b", 0},   {"k", 10},  {"kb", 10}, {"kib", 10}, {"m", 20},
            {"mb", 20}, {"mib", 20}, {"g", 30}, {"gb", 30}, {"gib", 30}};
        int shift = -1;
        for (const auto& [name, bits] : kUnits) {
          if (unit == name) shift = bits;
        }
        if (!number || shift < 0 || *number > (max >> shift) || (*number << shift) < min) {
          return "expected a size in bytes from " + std::to_string(min) + " to " + std::to_string(max) +
                 ", like 64K or 1M";
        }
        text = std::to_string(*number << shift);
        return {};
      },
      "SIZE");
}

// The options every format shares. They are added to the main command and
// to each subcommand, bound to the same variables, so that they may stand
// before or after a subcommand's name (`poker -j 2 euler` = `poker euler -j 2`).
void add_shared_options(CLI::App& app, Options& options) {
  app.add_option("-i,--input", options.input, "Input file ('-': standard input, the default)");
  app.add_option("-o,--output", options.output, "Output file ('-': standard output, the default)");
  app.add_option("-j,--threads", options.threads, "Worker threads (default: all hardware threads)")
      ->transform(whole_number(1, 4096));
  app.add_option("--chunk-size", options.chunk_size,
                 "Bytes of input per unit of parallel work, e.g. 64K, 1M (default 256K)")
      ->transform(byte_size(1, std::uint64_t{1} << 30));
  app.add_flag("-q,--quiet", options.quiet, "Never show a progress line; verify: print nothing, only set the status");
  app.add_flag("-v,--verbose", options.verbose,
               "Print diagnostics on stderr: threads, chunk size, bytes, instances, time, rate");
  app.add_flag("--json", options.json,
               "Write verify's report, and -v's statistics, as one JSON object each (README: the schema)");
}

CLI::App* add_subcommand(CLI::App& parent, Options& options, const std::string& name, const std::string& description,
                         const std::string& footer) {
  CLI::App* sub = parent.add_subcommand(name, description);
  sub->footer(footer);
  add_shared_options(*sub, options);
  return sub;
}

// The options of `poker verify`, on `verify` and on its format subcommands
// alike, so that they too may stand before or after a format's name.
void add_verify_options(CLI::App& app, Options& options) {
  app.add_option("--answers", options.answers,
                 "The candidate's answers to compare with the expected ones ('-': standard input)");
  app.add_flag("--all", options.all,
               "Do not stop at the first mismatch: count the instances answered right, wrong and missing,\n"
               "and the extra lines, then print a summary");
  app.add_flag("--strip-trailing-cr", options.strip_trailing_cr, "Accept CRLF line ends in the candidate");
  app.add_flag("--ignore-trailing-space", options.ignore_trailing_space,
               "Do not compare blanks at the end of the candidate's lines, nor a missing final newline");
}

// The hold'em judge's arguments, on the main command and on `verify`.
struct HoldemArguments {
  CLI::Option* positional = nullptr;
  CLI::Option* players = nullptr;
  CLI::Option* explain = nullptr;
  std::size_t count() const { return positional->count() + players->count() + explain->count(); }
};

HoldemArguments add_holdem_arguments(CLI::App& app, Options& options, std::optional<int>& positional_players,
                                     std::optional<int>& option_players) {
  HoldemArguments added;
  added.positional = app.add_option("PLAYERS", positional_players, "Players per instance (default 2)")
                         ->transform(whole_number(kMinHoldemPlayers, kMaxHoldemPlayers));
  added.players = app.add_option("-p,--players", option_players, "Players per instance, like PLAYERS")
                      ->transform(whole_number(kMinHoldemPlayers, kMaxHoldemPlayers))
                      ->excludes(added.positional);
  added.explain = app.add_flag("-e,--explain", options.explain,
                               "Before each answer, print each player's hand category and best five cards");
  return added;
}

// `poker equity`'s own options: a query's words, and the settings that are a
// query file's defaults.
void add_equity_options(CLI::App& equity, EquityOptions& options) {
  equity.add_option("HANDS", options.hands, "Hands or ranges, one per player (none: read queries from -i)");
  equity.add_option("--board", options.board, "Board cards, 0, 3, 4 or 5 of them, like Ts9s2d");
  equity.add_option("--dead", options.dead, "Dead cards, like 2c7d");
  EquitySettings& settings = options.settings;
  auto* exact = equity.add_flag_function(
      "--exact", [&settings](std::int64_t) { settings.method = EquityMethod::kExact; },
      "Enumerate every board (the default when the work is small)");
  // --mc, --time and --seed are read as a query file reads them (read_equity_number).
  const auto number = [&settings](const char* name) {
    return [&settings, name](const std::string& value) {
      if (std::optional<std::string> problem = read_equity_number(name, value, settings)) {
        throw CLI::ValidationError("equity: " + *problem);
      }
    };
  };
  auto* samples = equity
                      .add_option_function<std::string>("--mc", number("--mc"),
                                                        "Monte Carlo: draw N deals, at most " +
                                                            std::to_string(kMaxSamples) +
                                                            " (default when the work is large: " +
                                                            std::to_string(kDefaultSamples) + ")")
                      ->type_name("N")
                      ->excludes(exact);
  equity.add_option_function<std::string>("--time", number("--time"), "Monte Carlo for about S seconds (0.001 to 1000000)")
      ->type_name("S")
      ->excludes(exact)
      ->excludes(samples);
  equity.add_option_function<std::string>("--seed", number("--seed"),
                                          "Monte Carlo seed: the same deals at any thread count (default 1)")
      ->type_name("N");
}

// What `poker equity` cannot take together, or nothing.
std::optional<std::string> equity_conflict(const Options& options) {
  const EquityOptions& equity = options.equity;
  if (!equity.hands.empty() && options.input != "-") return "hands on the command line and -i do not go together";
  if (!equity.hands.empty() && options.verify) return "hands on the command line and 'poker verify' do not go together";
  if (equity.hands.empty() && !(equity.board.empty() && equity.dead.empty())) {
    return "--board or --dead without hands (a query file writes them on each line) do not go together";
  }
  return std::nullopt;
}

// The format subcommands, added to `parent` (the main command or `verify`).
struct FormatCommands {
  CLI::App* euler = nullptr;
  CLI::App* eval = nullptr;
  CLI::App* draw = nullptr;
  CLI::App* equity = nullptr;
  // The one given, and the matching command; null if none.
  CLI::App* parsed(Command& command) const {
    const std::pair<CLI::App*, Command> all[] = {
        {euler, Command::kEuler}, {eval, Command::kEval}, {draw, Command::kDraw}, {equity, Command::kEquity}};
    for (const auto& [app, name] : all) {
      if (app->parsed()) {
        command = name;
        return app;
      }
    }
    return nullptr;
  }
};

FormatCommands add_format_commands(CLI::App& parent, Options& options, const std::string& prefix,
                                   const std::string& footer, bool verifying) {
  FormatCommands commands;
  commands.euler = add_subcommand(
      parent, options, "euler",
      "Project Euler 54: one line of ten cards per instance (upper-case suits), player 1's five\n"
      "then player 2's; prints \"Player 1\", \"Player 2\" or \"Draw\".",
      footer + "\nExample: " + prefix + "euler --summary -i poker.txt" + (verifying ? " --answers counts.txt" : ""));
  commands.euler->add_flag("--summary", options.summary,
                           "Print only the counts at the end: \"Player 1: N\", \"Player 2: N\", \"Draw: N\"");
  commands.eval = add_subcommand(
      parent, options, "eval",
      "Compares two hands of 5 to 52 cards per line, \"HAND1 ; HAND2\" (ten written 0): prints each\n"
      "hand's category and best five cards, then \"Hand 1 wins\", \"Hand 2 wins\" or \"Tie\".",
      footer + "\nExample: " + prefix + "eval -i examples/eval.txt" +
          (verifying ? " --answers examples/eval.expected" : ""));
  commands.draw = add_subcommand(
      parent, options, "draw",
      "The card-exchange puzzle: 52 lines \"S V\" per instance (suit R, S, H, K; value 1..13); prints\n"
      "the least rounds to reach pair, two pair, three of a kind, straight, flush, full house,\n"
      "four of a kind and straight flush.",
      footer + "\nExample: " + prefix + "draw -i examples/draw.txt" +
          (verifying ? " --answers examples/draw.expected" : ""));
  commands.equity = add_subcommand(
      parent, options, "equity",
      "How often each hand wins from here: 2 to 10 hands or ranges (QQ+, AKs, A5s-A2s, KQo, 22-55,\n"
      "random, JTo:0.25, comma-separated), a board of 0, 3, 4 or 5 cards and dead cards. Prints each\n"
      "player's win %, tie % and equity % (ties split), and the boards counted. Without hands, reads\n"
      "one query per line from the input (the same words) and prints one line per query.",
      footer + "\nExample: " + prefix +
          (verifying ? "equity -i examples/equity.txt --answers examples/equity.expected"
                     : "equity AhKh QsQd --board Ts9s2d"));
  add_equity_options(*commands.equity, options.equity);
  if (verifying) {
    for (CLI::App* sub : {commands.euler, commands.eval, commands.draw, commands.equity}) {
      add_verify_options(*sub, options);
    }
  }
  return commands;
}

// An option given at two levels (`poker -i a.txt euler -i b.txt`): both are
// bound to one variable, so one would silently win; as at one level, giving
// it twice is an error. The levels are the main command and the parsed
// subcommands under it.
std::optional<std::string> option_given_twice(const CLI::App& app) {
  std::map<std::string, std::string> given_before;  // option name -> where
  for (const CLI::App* level = &app; level != nullptr;) {
    const std::string where = level == &app ? "'poker'" : "'" + level->get_name() + "'";
    for (const CLI::Option* option : level->get_options()) {
      if (option->count() == 0) continue;
      const auto [before, inserted] = given_before.emplace(option->get_name(), where);
      if (!inserted) return option->get_name() + " given both to " + before->second + " and to " + where + ": give it once";
    }
    const std::vector<CLI::App*> parsed = level->get_subcommands();
    level = parsed.empty() ? nullptr : parsed.front();
  }
  return std::nullopt;
}

int usage_error(const std::string& message) {
  std::fprintf(stderr, "poker: %s\nRun 'poker --help' for usage.\n", message.c_str());
  return kExitUsage;
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, char** argv) {
  CLI::App app{
      "Judges Texas Hold'em instances: for each instance (a line of 2 cards per player, then a\n"
      "line of 5 board cards) prints the winner, \"Player K\", or \"Draw\".\n"
      "The subcommands judge other formats with the same input, output and error rules;\n"
      "'poker verify' compares the answers with a candidate's instead of printing them.",
      "poker"};
  app.set_version_flag("--version", std::string("poker ") + POKER_VERSION);
  app.footer(std::string(kExitFooter) + " 'poker verify': 4 answers differ." +
             "\nExample: poker 3 -i examples/three_players.txt");
  app.require_subcommand(0, 1);

  Options options;
  std::optional<int> positional_players;
  std::optional<int> option_players;
  const HoldemArguments holdem = add_holdem_arguments(app, options, positional_players, option_players);
  add_shared_options(app, options);
  const FormatCommands formats = add_format_commands(app, options, "poker ", kExitFooter, false);

  CLI::App* verify = add_subcommand(
      app, options, "verify",
      "For graders: judges the instances (hold'em, or the format subcommand given after 'verify')\n"
      "and compares the answers with a candidate's, line by line, aligned as diff aligns them (a\n"
      "missing or extra answer is reported as such). Prints OK, or the first difference: the\n"
      "instance's number and lines, the expected and the candidate's lines, the first differing\n"
      "column (with --all, every instance counted right, wrong or missing, and extra lines).",
      kVerifyFooter + std::string("\nExamples: poker verify 3 -i examples/three_players.txt --answers out.txt\n"
                                  "          poker verify euler -i examples/euler.txt --answers out.txt"));
  verify->require_subcommand(0, 1);
  add_verify_options(*verify, options);
  const HoldemArguments verify_holdem = add_holdem_arguments(*verify, options, positional_players, option_players);
  const FormatCommands verify_formats = add_format_commands(*verify, options, "poker verify ", kVerifyFooter, true);
  CLI::App* generate = add_generate_command(app, options.generator, options.output);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    std::ostringstream text;
    const int status = app.exit(e, text);
    return ParsedCommandLine{std::nullopt, status, text.str()};
  } catch (const CLI::CallForVersion& e) {
    std::ostringstream text;
    const int status = app.exit(e, text);
    return ParsedCommandLine{std::nullopt, status, text.str()};
  } catch (const CLI::ParseError& e) {
    return ParsedCommandLine{std::nullopt, usage_error(e.what())};
  }
  if (const std::optional<std::string> twice = option_given_twice(app)) {
    return ParsedCommandLine{std::nullopt, usage_error(*twice)};
  }
  if (generate->parsed()) {
    if (holdem.count() > 0) return ParsedCommandLine{std::nullopt, usage_error("generate: give PLAYERS after 'generate'")};
    if (const std::optional<std::string> problem = resolve_generate_command(options.generator)) {
      return ParsedCommandLine{std::nullopt, usage_error(*problem)};
    }
    options.generate = true;
    return ParsedCommandLine{options, kExitOk};
  }
  options.verify = verify->parsed();
  const CLI::App* format_command = options.verify ? verify_formats.parsed(options.command)
                                                  : formats.parsed(options.command);
  const std::size_t positional_count = holdem.positional->count() + verify_holdem.positional->count();
  const std::size_t players_count = holdem.players->count() + verify_holdem.players->count();
  if (positional_count > 0 && players_count > 0) {
    return ParsedCommandLine{std::nullopt, usage_error("PLAYERS excludes --players")};
  }
  if (format_command != nullptr && holdem.count() + verify_holdem.count() > 0) {
    const std::string name = (options.verify ? "verify " : "") + format_command->get_name();
    return ParsedCommandLine{
        std::nullopt,
        usage_error("PLAYERS, --players and --explain belong to the hold'em judge, not to 'poker " + name + "'")};
  }
  if (options.command == Command::kEquity) {
    if (const std::optional<std::string> conflict = equity_conflict(options)) {
      return ParsedCommandLine{std::nullopt, usage_error("equity: " + *conflict)};
    }
  }
  if (options.verify && options.answers.empty()) {
    return ParsedCommandLine{std::nullopt, usage_error("'poker verify' needs the candidate's answers: --answers FILE")};
  }
  if (options.verify && (options.answers == "-") && (options.input.empty() || options.input == "-")) {
    return ParsedCommandLine{
        std::nullopt,
        usage_error("the instances and the candidate's answers cannot both be standard input: give -i FILE")};
  }
  options.players = positional_players.value_or(option_players.value_or(2));
  return ParsedCommandLine{options, kExitOk};
}

}  // namespace poker::cli
