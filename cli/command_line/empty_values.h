// The command line's "--name=" words, whose value is empty: CLI11 reads an
// empty value after '=' as none given and takes the next word instead
// ("--input= FILE" would read FILE), where "--name ''" is checked as the
// empty value it is.
//
// Thread safety: a pure function.
#ifndef POKER_CLI_COMMAND_LINE_EMPTY_VALUES_H_
#define POKER_CLI_COMMAND_LINE_EMPTY_VALUES_H_

#include <string>
#include <vector>

namespace poker::cli {

// `words` (argv without the program's name) with each "--name=" before "--"
// split into "--name" and an empty word; the others, and the operands after
// "--", as they are.
std::vector<std::string> with_empty_values_split(std::vector<std::string> words);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_EMPTY_VALUES_H_
