// The words a judge system puts on a checker's command line, in poker's
// terms. A Kattis or DOMjudge problem's validator_flags follow the three
// files of `--kattis` (`... FEEDBACK_DIR case_sensitive float_tolerance
// 1e-6 3 --strict`): problemtools' own flags become the verify options of
// the same names (--case-sensitive, --float-tolerance X, ...) and the other
// words stay poker's own arguments. testlib's checkers are called
// `[--testset T] [--group G] INPUT OUTPUT ANSWER [REPORT [-appes]]`: the
// words after `--testlib` are its, the testset and group options go before
// it, and `-appes` becomes --appes.
//
// Thread safety: a pure function.
#ifndef POKER_CLI_COMMAND_LINE_CHECKER_WORDS_H_
#define POKER_CLI_COMMAND_LINE_CHECKER_WORDS_H_

#include <string>
#include <vector>

namespace poker::cli {

// `words` (argv without the program's name) with a judge system's words put
// in poker's terms; the others as they are.
std::vector<std::string> checker_words_in_poker_terms(std::vector<std::string> words);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_CHECKER_WORDS_H_
