#include "equity_command.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "equity_progress.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/equity_format.h"

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

}  // namespace

std::optional<std::string> check_equity_defaults(const EquityOptions& equity) {
  const std::vector<std::string_view> words = card_option_words(equity);
  const auto parsed = parse_equity_defaults(words, equity.settings);
  if (const auto* error = std::get_if<QueryError>(&parsed)) return error->message;
  return std::nullopt;
}

void add_equity_options(CLI::App& app, Options& options) {
  EquityOptions& equity = options.equity;
  app.add_option("HANDS", equity.hands, "Hands or ranges, one per player (none: read queries from the input)");
  app.add_option("--board", equity.board,
                 "Board cards, 0, 3, 4 or 5 of them, like Ts9s2d or \"Ts 9s 2d\" (a query file's default)")
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
        throw CLI::ValidationError("equity: " + *problem);
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
  std::vector<std::string_view> words(equity.hands.begin(), equity.hands.end());
  const std::size_t hands = words.size();
  const std::vector<std::string_view> card_words = card_option_words(equity);
  words.insert(words.end(), card_words.begin(), card_words.end());
  auto parsed = parse_equity_request(words, equity.settings);
  if (const auto* error = std::get_if<QueryError>(&parsed)) {
    std::string where;
    if (error->word < hands)
      where = "hand " + std::to_string(error->word + 1) + " '" + equity.hands[error->word] + "': ";
    return usage_error(where + error->message, "equity");
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
  const EquityResult result = [&] {
    // Erased before anything is written.
    const EquityProgressLine progress_line(progress, request.settings.seconds, is_standard(options.output));
    return compute_equity(request.query, request.settings);
  }();
  // A result cut short by a signal is not printed; main() re-raises it.
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  const EquityEcho echo = equity_echo(words, request);
  std::string answer;
  if (options.json) {
    append_equity_json(answer, echo, result);
  } else {
    answer = equity_table(echo, result);
  }
  return write_and_finish(*sink, answer, options.output, signals);
}

}  // namespace

AloneRun run_equity_alone(const Options& options, const StopSignals& signals) {
  if (options.equity.hands.empty()) return AloneRun::judge_input();
  return AloneRun::exited(answer_command_line_query(options, signals));
}

}  // namespace poker::cli
