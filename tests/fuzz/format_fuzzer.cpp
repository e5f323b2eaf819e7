// libFuzzer targets over one format each. CMakeLists.txt builds this source
// once per format and harness: POKER_FUZZ_FORMAT names the format (holdem,
// omaha, shortdeck, euler, eval, draw, equity) and POKER_FUZZ_HARNESS the harness, fuzz_format (its
// parser and validator) or fuzz_pipeline (the whole pipeline, differential).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>

#include "fuzz_harness.h"
#include "poker/draw_format.h"
#include "poker/equity_format.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/omaha_format.h"
#include "poker/shortdeck_format.h"

namespace {

#define POKER_FUZZ_STRINGIFY(x) #x
#define POKER_FUZZ_NAME(x) POKER_FUZZ_STRINGIFY(x)
constexpr std::string_view kFormat = POKER_FUZZ_NAME(POKER_FUZZ_FORMAT);
// fuzz_format checks each chunk's answer lines against its instances, which
// euler's --summary replaces by three lines at the end: only the pipeline
// harness, which compares whole outputs, fuzzes the summary.
constexpr bool kWholeOutputHarness = std::string_view(POKER_FUZZ_NAME(POKER_FUZZ_HARNESS)) == "fuzz_pipeline";
static_assert(kFormat == "holdem" || kFormat == "omaha" || kFormat == "shortdeck" || kFormat == "euler" ||
                  kFormat == "eval" || kFormat == "draw" || kFormat == "equity",
              "POKER_FUZZ_FORMAT: holdem, omaha, shortdeck, euler, eval, draw or equity");

// Equity queries ask for as much work as they like (--mc 10^15, --exact of
// a billion deals, --time) and the harnesses run each several times: every
// query is computed from a few Monte Carlo deals of its seed instead, which
// is fast and, unlike --time, the same at every run. Reading and checking
// the queries, what the harnesses test, is untouched.
constexpr std::uint64_t kFuzzDeals = 64;

// The format under test, with the options the input's first byte selects
// where the format has them.
std::unique_ptr<poker::Format> make_format(const poker::fuzz::FuzzOptions& options) {
  if constexpr (kFormat == "omaha") {
    // The player count picks the hole cards and hi-lo too: 2 players hold
    // 6 cards, 3 hold 4 in hi-lo, 4 hold 5, 5 hold 6 in hi-lo, 23 the most of 6.
    const int hole = 4 + options.players % 3;
    return poker::make_omaha_format(poker::OmahaOptions{std::min(options.players, poker::max_omaha_players(hole)), hole,
                                                        options.players % 2 == 1, options.explain});
  } else if constexpr (kFormat == "shortdeck") {
    return poker::make_shortdeck_format(
        poker::HoldemOptions{std::min(options.players, poker::kMaxShortDeckPlayers), options.explain});
  } else if constexpr (kFormat == "euler") {
    return poker::make_euler_format(poker::EulerOptions{options.explain && kWholeOutputHarness});  // --summary
  } else if constexpr (kFormat == "eval") {
    return poker::make_eval_format();
  } else if constexpr (kFormat == "draw") {
    return poker::make_draw_format();
  } else if constexpr (kFormat == "equity") {
    return poker::make_equity_format(
        poker::EquitySettings{}, [](const poker::EquityQuery& query, const poker::EquitySettings& settings) {
          poker::EquitySettings capped = settings;
          capped.method = poker::EquityMethod::kMonteCarlo;
          capped.samples = std::min(settings.samples == 0 ? kFuzzDeals : settings.samples, kFuzzDeals);
          capped.seconds = 0;
          return poker::compute_equity(query, capped);
        });
  } else {
    return poker::make_holdem_format(poker::HoldemOptions{options.players, options.explain});
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return poker::fuzz::POKER_FUZZ_HARNESS(data, size, make_format);
}
