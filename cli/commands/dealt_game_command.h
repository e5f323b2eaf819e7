// The judges of the dealt games: Texas Hold'em, `poker [PLAYERS] [FILE]`
// (the default judge), and its variants, `poker omaha [PLAYERS] [FILE]`; a
// DealtGame each (command_table.cpp), one command class for all. Their
// operands and options stand on the game's own command and on `poker
// verify`'s; a number is PLAYERS, any other word the input FILE, as
// coreutils read theirs.
#ifndef POKER_CLI_COMMANDS_DEALT_GAME_COMMAND_H_
#define POKER_CLI_COMMANDS_DEALT_GAME_COMMAND_H_

#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "commands/command.h"

namespace CLI {
class Option;
}  // namespace CLI

namespace poker::cli {

// What a dealt game's format is made with.
struct DealtOptions {
  int players = 2;
  int hole = 2;  // hole cards a player
  bool hilo = false;
  bool explain = false;
};

// A dealt game as its command takes it: PLAYERS and -p, -e, and the
// variants' --hole and --hilo where it has them.
struct DealtGame {
  const char* judged;  // what -v says is judged: "hold'em", "Omaha"
  int min_players;
  int (*max_players)(int hole);  // the most players with `hole` hole cards a player
  // The values --hole takes, the default first; empty: no --hole, two hole
  // cards a player.
  std::span<const int> holes;
  bool hilo;  // whether it takes --hilo
  std::unique_ptr<Format> (*make)(const DealtOptions& options);
};

class DealtGameCommand final : public FormatCommand {
 public:
  // `game` must outlive the command.
  explicit DealtGameCommand(const DealtGame& game) : game_(game) {}

  void add_options(CLI::App& app, Binding binding) override;
  std::optional<Mistake> check(CheckContext& context) override;
  std::unique_ptr<Format> make_format(const std::atomic<bool>& stop) const override;
  std::string judged() const override;

  // Whether any of its operands or options was given, at any level (for
  // the default judge: they belong to no subcommand).
  bool given() const;

  // The first operand of each level where one was given: the word a
  // mistyped subcommand would have left there.
  std::vector<std::string> first_operands() const;

 private:
  // The operands of one level (the game's own command, `verify`'s).
  struct Operands {
    std::optional<std::string> first, second;
  };
  // Reads one level's operands into `players` and the input.
  std::optional<std::string> read(const Operands& operands, int hole, std::optional<int>& players,
                                  std::optional<std::string>& input_operand, CheckContext& context) const;
  int default_hole() const { return game_.holes.empty() ? 2 : game_.holes.front(); }
  // The most players of any --hole.
  int most_players() const;
  // "from 2 to 23", with the hole cards where the game has --hole.
  std::string players_range(int hole) const;
  std::string players_help() const;

  const DealtGame& game_;
  std::deque<Operands> operands_;  // a level each, in order
  std::optional<int> option_players_;
  std::optional<int> hole_;
  bool hilo_ = false;
  bool explain_ = false;
  DealtOptions options_;
  std::vector<const CLI::Option*> given_options_;  // every level's, for given()
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_DEALT_GAME_COMMAND_H_
