#include "command_line/operand_words.h"

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cstddef>

#include "command_line/did_you_mean.h"
#include "poker/escape.h"
#include "poker/holdem_format.h"

namespace poker::cli {

Vocabulary::Vocabulary(const CLI::App& app) {
  collect(app);
  std::sort(long_options_.begin(), long_options_.end());
  long_options_.erase(std::unique(long_options_.begin(), long_options_.end()), long_options_.end());
}

void Vocabulary::collect(const CLI::App& app) {
  const std::vector<std::string> own = long_options_of(app);
  long_options_.insert(long_options_.end(), own.begin(), own.end());
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands_.push_back(sub->get_name());
    collect(*sub);
  }
}

bool Vocabulary::is_command(std::string_view word) const {
  return std::find(commands_.begin(), commands_.end(), word) != commands_.end();
}

std::vector<std::string> long_options_of(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  }
  return names;
}

bool is_existing_file(const std::string& word) { return word == "-" || ::access(word.c_str(), F_OK) == 0; }

std::string_view trim_blanks(std::string_view word) {
  const std::size_t first = word.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return word.substr(first, word.find_last_not_of(" \t") - first + 1);
}

namespace {

bool is_weight_char(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.'; }

// "50]KK": a group's opening tag without its '['.
bool opens_stripped_group(std::string_view word) {
  const auto end = std::find_if_not(word.begin(), word.end(), is_weight_char);
  return end != word.begin() && end != word.end() && *end == ']';
}

// "QQ[/50": a group's closing tag without its ']'.
bool closes_stripped_group(std::string_view word) {
  const std::size_t tag = word.rfind("[/");
  return tag != std::string_view::npos && tag + 2 < word.size() &&
         std::all_of(word.begin() + static_cast<std::ptrdiff_t>(tag) + 2, word.end(), is_weight_char);
}

}  // namespace

std::vector<std::string> rejoin_bracket_words(const std::vector<std::string>& operands) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    std::size_t last = i;
    if (opens_stripped_group(operands[i])) {
      while (last < operands.size() && !closes_stripped_group(operands[last])) ++last;
    }
    if (last == operands.size() || !opens_stripped_group(operands[i])) {
      words.push_back(operands[i]);
      continue;
    }
    std::string word = "[";
    for (std::size_t j = i; j <= last; ++j) word += (j > i ? "," : "") + operands[j];
    words.push_back(word + "]");
    i = last;
  }
  return words;
}

bool looks_like_number(std::string_view word) {
  word = trim_blanks(word);
  if (!word.empty() && (word[0] == '+' || word[0] == '-')) word.remove_prefix(1);
  return !word.empty() && std::isdigit(static_cast<unsigned char>(word[0])) != 0;
}

std::optional<std::string> operand_mistake(const Vocabulary& words, const std::string& word,
                                           const std::string& command) {
  if (is_existing_file(word)) return std::nullopt;
  if (looks_like_number(word)) {
    const std::string expected = "PLAYERS: expected a whole number from " + std::to_string(kMinHoldemPlayers) + " to " +
                                 std::to_string(kMaxHoldemPlayers);
    if (command.empty() && trim_blanks(word).size() != word.size())
      return expected + " without blanks around it, found '" + escape_bytes(word) + "'";
    if (command.empty()) return expected;
    return "PLAYERS, --players and --explain belong to the hold'em judge, not to 'poker " + command + "'";
  }
  if (words.is_command(word)) {
    return "'" + word + "' after " + (command.empty() ? "PLAYERS" : "'" + command + "'") +
           ": give one subcommand, before the operands";
  }
  const std::optional<std::string> meant = closest_word(word, words.commands());
  if (!meant) return std::nullopt;
  return "unknown subcommand '" + escape_bytes(word) + "'; did you mean '" + *meant + "'?";
}

std::string unknown_option(const Vocabulary& words, std::string_view option,
                           const std::vector<std::string>& own_options) {
  const bool is_long = option.starts_with("--");
  const std::string quoted = "'" + escape_bytes(option) + "'";
  const bool known_elsewhere =
      std::binary_search(words.long_options().begin(), words.long_options().end(), std::string(option));
  std::optional<std::string> meant;
  if (is_long) meant = closest_word(option, known_elsewhere ? own_options : words.long_options());
  return "unknown option " + quoted + (meant ? "; did you mean '" + *meant + "'?" : "");
}

}  // namespace poker::cli
