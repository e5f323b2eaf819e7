// The verdicts of the judge systems' default checkers, written over whole
// strings as their rules read (docs/faq.md, "What do --kattis and --testlib
// forgive?"): the references that poker's streaming comparison
// (poker/token_verify.h) is tested against, in the unit tests and the
// fuzz target.
//
// Thread safety: pure functions.
#ifndef POKER_TESTS_SUPPORT_CHECKER_REFERENCE_H_
#define POKER_TESTS_SUPPORT_CHECKER_REFERENCE_H_

#include <string>

#include "poker/token_verify.h"

namespace poker::testing {

// problemtools' default output validator, given `judge` as the judge's
// answer: whether it accepts `team` under `rule` (its case_sensitive,
// space_change_sensitive and float tolerances).
bool problemtools_accepts(const std::string& judge, const std::string& team, const TokenRule& rule);

enum class Wcmp { kOk, kWrongAnswer, kPresentationError };

// testlib's wcmp, given `judge` as the answer file and `team` as the
// output (tokens of up to 32 MiB: no longer one is made here).
Wcmp wcmp(const std::string& judge, std::string team);

}  // namespace poker::testing

#endif  // POKER_TESTS_SUPPORT_CHECKER_REFERENCE_H_
