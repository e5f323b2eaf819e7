#include "formats/explain_line.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

namespace poker {
namespace {

constexpr std::size_t kCategories = 9;

// "CATEGORY [" for each category (the longest is "Three of a kind [", 17
// bytes).
using Opening = SlotText<32>;
const std::array<Opening, kCategories> kCategoryOpenings = [] {
  std::array<Opening, kCategories> openings;
  for (std::size_t category = 0; category < kCategories; ++category) {
    openings[category] = Opening::of(std::string(category_name(static_cast<Category>(category))) + " [");
  }
  return openings;
}();

// Each card's text and a space, "Ah " (in 4 bytes, little-endian), per
// notation: a card is one load and one 4-byte store, the next card's store
// overwriting the fourth byte.
using CardTexts = std::array<std::uint32_t, kCardCount>;
const std::array<CardTexts, 3> kCardTexts = [] {
  std::array<CardTexts, 3> texts{};
  for (int notation = 0; notation < 3; ++notation) {
    for (int card = 0; card < kCardCount; ++card) {
      const auto chars = card_chars(static_cast<Card>(card), static_cast<Notation>(notation));
      texts[static_cast<std::size_t>(notation)][static_cast<std::size_t>(card)] =
          static_cast<std::uint32_t>(static_cast<unsigned char>(chars[0])) |
          static_cast<std::uint32_t>(static_cast<unsigned char>(chars[1])) << 8 | std::uint32_t{' '} << 16;
    }
  }
  return texts;
}();

}  // namespace

ExplainPrefix explain_prefix(std::string_view who, int number) {
  return ExplainPrefix::of(std::string(who) + " " + std::to_string(number) + ": ");
}

void append_explain_line(AnswerBuffer& out, const ExplainPrefix& prefix, const BestFive& best, Notation notation) {
  append_explain_line(out, prefix, best.value.category(), best.cards, notation);
}

void append_explain_line(AnswerBuffer& out, const ExplainPrefix& prefix, Category category,
                         const std::array<Card, 5>& cards, Notation notation) {
  // Rendered in place from tables into room for the longest line, then cut
  // to the bytes written: the prefix and the category's opening are copied
  // whole from their slots, each card is one 4-byte store.
  const std::size_t start = out.size();
  char* const line = out.extend(kMaxExplainLineBytes);
  char* next = prefix.copy_to(line);
  next = kCategoryOpenings[static_cast<std::size_t>(category)].copy_to(next);
  const CardTexts& texts = kCardTexts[static_cast<std::size_t>(notation)];
  for (std::size_t i = 0; i < cards.size(); ++i) {
    std::memcpy(next + 3 * i, &texts[cards[i]], sizeof(std::uint32_t));
  }
  next += 3 * cards.size() - 1;  // over the last card's space
  *next++ = ']';
  *next++ = '\n';
  out.truncate(start + static_cast<std::size_t>(next - line));
}

void append_explain_line(AnswerBuffer& out, std::string_view who, int number, const BestFive& best, Notation notation) {
  append_explain_line(out, explain_prefix(who, number), best, notation);
}

}  // namespace poker
