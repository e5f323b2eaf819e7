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
// the one asked for, whatever the format or player count.
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

enum class GenerateFormat { kHoldem, kEuler, kEval, kDraw, kEquity };

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
};

// The names --error-kind takes, in FaultKind order from kInvalidCard.
inline constexpr std::array<std::string_view, 8> kFaultNames = {"invalid-card",    "duplicate",  "missing-card",
                                                                "extra-card",      "blank-line", "crlf-line",
                                                                "missing-newline", "truncated"};
std::optional<FaultKind> parse_fault_kind(std::string_view name);

struct GenerateOptions {
  GenerateFormat format = GenerateFormat::kHoldem;
  int players = 2;   // hold'em: 2..23
  int min_hand = 5;  // eval: each hand holds min_hand..max_hand cards (5..52)
  int max_hand = 7;
  std::uint64_t seed = 1;
  std::optional<double> ties;  // the share of draws asked for (hold'em, euler, eval); none: as dealt
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
  void deal(int count);  // the first `count` cards of deck_ become a random deal
  void deal_holdem();
  void deal_holdem_tie();
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
  std::array<Card, kCardCount> deck_{};
  std::array<std::array<char, 4>, kCardCount> card_text_{};  // "Rs  " per card, hold'em notation
};

}  // namespace poker

#endif  // POKER_GENERATE_H_
