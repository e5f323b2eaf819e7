// `poker equity FILE`: the batch format that judges a query file through
// the pipeline, one query per line (its words as poker/equity_query.h reads
// them), blank lines and comments (a line whose first word begins with '#')
// skipped, and answers each query with one line of text or JSON
// (append_equity_line, append_equity_json).
//
// Thread safety: the Format is immutable; its process() computes a window
// of queries in parallel (ARCHITECTURE.md, "Where threads live").
#ifndef POKER_EQUITY_FORMAT_H_
#define POKER_EQUITY_FORMAT_H_

#include <functional>
#include <memory>

#include "poker/equity.h"
#include "poker/equity_query.h"
#include "poker/format.h"

namespace poker {

enum class EquityOutput : bool { kText, kJson };

// What the batch format runs for each valid query: compute_equity, or for
// tests and fuzzing a stand-in that caps the work a query may ask for.
using EquityComputation = std::function<EquityResult(const EquityQuery&, const EquitySettings&)>;

// The batch format: one query per line; `defaults` are the command line's settings.
std::unique_ptr<Format> make_equity_format(const EquitySettings& defaults, EquityComputation compute = compute_equity);

// The same with default board and dead cards (parse_equity_defaults) and a
// choice of answer lines, text or JSON.
std::unique_ptr<Format> make_equity_format(const EquityRequest& defaults, EquityOutput output,
                                           EquityComputation compute = compute_equity);

}  // namespace poker

#endif  // POKER_EQUITY_FORMAT_H_
