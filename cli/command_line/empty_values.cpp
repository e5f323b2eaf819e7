#include "command_line/empty_values.h"

#include <cctype>
#include <utility>

namespace poker::cli {

std::vector<std::string> with_empty_values_split(std::vector<std::string> words) {
  std::vector<std::string> split;
  bool operands = false;
  for (std::string& word : words) {
    operands = operands || word == "--";
    // "--name=": a long option's name (a letter or digit after "--"), then '='.
    if (!operands && word.size() > 3 && word.starts_with("--") &&
        std::isalnum(static_cast<unsigned char>(word[2])) != 0 && word.find('=') == word.size() - 1) {
      word.pop_back();
      split.push_back(std::move(word));
      split.emplace_back();
    } else {
      split.push_back(std::move(word));
    }
  }
  return split;
}

}  // namespace poker::cli
