#include "commands/generate_command.h"

#include <CLI/CLI.hpp>

#include <iterator>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "command_line/did_you_mean.h"
#include "command_line/value_checks.h"
#include "commands/shared_options.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/escape.h"
#include "poker/holdem_format.h"
#include "poker/io/output_sink.h"
#include "poker/number_text.h"
#include "poker/omaha.h"
#include "run/run_plan.h"
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

constexpr std::pair<std::string_view, GenerateFormat> kFormats[] = {
    {"omaha", GenerateFormat::kOmaha}, {"shortdeck", GenerateFormat::kShortDeck}, {"euler", GenerateFormat::kEuler},
    {"eval", GenerateFormat::kEval},   {"draw", GenerateFormat::kDraw},           {"equity", GenerateFormat::kEquity}};

// The formats dealt to players, which -p/--players sizes.
bool has_players(GenerateFormat format) {
  return format == GenerateFormat::kHoldem || format == GenerateFormat::kOmaha || format == GenerateFormat::kShortDeck;
}

// `word`, unknown among `known`: the mistake, with the closest known word.
std::string unknown(const std::string& what, const std::string& word, const std::vector<std::string>& known,
                    const std::string& expected) {
  if (const std::optional<std::string> meant = closest_word(word, known)) {
    return "unknown " + what + " '" + escape_bytes(word) + "'; did you mean '" + *meant + "'?";
  }
  return "unknown " + what + " '" + escape_bytes(word) + "': expected " + expected;
}

}  // namespace

void GenerateCommand::add_options(CLI::App& app, Binding binding) {
  ValueChecks& checks = binding.checks;
  app.add_option("FORMAT", format_,
                 "The format, one of: holdem, omaha, shortdeck, euler, eval, draw, equity; or a player count "
                 "2..23 (hold'em; default holdem). The same omaha instances serve the judge with and without --hilo, "
                 "so generate takes no --hilo")
      ->type_name("FORMAT");
  checks.add(*app.add_option("-p,--players", players_,
                             "hold'em, omaha, shortdeck: players per instance (default 2; hold'em up to 23, shortdeck "
                             "15, omaha (52 - 5) / HOLE)")
                  ->type_name("N"),
             whole_number(0, 1000000));
  checks.add(*app.add_option("--hole", hole_, "omaha: hole cards per player, 4, 5 or 6 (default 4)")->type_name("N"),
             whole_number(kOmahaMinHoleCards, kOmahaMaxHoleCards));
  app.add_option("-o,--output", binding.shared.output, "Output file ('-': standard output, the default)")
      ->type_name("FILE");
  instances_option_ = app.add_option("-n,--instances", instances_, "Instances to write (default 1000)")->type_name("N");
  checks.add(*app.get_option("--instances"), whole_number());
  bytes_option_ =
      app.add_option("--bytes", bytes_, "Write instances until at least SIZE bytes, like 64K or 1G")->type_name("SIZE");
  checks.add(*app.get_option("--bytes"), byte_size(0, std::uint64_t{1} << 50));
  checks.add(*app.add_option("--seed", generator_.seed, "Random seed (default 1)")->type_name("N"), whole_number());
  checks.add(*app.add_option("--ties", generator_.ties,
                             "Share of instances that are draws, 0 to 1 (hold'em, omaha, shortdeck, euler, eval; in "
                             "omaha a draw of the high hand; default: as dealt)")
                  ->type_name("FRACTION"),
             fraction(0, 1));
  app.add_option("--hand-size", hand_size_, "eval: cards per hand, N or MIN-MAX within 5..52 (default 5-7)")
      ->type_name("N");
  error_at_option_ =
      app.add_option("--error-at", generator_.error_at, "Plant a fault in instance K (1-based)")->type_name("K");
  checks.add(*app.get_option("--error-at"), whole_number());
  error_kind_option_ =
      app.add_option("--error-kind", error_kind_, "The fault, one of: " + fault_names() + " (default invalid-card)")
          ->type_name("KIND");
  add_version_flag(app);
}

std::optional<std::string> GenerateCommand::settle_format() {
  if (const std::optional<std::uint64_t> players = parse_whole_number(format_)) {
    if (players_) return "give the player count once (FORMAT or --players)";
    if (*players < kMinHoldemPlayers || *players > kMaxHoldemPlayers) return "PLAYERS must be 2..23";
    generator_.players = static_cast<int>(*players);
    return std::nullopt;
  }
  if (format_.empty() || format_ == "holdem") {
    generator_.players = players_.value_or(2);
    return std::nullopt;
  }
  std::vector<std::string> names{"holdem"};
  for (const auto& [name, value] : kFormats) {
    names.emplace_back(name);
    if (format_ == name) generator_.format = value;
  }
  if (generator_.format == GenerateFormat::kHoldem) {
    return unknown("FORMAT", format_, names, "holdem, 2..23, omaha, shortdeck, euler, eval, draw or equity");
  }
  if (players_ && !has_players(generator_.format)) {
    return "--players belongs to hold'em, omaha and shortdeck, not to " + format_;
  }
  generator_.players = players_.value_or(2);
  return std::nullopt;
}

std::optional<std::string> GenerateCommand::settle_fault() {
  const std::optional<FaultKind> kind = parse_fault_kind(error_kind_);
  if (!kind) {
    const std::vector<std::string> names(std::begin(kFaultNames), std::end(kFaultNames));
    return unknown("--error-kind", error_kind_, names, "one of " + fault_names());
  }
  generator_.error_kind = *kind;
  const bool fault_asked = error_at_option_->count() > 0;
  if (fault_asked && generator_.error_at == 0) return "--error-at K counts instances from 1: K must be at least 1";
  if (error_kind_option_->count() > 0 && !fault_asked) return "--error-kind needs --error-at K";
  // The output ends, with its fault in it: with --instances N the fault is
  // one of the N; with --bytes SIZE it may lie past the size (it was asked
  // for), but not past instance SIZE, which reaches the size at the latest
  // (every instance takes a byte or more).
  const bool by_size = bytes_option_->count() > 0;
  if (!by_size && generator_.error_at > instances_) {
    return "--error-at " + std::to_string(generator_.error_at) + " is past the " + std::to_string(instances_) +
           " instances written" + (instances_option_->count() > 0 ? "" : " (the default; set more with --instances N)");
  }
  if (by_size && generator_.error_at > bytes_) {
    return "--error-at " + std::to_string(generator_.error_at) + " is past the instances that --bytes " +
           std::to_string(bytes_) + " writes (at most one per byte)";
  }
  return std::nullopt;
}

std::optional<std::string> GenerateCommand::settle() {
  if (instances_option_->count() > 0 && bytes_option_->count() > 0) {
    return "--bytes and --instances do not go together";
  }
  if (std::optional<std::string> problem = settle_format()) return problem;
  if (hole_) {
    if (generator_.format != GenerateFormat::kOmaha) return "--hole belongs to omaha";
    generator_.hole = *hole_;
  }
  if (!hand_size_.empty()) {
    if (generator_.format != GenerateFormat::kEval) return "--hand-size belongs to eval";
    const std::size_t dash = hand_size_.find('-');
    const auto low = parse_whole_number(std::string_view(hand_size_).substr(0, dash));
    const auto high =
        dash == std::string::npos ? low : parse_whole_number(std::string_view(hand_size_).substr(dash + 1));
    if (!low || !high || *low > 52 || *high > 52) return "--hand-size must be N or MIN-MAX within 5..52";
    generator_.min_hand = static_cast<int>(*low);
    generator_.max_hand = static_cast<int>(*high);
  }
  // -n 0 and --bytes 0 write an empty file, a fair test input.
  if (bytes_option_->count() == 0 && instances_option_->count() == 0) instances_ = kDefaultInstances;
  if (std::optional<std::string> problem = settle_fault()) return problem;
  return check_generate_options(generator_);
}

std::optional<Mistake> GenerateCommand::check(CheckContext& context) {
  if (std::optional<std::string> problem = judge_options_given(context.shared, "generate")) {
    return Mistake{*problem, "generate"};
  }
  if (std::optional<std::string> problem = settle()) return Mistake{*problem, "generate"};
  return std::nullopt;
}

RunPlan GenerateCommand::plan(const SharedOptions& shared) const {
  return own_run(shared, [this, &shared](const StopSignals& signals) { return write(shared.output, signals); });
}

int GenerateCommand::write(const std::string& output, const StopSignals& signals) const {
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> sink = open_output_or_report(output, signals, status);
  if (!sink) return status;
  Generator generator(generator_);
  std::vector<char> buffer(kBlock + Generator::kMaxInstanceBytes);
  char* cursor = buffer.data();
  std::uint64_t written = 0;
  const std::uint64_t fault_at = generator_.error_at;
  for (std::uint64_t number = 1;; ++number) {
    // A planted fault is written even past --bytes: it was asked for.
    const bool done = bytes_option_->count() == 0 ? number > instances_ : written >= bytes_;
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
