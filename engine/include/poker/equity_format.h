// `poker equity`: a query in words, its answer in text, and the batch format
// that reads one query per line through the pipeline.
//
// A query is words, the same on the command line and on a line of a query
// file:
//
//     HAND_OR_RANGE HAND_OR_RANGE... [--board CARDS] [--dead CARDS]
//                                    [--exact | --mc N | --time S] [--seed N]
//
// 2..10 hands or ranges (range.h), the board and dead cards written without
// separators ("Ts9s2d"), options anywhere among the hands, "--name value" or
// "--name=value". The options of a line override those of the command line.
//
// Answers. On the command line, a table (equity_table). In a query file,
// one line per query (append_equity_line):
//
//     equity 46.214457 53.785543; win 46.018001 53.588543; tie 0.393155 0.393155; boards 1712304 exact
//     equity 46.2 53.8; win ...; tie ...; error 0.015763 0.015763; deals 1000000 monte-carlo
//
// percentages with six decimals, player by player; Monte Carlo adds the
// standard error of each equity.
//
// Thread safety: functions are pure; the Format is immutable.
#ifndef POKER_EQUITY_FORMAT_H_
#define POKER_EQUITY_FORMAT_H_

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "poker/equity.h"
#include "poker/format.h"

namespace poker {

struct EquityRequest {
  EquityQuery query;
  EquitySettings settings;
};

// What is wrong with a query's words: the word (its index) and the byte
// offset in it of the offending part, and a one-line message. When a word is
// missing at the end, `word` is words.size() and `message` names what was
// expected ("a value after '--board'"); when the words are each fine but the
// query is not (check_equity_query), `word` is kWholeQuery.
struct QueryError {
  static constexpr std::size_t kWholeQuery = static_cast<std::size_t>(-1);
  std::size_t word = 0;
  std::size_t offset = 0;
  std::string message;
};

// Reads the value of option `name` (--mc, --time or --seed; the first two
// also choose Monte Carlo) into `settings`, by the rules the command line
// and query files share: numbers as poker/number_text.h reads them, within
// the limits of poker/equity.h. Nothing, or what is wrong in one line that
// quotes the value.
std::optional<std::string> read_equity_number(std::string_view name, std::string_view value,
                                              EquitySettings& settings);

// Parses and checks (check_equity_query) a query; `defaults` are the
// settings its options override.
std::variant<EquityRequest, QueryError> parse_equity_request(std::span<const std::string_view> words,
                                                             const EquitySettings& defaults);

// The answer as a table with a line per player, headed by the column names
// and followed by the number of boards and the method. `names` label the
// players' lines (the hands or ranges as written).
std::string equity_table(std::span<const std::string_view> names, const EquityResult& result);

// The answer as one line, '\n' included (the batch format's answer).
void append_equity_line(std::string& out, const EquityResult& result);

// What the batch format runs for each valid query: compute_equity, or for
// tests and fuzzing a stand-in that caps the work a query may ask for.
using EquityComputation = std::function<EquityResult(const EquityQuery&, const EquitySettings&)>;

// The batch format: one query per line; `defaults` are the command line's settings.
std::unique_ptr<Format> make_equity_format(const EquitySettings& defaults,
                                           EquityComputation compute = compute_equity);

}  // namespace poker

#endif  // POKER_EQUITY_FORMAT_H_
