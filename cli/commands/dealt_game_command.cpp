#include "commands/holdem_command.h"

#include <CLI/CLI.hpp>

#include "command_line/operand_words.h"
#include "command_line/value_checks.h"
#include "commands/shared_options.h"
#include "poker/escape.h"
#include "poker/holdem_format.h"
#include "poker/number_text.h"

namespace poker::cli {
namespace {

const std::string kPlayersRange = "PLAYERS: expected a whole number from " + std::to_string(kMinHoldemPlayers) +
                                  " to " + std::to_string(kMaxHoldemPlayers);

}  // namespace

void HoldemCommand::add_options(CLI::App& app, Binding binding) {
  Operands& operands = operands_.emplace_back();
  options_.push_back(app.add_option("PLAYERS", operands.first,
                                    "Players per instance, " + std::to_string(kMinHoldemPlayers) + " to " +
                                        std::to_string(kMaxHoldemPlayers) + " (default 2)"));
  options_.push_back(app.add_option("FILE", operands.second, "Input file, like -i ('-': standard input)"));
  CLI::Option* players =
      app.add_option("-p,--players", option_players_, "Players per instance, like PLAYERS")->type_name("N");
  binding.checks.add(*players, whole_number(kMinHoldemPlayers, kMaxHoldemPlayers));
  options_.push_back(players);
  options_.push_back(app.add_flag("-e,--explain", explain_,
                                  "Before each answer, print each player's hand category and best five cards"));
}

bool HoldemCommand::given() const {
  std::size_t count = 0;
  for (const CLI::Option* option : options_) count += option->count();
  return count > 0;
}

std::vector<std::string> HoldemCommand::first_operands() const {
  std::vector<std::string> words;
  for (const Operands& operands : operands_) {
    if (operands.first) words.push_back(*operands.first);
  }
  return words;
}

std::optional<std::string> HoldemCommand::read(const Operands& operands, std::optional<int>& players,
                                               std::optional<std::string>& input_operand, CheckContext& context) const {
  for (const std::optional<std::string>& operand : {operands.first, operands.second}) {
    if (!operand) continue;
    if (const std::optional<std::uint64_t> number = parse_whole_number(*operand); number && !players) {
      if (*number < kMinHoldemPlayers || *number > kMaxHoldemPlayers) return kPlayersRange;
      players = static_cast<int>(*number);
      continue;
    }
    if (players && !is_existing_file(*operand) && looks_like_number(*operand)) {
      return "extra operand '" + escape_bytes(*operand) + "' after PLAYERS";
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

std::optional<Mistake> HoldemCommand::check(CheckContext& context) {
  std::optional<int> players;
  std::optional<std::string> input_operand;
  for (const Operands& operands : operands_) {
    if (std::optional<std::string> problem = read(operands, players, input_operand, context)) {
      return Mistake{*problem, ""};
    }
  }
  if (players && option_players_) return Mistake{"PLAYERS excludes --players", ""};
  players_ = players.value_or(option_players_.value_or(2));
  return std::nullopt;
}

std::unique_ptr<Format> HoldemCommand::make_format(const std::atomic<bool>&) const {
  return make_holdem_format(HoldemOptions{players_, explain_});
}

std::string HoldemCommand::judged() const { return "hold'em, " + std::to_string(players_) + " players"; }

}  // namespace poker::cli
