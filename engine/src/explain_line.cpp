#include "explain_line.h"

namespace poker {

void append_explain_line(std::string& out, std::string_view who, int number, const BestFive& best,
                         Notation notation) {
  out += who;
  out += ' ';
  out += std::to_string(number);
  out += ": ";
  out += category_name(best.value.category());
  out += " [";
  for (std::size_t i = 0; i < best.cards.size(); ++i) {
    if (i != 0) out += ' ';
    append_card(out, best.cards[i], notation);
  }
  out += "]\n";
}

}  // namespace poker
