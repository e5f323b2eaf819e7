// The options every judging command takes (-i, -o, -j, --chunk-size, -q,
// -v, --mmap, --json). They are added to poker's own command and to each
// format's subcommand, bound to one SharedOptions, so that they may stand
// before or after a subcommand's name (`poker -j 2 euler` = `poker euler -j 2`).
#ifndef POKER_CLI_COMMANDS_SHARED_OPTIONS_H_
#define POKER_CLI_COMMANDS_SHARED_OPTIONS_H_

#include <cstddef>
#include <optional>
#include <string>

#include "commands/command.h"

namespace CLI {
class App;
}  // namespace CLI

namespace poker::cli {

struct SharedOptions {
  std::string input = "-";   // "-": standard input
  std::string output = "-";  // "-": standard output
  std::size_t threads = 0;   // 0: all hardware threads
  std::size_t chunk_size = 256 * 1024;
  bool quiet = false;
  bool verbose = false;
  bool mmap = false;  // a regular input file memory-mapped (--mmap), not read with pread() (--no-mmap)
  bool json = false;  // verify's verdict, -v's statistics and equity's answers as JSON (docs/)
};

// Adds the shared options to `app`.
void add_shared_options(CLI::App& app, Binding binding);

// Adds --version to a command that takes none of the shared options: it may
// stand after any subcommand.
void add_version_flag(CLI::App& app);

// What -v and --json cannot do for a command that judges no input
// (`poker range`, `generate`, `bench`): the usage error, or nothing.
std::optional<std::string> judge_options_given(const SharedOptions& shared, const std::string& command);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMANDS_SHARED_OPTIONS_H_
