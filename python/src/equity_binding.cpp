// _equity: the engine's equity of 2..10 hands or ranges, read from the words
// the CLI reads (so the same text means the same query, with the same
// messages), its settings from keyword arguments. poker.equity wraps it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "bindings.h"
#include "poker/equity.h"
#include "poker/equity_format.h"
#include "run_batch.h"

namespace poker::python {
namespace {

EquitySettings settings_of(std::optional<bool> exact, std::optional<long long> samples, std::optional<long long> seed) {
  EquitySettings settings;
  if (samples && *samples < 1) throw py::value_error("samples must be at least 1");
  if (seed && *seed < 0) throw py::value_error("seed must not be negative");
  if (exact.value_or(false) && samples) throw py::value_error("exact=True counts every deal: it takes no samples");
  if (exact) settings.method = *exact ? EquityMethod::kExact : EquityMethod::kMonteCarlo;
  if (samples) {
    settings.method = EquityMethod::kMonteCarlo;
    settings.samples = static_cast<std::uint64_t>(*samples);
  }
  if (seed) settings.seed = static_cast<std::uint64_t>(*seed);
  return settings;
}

std::string without_blanks(std::string text) {
  std::erase_if(text, [](char c) { return c == ' ' || c == '\t'; });
  return text;
}

py::dict equity(const std::vector<std::string>& hands, const std::string& board_text, const std::string& dead_text,
                std::optional<bool> exact, std::optional<long long> samples, std::optional<long long> seed,
                const py::object& threads) {
  const EquitySettings defaults = settings_of(exact, samples, seed);
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  for (std::size_t i = 0; i < hands.size(); ++i) {
    // The CLI's words: a word starting with '-' would be read as an option.
    if (hands[i].empty() || hands[i].front() == '-') {
      throw py::value_error("hand " + std::to_string(i + 1) + " '" + hands[i] + "': expected a hand or a range");
    }
  }
  const std::string board = without_blanks(board_text);
  const std::string dead = without_blanks(dead_text);
  std::vector<std::string_view> words(hands.begin(), hands.end());
  if (!board.empty()) words.insert(words.end(), {"--board", board});
  if (!dead.empty()) words.insert(words.end(), {"--dead", dead});
  auto parsed = parse_equity_request(words, defaults);
  if (const auto* error = std::get_if<QueryError>(&parsed)) {
    std::string where;  // as the CLI words it
    if (error->word < hands.size())
      where = "hand " + std::to_string(error->word + 1) + " '" + hands[error->word] + "': ";
    throw py::value_error(where + error->message);
  }
  const EquityRequest& request = std::get<EquityRequest>(parsed);
  EquityResult result;
  // Even a query that looks small may take long (wide ranges): always
  // interruptible.
  run_batch(thread_limit, true, [&](const Stop& stop) {
    EquitySettings settings = request.settings;
    settings.stop = &stop.flag();
    result = compute_equity(request.query, settings);
  });

  const auto players = static_cast<py::ssize_t>(result.players.size());
  py::array_t<double> win(players), tie(players), share(players), error(players);
  for (py::ssize_t p = 0; p < players; ++p) {
    const PlayerEquity& player = result.players[static_cast<std::size_t>(p)];
    win.mutable_at(p) = player.win;
    tie.mutable_at(p) = player.tie;
    share.mutable_at(p) = player.equity;
    error.mutable_at(p) = player.equity_error;
  }
  py::dict answer;
  answer["win"] = win;
  answer["tie"] = tie;
  answer["equity"] = share;
  answer["stderr"] = error;
  answer["deals"] = result.boards;
  answer["method"] = result.exact ? "exact" : "monte-carlo";
  return answer;
}

}  // namespace

void bind_equity(py::module_& m) {
  m.def("_equity", &equity, py::arg("hands"), py::arg("board"), py::arg("dead"), py::arg("exact"), py::arg("samples"),
        py::arg("seed"), py::arg("threads"),
        "The fields of poker.equity's answer as a dict (poker.equity is the documented entry point).");
}

}  // namespace poker::python
