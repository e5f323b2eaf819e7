// The mistakes made with the words of a command line: an operand that is
// no file but a number or a mistyped subcommand, an unknown option (with
// "did you mean …?" among the options the parser knows).
#ifndef POKER_CLI_COMMAND_LINE_OPERAND_WORDS_H_
#define POKER_CLI_COMMAND_LINE_OPERAND_WORDS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace poker::cli {

// Every long option and subcommand name of a parser, at any depth.
class Vocabulary {
 public:
  explicit Vocabulary(const CLI::App& app);

  const std::vector<std::string>& long_options() const { return long_options_; }  // sorted, distinct
  const std::vector<std::string>& commands() const { return commands_; }
  bool is_command(std::string_view word) const;

 private:
  void collect(const CLI::App& app);

  std::vector<std::string> long_options_;
  std::vector<std::string> commands_;
};

// Whether `word` names an existing file, or standard input ("-").
bool is_existing_file(const std::string& word);

// `word` without the blanks around it.
std::string_view trim_blanks(std::string_view word);

// The operands as they were typed, where CLI11 took a word in brackets for
// its list syntax: it reads "[a,b]" as the items a and b. An Equilab weight
// group that is a whole word, "[50]KK,QQ[/50]", comes out of it as "50]KK"
// and "QQ[/50"; such pieces (from one that starts with "N]" to one that ends
// with "[/N", which no hand does) are put back together as the word.
std::vector<std::string> rejoin_bracket_words(const std::vector<std::string>& operands);

// A word meant as a number ("0x8", "-3", "2x"), not as a file name. Blanks
// around it change nothing ("8 ", " 8"): a number's text has none, so such
// a word is never PLAYERS, but it is no file name either unless that file
// exists.
bool looks_like_number(std::string_view word);

// A word where a FILE may stand that is no file but a mistake: a number, or
// a subcommand's name, exact or mistyped ("did you mean …?"). `command`:
// the subcommand it follows, empty for the hold'em judge.
std::optional<std::string> operand_mistake(const Vocabulary& words, const std::string& word,
                                           const std::string& command);

// The mistake of an option that the command where it stands does not take:
// a long option that no command takes is a mistyped one ("did you mean …?"
// among every long option); any other is named with the closest of
// `own_options` (those of the command where it stands), when one is close.
std::string unknown_option(const Vocabulary& words, std::string_view option,
                           const std::vector<std::string>& own_options);

// The long options of `app` itself ("--summary").
std::vector<std::string> long_options_of(const CLI::App& app);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_OPERAND_WORDS_H_
