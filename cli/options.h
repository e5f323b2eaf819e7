// The command line, parsed: what the user asked for, nothing more.
#ifndef POKER_CLI_OPTIONS_H_
#define POKER_CLI_OPTIONS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_command.h"
#include "generate_command.h"
#include "gradescope_results.h"
#include "poker/equity.h"
#include "poker/verify.h"

namespace poker::cli {

// Which format judges the input: the default hold'em judge, or a subcommand.
enum class Command { kHoldem, kEuler, kEval, kDraw, kEquity, kRange, kGenerate, kBench };

// When `poker range` colours its grid (--color).
enum class Colour { kAuto, kAlways, kNever };

// `poker equity`: one query from the command line (hands given), or a query
// file (-i) with these as every line's defaults.
struct EquityOptions {
  std::vector<std::string> hands;  // hands or ranges; empty: read queries from the input
  std::string board;
  std::string dead;
  EquitySettings settings;
};

// The checker protocol of a judge system that runs `poker verify` (--kattis,
// --testlib: docs/grading.md), or none.
enum class CheckerProtocol { kNone, kKattis, kTestlib };

// `poker verify`: the answers compared with a candidate's instead of printed.
struct VerifyCommand {
  bool on = false;        // `poker verify` was given
  std::string answers;    // the candidate's answers ("-": standard input)
  VerifyOptions compare;  // --all, --strip-trailing-cr, --ignore-trailing-space
  CheckerProtocol protocol = CheckerProtocol::kNone;
  std::vector<std::string> kattis, testlib;  // as given: INPUT JUDGE_ANSWER FEEDBACK_DIR; INPUT OUTPUT ANSWER
  std::string judge_answer;                  // the judge system's answer file: opened, never read
  std::string feedback_dir;                  // Kattis: where judgemessage.txt and teammessage.txt go
  bool reveal_expected = false;              // the messages a contestant may see quote the expected answer
  GradescopeSettings gradescope;             // --gradescope DIR and its options
};

struct Options {
  Command command = Command::kHoldem;
  int players = 2;       // hold'em
  bool explain = false;  // hold'em
  bool summary = false;  // euler
  EquityOptions equity;
  std::vector<std::string> range;  // `poker range RANGE...`: its words, joined by commas
  PercentOrder range_order = PercentOrder::kPokerStove;
  Colour colour = Colour::kAuto;
  std::string input = "-";   // "-": standard input
  std::string output = "-";  // "-": standard output
  std::size_t threads = 0;   // 0: all hardware threads
  std::size_t chunk_size = 256 * 1024;
  bool quiet = false;
  bool verbose = false;
  bool mmap = false;  // a regular input file memory-mapped (--mmap), not read with pread() (--no-mmap)
  VerifyCommand verify;
  bool json = false;          // verify's verdict, -v's statistics and equity's answers as JSON (docs/)
  GenerateCommand generator;  // `poker generate`: write instances instead of judging them
  BenchCommand bench;         // `poker bench`: measure the engine instead of judging
};

// What parsing the command line came to: run with the options, or exit now
// with `exit_status`: after a usage error, already reported on stderr (2, or
// testlib's checker failure under --testlib: usage_status()), or
// after --help or --version, whose text is `standard_output`, for the caller
// to write and check (a failed write is an I/O error, not a success).
struct ParsedCommandLine {
  ParsedCommandLine(std::optional<Options> parsed, int status, std::string text = {})
      : options(std::move(parsed)), exit_status(status), standard_output(std::move(text)) {}
  std::optional<Options> options;
  int exit_status = 0;
  std::string standard_output;
};

ParsedCommandLine parse_command_line(int argc, char** argv);

}  // namespace poker::cli

#endif  // POKER_CLI_OPTIONS_H_
