// `poker generate`: seeded random instances of every format the judge reads,
// for graders (a term's instances) and for benchmarks and large tests.
//
// The output is a pure function of the options (seed included): the same
// bytes on every run and platform. Hold'em without a fault in the instance
// and without --ties is the fast path (a partial Fisher-Yates shuffle of one
// deck, cards copied as "Rs " triples), so that generating a large file
// costs less than judging it.
//
// --ties asks for a share of draws: each instance is drawn to be a draw with
// that probability, and then dealt until it is one (or built to be one), the
// others dealt until they are not; so the measured share is binomial around
// the one asked for, whatever the format or player count. In Omaha a draw
// is one of the HIGH verdict (what `poker omaha` answers, and the first half
// of a `--hilo` answer): the instances do not depend on --hilo, which the
// judge alone takes.
//
// Omaha deals `hole` cards (4, 5 or 6) to each player, short deck deals
// hold'em's layout from the 36 cards ranked 6 to ace.
//
// A planted fault (error_at, error_kind) changes instance error_at so that
// the judge reports exactly that fault there; planned_fault_line() says at
// which input line.
//
// Thread safety: a Generator is used by one thread at a time.
#ifndef POKER_GENERATE_H_
#define POKER_GENERATE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "poker/random.h"

namespace poker {

enum class GenerateFormat { kHoldem, kEuler, kEval, kDraw, kEquity, kOmaha, kShortDeck };

enum class FaultKind {
  kNone,
  kInvalidCard,          // the instance's first token is not a card
  kDuplicateCard,        // a card given twice in the instance
  kMissingCard,          // the first line lacks a card
  kExtraCard,            // the first line has a card too many
  kBlankLine,            // an empty line before the instance
  kCrlfLine,             // a line holding only "\r" before the instance
  kMissingFinalNewline,  // the instance ends the output, without its last newline
  kTruncated,            // the output ends inside the instance
  kLowCard,              // short deck: the instance's first token is a card ranked 2 to 5
};

// The names --error-kind takes, in FaultKind order from kInvalidCard.
inline constexpr std::array<std::string_view, 9> kFaultNames = {"invalid-card",    "duplicate",  "missing-card",
                                                                "extra-card",      "blank-line", "crlf-line",
                                                                "missing-newline", "truncated",  "low-card"};
std::optional<FaultKind> parse_fault_kind(std::string_view name);

struct GenerateOptions {
  GenerateFormat format = GenerateFormat::kHoldem;
  int players = 2;   // hold'em: 2..23; omaha: 2..(52 - 5) / hole; short deck: 2..15
  int hole = 4;      // omaha: hole cards per player, 4, 5 or 6
  int min_hand = 5;  // eval: each hand holds min_hand..max_hand cards (5..52)
  int max_hand = 7;
  std::uint64_t seed = 1;
  // The share of draws asked for (hold'em, euler, eval, omaha's high verdict,
  // short deck); none: as dealt.
  std::optional<double> ties;
  std::uint64_t error_at = 0;  // 1-based instance that gets the fault; 0: none
  FaultKind error_kind = FaultKind::kInvalidCard;
};

// Why the options cannot be generated (a usage error), or nothing.
std::optional<std::string> check_generate_options(const GenerateOptions& options);

// Input lines per instance of the format.
std::uint64_t generate_lines_per_instance(const GenerateOptions& options);

// The 1-based input line where the judge reports the planted fault.
// REQUIRES: options.error_at > 0.
std::uint64_t planned_fault_line(const GenerateOptions& options);

class Generator {
 public:
  // The most bytes one instance takes, a planted fault included.
  static constexpr std::size_t kMaxInstanceBytes = 1024;

  // REQUIRES: check_generate_options(options) is empty.
  explicit Generator(const GenerateOptions& options);

  // Writes instance `number` (1-based, called in order 1, 2, ...) at `out`,
  // which has room for kMaxInstanceBytes; returns its end.
  char* write(std::uint64_t number, char* out);

  // Whether the output must end after instance `number` (its fault is a
  // missing final newline or a cut).
  bool ends_after(std::uint64_t number) const;

 private:
  using Lines = std::vector<std::vector<std::string>>;  // tokens per line

  char* write_holdem_fast(char* out);
  char* write_omaha_fast(char* out);
  void deal(int count);  // the first `count` cards of deck_ become a random deal
  // Hold'em, short deck and Omaha: deck_[0..4] is the board, then each
  // player's hole_cards() cards.
  int hole_cards() const;
  int winner() const;  // the 0-based winner of the dealt instance, or players for a draw
  void deal_holdem();
  void deal_holdem_tie();
  void build_omaha_tie();
  void place(int slot, Card card);  // swaps `card` into deck_[slot]
  void shuffle_slots(int first, int count);
  Lines holdem_lines() const;
  Lines euler_lines();
  Lines eval_lines();
  Lines draw_lines();
  Lines equity_lines();
  Lines instance_lines();
  void plant(Lines& lines, std::vector<std::string>& extra_before, bool& cut_newline, bool& cut_after_first);
  bool wants_tie();
  Card unused_card(CardMask used);

  GenerateOptions options_;
  Random random_;
  int deck_size_ = kCardCount;                               // short deck: the 36 cards of ranks 6..A
  std::array<Card, kCardCount> deck_{};                      // deck_[0 .. deck_size_) is the deck
  std::array<std::array<char, 4>, kCardCount> card_text_{};  // "Rs  " per card, hold'em notation
};

}  // namespace poker

#endif  // POKER_GENERATE_H_
