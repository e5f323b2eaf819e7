// Shared pieces of the end-to-end tests: running the built `poker` binary,
// temporary files, the error line of the specification (docs/specification.md,
// section 3), and random hold'em instances whose answers come from the
// reference evaluator (tests/support), never from the engine.
//
// Thread safety: none needed; GoogleTest runs the tests of one process in turn.
#ifndef POKER_TESTS_E2E_E2E_HELPERS_H_
#define POKER_TESTS_E2E_E2E_HELPERS_H_

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "support/instance_text.h"
#include "support/sanitizers.h"
#include "support/subprocess.h"

namespace poker::e2e {

using testing::RunResult;

inline const std::string kBinary = POKER_BINARY;
inline const std::string kSourceDir = POKER_SOURCE_DIR;

// ---- Running the binary ----------------------------------------------------

// Peak memory a run may take whatever its input: docs/guide.md's bound is the
// 1 MiB instance limit plus chunks in flight and a mapped window or two;
// sanitizers add their shadow.
using testing::kUnderSanitizer;
inline constexpr long kMemoryBoundKib = kUnderSanitizer ? 512 * 1024 : 96 * 1024;

// `poker args...` with `input` on stdin through a pipe, from the source dir.
RunResult run_poker(const std::vector<std::string>& args, std::string_view input = {});

// `poker args...` with stdin redirected from the file `path` (a regular file:
// the program may map it).
RunResult run_poker_stdin_file(const std::vector<std::string>& args, const std::string& path);

// Waits, up to `timeout`, until process `pid` takes SIGINT and SIGTERM itself
// (blocked for its signal thread, or caught); false if it never did. Until
// then a stop signal finds it still starting, and the default action kills
// it silently: a sanitized binary on a loaded machine can take seconds.
// Only the program `pid` has executed counts: between fork and exec the child
// is still this test, and a sanitizer's fork keeps every signal blocked for
// a moment, which looks like a program that takes them. False at once for
// a process that has ended.
bool wait_until_taking_stop_signals(pid_t pid, testing::Milliseconds timeout);

// Runs `poker args...` (nothing on stdin) and checks that it stops at a usage
// error: exit status 2, nothing on stdout, and on stderr a "poker: " line.
// With `says`, stderr is exactly "poker: [COMMAND: ]SAYS" and the pointer to
// --help, "Run 'poker [COMMAND ]--help' for usage.": `command` is the
// subcommand the message names and whose help it points at.
void expect_usage_error(const std::vector<std::string>& args, std::string_view says = {},
                        std::string_view command = {});

// `args` followed by `more`.
std::vector<std::string> concat(std::vector<std::string> args, const std::vector<std::string>& more);

// An input error's line without what the cli adds to the engine's message,
// " (instance N)" and "; hint: ..." (tested on their own in hints_test.cpp):
// what error_line() builds.
std::string without_instance_and_hint(const std::string& err);

// "poker: SOURCE:LINE:COLUMN: MESSAGE\n", the one line of an input error.
std::string error_line(std::string_view source, std::uint64_t line, std::uint64_t column, std::string_view message);

// The invalid-card message (docs/specification.md, section 3) for the
// already quoted token.
std::string invalid_card(std::string_view quoted);

// For failure messages: the bytes with controls escaped, cut when long.
std::string printable(std::string_view bytes, std::size_t limit = 400);

// Empty if `got` == `expected`, else where they first differ: the line number
// and both lines, for a readable failure on megabytes of output.
std::string first_difference(std::string_view expected, std::string_view got);

// ---- One input through every path --------------------------------------------

// What a run must give: stdout, the exit status, and for status 1 the error's
// place and message (the source name is added per run).
struct Expected {
  std::string out;
  int status = 0;
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  std::string message;
};

Expected ok(std::string out);
Expected error(std::string out, std::uint64_t line, std::uint64_t column, std::string message);

// Checks one run against `expected`, the error line naming `source`.
void expect_result(const RunResult& result, const Expected& expected, const std::string& source);

// Runs `poker args...` on `input` through every input path (pipe, -i FILE,
// stdin redirected from the file; a file both with --mmap and --no-mmap),
// with -j 1 and -j 2 and tiny chunks; all must give `expected`.
void expect_judged(const std::vector<std::string>& args, const std::string& input, const Expected& expected);

// ---- Temporary files --------------------------------------------------------

// A fresh file in this process's temporary directory holding `bytes`; the
// directory is removed when the process exits.
std::string write_temp_file(std::string_view name_hint, std::string_view bytes);
// A fresh path in the temporary directory (nothing created).
std::string temp_path(std::string_view name_hint);
std::string temp_directory();
std::string read_whole_file(const std::string& path);

// ---- Cards and instances ----------------------------------------------------

// Written as the specification (section 2) writes it: rank then suit, "Ah",
// "Td".
std::string card_text(Card card);
// Parses "Ah" etc. (tests' own parser); aborts the test on a bad literal.
Card card_from(std::string_view text);

// The whole instances of `text`, each `lines` lines of cards separated by
// blanks, as their lines' cards (card_from()); a last instance cut short is
// left out.
std::vector<std::vector<std::vector<Card>>> instances_of(const std::string& text, int lines);

struct Instance {
  // hole[2*p], hole[2*p+1] are player p's cards (0-based players).
  std::vector<Card> hole;
  std::array<Card, 5> board{};
  int players() const { return static_cast<int>(hole.size() / 2); }
};

// The answer line ("Player K\n" or "Draw\n") by the reference evaluator.
std::string reference_answer(const Instance& instance);

// The explain lines and the answer line, as explain mode (the specification,
// section 3) prints them, computed from the reference evaluator: for each
// player the best five cards (preferring higher suits among equal ranks), in
// explain order.
std::string reference_explain(const Instance& instance);

// The name, as the specification (section 2) writes it, of a reference
// category (0 high card .. 8 straight flush).
std::string_view category_name_of(int category);

using testing::Blanks;  // support/instance_text.h

// The text of one instance, its cards written by card_text().
std::string render(const Instance& instance, Blanks blanks, std::mt19937_64& rng);

// Random valid instances, a good share of them tie-heavy: boards that play
// (a straight flush, a mixed broadway straight, quads with an ace), and
// players holding the same ranks in other suits.
std::vector<Instance> random_instances(int players, std::size_t count, std::mt19937_64& rng);

// An input file made of instances, and what `poker` answers to it.
struct Dataset {
  int players = 2;
  std::vector<Instance> instances;
  std::string input;
  std::string answers;                   // the answer lines, in order
  std::vector<std::size_t> ends;         // ends[i]: input offset just after instance i
  std::vector<std::size_t> answer_ends;  // answer_ends[i]: answers offset just after instance i's
};

Dataset make_dataset(int players, std::vector<Instance> instances, Blanks blanks, std::mt19937_64& rng,
                     bool explain = false);

}  // namespace poker::e2e

#endif  // POKER_TESTS_E2E_E2E_HELPERS_H_
