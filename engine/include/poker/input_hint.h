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
// Thread safety: the functions are pure; a HeadKeepingSource is as its
// source (window() from one thread at a time).
#ifndef POKER_INPUT_HINT_H_
#define POKER_INPUT_HINT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "poker/format.h"
#include "poker/io/byte_source.h"

namespace poker {

// A format that a hint suggests for the input instead.
struct FormatGuess {
  // The format's name, as the command line names it: "holdem" (the default
  // judge), "euler", "eval" or "draw".
  std::string_view format;
  int players = 0;  // holdem: the players per instance the input shows; 0 where it shows none
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
// (HeadKeepingSource::head()); only its lines through the failing instance
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

// The run's input, keeping its first bytes for the hints: a pipe's cannot be
// read again, and a file on standard input is judged from its offset, not
// from its start. Everything else goes to `source` as it is.
class HeadKeepingSource final : public io::ByteSource {
 public:
  explicit HeadKeepingSource(std::unique_ptr<io::ByteSource> source, std::size_t limit = 64 * 1024)
      : io::ByteSource(source->path()), source_(std::move(source)), limit_(limit) {}

  io::Window window(std::uint64_t from, std::size_t min_size) override;
  bool more_ready() override { return source_->more_ready(); }
  int check_intact(std::uint64_t end) const override { return source_->check_intact(end); }
  void set_wait_hook(io::WaitHook* hook) override { source_->set_wait_hook(hook); }
  bool is_mapped() const override { return source_->is_mapped(); }
  std::string strategy() const override { return source_->strategy(); }
  std::uint64_t size_for_reads_at() const override { return source_->size_for_reads_at(); }
  io::Window read_at(std::uint64_t from, std::size_t size) override { return source_->read_at(from, size); }
  std::shared_ptr<io::SharedReads> shared_reads() override { return source_->shared_reads(); }
  void consumed(std::uint64_t end) override { source_->consumed(end); }

  // Up to `limit` first bytes of the input: those the run's windows showed,
  // or, from a source read at any offset (whose windows the run does not
  // ask for), read again now.
  std::string head();

 private:
  std::unique_ptr<io::ByteSource> source_;
  const std::size_t limit_;
  std::string kept_;  // the input's first bytes, as far as windows have shown them
};

}  // namespace poker

#endif  // POKER_INPUT_HINT_H_
