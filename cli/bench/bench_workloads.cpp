#include "bench_workloads.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "bench_report.h"
#include "bench_run.h"
#include "command_table.h"
#include "options.h"
#include "poker/generate.h"
#include "poker/io/framing.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"

namespace poker::cli::bench {
namespace {

// A workload's recipe: the generator's options, the instances, and the
// command line it measures. Sized so that a repetition at -j 1 takes about
// 0.12 s of one 2.4 GHz Zen core (--quick's a sixth of the instances):
// long enough for the clock and the scheduler, short enough that the
// default run of every workload at -j 1 and 2 ends within a minute and a
// half on a busy 2-core machine, --quick within 15 seconds.
struct Recipe {
  const char* name;
  const char* description;
  WorkloadKind kind;
  GenerateFormat format;
  int players;
  std::uint64_t instances;
  void (*set_options)(Options& options);  // the command line's options, beyond the command
  Command command;
};

void none(Options&) {}
void eight_players(Options& options) { options.players = 8; }
void explain(Options& options) { options.explain = true; }
void exact(Options& options) { options.equity.settings.method = EquityMethod::kExact; }
// Few deals per query, so that a repetition judges many queries: the cost
// of each block of deals, not of one long query, is what is measured.
void monte_carlo(Options& options) {
  options.equity.settings.method = EquityMethod::kMonteCarlo;
  options.equity.settings.samples = 4 * kSamplesPerBlock;
}

constexpr std::uint64_t kQuickDivisor = 6;

const Recipe kRecipes[] = {
    {"holdem-2", "Texas Hold'em judge, 2 players", WorkloadKind::kJudge, GenerateFormat::kHoldem, 2, 4'000'000, none,
     Command::kHoldem},
    {"holdem-8", "Texas Hold'em judge, 8 players", WorkloadKind::kJudge, GenerateFormat::kHoldem, 8, 1'600'000,
     eight_players, Command::kHoldem},
    {"explain", "Texas Hold'em judge, 2 players, --explain", WorkloadKind::kJudge, GenerateFormat::kHoldem, 2, 750'000,
     explain, Command::kHoldem},
    {"euler", "Project Euler 54 hands", WorkloadKind::kJudge, GenerateFormat::kEuler, 2, 4'000'000, none,
     Command::kEuler},
    {"eval", "two hands of 5 to 7 cards compared", WorkloadKind::kJudge, GenerateFormat::kEval, 2, 750'000, none,
     Command::kEval},
    {"draw", "the card-exchange puzzle", WorkloadKind::kJudge, GenerateFormat::kDraw, 2, 10'000, none, Command::kDraw},
    {"equity-exact", "equity queries, exact enumeration", WorkloadKind::kJudge, GenerateFormat::kEquity, 2, 3'000,
     exact, Command::kEquity},
    {"equity-monte-carlo", "equity queries, Monte Carlo (65536 deals each)", WorkloadKind::kJudge,
     GenerateFormat::kEquity, 2, 64, monte_carlo, Command::kEquity},
    {"verify", "poker verify, hold'em 2 players, the right answers", WorkloadKind::kVerify, GenerateFormat::kHoldem, 2,
     4'000'000, none, Command::kHoldem},
    {kFloorName, "newline count of holdem-2's bytes (what wc -l does): the floor", WorkloadKind::kFloor,
     GenerateFormat::kHoldem, 2, 4'000'000, none, Command::kHoldem},
};

const Recipe& recipe(std::string_view name) {
  for (const Recipe& candidate : kRecipes) {
    if (candidate.name == name) return candidate;
  }
  throw std::logic_error("no such workload");  // the command checks the names first
}

// Instances generated between two looks at the stop flag: about a
// millisecond's work, so that a stop is heard within the 100 ms every
// subcommand keeps, where a whole workload takes up to half a second.
constexpr std::uint64_t kInstancesPerPiece = 4096;

// The text of instances 1 to `instances`; cut short (at a piece's end) once
// `stop` is set.
std::string generate_text(GenerateFormat format, int players, std::uint64_t instances, const std::atomic<bool>& stop) {
  GenerateOptions options;
  options.format = format;
  options.players = players;
  Generator generator(options);
  std::string text;
  std::vector<char> one(Generator::kMaxInstanceBytes);
  for (std::uint64_t number = 1; number <= instances; ++number) {
    if (number % kInstancesPerPiece == 1 && stop.load(std::memory_order_relaxed)) break;
    const char* end = generator.write(number, one.data());
    text.append(one.data(), static_cast<std::size_t>(end - one.data()));
  }
  return text;
}

}  // namespace

std::span<const std::string> workload_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const Recipe& recipe : kRecipes) all.emplace_back(recipe.name);
    return all;
  }();
  return names;
}

Workload make_workload(std::string_view name, bool quick, const std::atomic<bool>& stop) {
  const Recipe& made = recipe(name);
  Workload workload;
  workload.name = made.name;
  workload.description = made.description;
  workload.kind = made.kind;
  workload.input = generate_text(made.format, made.players, made.instances / (quick ? kQuickDivisor : 1), stop);
  if (stop.load()) return workload;  // cut short: the caller, seeing the stop, measures nothing
  if (made.kind == WorkloadKind::kFloor) {
    workload.lines = io::count_newlines(workload.input.data(), workload.input.size());
    return workload;
  }
  Options options;
  options.command = made.command;
  options.players = made.players;
  made.set_options(options);
  workload.format = command_row(made.command).make_format(options, stop);
  if (made.kind == WorkloadKind::kVerify) workload.candidate = answers_of(*workload.format, workload.input, stop);
  return workload;
}

}  // namespace poker::cli::bench
