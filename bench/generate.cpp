// poker_generate: the benchmark scripts' name for `poker generate` in
// hold'em (bench/throughput.sh, bench/scaling.sh): the same generator
// (poker/generate.h), the same bytes for the same options.
//
//   poker_generate [PLAYERS] --bytes 1G [--seed 1] [--ties 0.3] [--error-at K] [-o FILE]
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "poker/generate.h"
#include "poker/holdem_format.h"

int main(int argc, char** argv) {
  CLI::App app{"Writes seeded random hold'em instances: 'poker generate' under its benchmark name", "poker_generate"};
  poker::GenerateOptions options;
  std::uint64_t bytes = 0;
  std::uint64_t instances = 0;
  std::string output = "-";
  app.add_option("PLAYERS,-p,--players", options.players, "Players per instance (default 2)")
      ->check(CLI::Range(poker::kMinHoldemPlayers, poker::kMaxHoldemPlayers));
  auto* bytes_option = app.add_option("--bytes", bytes, "Stop after at least this many bytes, e.g. 1G")
                           ->transform(CLI::AsSizeValue(false));
  bytes_option->excludes(app.add_option("-n,--instances", instances, "Number of instances"));
  app.add_option("--seed", options.seed, "Random seed (default 1)");
  app.add_option("--ties", options.ties, "Share of instances that are draws")->check(CLI::Range(0.0, 1.0));
  app.add_option("--error-at", options.error_at, "Plant an invalid card in this instance (1-based)");
  app.add_option("-o,--output", output, "Output file (default: standard output)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;  // a usage error, as everywhere in poker
  }
  if (bytes == 0 && instances == 0) instances = 1000;

  std::FILE* out = output == "-" ? stdout : std::fopen(output.c_str(), "wb");
  if (out == nullptr) {
    std::fprintf(stderr, "poker_generate: %s: %s\n", output.c_str(), std::strerror(errno));
    return 3;
  }
  poker::Generator generator(options);
  constexpr std::size_t kBlock = 1 << 20;
  std::vector<char> buffer(kBlock + poker::Generator::kMaxInstanceBytes);
  char* cursor = buffer.data();
  std::uint64_t written = 0;
  bool failed = false;
  for (std::uint64_t number = 1; !failed; ++number) {
    if ((instances != 0 ? number > instances : written >= bytes) && number > options.error_at) break;
    char* const end = generator.write(number, cursor);
    written += static_cast<std::uint64_t>(end - cursor);
    cursor = end;
    if (static_cast<std::size_t>(cursor - buffer.data()) >= kBlock) {
      const auto size = static_cast<std::size_t>(cursor - buffer.data());
      failed = std::fwrite(buffer.data(), 1, size, out) != size;
      cursor = buffer.data();
    }
  }
  const auto size = static_cast<std::size_t>(cursor - buffer.data());
  failed = failed || std::fwrite(buffer.data(), 1, size, out) != size;
  if (failed || std::fflush(out) != 0 || std::ferror(out) != 0 || (out != stdout && std::fclose(out) != 0)) {
    std::fprintf(stderr, "poker_generate: %s: write error: %s\n", output.c_str(), std::strerror(errno));
    return 3;
  }
  return 0;
}
