// Internal: parse_equity_request, with or without its check of the query.
#ifndef POKER_ENGINE_EQUITY_EQUITY_REQUEST_H_
#define POKER_ENGINE_EQUITY_EQUITY_REQUEST_H_

#include <span>
#include <string_view>
#include <variant>

#include "poker/equity_query.h"

namespace poker::equity {

// Whether to run check_equity_query on the parsed query: a query parsed
// again, its check already passed, need not pay for the check twice (it
// searches the deals).
enum class QueryCheck : bool { kSkip, kRun };

std::variant<EquityRequest, QueryError> parse_request(std::span<const std::string_view> words,
                                                      const EquityRequest& defaults, QueryCheck check);

}  // namespace poker::equity

#endif  // POKER_ENGINE_EQUITY_EQUITY_REQUEST_H_
