#include "formats/explain_line.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

namespace poker {
namespace {

constexpr std::size_t kCategories = 9;

// "CATEGORY [" for each category in a 32-byte slot (the longest is
// "Three of a kind [", 17 bytes): copied whole, a constant-size copy being a
// few instructions where a variable one is a call, then advanced over.
struct Opening {
  std::array<char, 32> bytes{};
  std::size_t size = 0;
};
const std::array<Opening, kCategories> kCategoryOpenings = [] {
  std::array<Opening, kCategories> openings;
  for (std::size_t category = 0; category < kCategories; ++category) {
    const std::string text = std::string(category_name(static_cast<Category>(category))) + " [";
    openings[category].size = text.copy(openings[category].bytes.data(), openings[category].bytes.size());
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

ExplainPrefix ExplainPrefix::of(std::string_view who, int number) {
  const std::string text = std::string(who) + " " + std::to_string(number) + ": ";
  ExplainPrefix prefix;
  prefix.size = text.copy(prefix.bytes.data(), kMaxSize);
  return prefix;
}

void append_explain_line(AnswerBuffer& out, const ExplainPrefix& prefix, const BestFive& best, Notation notation) {
  // Rendered in place from tables into room for the longest line, then cut
  // to the bytes written: the prefix and the category's opening are copied
  // whole from their slots, each card is one 4-byte store.
  const std::size_t start = out.size();
  char* const line = out.extend(kMaxExplainLineBytes);
  std::memcpy(line, prefix.bytes.data(), ExplainPrefix::kMaxSize);
  std::size_t size = prefix.size;
  const Opening& opening = kCategoryOpenings[static_cast<std::size_t>(best.value.category())];
  std::memcpy(line + size, opening.bytes.data(), opening.bytes.size());
  size += opening.size;
  const CardTexts& texts = kCardTexts[static_cast<std::size_t>(notation)];
  for (std::size_t i = 0; i < best.cards.size(); ++i) {
    std::memcpy(line + size + 3 * i, &texts[best.cards[i]], sizeof(std::uint32_t));
  }
  size += 3 * best.cards.size() - 1;  // over the last card's space
  line[size++] = ']';
  line[size++] = '\n';
  out.truncate(start + size);
}

void append_explain_line(AnswerBuffer& out, std::string_view who, int number, const BestFive& best, Notation notation) {
  append_explain_line(out, ExplainPrefix::of(who, number), best, notation);
}

}  // namespace poker
