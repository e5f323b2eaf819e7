// `poker equity HANDS...`: one query from the command line, answered with a
// table or a JSON object; and the batch format of a query file, whose lines
// take the command line's options as defaults.
#ifndef POKER_CLI_EQUITY_COMMAND_H_
#define POKER_CLI_EQUITY_COMMAND_H_

#include <memory>
#include <optional>
#include <string>

#include "options.h"
#include "poker/format.h"
#include "stop_signals.h"

namespace poker::cli {

// Parses the query of `options.equity`, opens `options.output`, then
// computes and prints; returns the exit status (2 for an invalid query). A
// stop signal ends the computation: nothing is printed on the output, the
// interruption is reported, and the caller re-raises the signal.
int run_equity_query(const Options& options, const StopSignals& signals);

// What is wrong with the command line's --board and --dead (cards, their
// count, a card both on the board and dead), or nothing. Without hands they
// are the defaults of every line of the query file.
std::optional<std::string> check_equity_defaults(const EquityOptions& equity);

// The query file's format: every line's defaults are the command line's
// --board, --dead and settings (check_equity_defaults found nothing); a
// stop signal ends its computations.
std::unique_ptr<Format> make_query_file_format(const Options& options, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_EQUITY_COMMAND_H_
