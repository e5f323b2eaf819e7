#include "generate_command.h"

#include <CLI/CLI.hpp>

#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "did_you_mean.h"
#include "exit_status.h"
#include "messages.h"
#include "options.h"
#include "output_file.h"
#include "poker/escape.h"
#include "poker/holdem_format.h"
#include "poker/io/output_sink.h"
#include "poker/number_text.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

// Output leaves in blocks this large: few writes. Large, because on Linux 6
// ext4 a file written in large blocks is cached in large folios (2 MiB),
// which a memory map reads with far fewer faults and TLB misses, so the
// judge reads a generated file faster (bench/throughput.sh's WRITE_BLOCK
// rewrites its files in blocks of a chosen size to measure it).
constexpr std::size_t kBlock = 16 << 20;
// With neither --instances nor --bytes.
constexpr std::uint64_t kDefaultInstances = 1000;

std::string fault_names() {
  std::string names;
  for (std::string_view name : kFaultNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

}  // namespace

void add_generate_options(CLI::App& subcommand, Options& options) {
  GenerateCommand& command = options.generator;
  std::string& output = options.output;
  CLI::App* app = &subcommand;
  command.app = app;  // resolve_generate_command asks it which options were given
  app->add_option("FORMAT", command.format,
                  "The format, one of: holdem, euler, eval, draw, equity; or a player count 2..23 (hold'em; "
                  "default holdem)")
      ->type_name("FORMAT");
  app->add_option("-p,--players", command.players, "hold'em: players per instance (default 2)")->type_name("N");
  app->add_option("-o,--output", output, "Output file ('-': standard output, the default)")->type_name("FILE");
  auto* instances =
      app->add_option("-n,--instances", command.instances, "Instances to write (default 1000)")->type_name("N");
  app->add_option("--bytes", command.bytes, "Write instances until at least SIZE bytes, like 64K or 1G")
      ->type_name("SIZE")
      ->transform(CLI::AsSizeValue(false))
      ->excludes(instances);
  app->add_option("--seed", command.generator.seed, "Random seed (default 1)")->type_name("N");
  app->add_option("--ties", command.generator.ties,
                  "Share of instances that are draws, 0 to 1 (hold'em, euler, eval; default: as dealt)")
      ->type_name("FRACTION");
  app->add_option("--hand-size", command.hand_size, "eval: cards per hand, N or MIN-MAX within 5..52 (default 5-7)")
      ->type_name("N");
  app->add_option("--error-at", command.generator.error_at, "Plant a fault in instance K (1-based)")->type_name("K");
  app->add_option("--error-kind", command.error_kind, "The fault, one of: " + fault_names() + " (default invalid-card)")
      ->type_name("KIND");
}

std::optional<std::string> resolve_generate_command(GenerateCommand& command) {
  GenerateOptions& options = command.generator;
  const std::string& format = command.format;
  if (const std::optional<std::uint64_t> players = parse_whole_number(format)) {
    if (command.players) return "give the player count once (FORMAT or --players)";
    if (*players < kMinHoldemPlayers || *players > kMaxHoldemPlayers) return "PLAYERS must be 2..23";
    options.players = static_cast<int>(*players);
  } else if (format.empty() || format == "holdem") {
    options.players = command.players.value_or(2);
  } else {
    const std::pair<std::string_view, GenerateFormat> formats[] = {{"euler", GenerateFormat::kEuler},
                                                                   {"eval", GenerateFormat::kEval},
                                                                   {"draw", GenerateFormat::kDraw},
                                                                   {"equity", GenerateFormat::kEquity}};
    bool known = false;
    for (const auto& [name, value] : formats) {
      if (format == name) {
        options.format = value;
        known = true;
      }
    }
    if (!known) {
      std::vector<std::string> names{"holdem"};
      for (const auto& [name, value] : formats) names.emplace_back(name);
      if (const std::optional<std::string> meant = closest_word(format, names)) {
        return "unknown FORMAT '" + escape_bytes(format) + "'; did you mean '" + *meant + "'?";
      }
      return "unknown FORMAT '" + escape_bytes(format) + "': expected holdem, 2..23, euler, eval, draw or equity";
    }
    if (command.players) return "--players belongs to hold'em, not to " + format;
  }
  if (!command.hand_size.empty()) {
    if (options.format != GenerateFormat::kEval) return "--hand-size belongs to eval";
    const std::size_t dash = command.hand_size.find('-');
    const auto low = parse_whole_number(std::string_view(command.hand_size).substr(0, dash));
    const auto high =
        dash == std::string::npos ? low : parse_whole_number(std::string_view(command.hand_size).substr(dash + 1));
    if (!low || !high || *low > 52 || *high > 52) return "--hand-size must be N or MIN-MAX within 5..52";
    options.min_hand = static_cast<int>(*low);
    options.max_hand = static_cast<int>(*high);
  }
  const std::optional<FaultKind> kind = parse_fault_kind(command.error_kind);
  if (!kind) {
    const std::vector<std::string> names(std::begin(kFaultNames), std::end(kFaultNames));
    if (const std::optional<std::string> meant = closest_word(command.error_kind, names)) {
      return "unknown --error-kind '" + escape_bytes(command.error_kind) + "'; did you mean '" + *meant + "'?";
    }
    return "unknown --error-kind '" + escape_bytes(command.error_kind) + "': expected one of " + fault_names();
  }
  options.error_kind = *kind;
  const bool fault_asked = command.app->count("--error-at") > 0;
  if (fault_asked && options.error_at == 0) return "--error-at K counts instances from 1: K must be at least 1";
  if (command.app->count("--error-kind") > 0 && !fault_asked) return "--error-kind needs --error-at K";
  // -n 0 and --bytes 0 write an empty file, a fair test input.
  const bool by_size = command.app->count("--bytes") > 0;
  if (!by_size && command.app->count("--instances") == 0) command.instances = kDefaultInstances;
  // The output ends, with its fault in it: with --instances N the fault is
  // one of the N; with --bytes SIZE it may lie past the size (it was asked
  // for), but not past instance SIZE, which reaches the size at the latest
  // (every instance takes a byte or more).
  if (!by_size && options.error_at > command.instances) {
    return "--error-at " + std::to_string(options.error_at) + " is past the " + std::to_string(command.instances) +
           " instances written" +
           (command.app->count("--instances") > 0 ? "" : " (the default; set more with --instances N)");
  }
  if (by_size && options.error_at > command.bytes) {
    return "--error-at " + std::to_string(options.error_at) + " is past the instances that --bytes " +
           std::to_string(command.bytes) + " writes (at most one per byte)";
  }
  if (const std::optional<std::string> problem = check_generate_options(options)) return problem;
  return std::nullopt;
}

int run_generate_command(const GenerateCommand& command, const std::string& output, const StopSignals& signals) {
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> sink = open_output_or_report(output, signals, status);
  if (!sink) return status;
  Generator generator(command.generator);
  std::vector<char> buffer(kBlock + Generator::kMaxInstanceBytes);
  char* cursor = buffer.data();
  std::uint64_t written = 0;
  const std::uint64_t fault_at = command.generator.error_at;
  for (std::uint64_t number = 1;; ++number) {
    // A planted fault is written even past --bytes: it was asked for.
    const bool done = command.instances != 0 ? number > command.instances : written >= command.bytes;
    if (done && number > fault_at) break;
    char* const end = generator.write(number, cursor);
    written += static_cast<std::uint64_t>(end - cursor);
    cursor = end;
    if (generator.ends_after(number)) break;
    if (static_cast<std::size_t>(cursor - buffer.data()) >= kBlock) {
      const io::WriteResult result =
          sink->write(std::string_view(buffer.data(), static_cast<std::size_t>(cursor - buffer.data())));
      cursor = buffer.data();
      if (signals.stop_flag().load(std::memory_order_relaxed)) return fail(signals, "stopped", kExitIo);
      if (!result.ok()) return report_write_result(result, signals);
    }
  }
  return write_and_finish(*sink, std::string_view(buffer.data(), static_cast<std::size_t>(cursor - buffer.data())),
                          signals);
}

}  // namespace poker::cli
