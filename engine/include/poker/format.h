// A Format is one kind of poker instance file: the hold'em judge, Euler 54,
// eval, draw and equity queries. It is the pipeline's plug-in: the pipeline
// cuts the input into chunks of whole records (framing), and the format
// parses, validates, evaluates and renders the instances of one chunk.
//
// Thread safety: process() is const and is called concurrently on different
// chunks; a Format holds only its configuration.
#ifndef POKER_FORMAT_H_
#define POKER_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "poker/answer_buffer.h"
#include "poker/io/chunk.h"

namespace poker {

struct HintContext;  // poker/input_hint.h

// What kind of fault an InputError is, for the hints (poker/input_hint.h),
// which read the kind and the token, never the message's wording.
enum class InputErrorKind : std::uint8_t {
  kOther,          // none of the kinds below (a limit, a query's words, ...)
  kInvalidCard,    // `token` should be a card (or a part of one) and is not
  kDuplicateCard,  // `token` repeats a card of its set
  kExtraToken,     // `token` stands where the line should end
  kShortLine,      // the line, holding some tokens, ends before all it needs
  kBlankLine,      // a line of nothing but blanks where a line of cards should be
};

// What is wrong with the input, and where: the 1-based line and byte column of
// the offending token (or of the line end / end of input where something is
// missing). `message` is one line of printable ASCII; `token` is the
// offending token's bytes as read (empty where something is missing).
struct InputError {
  InputError() = default;
  InputError(std::uint64_t at_line, std::uint64_t at_column, std::string what,
             InputErrorKind of_kind = InputErrorKind::kOther, std::string_view offending = {})
      : line(at_line), column(at_column), message(std::move(what)), kind(of_kind), token(offending) {}

  std::uint64_t line = 0;
  std::uint64_t column = 0;
  std::string message;
  InputErrorKind kind = InputErrorKind::kOther;
  std::string token;
};

// The counts of a chunk's verdicts between two players, for a format that
// prints a summary (Euler 54's --summary); the others leave them zero. The
// writer adds up the tallies of the chunks it writes, in input order, so the
// totals are those of the instances answered.
struct Tally {
  std::uint64_t player1_wins = 0;
  std::uint64_t player2_wins = 0;
  std::uint64_t draws = 0;

  Tally& operator+=(const Tally& other) {
    player1_wins += other.player1_wins;
    player2_wins += other.player2_wins;
    draws += other.draws;
    return *this;
  }
  friend bool operator==(const Tally&, const Tally&) = default;
};

// What processing a chunk produced.
struct ChunkResult {
  AnswerBuffer answers;         // the rendered answers of the instances before the first error
  std::uint64_t instances = 0;  // how many instances `answers` answers
  std::optional<InputError> error;
  // The error is at an instance that, with the rest of the chunk, is only
  // blanks and newlines. Such an error stands only if something other than
  // blanks and newlines follows later in the input (trailing blank lines are
  // allowed at the end of the input), which only the writer can know.
  bool error_starts_blank_tail = false;
  Tally tally{};  // counted for the instances `answers` answers, as the format chooses
};

class Format {
 public:
  virtual ~Format() = default;

  // Lines per instance: the pipeline's framing.
  virtual std::size_t lines_per_instance() const = 0;

  // Answer lines per instance (0 when only a summary is printed): where one
  // instance's answers end in the output, for `poker verify`'s reports.
  virtual std::size_t answer_lines_per_instance() const = 0;

  // Parses, validates, evaluates and renders the instances of `chunk`, in
  // order, up to the first error.
  virtual void process(const io::Chunk& chunk, ChunkResult& result) const = 0;

  // What an instance is called in messages ("(instance 3)", "-v"'s count),
  // singular and plural: a query file's instances are queries.
  struct Noun {
    std::string_view one;
    std::string_view many;
  };
  virtual Noun instance_noun() const { return {"instance", "instances"}; }

  // Whether `line` (without its '\n') is one the format skips between
  // instances, answering nothing (a query file's comments and blank lines);
  // `poker verify` steps over such lines to name an instance's input lines.
  virtual bool skips_line(std::string_view /*line*/) const { return false; }

  // How many tokens an instance's last line holds where no other line of an
  // instance holds as many (the hold'em board's five cards), or 0 where no
  // line tells: with it, the bytes of a shard cut anywhere in the input tell
  // where its instances begin (find_shard_phase(), poker/shards.h).
  virtual std::size_t closing_line_tokens() const { return 0; }

  // What to write after the last answer when every instance was valid, from
  // the tallies of all chunks added up; nothing by default. Not called when
  // the run stops at an error.
  virtual std::string summary(const Tally& /*totals*/) const { return {}; }

  // The likely cause of `error`, from what the format knows of its own
  // input and the input's first lines (`context`), or nothing; the generic
  // causes (a byte-order mark, line ends, blank lines) are input_error_hint's.
  // Called once, after a run stopped at `error`: never on the hot path.
  virtual std::optional<std::string> hint(const InputError& /*error*/, const HintContext& /*context*/) const {
    return std::nullopt;
  }
};

}  // namespace poker

#endif  // POKER_FORMAT_H_
