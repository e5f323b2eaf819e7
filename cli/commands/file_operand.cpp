#include "commands/file_operand.h"

#include <CLI/CLI.hpp>

#include "command_line/operand_words.h"
#include "commands/shared_options.h"
#include "poker/escape.h"

namespace poker::cli {

void FileOperand::add(CLI::App& app) { app.add_option("FILE", file_, "Input file, like -i ('-': standard input)"); }

std::optional<Mistake> FileOperand::settle(CheckContext& context) const {
  if (!file_) return std::nullopt;
  return settle(*file_, context);
}

std::optional<Mistake> FileOperand::settle(const std::string& word, CheckContext& context) {
  if (word.empty()) return Mistake{"FILE: the file name is empty ('-' is standard input)", context.name};
  if (std::optional<std::string> mistake = operand_mistake(context.words, word, context.name)) {
    return Mistake{*mistake, ""};
  }
  if (context.shared.input != "-") {
    return Mistake{"the input file given twice: FILE '" + escape_bytes(word) + "' and -i", context.name};
  }
  context.shared.input = word;
  return std::nullopt;
}

}  // namespace poker::cli
