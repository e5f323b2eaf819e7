// `poker generate [FORMAT]`: the command line of the instance generator
// (poker/generate.h), its own subcommand with its own options.
#ifndef POKER_CLI_GENERATE_COMMAND_H_
#define POKER_CLI_GENERATE_COMMAND_H_

#include <cstdint>
#include <optional>
#include <string>

#include "poker/generate.h"

// Declared, not included: this header reaches most of cli/ through
// options.h, and CLI11's header costs seconds of compilation per file.
namespace CLI {
class App;
}

namespace poker::cli {

class StopSignals;
struct Options;

struct GenerateCommand {
  CLI::App* app = nullptr;     // the subcommand, once added
  std::string format;          // FORMAT as given: a player count, holdem, euler, eval, draw, equity
  std::optional<int> players;  // -p/--players
  std::string hand_size;       // eval: N or MIN-MAX
  std::uint64_t instances = 0;
  std::uint64_t bytes = 0;
  std::string error_kind = "invalid-card";
  GenerateOptions generator;  // filled from the above by resolve_generate_command
};

// The options of the `generate` subcommand `app` (its row in
// command_table.cpp); its -o writes to options.output, the variable the
// other commands' -o uses, so that `poker -o F generate` works too.
void add_generate_options(CLI::App& app, Options& options);

// After parsing: the generator's options from the words given, or the usage
// error (reported as generate's: `poker: generate: ...`).
std::optional<std::string> resolve_generate_command(GenerateCommand& command);

// Writes the instances to `output` ("-": standard output); the exit status.
int run_generate_command(const GenerateCommand& command, const std::string& output, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_GENERATE_COMMAND_H_
