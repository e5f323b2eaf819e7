// _equity: the engine's equity of 2..10 hands or ranges, read from the words
// the CLI reads (so the same text means the same query, with the same
// messages), its settings from keyword arguments. poker.equity wraps it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "bindings.h"
#include "poker/equity.h"
#include "poker/equity_query.h"
#include "poker/escape.h"
#include "poker/range.h"
#include "run_batch.h"

namespace poker::python {
namespace {

// The settings of exact=, samples=, time= and seed=, the numbers read as the
// CLI reads --mc, --time and --seed (poker.equity writes an int or a float
// as such text), with the CLI's messages in the keywords' words.
EquitySettings settings_of(std::optional<bool> exact, const std::optional<std::string>& samples,
                           const std::optional<std::string>& time, const std::optional<std::string>& seed) {
  if (exact.value_or(false) && (samples || time)) {
    throw py::value_error("exact=True counts every deal: it takes no samples or time");
  }
  if (samples && time) throw py::value_error("samples and time both say when Monte Carlo ends: give one");
  EquitySettings settings;
  if (exact) settings.method = *exact ? EquityMethod::kExact : EquityMethod::kMonteCarlo;
  const auto read = [&](const char* name, std::string_view option, const std::optional<std::string>& value) {
    if (!value) return;
    if (std::optional<std::string> problem = read_equity_number(option, *value, settings)) {
      // The message names the keyword, not the CLI's option it is read as.
      const std::string after = " after " + quote_token(option);
      if (const std::size_t at = problem->find(after); at != std::string::npos) problem->erase(at, after.size());
      throw py::value_error(std::string(name) + ": " + *problem);
    }
  };
  read("samples", "--mc", samples);
  read("time", "--time", time);
  read("seed", "--seed", seed);
  return settings;
}

bool is_random(std::string_view text) {
  constexpr std::string_view kRandom = "random";
  return text.size() == kRandom.size() && std::equal(text.begin(), text.end(), kRandom.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

// A player's hand or range as the answer repeats it, whatever the case it
// was written in: a hand's cards as card names ("ahkh" is "AhKh"), a
// range's hand classes with upper-case ranks and lower-case 's' or 'o'
// ("qq+,aks" is "QQ+,AKs"), weights and percentages as written.
std::string normalised_hand(std::string_view word) {
  std::string out;
  std::size_t at = 0;
  while (at <= word.size()) {
    const std::size_t end = std::min(word.find_first_of(",-:", at), word.size());
    const std::string_view piece = word.substr(at, end - at);
    const bool weight = at > 0 && word[at - 1] == ':';
    std::optional<Card> first, second;
    if (piece.size() == 4 && (first = parse_card_any_case(piece.substr(0, 2))) &&
        (second = parse_card_any_case(piece.substr(2)))) {
      out += card_name(*first);
      out += card_name(*second);
    } else {
      std::string text(piece);
      // The hand class starts after the blanks next to a comma ("QQ+, AKs")
      // and after an Equilab bracket's weight ("[50]KK"); its end is before
      // the blanks and a bracket's end ("QQ[/50]").
      std::size_t from = 0;
      while (from < text.size() && (text[from] == ' ' || text[from] == '\t')) ++from;
      if (!weight && from < text.size() && text[from] == '[') {
        const std::size_t close = text.find(']', from);
        if (close != std::string::npos) from = close + 1;
      }
      std::size_t to = text.find('[', from);
      if (to == std::string::npos) to = text.size();
      while (to > from && (text[to - 1] == ' ' || text[to - 1] == '\t')) --to;
      const std::string_view core = std::string_view(text).substr(from, to - from);
      const bool hand_class = !weight && !core.empty() && core.back() != '%' && !is_random(core);
      for (std::size_t i = from; i < to; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        text[i] = static_cast<char>(hand_class && i < from + 2 ? std::toupper(c) : std::tolower(c));
      }
      out += text;
    }
    if (end < word.size()) out += word[end];
    at = end + 1;
  }
  return out;
}

std::string without_blanks(std::string text) {
  std::erase_if(text, [](char c) { return c == ' ' || c == '\t'; });
  return text;
}

// An Omaha hand as the answer repeats it: card names ("ahaskdkc" is
// "AhAsKdKc"), or "random".
std::string omaha_hand(std::string_view word) {
  if (is_random(word)) return "random";
  std::string out;
  for (std::size_t at = 0; at + 2 <= word.size(); at += 2) {
    const std::optional<Card> card = parse_card_any_case(word.substr(at, 2));
    out += card ? card_name(*card) : std::string(word.substr(at, 2));
  }
  return out;
}

py::dict equity(const std::vector<std::string>& hands, const std::string& board_text, const std::string& dead_text,
                const std::string& game, std::optional<bool> exact, const std::optional<std::string>& samples,
                const std::optional<std::string>& time, const std::optional<std::string>& seed,
                const py::object& threads) {
  const EquitySettings defaults = settings_of(exact, samples, time, seed);
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  for (std::size_t i = 0; i < hands.size(); ++i) {
    // The CLI's words: a word starting with '-' would be read as an option.
    if (hands[i].empty() || hands[i].front() == '-') {
      throw py::value_error("hand " + std::to_string(i + 1) + " " + quote_token(hands[i]) +
                            ": expected a hand or a range");
    }
  }
  const std::string board = without_blanks(board_text);
  const std::string dead = without_blanks(dead_text);
  std::vector<std::string_view> words(hands.begin(), hands.end());
  if (!board.empty()) words.insert(words.end(), {"--board", board});
  if (!dead.empty()) words.insert(words.end(), {"--dead", dead});
  words.insert(words.end(), {"--game", game});
  auto parsed = parse_equity_request(words, defaults);
  if (const auto* error = std::get_if<QueryError>(&parsed)) {
    throw py::value_error(query_error_message(*error, words, hands.size()));
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
  const bool omaha = is_omaha(request.query.game);
  py::list normalised;
  for (const std::string& hand : hands) normalised.append(py::str(omaha ? omaha_hand(hand) : normalised_hand(hand)));
  py::dict answer;
  answer["hands"] = py::tuple(normalised);
  answer["win"] = win;
  answer["tie"] = tie;
  answer["equity"] = share;
  answer["stderr"] = error;
  answer["deals"] = result.boards;
  answer["method"] = result.exact ? "exact" : "monte-carlo";
  answer["game"] = std::string(equity_game_name(request.query.game));
  if (result.hilo) {
    py::array_t<double> scoop(players), low_win(players), low_tie(players);
    for (py::ssize_t p = 0; p < players; ++p) {
      const PlayerEquity& player = result.players[static_cast<std::size_t>(p)];
      scoop.mutable_at(p) = player.scoop;
      low_win.mutable_at(p) = player.low_win;
      low_tie.mutable_at(p) = player.low_tie;
    }
    answer["scoop"] = scoop;
    answer["low_win"] = low_win;
    answer["low_tie"] = low_tie;
    answer["no_low"] = result.no_low;
  }
  return answer;
}

}  // namespace

void bind_equity(py::module_& m) {
  m.def("_equity", &equity, py::arg("hands"), py::arg("board"), py::arg("dead"), py::arg("game"), py::arg("exact"),
        py::arg("samples"), py::arg("time"), py::arg("seed"), py::arg("threads"),
        "The fields of poker.equity's answer as a dict (poker.equity is the documented entry point).");
  m.def("_normalised_hand", &normalised_hand, py::arg("word"),
        "A hand or range as an Equity's hands repeat it (judge_file's equity answers).");
}

}  // namespace poker::python
