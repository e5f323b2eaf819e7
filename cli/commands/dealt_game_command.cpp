#include "commands/dealt_game_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>

#include "command_line/operand_words.h"
#include "command_line/value_checks.h"
#include "commands/shared_options.h"
#include "poker/escape.h"
#include "poker/number_text.h"

namespace poker::cli {

int DealtGameCommand::most_players() const {
  int most = game_.max_players(default_hole());
  for (const int hole : game_.holes) most = std::max(most, game_.max_players(hole));
  return most;
}

std::string DealtGameCommand::players_range(int hole) const {
  std::string range = "from " + std::to_string(game_.min_players) + " to " + std::to_string(game_.max_players(hole));
  if (!game_.holes.empty()) range += " with " + std::to_string(hole) + " hole cards a player";
  return range;
}

std::string DealtGameCommand::players_help() const {
  std::string help = "Players per instance, " + std::to_string(game_.min_players) + " to " +
                     std::to_string(game_.max_players(default_hole()));
  for (const int hole : game_.holes) {
    if (hole != default_hole())
      help += ", " + std::to_string(game_.max_players(hole)) + " with --hole " + std::to_string(hole);
  }
  return help + " (default 2)";
}

void DealtGameCommand::add_options(CLI::App& app, Binding binding) {
  Operands& operands = operands_.emplace_back();
  given_options_.push_back(app.add_option("PLAYERS", operands.first, players_help()));
  given_options_.push_back(app.add_option("FILE", operands.second, "Input file, like -i ('-': standard input)"));
  CLI::Option* players =
      app.add_option("-p,--players", option_players_, "Players per instance, like PLAYERS")->type_name("N");
  binding.checks.add(*players, whole_number(static_cast<std::uint64_t>(game_.min_players),
                                            static_cast<std::uint64_t>(most_players())));
  given_options_.push_back(players);
  if (!game_.holes.empty()) {
    std::string values;
    for (const int hole : game_.holes) values += (values.empty() ? "" : ", ") + std::to_string(hole);
    CLI::Option* hole =
        app.add_option("--hole", hole_,
                       "Hole cards a player: " + values + " (default " + std::to_string(default_hole()) + ")")
            ->type_name("N");
    const auto [fewest, most] = std::minmax_element(game_.holes.begin(), game_.holes.end());
    binding.checks.add(*hole, whole_number(static_cast<std::uint64_t>(*fewest), static_cast<std::uint64_t>(*most)));
    given_options_.push_back(hole);
  }
  if (game_.hilo) {
    given_options_.push_back(app.add_flag(
        "--hilo", hilo_, "Eight-or-better: answer \"HIGH / LOW\", the low's winner or \"No low\" after the high's"));
  }
  given_options_.push_back(app.add_flag(
      "-e,--explain", explain_,
      game_.hilo ? "Before each answer, print each player's hand category and best five cards (and low, with --hilo)"
                 : "Before each answer, print each player's hand category and best five cards"));
}

bool DealtGameCommand::given() const {
  std::size_t count = 0;
  for (const CLI::Option* option : given_options_) count += option->count();
  return count > 0;
}

std::vector<std::string> DealtGameCommand::first_operands() const {
  std::vector<std::string> words;
  for (const Operands& operands : operands_) {
    if (operands.first) words.push_back(*operands.first);
  }
  return words;
}

std::optional<std::string> DealtGameCommand::read(const Operands& operands, int hole, std::optional<int>& players,
                                                  std::optional<std::string>& input_operand,
                                                  CheckContext& context) const {
  for (const std::optional<std::string>& operand : {operands.first, operands.second}) {
    if (!operand) continue;
    if (const std::optional<std::uint64_t> number = parse_whole_number(*operand); number && !players) {
      if (*number < static_cast<std::uint64_t>(game_.min_players) ||
          *number > static_cast<std::uint64_t>(game_.max_players(hole))) {
        return "PLAYERS: expected a whole number " + players_range(hole);
      }
      players = static_cast<int>(*number);
      continue;
    }
    if (!is_existing_file(*operand) && looks_like_number(*operand)) {
      if (players) return "extra operand '" + escape_bytes(*operand) + "' after PLAYERS";
      // Not a whole number as PLAYERS is written ("0x8", "8 "): no file either.
      const std::string expected = "PLAYERS: expected a whole number " + players_range(hole);
      if (trim_blanks(*operand).size() != operand->size()) {
        return expected + " without blanks around it, found '" + escape_bytes(*operand) + "'";
      }
      return expected;
    }
    if (operand->empty()) return "FILE: the file name is empty ('-' is standard input)";
    if (const std::optional<std::string> mistake = operand_mistake(context.words, *operand, "")) return mistake;
    if (input_operand) {
      return "two input files: '" + escape_bytes(*input_operand) + "' and '" + escape_bytes(*operand) +
             "' (one file per run)";
    }
    if (context.shared.input != "-") {
      return "the input file given twice: FILE '" + escape_bytes(*operand) + "' and -i";
    }
    context.shared.input = *operand;
    input_operand = *operand;
  }
  return std::nullopt;
}

std::optional<Mistake> DealtGameCommand::check(CheckContext& context) {
  // The default judge's mistakes, under `verify` too, point to poker's own
  // help; a variant's to its subcommand's.
  const std::string help_of = context.name == "verify" ? "" : context.name;
  const int hole = hole_.value_or(default_hole());
  std::optional<int> players;
  std::optional<std::string> input_operand;
  for (const Operands& operands : operands_) {
    if (std::optional<std::string> problem = read(operands, hole, players, input_operand, context)) {
      return Mistake{*problem, help_of};
    }
  }
  if (players && option_players_) return Mistake{"PLAYERS excludes --players", help_of};
  if (option_players_ && *option_players_ > game_.max_players(hole)) {
    return Mistake{"--players: expected a whole number " + players_range(hole) + ", found '" +
                       std::to_string(*option_players_) + "'",
                   help_of};
  }
  options_ = DealtOptions{players.value_or(option_players_.value_or(2)), hole, hilo_, explain_};
  return std::nullopt;
}

std::unique_ptr<Format> DealtGameCommand::make_format(const std::atomic<bool>&) const { return game_.make(options_); }

std::string DealtGameCommand::judged() const {
  std::string judged = std::string(game_.judged) + ", " + std::to_string(options_.players) + " players";
  if (!game_.holes.empty()) judged += ", " + std::to_string(options_.hole) + " hole cards";
  if (options_.hilo) judged += ", hi-lo";
  return judged;
}

}  // namespace poker::cli
