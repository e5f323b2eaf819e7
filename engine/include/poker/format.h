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
#include <cstring>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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

// The rendered answers of a chunk: a byte string that can grow by bytes left
// uninitialised for the caller to write (extend()), where std::string (until
// C++23's resize_and_overwrite) zero-fills what it grows by, which would cost
// the hold'em judge about as many instructions per instance as an evaluation
// (`bench/instructions.sh build/release poker` counts them).
class AnswerBuffer {
 public:
  AnswerBuffer() = default;
  AnswerBuffer(const AnswerBuffer& other) { *this += other.view(); }
  AnswerBuffer(AnswerBuffer&& other) noexcept
      : bytes_(std::move(other.bytes_)), size_(other.size_), capacity_(other.capacity_) {
    other.size_ = other.capacity_ = 0;
  }
  AnswerBuffer& operator=(const AnswerBuffer& other) {
    if (this != &other) {
      clear();
      *this += other.view();
    }
    return *this;
  }
  AnswerBuffer& operator=(AnswerBuffer&& other) noexcept {
    bytes_ = std::move(other.bytes_);
    size_ = other.size_;
    capacity_ = other.capacity_;
    other.size_ = other.capacity_ = 0;
    return *this;
  }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }  // bytes it holds without growing
  bool empty() const { return size_ == 0; }
  const char* data() const { return bytes_.get(); }
  std::string_view view() const { return {bytes_.get(), size_}; }
  const char* begin() const { return bytes_.get(); }
  const char* end() const { return bytes_.get() + size_; }
  char back() const { return bytes_[size_ - 1]; }       // REQUIRES: !empty()
  operator std::string_view() const { return view(); }  // NOLINT: used as text everywhere
  void clear() { size_ = 0; }

  // Appends `count` bytes whose values the caller writes through the
  // returned pointer (valid until the next growth).
  char* extend(std::size_t count) {
    if (capacity_ - size_ < count) grow(size_ + count);
    char* const start = bytes_.get() + size_;
    size_ += count;
    return start;
  }
  // Makes room for `count` more bytes without growing again (the room left
  // uninitialised: pages never written are never touched).
  void reserve_more(std::size_t count) {
    if (capacity_ - size_ < count) grow(size_ + count);
  }
  // Cuts the buffer to its first `size` bytes. REQUIRES: size <= size().
  void truncate(std::size_t size) { size_ = size; }

  AnswerBuffer& operator+=(std::string_view text) {
    if (!text.empty()) std::memcpy(extend(text.size()), text.data(), text.size());
    return *this;
  }
  AnswerBuffer& operator+=(char c) {
    *extend(1) = c;
    return *this;
  }
  AnswerBuffer& append(std::string_view text) { return *this += text; }

  friend bool operator==(const AnswerBuffer& buffer, std::string_view text) { return buffer.view() == text; }

 private:
  void grow(std::size_t at_least) {
    std::size_t capacity = capacity_ < 64 ? 64 : 2 * capacity_;
    if (capacity < at_least) capacity = at_least;
    auto bytes = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ != 0) std::memcpy(bytes.get(), bytes_.get(), size_);
    bytes_ = std::move(bytes);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> bytes_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// For test failure messages: the buffer's text.
std::ostream& operator<<(std::ostream& out, const AnswerBuffer& buffer);

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
