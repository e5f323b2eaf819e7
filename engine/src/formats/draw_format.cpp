#include "poker/draw_format.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "formats/card_line_reader.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "poker/escape.h"

namespace poker {
namespace {

constexpr std::size_t kLines = draw::kDeckSize;
constexpr std::size_t kHandCards = draw::kHandSize;
constexpr std::string_view kSuits = "RSHK";  // draw::DrawCard::suit 0..3

// The suit of a one-letter token, or -1.
int parse_suit(std::string_view token) {
  if (token.size() != 1) return -1;
  const std::size_t at = kSuits.find(token[0]);
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

// The value of a token "1".."13" (no sign, no leading zero), or -1.
int parse_value(std::string_view token) {
  if (token.empty() || token.size() > 2 || token[0] == '0') return -1;
  int value = 0;
  for (const char c : token) {
    if (c < '0' || c > '9') return -1;
    value = 10 * value + (c - '0');
  }
  return value <= draw::kValueCount ? value : -1;
}

class DrawFormat final : public Format {
 public:
  explicit DrawFormat(DrawSolver solver) : solver_(solver) {
    for (std::size_t i = 0; i < kLines; ++i) {
      labels_[i] = i < kHandCards ? "card " + std::to_string(i + 1) + " of the starting hand"
                                  : "card " + std::to_string(i - kHandCards + 1) + " of the deck";
    }
  }

  std::size_t lines_per_instance() const override { return kLines; }
  std::size_t answer_lines_per_instance() const override { return 1; }

  std::optional<std::string> hint(const InputError& error, const HintContext& context) const override {
    return hints::other_format(error, context, "draw");
  }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    // The reader's notation is unused: draw cards are two tokens each.
    CardLineReader reader(chunk, Notation::kHoldem);
    draw::Deck deck{};
    for_each_instance(reader, result, [&] {
      Instance instance;
      for (std::size_t i = 0; i < kLines; ++i) {
        if (!read_card(reader, i, instance, deck[i])) return false;
      }
      const draw::RoundCounts counts = solver_(deck);
      for (std::size_t i = 0; i < counts.size(); ++i) {
        if (i != 0) result.answers += ' ';
        result.answers += std::to_string(counts[i]);
      }
      result.answers += '\n';
      return true;
    });
  }

 private:
  // Where each card of the current instance was first seen, for duplicates.
  struct Instance {
    std::uint64_t seen = 0;  // bit 13 * suit + value - 1
    std::array<std::uint64_t, kLines> line{};
    std::array<std::uint64_t, kLines> column{};
  };

  // Reads line `index` of the instance, "S V", into `card`.
  bool read_card(CardLineReader& reader, std::size_t index, Instance& instance, draw::DrawCard& card) const {
    const std::string_view label = labels_[index];
    const CardLineReader::Token suit_token = reader.next_token();
    // A token cut by the length limit is judged only if already too long.
    if (reader.cut_by_limit(suit_token, 1)) return reader.fail_at_chunk_end(label, {});
    if (suit_token.text.empty())
      return reader.fail_missing("a suit (R, S, H, K) then a value (1-13) for " + std::string(label), label);
    const int suit = parse_suit(suit_token.text);
    if (suit < 0) {
      return reader.fail(
          suit_token.start,
          "invalid suit " + quote_token(suit_token.text) + " for " + std::string(label) + ": expected R, S, H or K",
          InputErrorKind::kInvalidCard, suit_token.text);
    }
    const CardLineReader::Token value_token = reader.next_token();
    if (reader.cut_by_limit(value_token, 2)) return reader.fail_at_chunk_end(label, {});
    if (value_token.text.empty()) return reader.fail_missing("a value (1-13) for " + std::string(label), label);
    const int value = parse_value(value_token.text);
    if (value < 0) {
      return reader.fail(value_token.start,
                         "invalid value " + quote_token(value_token.text) + " for " + std::string(label) +
                             ": expected a number from 1 to 13",
                         InputErrorKind::kInvalidCard, value_token.text);
    }
    const std::size_t key = static_cast<std::size_t>(draw::kValueCount * suit + value - 1);
    if ((instance.seen >> key & 1) != 0) {
      return reader.fail(suit_token.start, "duplicate card '" + std::string(1, kSuits[static_cast<std::size_t>(suit)]) +
                                               " " + std::to_string(value) + "': already at line " +
                                               std::to_string(instance.line[key]) + ", column " +
                                               std::to_string(instance.column[key]));
    }
    instance.seen |= std::uint64_t{1} << key;
    instance.line[key] = reader.line();
    instance.column[key] = reader.column_of(suit_token.start);
    card = draw::DrawCard{static_cast<std::uint8_t>(suit), static_cast<std::uint8_t>(value)};
    return reader.end_line(label);
  }

  const DrawSolver solver_;
  std::array<std::string, kLines> labels_;  // "card 1 of the starting hand", ..., "card 47 of the deck"
};

}  // namespace

// Draw: a first line of a suit letter and a value.
std::optional<FormatGuess> sniff_draw(std::span<const std::string_view> lines) {
  const std::vector<std::string_view> first = hints::tokens_of(lines.front());
  if (first.size() != 2 || parse_suit(first[0]) < 0 || parse_value(first[1]) < 0) return std::nullopt;
  return FormatGuess{"draw"};
}

std::unique_ptr<Format> make_draw_format(DrawSolver solver) { return std::make_unique<DrawFormat>(solver); }

}  // namespace poker
