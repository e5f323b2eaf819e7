#include "explain_line.h"

#include <array>
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

// The longest WHO the formats pass ("Player", "Hand").
constexpr std::size_t kWhoBytes = 16;
// Room for the longest line after WHO: " NNNNNNNNNN: ", an opening's whole
// slot, "Xx Xx Xx Xx Xx" and "]\n".
constexpr std::size_t kTailBytes = 13 + 32 + 14 + 2;

}  // namespace

void append_explain_line(AnswerBuffer& out, std::string_view who, int number, const BestFive& best,
                         Notation notation) {
  // Rendered in place from tables into room for the longest line, then cut
  // to the bytes written: the number's digits by hand, the category's text
  // and each card's two characters copied (std::to_string and per-piece
  // appends cost more than the hand). REQUIRES: who.size() <= kWhoBytes.
  const std::size_t start = out.size();
  char* const line = out.extend(kWhoBytes + kTailBytes);
  std::size_t size = 0;
  for (const char c : who) line[size++] = c;
  line[size++] = ' ';
  char digits[10];
  std::size_t count = 0;
  auto value = static_cast<unsigned>(number);
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (count != 0) line[size++] = digits[--count];
  line[size++] = ':';
  line[size++] = ' ';
  const Opening& opening = kCategoryOpenings[static_cast<std::size_t>(best.value.category())];
  std::memcpy(line + size, opening.bytes.data(), opening.bytes.size());
  size += opening.size;
  for (std::size_t i = 0; i < best.cards.size(); ++i) {
    const auto chars = card_chars(best.cards[i], notation);
    line[size++] = chars[0];
    line[size++] = chars[1];
    line[size++] = i + 1 == best.cards.size() ? ']' : ' ';
  }
  line[size++] = '\n';
  out.truncate(start + size);
}

}  // namespace poker
