// Internal: reading the lines of cards that make an instance, with the grammar
// and error reporting of the specification (docs/specification.md, section 3),
// for every format: lines of a fixed number of cards (hold'em, Euler 54), a
// line of two hands around a ';' token (eval), and, token by token, lines whose
// cards are not one token each (draw).
//
// Grammar of a line: optional blanks, the tokens separated by blanks,
// optional blanks, '\n'. Blanks are space, \t, \v, \f, \r. A token is a
// maximal run of other bytes; each must be a card (or the format's
// separator), unique in its card set (the instance, or one eval hand).
#ifndef POKER_ENGINE_FORMATS_CARD_LINE_READER_H_
#define POKER_ENGINE_FORMATS_CARD_LINE_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "formats/canonical_decoder.h"
#include "poker/cards.h"
#include "poker/format.h"
#include "poker/io/blank_text.h"
#include "poker/io/chunk.h"

namespace poker {

using io::is_blank;
using io::is_blank_text;

// The canonical layout of an instance: its lines' cards separated by single
// spaces, nothing else. Most input looks like this, and it can be checked
// for a whole instance at once.
class CanonicalLayout {
 public:
  // `cards_per_line`: e.g. {2, 2, 5} for two hold'em players and the board.
  explicit CanonicalLayout(const std::vector<int>& cards_per_line);

  std::size_t cards() const { return cards_; }
  std::size_t bytes() const { return image_.size(); }
  std::uint64_t lines() const { return lines_; }
  const simd::Plan& plan() const { return plan_; }
  // The kernel of `path` for this layout.
  simd::Decoder decoder(DecodePath path) const { return decoders_[static_cast<std::size_t>(path)]; }
  simd::BatchDecoder batch_decoder(DecodePath path) const { return batch_decoders_[static_cast<std::size_t>(path)]; }

 private:
  std::size_t cards_ = 0;
  std::uint64_t lines_ = 0;
  // The separators' bytes where they stand (a space or a newline after each
  // card) and zero elsewhere.
  std::string image_;
  simd::Plan plan_;
  simd::Decoder decoders_[3] = {};  // by DecodePath
  simd::BatchDecoder batch_decoders_[3] = {};
};

// Bytes a card array passed to read_canonical_instance() needs beyond its
// cards: the vector paths store 16 bytes at a time.
inline constexpr std::size_t kDecodeSlack = 16;

// Reads one chunk's instances line by line.
//
// Thread safety: one reader per chunk and thread; the chunk must outlive it.
class CardLineReader {
 public:
  // `notation`: how the cards are written (their messages say it with
  // card_syntax()); `path`: how read_canonical_instance() decodes.
  CardLineReader(const io::Chunk& chunk, Notation notation, DecodePath path = decode_path());

  // Whether the chunk has no bytes left.
  bool at_end() const { return cursor_ == end_; }

  // The fast path for a whole instance in the canonical layout, with every
  // card valid and unique, on the reader's decode path. Reads it into
  // `cards` (layout.cards() + kDecodeSlack bytes) and returns true; otherwise returns false having changed nothing,
  // and the caller reads the instance line by line (which words any error).
  // Inline: it runs once per instance, and is a call of the layout's kernel.
  bool read_canonical_instance(const CanonicalLayout& layout, Card* cards) {
    const char* const start = cursor_;
    if (static_cast<std::size_t>(end_ - start) < layout.bytes() ||
        !layout.decoder(path_)(start, layout.plan(), alphabet_, cards) ||
        (lowest_card_ != 0 && dealt_prefix(cards, 1, layout.cards()) == 0)) {
      return false;
    }
    cursor_ = start + layout.bytes();
    line_start_ = cursor_;
    line_ += layout.lines();
    return true;
  }

  // The fast path for a run of instances: reads up to `max_instances`
  // instances in the canonical layout, each valid, instance i's cards at
  // cards[i * layout.cards() ..] (max_instances * layout.cards() +
  // kDecodeSlack bytes), and returns how many. It stops before the first
  // instance that is not canonical and valid, or does not fit in the chunk:
  // the caller then reads that one line by line (which words any error).
  std::size_t read_canonical_instances(const CanonicalLayout& layout, Card* cards, std::size_t max_instances) {
    return take_canonical_instances(layout, max_instances, [&](const char* text, std::size_t count) {
      const std::size_t decoded = layout.batch_decoder(path_)(text, count, layout.plan(), alphabet_, cards);
      return lowest_card_ == 0 ? decoded : dealt_prefix(cards, decoded, layout.cards());
    });
  }

  // The same with the decoding left to `take(text, count)`, which is given
  // the next `count` (at most max_instances) whole instances' bytes of
  // `layout` and returns how many of them, from the first, it took: each
  // canonical and valid (and, after refuse_cards_below(), holding no card
  // below the lowest: take() checks that itself). The reader moves past those.
  template <typename Take>
  std::size_t take_canonical_instances(const CanonicalLayout& layout, std::size_t max_instances, Take&& take) {
    const char* const start = cursor_;
    const std::size_t bytes = layout.bytes();
    const std::size_t whole = static_cast<std::size_t>(end_ - start) / bytes;
    const std::size_t count = whole < max_instances ? whole : max_instances;
    if (count == 0) return 0;
    const std::size_t done = take(start, count);
    cursor_ = start + done * bytes;
    line_start_ = cursor_;
    line_ += done * layout.lines();
    return done;
  }

  // The tables of the reader's notation, for a take() that decodes.
  const simd::Alphabet& alphabet() const { return alphabet_; }

  // Makes the cards below `lowest` (by index: the ranks below its rank)
  // invalid cards for every read after it, their message
  // "invalid card 'TOKEN': RULE" (a deck without them: short deck's 2 to 5).
  // `rule` must outlive the reader.
  void refuse_cards_below(Card lowest, std::string_view rule) {
    lowest_card_ = lowest;
    lowest_card_rule_ = rule;
  }

  // Starts an instance: its cards must be unique from here on.
  void begin_instance();

  // Reads a line of exactly `count` cards into `cards`. `label` names the
  // line's owner in messages ("player 2", "the board"). False on an error,
  // which finish_with_error() then reports.
  bool read_line(int count, std::string_view label, Card* cards);

  // Reads a line of two card sets, "HAND1 ; HAND2" with `separator` a token
  // of its own: each set at least `min_cards` cards, unique within the set
  // (the two sets may share cards). `labels` name them in messages.
  bool read_two_sets(int min_cards, std::string_view separator, const std::string_view (&labels)[2],
                     CardMask (&sets)[2]);

  // Records the error found by a read in `result`, unless the instance is
  // only trailing blanks at the end of the input (the clean end).
  void finish_with_error(ChunkResult& result) const;

  // ---- Token by token, for formats whose cards are not single tokens -----
  //
  // The next token of the current line after blanks, with where it starts;
  // an empty token at the line's end (the cursor then at its '\n') or at
  // the chunk's end.
  struct Token {
    std::string_view text;
    const char* start = nullptr;
  };
  Token next_token();
  // Whether the token ends where the length limit cut the chunk and is at
  // most `longest_valid` bytes long: its text may then be the head of a
  // longer token, so it cannot be judged (the caller reports the limit with
  // fail_at_chunk_end). A longer cut token is judged: no ending makes it valid.
  bool cut_by_limit(const Token& token, std::size_t longest_valid) const;
  // Consumes the rest of the line, blanks then the '\n'. False, with the
  // error "expected the end of the line after WHAT, found 'TOKEN'" (or the
  // chunk's end errors), when anything else is there.
  bool end_line(std::string_view what);
  // The line and column of `where` on the current line.
  std::uint64_t line() const { return line_; }
  std::uint64_t column_of(const char* where) const { return static_cast<std::uint64_t>(where - line_start_) + 1; }
  // Records an error at `where` on the current line, of `kind`, about
  // `token` (the hints read those two); returns false.
  bool fail(const char* where, std::string message, InputErrorKind kind = InputErrorKind::kOther,
            std::string_view token = {});
  // The error for a line cut short where the cursor stands (its '\n' or the
  // chunk's end): "expected EXPECTED, found FOUND before the end of the
  // line/input", or the chunk's own end errors. Returns false.
  bool fail_short(std::string_view expected, int found, std::string_view label);
  // Likewise: "expected EXPECTED, found the end of the line/input".
  bool fail_missing(std::string_view expected, std::string_view label);
  // At the chunk's end inside a line: the length limit, an incomplete
  // instance (`label` names the line expected), `short_message` (when not
  // empty), or a missing newline. Returns false.
  bool fail_at_chunk_end(std::string_view label, std::string short_message);

 private:
  // The fast path: reads a line in the canonical layout (cards separated by
  // single spaces, no other blanks) that is also valid. Otherwise returns
  // false having changed nothing, and read_line() takes the general path,
  // which finds and words the error.
  bool read_canonical_line(int count, Card* cards);
  // The same for read_two_sets(): cards separated by single spaces, the
  // one-byte separator a token between them, each set valid.
  bool read_canonical_two_sets(int min_cards, char separator, CardMask (&sets)[2]);
  // How many of the `count` instances at `cards` (`per` cards each), from
  // the first, hold no card below the lowest.
  std::size_t dealt_prefix(const Card* cards, std::size_t count, std::size_t per) const {
    // The least card of the whole run first: a loop the compiler vectorizes.
    Card least = 0xFF;
    for (std::size_t k = 0; k < count * per; ++k) least = cards[k] < least ? cards[k] : least;
    if (least >= lowest_card_) return count;
    for (std::size_t i = 0; i < count; ++i) {
      Card low = cards[i * per];
      for (std::size_t k = 1; k < per; ++k) low = cards[i * per + k] < low ? cards[i * per + k] : low;
      if (low < lowest_card_) return i;
    }
    return count;
  }
  // Starts a set of cards that must be unique (an instance, an eval hand).
  void begin_card_set();
  // Judges `token` as a card of the current set: invalid or repeated cards
  // fail; otherwise the card, in `card`.
  bool read_card(const Token& token, Card& card);
  // Consumes the line's '\n' (the chunk's end errors if it is missing).
  bool finish_line(std::string_view label);
  // The error of a line cut short where the cursor stands: MESSAGE_HEAD
  // followed by "line", or by "input" (through fail_at_chunk_end) at the
  // chunk's end.
  bool fail_at_line_end(const std::string& message_head, std::string_view label);
  std::string too_long_message() const;
  // Where the chunk ends: its line, and the start of that line.
  std::uint64_t end_line() const;
  const char* end_line_start() const;
  // Line and column of the first copy of `card` in the current card set.
  void locate_first(Card card, std::uint64_t& line, std::uint64_t& column) const;

  const io::Chunk& chunk_;
  const Notation notation_;
  const simd::Alphabet& alphabet_;  // of notation_
  const DecodePath path_;
  const char* cursor_;
  const char* const end_;
  const char* line_start_;
  std::uint64_t line_;
  // The current instance: where it starts and the cards it holds so far.
  const char* instance_start_ = nullptr;
  const char* instance_line_start_ = nullptr;
  std::uint64_t instance_line_ = 0;
  // The current card set: where it starts and the cards it holds so far.
  const char* set_start_ = nullptr;
  const char* set_line_start_ = nullptr;
  std::uint64_t set_line_ = 0;
  CardMask seen_ = 0;
  InputError error_;
  // Cards below this one are invalid (refuse_cards_below()); 0: none are.
  Card lowest_card_ = 0;
  std::string_view lowest_card_rule_;
};

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_CARD_LINE_READER_H_
