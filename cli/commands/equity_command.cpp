#include "commands/equity_command.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <string_view>

#include "command_line/operand_words.h"
#include "command_line/value_checks.h"
#include "commands/file_operand.h"
#include "commands/shared_options.h"
#include "equity_progress.h"
#include "exit_status.h"
#include "messages.h"
#include "output_file.h"
#include "poker/equity_format.h"
#include "poker/equity_query.h"
#include "poker/escape.h"
#include "poker/input_hint.h"
#include "poker/pipeline.h"
#include "run/run_plan.h"
#include "stop_signals.h"

namespace poker::cli {
namespace {

// The words of the command line's --board, --dead and --game, as a query
// line would write them.
std::vector<std::string_view> card_option_words(const std::string& board, const std::string& dead,
                                                const std::string& game) {
  std::vector<std::string_view> words;
  if (!board.empty()) words.insert(words.end(), {"--board", board});
  if (!dead.empty()) words.insert(words.end(), {"--dead", dead});
  if (!game.empty()) words.insert(words.end(), {"--game", game});
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

void add_percent_order_option(CLI::App& app, Binding binding, PercentOrder& order) {
  ValueChecks& checks = binding.checks;
  app.add_option_function<std::string>(
         "--order",
         [&order, &checks](const std::string& value) {
           if (value == "pokerstove") {
             order = PercentOrder::kPokerStove;
           } else if (value == "equity") {
             order = PercentOrder::kEquity;
           } else {
             checks.fail("--order: expected pokerstove or equity, not " + quote_token(value));
           }
         },
         "The order of percentage ranges (10%), one of: pokerstove (PokerStove's and Equilab's, the default) or "
         "equity (by equity against a random hand)")
      ->type_name("ORDER");
}

void EquityCommand::add_options(CLI::App& app, Binding binding) {
  shared_ = &binding.shared;
  app.add_option("HANDS", hands_,
                 "Hands or ranges, one per player, 'vs' allowed between them (one operand: the query file, '-' "
                 "standard input; none: read queries from the input)");
  app.add_option("--board", board_, "Board cards, 0 to 5 of them, like Ts9s2d or \"Ts 9s 2d\" (a query file's default)")
      ->type_name("CARDS");
  app.add_option("--dead", dead_, "Dead cards, like 2c7d (a query file's default)")->type_name("CARDS");
  app.add_option("--game", game_,
                 "The game, one of: holdem (the default), shortdeck (36 cards, holdem ranges), omaha, omaha5, "
                 "omaha6 or omaha-hilo (Omaha hands of 4, 5 or 6 cards such as AhAsKdKc, or random); the default "
                 "of a query file")
      ->type_name("GAME");
  EquitySettings& settings = settings_;
  methods_.push_back(app.add_flag_function(
      "--exact", [&settings](std::int64_t) { settings.method = EquityMethod::kExact; },
      "Enumerate every board (the default when the work is small)"));
  // --mc, --time and --seed are read as a query file reads them (read_equity_number).
  ValueChecks& checks = binding.checks;
  const auto number = [&settings, &checks](const char* name) {
    return [&settings, &checks, name](const std::string& value) {
      if (std::optional<std::string> problem = read_equity_number(name, value, settings)) checks.fail(*problem);
    };
  };
  methods_.push_back(app.add_option_function<std::string>("--mc", number("--mc"),
                                                          "Monte Carlo: draw N deals, like 1M or 1e6, at most 1e15 "
                                                          "(default when the work is large: " +
                                                              std::to_string(kDefaultSamples) + ")")
                         ->type_name("N"));
  methods_.push_back(app.add_option_function<std::string>("--time", number("--time"),
                                                          "Monte Carlo for about S seconds (0.001 to 1000000)")
                         ->type_name("S"));
  app.add_option_function<std::string>("--seed", number("--seed"),
                                       "Monte Carlo seed: the same deals at any thread count (default 1)")
      ->type_name("N");
  add_percent_order_option(app, binding, settings.percent_order);
}

std::optional<std::string> EquityCommand::conflict(const CheckContext& context) const {
  for (std::size_t i = 0; i < methods_.size(); ++i) {
    for (std::size_t j = i + 1; j < methods_.size(); ++j) {
      if (methods_[i]->count() > 0 && methods_[j]->count() > 0) {
        return methods_[i]->get_name() + " and " + methods_[j]->get_name() + " do not go together";
      }
    }
  }
  if (hands_.size() == 1) {
    return "'" + escape_bytes(hands_.front()) +
           "' is no file, and one hand is no query: give 2 to 10 hands or ranges, or one operand, the query file";
  }
  if (!hands_.empty() && context.shared.input != "-") return "hands on the command line and -i do not go together";
  if (!hands_.empty() && context.verifying) {
    return "hands on the command line and 'poker verify' do not go together";
  }
  if (hands_.empty()) {  // a query file's defaults
    const auto parsed = parse_equity_defaults(card_option_words(board_, dead_, game_), settings_);
    if (const auto* error = std::get_if<QueryError>(&parsed)) return error->message;
  }
  return std::nullopt;  // the query reports its own cards' errors, hand by hand
}

std::optional<Mistake> EquityCommand::check(CheckContext& context) {
  hands_ = rejoin_bracket_words(hands_);
  // One operand alone is no query (a query has two hands or more): an
  // existing file, or '-', is the query file, as any format's FILE is.
  if (hands_.size() == 1 && is_existing_file(hands_.front())) {
    const std::string file = hands_.front();
    hands_.clear();
    if (std::optional<Mistake> mistake = FileOperand::settle(file, context)) return mistake;
  }
  if (const std::optional<std::string> problem = conflict(context)) return Mistake{*problem, "equity"};
  return std::nullopt;
}

RunPlan EquityCommand::plan(const SharedOptions& shared) const {
  if (hands_.empty()) return FormatCommand::plan(shared);
  return own_run(shared, [this, &shared](const StopSignals& signals) { return answer_query(shared, signals); });
}

std::unique_ptr<Format> EquityCommand::make_format(const std::atomic<bool>& stop) const {
  EquityRequest defaults =
      std::get<EquityRequest>(parse_equity_defaults(card_option_words(board_, dead_, game_), settings_));
  defaults.settings.stop = &stop;  // a query may compute for long: it stops on a signal too
  return make_equity_format(defaults, shared_->json ? EquityOutput::kJson : EquityOutput::kText);
}

int EquityCommand::answer_query(const SharedOptions& shared, const StopSignals& signals) const {
  // The same words a line of a query file holds, so that both are read alike.
  const std::vector<std::string> hand_words = joined_hands(hands_);
  std::vector<std::string_view> words(hand_words.begin(), hand_words.end());
  const std::size_t hands = words.size();
  const std::vector<std::string_view> card_words = card_option_words(board_, dead_, game_);
  words.insert(words.end(), card_words.begin(), card_words.end());
  auto parsed = parse_equity_request(words, settings_);
  if (const auto* error = std::get_if<QueryError>(&parsed)) {
    // The hint a query file's word gets (ten written "10").
    const std::optional<std::string> hint =
        equity_word_hint(error->word < words.size() ? words[error->word] : std::string_view());
    return usage_error(query_error_message(*error, words, hands) + (hint ? "; hint: " + *hint : ""), "equity");
  }
  // The output is opened before the work, so that a run that cannot write
  // its answer says so at once rather than after minutes of computing.
  int status = kExitOk;
  const std::unique_ptr<io::OutputSink> sink = open_output_or_report(shared.output, signals, status);
  if (!sink) return status;
  EquityRequest& request = std::get<EquityRequest>(parsed);
  request.settings.stop = &signals.stop_flag();
  EquityProgress progress;
  request.settings.progress = &progress;
  const auto start = std::chrono::steady_clock::now();
  const EquityResult result = [&] {
    // Erased before anything is written.
    const EquityProgressLine progress_line(progress, request.settings.seconds, shared.quiet);
    return compute_equity(request.query, request.settings);
  }();
  // A result cut short by a signal is not printed; main() re-raises it.
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  if (shared.verbose) {
    report_equity_query(shared.json, usable_threads(shared.threads), result,
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  const EquityEcho echo = equity_echo(words, request);
  std::string answer;
  if (shared.json) {
    append_equity_json(answer, echo, result);
  } else {
    answer = equity_table(echo, result);
  }
  return write_and_finish(*sink, answer, signals);
}

}  // namespace poker::cli
