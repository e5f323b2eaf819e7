#include "format_by_name.h"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <iterator>
#include <string_view>
#include <utility>

#include "poker/draw_format.h"
#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"

namespace py = pybind11;

namespace poker::python {

FileFormat file_format(const std::string& name, int players) {
  constexpr std::pair<std::string_view, FileFormat> kFormats[] = {{"holdem", FileFormat::kHoldem},
                                                                  {"euler", FileFormat::kEuler},
                                                                  {"eval", FileFormat::kEval},
                                                                  {"draw", FileFormat::kDraw},
                                                                  {"equity", FileFormat::kEquity}};
  const auto* found =
      std::find_if(std::begin(kFormats), std::end(kFormats), [&](const auto& entry) { return entry.first == name; });
  if (found == std::end(kFormats)) {
    throw py::value_error("format must be 'holdem', 'euler', 'eval', 'draw' or 'equity', not '" + name + "'");
  }
  const FileFormat format = found->second;
  if (format == FileFormat::kHoldem && (players < kMinHoldemPlayers || players > kMaxHoldemPlayers)) {
    throw py::value_error("players must be " + std::to_string(kMinHoldemPlayers) + " to " +
                          std::to_string(kMaxHoldemPlayers) + ", not " + std::to_string(players));
  }
  if ((format == FileFormat::kEuler || format == FileFormat::kEval) && players != 2) {
    throw py::value_error("the " + name + " format has 2 players, not " + std::to_string(players));
  }
  if ((format == FileFormat::kDraw || format == FileFormat::kEquity) && players != 2) {
    throw py::value_error("players is for the holdem format, not " + name);
  }
  return format;
}

std::unique_ptr<Format> make_format(FileFormat format, int players, const EquityRequest& equity_defaults,
                                    EquityOutput equity_output) {
  switch (format) {
    case FileFormat::kHoldem: return make_holdem_format(HoldemOptions{players, false});
    case FileFormat::kEuler: return make_euler_format(EulerOptions{false});
    case FileFormat::kEval: return make_eval_format();
    case FileFormat::kDraw: return make_draw_format();
    case FileFormat::kEquity: break;
  }
  return make_equity_format(equity_defaults, equity_output);
}

}  // namespace poker::python
