#include "commands/shared_options.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>

#include "command_line/value_checks.h"
#include "command_line/version_text.h"

namespace poker::cli {

void add_shared_options(CLI::App& app, Binding binding) {
  SharedOptions& shared = binding.shared;
  ValueChecks& checks = binding.checks;
  app.add_option("-i,--input", shared.input, "Input file ('-': standard input, the default)")->type_name("FILE");
  app.add_option("-o,--output", shared.output, "Output file ('-': standard output, the default)")->type_name("FILE");
  checks.add(
      *app.add_option("-j,--threads", shared.threads, "Worker threads, 1 to 4096 (default: all hardware threads)")
           ->type_name("N"),
      whole_number(1, 4096));
  checks.add(*app.add_option("--chunk-size", shared.chunk_size,
                             "Bytes of input per unit of parallel work, 1 to 1G, like 64K or 1M (default 256K)")
                  ->type_name("SIZE"),
             byte_size(1, std::uint64_t{1} << 30));
  app.add_flag("-q,--quiet", shared.quiet, "Never show a progress line; verify: print nothing, only set the status");
  app.add_flag("-v,--verbose", shared.verbose,
               "Print diagnostics on stderr: threads, chunk size, how the input is read, bytes, instances, time, rate");
  // One flag and its negation, so that the last one given wins (as ripgrep's
  // do: an alias's --mmap is overridden by a --no-mmap after it).
  app.add_flag("--mmap,!--no-mmap", shared.mmap,
               "Read a regular input file through a memory map (a map that cannot be made falls back to reads); "
               "--no-mmap: with pread(), the default. The last one given wins");
  add_version_flag(app);
  app.add_flag("--json", shared.json,
               "Write verify's report, -v's statistics and equity's answers as JSON objects (docs/guide.md and "
               "docs/grading.md: the schemas)");
}

void add_version_flag(CLI::App& app) { app.set_version_flag("--version", std::function<std::string()>(version_text)); }

std::optional<std::string> judge_options_given(const SharedOptions& shared, const std::string& command) {
  if (shared.verbose) return "-v does not apply to 'poker " + command + "': it reports a judge's run";
  if (shared.json) return "--json does not apply to 'poker " + command + "'";
  return std::nullopt;
}

}  // namespace poker::cli
