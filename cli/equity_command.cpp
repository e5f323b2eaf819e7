#include "equity_command.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "exit_status.h"
#include "messages.h"
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
  const EquityResult result = compute_equity(request.query, request.settings);
  // A result cut short by a signal is not printed; main() re-raises it.
  if (signals.received() != 0) return fail(signals, "stopped", kExitIo);
  const std::string table = equity_table(std::span(words.data(), hands), result);
  io::WriteResult written = output.sink->write(table);
  if (written.ok()) written = output.sink->finish();
  if (written.kind == io::WriteResult::Kind::kFailed) {
    return fail(signals, output_name + ": write error: " + std::strerror(written.error_number), kExitIo);
  }
  return kExitOk;  // a broken pipe included: the reader had what it wanted
}

}  // namespace poker::cli
