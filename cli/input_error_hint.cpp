#include "input_error_hint.h"

#include <algorithm>
#include <cctype>

#include "messages.h"
#include "poker/escape.h"

namespace poker::cli {
namespace {

// `path` as a shell word that the command line reads as the input: escaped
// as names in messages are, quoted where a shell would split or expand it,
// and led by "./" where it would read as PLAYERS or as an option.
std::string operand_word(const std::string& path) {
  std::string word = escape_bytes(path);
  const bool number =
      std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
  if (number || word.starts_with('-')) word = "./" + word;
  const bool plain = std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("._/+:,@%=-").find(c) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "\"";
  for (const char c : word) {
    if (std::string_view("\"\\$`").find(c) != std::string_view::npos) quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace

std::string suggest_run(const FormatGuess& guess, const std::string& input) {
  std::string command = "'poker";
  if (guess.format != "holdem") command.append(" ").append(guess.format);
  if (guess.players > 0) command.append(" ").append(std::to_string(guess.players));
  if (guess.hole > 0 && guess.hole != 4) command.append(" --hole ").append(std::to_string(guess.hole));
  if (is_standard(input)) return command.append("' on the same input");
  return command.append(" ").append(operand_word(input)).append("'");
}

std::string input_error_line(const std::string& source, const Format& format, const InputError& error,
                             std::string_view head, const std::string& input, std::uint64_t instance) {
  return poker::input_error_line(
      source, format, error, head, [&input](const FormatGuess& guess) { return suggest_run(guess, input); }, instance);
}

}  // namespace poker::cli
