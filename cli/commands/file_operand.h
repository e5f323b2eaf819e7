// The FILE operand of a format's subcommand (`poker euler FILE`): its
// input, as -i names it.
#ifndef POKER_CLI_COMMANDS_FILE_OPERAND_H_
#define POKER_CLI_COMMANDS_FILE_OPERAND_H_

#include <optional>
#include <string>

#include "commands/command.h"

namespace poker::cli {

class FileOperand {
 public:
  // Adds the operand to `app`.
  void add(CLI::App& app);
  // Once parsed: the operand made the input, or the usage error (an empty
  // name, a word that is a mistake, the input given twice).
  std::optional<Mistake> settle(CheckContext& context) const;
  // As settle(), for a word that another operand held (`poker equity FILE`).
  static std::optional<Mistake> settle(const std::string& word, CheckContext& context);

 private:
  std::optional<std::string> file_;
};

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_FILE_OPERAND_H_
