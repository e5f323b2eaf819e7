// `poker equity HANDS...`: one query from the command line, answered with a
// table. (A query file goes through the pipeline like every format.)
#ifndef POKER_CLI_EQUITY_COMMAND_H_
#define POKER_CLI_EQUITY_COMMAND_H_

#include "options.h"
#include "stop_signals.h"

namespace poker::cli {

// Parses the query of `options.equity`, opens `options.output`, then
// computes and prints; returns the exit status (2 for an invalid query). A
// stop signal ends the computation: nothing is printed on the output, the
// interruption is reported, and the caller re-raises the signal.
int run_equity_query(const Options& options, const StopSignals& signals);

}  // namespace poker::cli

#endif  // POKER_CLI_EQUITY_COMMAND_H_
