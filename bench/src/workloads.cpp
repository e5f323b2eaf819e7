#include "poker/bench/workloads.h"

#include <cstdint>
#include <stdexcept>
#include <variant>
#include <vector>

#include "poker/bench/report.h"
#include "poker/bench/run.h"
#include "poker/draw_format.h"
#include "poker/equity.h"
#include "poker/equity_format.h"
#include "poker/equity_query.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/generate.h"
#include "poker/holdem_format.h"
#include "poker/io/framing.h"
#include "poker/omaha_format.h"
#include "poker/shortdeck_format.h"

namespace poker::bench {
namespace {

// The format `poker` builds for the workload's command line.
using MakeFormat = std::unique_ptr<Format> (*)(const std::atomic<bool>* stop);

std::unique_ptr<Format> holdem_2(const std::atomic<bool>*) { return make_holdem_format(HoldemOptions{2, false}); }
std::unique_ptr<Format> holdem_8(const std::atomic<bool>*) { return make_holdem_format(HoldemOptions{8, false}); }
std::unique_ptr<Format> explain(const std::atomic<bool>*) { return make_holdem_format(HoldemOptions{2, true}); }
std::unique_ptr<Format> omaha_2(const std::atomic<bool>*) {
  return make_omaha_format(OmahaOptions{2, 4, false, false});
}
std::unique_ptr<Format> omaha_hilo_2(const std::atomic<bool>*) {
  return make_omaha_format(OmahaOptions{2, 4, true, false});
}
std::unique_ptr<Format> shortdeck_2(const std::atomic<bool>*) { return make_shortdeck_format(HoldemOptions{2, false}); }
std::unique_ptr<Format> euler(const std::atomic<bool>*) { return make_euler_format(EulerOptions{}); }
std::unique_ptr<Format> eval(const std::atomic<bool>*) { return make_eval_format(); }
std::unique_ptr<Format> draw(const std::atomic<bool>*) { return make_draw_format(); }

// `poker equity` reading its queries from the input, with `settings` as
// the command line's: no board or dead cards, text answers. A query may
// compute for long: it stops with the run.
std::unique_ptr<Format> equity(EquitySettings settings, const std::atomic<bool>* stop) {
  EquityRequest defaults = std::get<EquityRequest>(parse_equity_defaults({}, settings));
  defaults.settings.stop = stop;
  return make_equity_format(defaults, EquityOutput::kText);
}

std::unique_ptr<Format> exact(const std::atomic<bool>* stop) {
  EquitySettings settings;
  settings.method = EquityMethod::kExact;
  return equity(settings, stop);
}

// Few deals per query, so that a repetition judges many queries: the cost
// of each block of deals, not of one long query, is what is measured.
std::unique_ptr<Format> monte_carlo(const std::atomic<bool>* stop) {
  EquitySettings settings;
  settings.method = EquityMethod::kMonteCarlo;
  settings.samples = 4 * kSamplesPerBlock;
  return equity(settings, stop);
}

// A workload's recipe: the generator's options, the instances, and the
// format of the command line it measures. Sized so that a repetition at
// -j 1 takes about 0.12 s of one 2.4 GHz Zen core (--quick's a sixth of the
// instances): long enough for the clock and the scheduler, short enough
// that the default run of every workload at -j 1 and 2 ends within two
// minutes on a busy 2-core machine, --quick within 20 seconds. The variants'
// workloads take about holdem-2's CPU time a pass.
struct Recipe {
  const char* name;
  const char* description;
  WorkloadKind kind;
  GenerateFormat format;
  int players;
  std::uint64_t instances;
  MakeFormat make_format;  // null for the floor
};

constexpr std::uint64_t kQuickDivisor = 6;

const Recipe kRecipes[] = {
    {"holdem-2", "Texas Hold'em judge, 2 players", WorkloadKind::kJudge, GenerateFormat::kHoldem, 2, 4'000'000,
     holdem_2},
    {"holdem-8", "Texas Hold'em judge, 8 players", WorkloadKind::kJudge, GenerateFormat::kHoldem, 8, 1'600'000,
     holdem_8},
    {"explain", "Texas Hold'em judge, 2 players, --explain", WorkloadKind::kJudge, GenerateFormat::kHoldem, 2, 750'000,
     explain},
    {"omaha-2", "Omaha judge, 2 players, 4 hole cards", WorkloadKind::kJudge, GenerateFormat::kOmaha, 2, 500'000,
     omaha_2},
    {"omaha-hilo-2", "Omaha hi-lo judge, 2 players, 4 hole cards", WorkloadKind::kJudge, GenerateFormat::kOmaha, 2,
     500'000, omaha_hilo_2},
    {"shortdeck-2", "short-deck hold'em judge, 2 players", WorkloadKind::kJudge, GenerateFormat::kShortDeck, 2,
     3'000'000, shortdeck_2},
    {"euler", "Project Euler 54 hands", WorkloadKind::kJudge, GenerateFormat::kEuler, 2, 4'000'000, euler},
    {"eval", "two hands of 5 to 7 cards compared", WorkloadKind::kJudge, GenerateFormat::kEval, 2, 750'000, eval},
    {"draw", "the card-exchange puzzle", WorkloadKind::kJudge, GenerateFormat::kDraw, 2, 10'000, draw},
    {"equity-exact", "equity queries, exact enumeration", WorkloadKind::kJudge, GenerateFormat::kEquity, 2, 3'000,
     exact},
    {"equity-monte-carlo", "equity queries, Monte Carlo (65536 deals each)", WorkloadKind::kJudge,
     GenerateFormat::kEquity, 2, 64, monte_carlo},
    {"verify", "poker verify, hold'em 2 players, the right answers", WorkloadKind::kVerify, GenerateFormat::kHoldem, 2,
     4'000'000, holdem_2},
    {kFloorName, "newline count of holdem-2's bytes (what wc -l does): the floor", WorkloadKind::kFloor,
     GenerateFormat::kHoldem, 2, 4'000'000, nullptr},
};

const Recipe& recipe(std::string_view name) {
  for (const Recipe& candidate : kRecipes) {
    if (candidate.name == name) return candidate;
  }
  throw std::logic_error("no such workload");  // the caller checks the names first
}

bool stopped(const std::atomic<bool>* stop) { return stop != nullptr && stop->load(std::memory_order_relaxed); }

// Instances generated between two looks at the stop flag: about a
// millisecond's work, so that a stop is heard within the 100 ms every
// subcommand keeps, where a whole workload takes up to half a second.
constexpr std::uint64_t kInstancesPerPiece = 4096;

// The text of instances 1 to `instances`; cut short (at a piece's end) once
// `stop` is set.
std::string generate_text(GenerateFormat format, int players, std::uint64_t instances, const std::atomic<bool>* stop) {
  GenerateOptions options;
  options.format = format;
  options.players = players;
  Generator generator(options);
  std::string text;
  std::vector<char> one(Generator::kMaxInstanceBytes);
  for (std::uint64_t number = 1; number <= instances; ++number) {
    if (number % kInstancesPerPiece == 1 && stopped(stop)) break;
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

Workload make_workload(std::string_view name, bool quick, const std::atomic<bool>* stop) {
  const Recipe& made = recipe(name);
  Workload workload;
  workload.name = made.name;
  workload.description = made.description;
  workload.kind = made.kind;
  workload.instances = made.instances / (quick ? kQuickDivisor : 1);
  workload.input = generate_text(made.format, made.players, workload.instances, stop);
  if (stop != nullptr && stop->load()) return workload;  // cut short: the caller, seeing the stop, measures nothing
  if (made.kind == WorkloadKind::kFloor) {
    workload.lines = io::count_newlines(workload.input.data(), workload.input.size());
    return workload;
  }
  workload.format = made.make_format(stop);
  if (made.kind == WorkloadKind::kVerify) workload.candidate = answers_of(*workload.format, workload.input, stop);
  return workload;
}

}  // namespace poker::bench
