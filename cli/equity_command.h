// `poker equity HANDS...`: one query from the command line, answered with a
// table. (A query file goes through the pipeline like every format.)
#ifndef POKER_CLI_EQUITY_COMMAND_H_
#define POKER_CLI_EQUITY_COMMAND_H_

#include "options.h"

namespace poker::cli {

// Parses, computes and prints the query of `options.equity` to
// `options.output`; returns the exit status (2 for an invalid query).
int run_equity_query(const Options& options);

}  // namespace poker::cli

#endif  // POKER_CLI_EQUITY_COMMAND_H_
