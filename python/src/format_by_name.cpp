#include "format_by_name.h"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "poker/draw_format.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/omaha.h"
#include "poker/omaha_format.h"
#include "poker/shortdeck_format.h"

namespace py = pybind11;

namespace poker::python {

namespace {

void check_players(int players, int least, int most) {
  if (players < least || players > most) {
    throw py::value_error("players must be " + std::to_string(least) + " to " + std::to_string(most) + ", not " +
                          std::to_string(players));
  }
}

// The player count and the Omaha options `format` takes; ValueError for
// others.
void check_options(FileFormat format, const std::string& name, int players, const VariantOptions& variant) {
  if (format == FileFormat::kOmaha) {
    if (variant.hole < kOmahaMinHoleCards || variant.hole > kOmahaMaxHoleCards) {
      throw py::value_error("hole must be 4, 5 or 6, not " + std::to_string(variant.hole));
    }
    check_players(players, kMinOmahaPlayers, max_omaha_players(variant.hole));
    return;
  }
  if (variant.hole != VariantOptions{}.hole || variant.hilo) {
    throw py::value_error("hole and hilo are for the omaha format, not " + name);
  }
  if (format == FileFormat::kHoldem) check_players(players, kMinHoldemPlayers, kMaxHoldemPlayers);
  if (format == FileFormat::kShortDeck) check_players(players, kMinHoldemPlayers, kMaxShortDeckPlayers);
  if ((format == FileFormat::kEuler || format == FileFormat::kEval) && players != 2) {
    throw py::value_error("the " + name + " format has 2 players, not " + std::to_string(players));
  }
  if ((format == FileFormat::kDraw || format == FileFormat::kEquity) && players != 2) {
    throw py::value_error("players is for the holdem, omaha and shortdeck formats, not " + name);
  }
}

}  // namespace

FileFormat file_format(const std::string& name, int players, const VariantOptions& variant) {
  constexpr std::pair<std::string_view, FileFormat> kFormats[] = {
      {"holdem", FileFormat::kHoldem},      {"euler", FileFormat::kEuler},   {"eval", FileFormat::kEval},
      {"draw", FileFormat::kDraw},          {"equity", FileFormat::kEquity}, {"omaha", FileFormat::kOmaha},
      {"shortdeck", FileFormat::kShortDeck}};
  const auto* found =
      std::find_if(std::begin(kFormats), std::end(kFormats), [&](const auto& entry) { return entry.first == name; });
  if (found == std::end(kFormats)) {
    throw py::value_error("format must be 'holdem', 'euler', 'eval', 'draw', 'equity', 'omaha' or 'shortdeck', not '" +
                          name + "'");
  }
  check_options(found->second, name, players, variant);
  return found->second;
}

std::unique_ptr<Format> make_format(FileFormat format, int players, const EquityRequest& equity_defaults,
                                    EquityOutput equity_output, const VariantOptions& variant) {
  switch (format) {
    case FileFormat::kHoldem: return make_holdem_format(HoldemOptions{players, false});
    case FileFormat::kEuler: return make_euler_format(EulerOptions{false});
    case FileFormat::kEval: return make_eval_format();
    case FileFormat::kDraw: return make_draw_format();
    case FileFormat::kOmaha: return make_omaha_format(OmahaOptions{players, variant.hole, variant.hilo, false});
    case FileFormat::kShortDeck: return make_shortdeck_format(HoldemOptions{players, false});
    case FileFormat::kEquity: break;
  }
  return make_equity_format(equity_defaults, equity_output);
}

}  // namespace poker::python
