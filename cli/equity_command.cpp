#include "equity_command.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "equity_progress.h"
#include "exit_status.h"
#include "messages.h"
#include "poker/equity_format.h"
#include "poker/io/output_sink.h"

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

std::unique_ptr<Format> make_query_file_format(const Options& options, const StopSignals& signals) {
  const std::vector<std::string_view> words = card_option_words(options.equity);
  EquityRequest defaults = std::get<EquityRequest>(parse_equity_defaults(words, options.equity.settings));
  defaults.settings.stop = &signals.stop_flag();  // a query may compute for long: it stops on a signal too
  return make_equity_format(defaults, options.equity.json ? EquityOutput::kJson : EquityOutput::kText);
}

int run_equity_query(const Options& options, const StopSignals& signals) {
  const EquityOptions& equity = options.equity;
  // The same words a line of a query file holds, so that both are read alike.
  std::vector<std::string_view> words(equity.hands.begin(), equity.hands.end());
  const std::size_t hands = words.size();
  const std::vector<std::string_view> card_words = card_option_words(equity);
  words.insert(words.end(), card_words.begin(), card_words.end());
  auto parsed = parse_equity_request(words, equity.settings);
  if (const auto* error = std::get_if<QueryError>(&parsed)) {
    std::string where;
    if (error->word < hands) where = "hand " + std::to_string(error->word + 1) + " '" + equity.hands[error->word] + "': ";
    std::fprintf(stderr, "poker: equity: %s%s\nRun 'poker equity --help' for usage.\n", where.c_str(),
                 error->message.c_str());
    return kExitUsage;
  }
  // The output is opened before the work, so that a run that cannot write
  // its answer says so at once rather than after minutes of computing.
  const std::string output_name = display_name(options.output, "<stdout>");
  io::OpenedOutput output = [&] {
    const StopSignals::InterruptScope interruptible;  // a FIFO's open waits for its reader
    return io::open_output(options.output, signals.wake_fd());
  }();
  if (!output.sink) {
    return fail(signals, output_name + ": cannot open for writing: " + std::strerror(output.error_number), kExitIo);
  }
  EquityRequest& request = std::get<EquityRequest>(parsed);
  request.settings.stop = &signals.stop_flag();
  EquityProgress progress;
  request.settings.progress = &progress;
  const EquityResult result = [&] {
    const EquityProgressLine progress_line(progress, request.settings.seconds);  // erased before anything is written
    return compute_equity(request.query, request.settings);
  }();
  // A result cut short by a signal is not printed; main() re-raises it.
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  const EquityEcho echo = equity_echo(words, request);
  std::string answer;
  if (equity.json) {
    append_equity_json(answer, echo, result);
  } else {
    answer = equity_table(echo, result);
  }
  io::WriteResult written = output.sink->write(answer);
  if (written.ok()) written = output.sink->finish();
  if (written.kind == io::WriteResult::Kind::kFailed) {
    return fail(signals, output_name + ": write error: " + std::strerror(written.error_number), kExitIo);
  }
  return kExitOk;  // a broken pipe included: the reader had what it wanted
}

}  // namespace poker::cli
