// The one line an input error is reported in, for every front end:
//   SOURCE:LINE:COLUMN: MESSAGE (instance N); hint: LIKELY CAUSE
// The format's message says what is wrong where; this adds the 1-based
// instance (a grader's handle on a huge file) and, where one is likely, the
// cause a person would look for: another player count, another format's
// file, ten written "10", the case of ranks and suits, cards joined by
// commas, a byte-order mark, lone CR line ends, blank lines between
// instances. The hints read the error's kind and token and the input's first
// lines, never the message's wording; each format recognises its own input
// (Format::hint). Computed only once an error is reported: the hot path
// knows nothing of it.
//
// Thread safety: the functions are pure.
#ifndef POKER_INPUT_HINT_H_
#define POKER_INPUT_HINT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "poker/format.h"

namespace poker {

// A format that a hint suggests for the input instead.
struct FormatGuess {
  // The format's name, as the command line names it: "holdem" (the default
  // judge), "omaha", "euler", "eval", "draw" or "equity".
  std::string_view format;
  int players = 0;  // holdem, omaha: the players per instance the input shows; 0 where it shows none
  int hole = 0;     // omaha: the hole cards a player the input shows
};

// What a user tries to read the same input as `guess`, in the front end's
// words: on the command line "'poker euler examples/euler.txt'", in Python
// "format='euler'". A hint writes it after "try ".
using SuggestRun = std::function<std::string(const FormatGuess& guess)>;

// What a format's hint may look at.
struct HintContext {
  // The input's lines through the failing instance: all that the run has
  // read from any source (the framing hands on whole instances), so the
  // same error has the same hint from a file or a pipe. What a pipe brings
  // after them depends on when its writer writes, and is no evidence.
  std::string_view lines;
  std::size_t lines_per_instance = 1;
  SuggestRun suggest;
};

// The likely cause of `error` in an input judged by `format`, or nothing.
// `head`: the input's first bytes as the run read them
// (io::HeadKeepingSource::head(), poker/io/head_keeping_source.h); only its lines through the failing instance
// are read.
std::optional<std::string> input_error_hint(const Format& format, const InputError& error, std::string_view head,
                                            const SuggestRun& suggest);

// `source:line:column: message (instance N)` (in the format's noun: "query
// N" for equity), then `; hint: …` if one. `instance`: the failing
// instance's number (those answered, plus one), which holds where some lines
// are no instance (a query file's comments); 0: from its line.
std::string input_error_line(std::string_view source, const Format& format, const InputError& error,
                             std::string_view head, const SuggestRun& suggest, std::uint64_t instance = 0);

// The likely cause of an equity query's word (a hand, a range or cards) that
// does not read: ten written "10" gets the judge's hint; otherwise nothing.
// The query file's hint (Format::hint) and the command line's.
std::optional<std::string> equity_word_hint(std::string_view word);

}  // namespace poker

#endif  // POKER_INPUT_HINT_H_
