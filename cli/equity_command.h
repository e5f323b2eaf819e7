// `poker equity`: its options, its query-file format, and one query from the
// command line answered with a table (a query file goes through the
// pipeline like every format). Its row in command_table.cpp joins these.
#ifndef POKER_CLI_EQUITY_COMMAND_H_
#define POKER_CLI_EQUITY_COMMAND_H_

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "alone_run.h"
#include "options.h"
#include "poker/format.h"
#include "stop_signals.h"

namespace CLI {
class App;
}

namespace poker::cli {

// HANDS, --board, --dead, --exact, --mc, --time, --seed (--json is shared: options.cpp).
void add_equity_options(CLI::App& app, Options& options);

// What is wrong with the command line's --board and --dead (cards, their
// count, a card both on the board and dead), or nothing. Without hands they
// are the defaults of every line of the query file.
std::optional<std::string> check_equity_defaults(const EquityOptions& equity);

// The query file's format: every line's defaults are the command line's
// --board, --dead and settings (check_equity_defaults found nothing); a
// query computes until `stop` too.
std::unique_ptr<Format> make_equity_query_format(const Options& options, const std::atomic<bool>& stop);

// With hands on the command line: parses their query, opens the output,
// computes and prints; done, with the exit status (2 for an invalid query).
// A stop signal ends the computation: nothing is printed, the interruption
// is reported, and main() re-raises the signal. Without hands: not done (the
// query file goes through the pipeline).
AloneRun run_equity_alone(const Options& options, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_EQUITY_COMMAND_H_
