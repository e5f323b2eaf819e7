#include "explain_line.h"

#include <array>
#include <cstring>

namespace poker {
namespace {

constexpr std::size_t kCategories = 9;

// "CATEGORY [" for each category: one copy where there were four appends.
const std::array<std::string, kCategories> kCategoryOpenings = [] {
  std::array<std::string, kCategories> openings;
  for (std::size_t category = 0; category < kCategories; ++category) {
    openings[category] = std::string(category_name(static_cast<Category>(category))) + " [";
  }
  return openings;
}();

// The longest line after WHO: " NNNNNNNNNN: " + "Straight flush [" + "Xx Xx Xx Xx Xx" + "]\n".
constexpr std::size_t kTailBytes = 13 + 16 + 14 + 2;

}  // namespace

void append_explain_line(std::string& out, std::string_view who, int number, const BestFive& best,
                         Notation notation) {
  // Rendered into a buffer from tables, then appended once: the number's
  // digits by hand, the category's text and each card's two characters
  // copied (std::to_string and per-piece appends cost more than the hand).
  char line[kTailBytes];
  std::size_t size = 0;
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
  const std::string& opening = kCategoryOpenings[static_cast<std::size_t>(best.value.category())];
  std::memcpy(line + size, opening.data(), opening.size());
  size += opening.size();
  for (std::size_t i = 0; i < best.cards.size(); ++i) {
    const auto chars = card_chars(best.cards[i], notation);
    line[size++] = chars[0];
    line[size++] = chars[1];
    line[size++] = i + 1 == best.cards.size() ? ']' : ' ';
  }
  line[size++] = '\n';
  out += who;
  out.append(line, size);
}

}  // namespace poker
