#include "equity_command.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "equity_progress.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/equity_format.h"
#include "poker/equity_query.h"
#include "poker/input_hint.h"
#include "poker/pipeline.h"
#include "range_command.h"

namespace poker::cli {
namespace {

// The words of the command line's --board and --dead, as a query line would
// write them.
std::vector<std::string_view> card_option_words(const EquityOptions& equity) {
  std::vector<std::string_view> words;
  if (!equity.board.empty()) words.insert(words.end(), {"--board", equity.board});
  if (!equity.dead.empty()) words.insert(words.end(), {"--dead", equity.dead});
  return words;
}

// The hands as a query line's words: a range the shell split at the blanks
// after its commas ("QQ+," "AKs") joined again, as a query line joins it.
std::vector<std::string> joined_hands(const std::vector<std::string>& hands) {
  std::vector<std::string> joined;
  for (const std::string& hand : hands) {
    if (!joined.empty() && range_continues(joined.back(), hand)) {
      joined.back() += " " + hand;
    } else {
      joined.push_back(hand);
    }
  }
  return joined;
}

}  // namespace

std::optional<std::string> check_equity_defaults(const EquityOptions& equity) {
  const std::vector<std::string_view> words = card_option_words(equity);
  const auto parsed = parse_equity_defaults(words, equity.settings);
  if (const auto* error = std::get_if<QueryError>(&parsed)) return error->message;
  return std::nullopt;
}

void add_equity_options(CLI::App& app, Options& options) {
  EquityOptions& equity = options.equity;
  app.add_option("HANDS", equity.hands,
                 "Hands or ranges, one per player, 'vs' allowed between them (one operand: the query file, '-' "
                 "standard input; none: read queries from the input)");
  app.add_option("--board", equity.board,
                 "Board cards, 0 to 5 of them, like Ts9s2d or \"Ts 9s 2d\" (a query file's default)")
      ->type_name("CARDS");
  app.add_option("--dead", equity.dead, "Dead cards, like 2c7d (a query file's default)")->type_name("CARDS");
  EquitySettings& settings = equity.settings;
  auto* exact = app.add_flag_function(
      "--exact", [&settings](std::int64_t) { settings.method = EquityMethod::kExact; },
      "Enumerate every board (the default when the work is small)");
  // --mc, --time and --seed are read as a query file reads them (read_equity_number).
  const auto number = [&settings](const char* name) {
    return [&settings, name](const std::string& value) {
      if (std::optional<std::string> problem = read_equity_number(name, value, settings)) {
        throw CLI::ValidationError(*problem);  // reported as equity's: `poker: equity: ...`
      }
    };
  };
  auto* samples = app.add_option_function<std::string>("--mc", number("--mc"),
                                                       "Monte Carlo: draw N deals, like 1M or 1e6, at most 1e15 "
                                                       "(default when the work is large: " +
                                                           std::to_string(kDefaultSamples) + ")")
                      ->type_name("N")
                      ->excludes(exact);
  app.add_option_function<std::string>("--time", number("--time"), "Monte Carlo for about S seconds (0.001 to 1000000)")
      ->type_name("S")
      ->excludes(exact)
      ->excludes(samples);
  app.add_option_function<std::string>("--seed", number("--seed"),
                                       "Monte Carlo seed: the same deals at any thread count (default 1)")
      ->type_name("N");
  add_percent_order_option(app, settings.percent_order);
}

std::unique_ptr<Format> make_equity_query_format(const Options& options, const std::atomic<bool>& stop) {
  const std::vector<std::string_view> words = card_option_words(options.equity);
  EquityRequest defaults = std::get<EquityRequest>(parse_equity_defaults(words, options.equity.settings));
  defaults.settings.stop = &stop;  // a query may compute for long: it stops on a signal too
  return make_equity_format(defaults, options.json ? EquityOutput::kJson : EquityOutput::kText);
}

namespace {

// run_equity_alone() with hands: the exit status.
int answer_command_line_query(const Options& options, const StopSignals& signals) {
  const EquityOptions& equity = options.equity;
  // The same words a line of a query file holds, so that both are read alike.
  const std::vector<std::string> hand_words = joined_hands(equity.hands);
  std::vector<std::string_view> words(hand_words.begin(), hand_words.end());
  const std::size_t hands = words.size();
  const std::vector<std::string_view> card_words = card_option_words(equity);
  words.insert(words.end(), card_words.begin(), card_words.end());
  auto parsed = parse_equity_request(words, equity.settings);
  if (const auto* error = std::get_if<QueryError>(&parsed)) {
    // The hint a query file's word gets (ten written "10").
    const std::optional<std::string> hint =
        equity_word_hint(error->word < words.size() ? words[error->word] : std::string_view());
    return usage_error(query_error_message(*error, words, hands) + (hint ? "; hint: " + *hint : ""), "equity");
  }
  // The output is opened before the work, so that a run that cannot write
  // its answer says so at once rather than after minutes of computing.
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> sink = open_output_or_report(options.output, signals, status);
  if (!sink) return status;
  EquityRequest& request = std::get<EquityRequest>(parsed);
  request.settings.stop = &signals.stop_flag();
  EquityProgress progress;
  request.settings.progress = &progress;
  const auto start = std::chrono::steady_clock::now();
  const EquityResult result = [&] {
    // Erased before anything is written.
    const EquityProgressLine progress_line(progress, request.settings.seconds, options.quiet);
    return compute_equity(request.query, request.settings);
  }();
  // A result cut short by a signal is not printed; main() re-raises it.
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  if (options.verbose) {
    report_equity_query(options.json, usable_threads(options.threads), result,
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  const EquityEcho echo = equity_echo(words, request);
  std::string answer;
  if (options.json) {
    append_equity_json(answer, echo, result);
  } else {
    answer = equity_table(echo, result);
  }
  return write_and_finish(*sink, answer, signals);
}

}  // namespace

AloneRun run_equity_alone(const Options& options, const StopSignals& signals) {
  if (options.equity.hands.empty()) return AloneRun::judge_input();
  return AloneRun::exited(answer_command_line_query(options, signals));
}

}  // namespace poker::cli
