#include "equity_command.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "exit_status.h"
#include "poker/equity_format.h"
#include "poker/io/output_sink.h"

namespace poker::cli {

int run_equity_query(const Options& options, const StopSignals& signals) {
  const EquityOptions& equity = options.equity;
  // The same words a line of a query file holds, so that both are read alike.
  std::vector<std::string_view> words(equity.hands.begin(), equity.hands.end());
  const std::size_t hands = words.size();
  if (!equity.board.empty()) words.insert(words.end(), {"--board", equity.board});
  if (!equity.dead.empty()) words.insert(words.end(), {"--dead", equity.dead});
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
  io::OpenedOutput output = io::open_output(options.output);
  const std::string output_name = options.output == "-" ? "<stdout>" : options.output;
  if (!output.sink) {
    std::fprintf(stderr, "poker: %s: cannot open for writing: %s\n", output_name.c_str(),
                 std::strerror(output.error_number));
    return kExitIo;
  }
  EquityRequest& request = std::get<EquityRequest>(parsed);
  request.settings.stop = &signals.stop_flag();
  const EquityResult result = compute_equity(request.query, request.settings);
  if (signals.received() != 0) {
    // The result is cut short, so not printed; main() re-raises the signal.
    const char* name = sigabbrev_np(signals.received());  // "INT", "TERM"
    std::fprintf(stderr, "poker: interrupted by SIG%s\n", name != nullptr ? name : "?");
    return kExitIo;
  }
  const std::string table = equity_table(std::span(words.data(), hands), result);
  io::WriteResult written = output.sink->write(table);
  if (written.ok()) written = output.sink->finish();
  if (written.kind == io::WriteResult::Kind::kFailed) {
    std::fprintf(stderr, "poker: %s: write error: %s\n", output_name.c_str(), std::strerror(written.error_number));
    return kExitIo;
  }
  return kExitOk;  // a broken pipe included: the reader had what it wanted
}

}  // namespace poker::cli
