// The formats as the Python module names them, the CLI's subcommands
// ("holdem" for the judge, which has none; "omaha" and "shortdeck" for the
// variants): judge_file and poker.dask's
// shards make their formats here, so that both take the same names and
// refuse the same player counts.
#ifndef POKER_PYTHON_FORMAT_BY_NAME_H_
#define POKER_PYTHON_FORMAT_BY_NAME_H_

#include <memory>
#include <string>

#include "poker/equity_format.h"
#include "poker/format.h"

namespace poker::python {

enum class FileFormat { kHoldem, kEuler, kEval, kDraw, kEquity, kOmaha, kShortDeck };

// The options only the Omaha format takes (judge_file's hole= and hilo=), as
// `poker omaha --hole N --hilo`.
struct VariantOptions {
  int hole = 4;
  bool hilo = false;
};

// The format named `name`, checked with its player count before any work;
// ValueError for an unknown name or a count the format does not take.
FileFormat file_format(const std::string& name, int players, const VariantOptions& variant = {});

// A run's format. The equity format answers in `equity_output`, each query
// starting from `equity_defaults` (a query file's --board, --dead and
// numbers, and the stop flag its deals watch).
std::unique_ptr<Format> make_format(FileFormat format, int players, const EquityRequest& equity_defaults,
                                    EquityOutput equity_output, const VariantOptions& variant = {});

}  // namespace poker::python

#endif  // POKER_PYTHON_FORMAT_BY_NAME_H_
