// libFuzzer target over the words of an equity query and the range notation:
// parse_equity_request (which parses ranges with parse_range, cards, options
// and numbers, then checks the query) and parse_range on the whole input.
// Nothing is computed: the work a valid query asks for is the user's choice
// (`--mc` of a billion deals is slow by design), and compute_equity is
// checked against a plain enumeration in tests/unit/equity_test.cpp.
//
// Checks: errors are one printable line and point inside a word or at its
// end (or after the last word, or at the whole query); a parsed query is one that
// check_equity_query accepts; a parsed range holds distinct combos, high card
// above low, sorted descending, with weights in (0, 1].
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "poker/equity_query.h"
#include "poker/range.h"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

void check_message(std::string_view message) {
  check(!message.empty());
  for (const char c : message) check(c >= 0x20 && c < 0x7F);
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t start = text.find_first_not_of(" \t\n", at);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(text.find_first_of(" \t\n", start), text.size());
    words.push_back(text.substr(start, end - start));
    at = end;
  }
  return words;
}

void check_range(std::string_view text) {
  const auto parsed = poker::parse_range(text);
  if (const auto* error = std::get_if<poker::RangeError>(&parsed)) {
    check(error->offset <= text.size());
    check_message(error->message);
    return;
  }
  const auto& combos = std::get<poker::Range>(parsed).combos;
  check(!combos.empty() && combos.size() <= 1326);
  for (std::size_t i = 0; i < combos.size(); ++i) {
    check(combos[i].high > combos[i].low && combos[i].high < poker::kCardCount);
    check(combos[i].weight > 0 && combos[i].weight <= 1);
    if (i > 0) {
      check(combos[i - 1].high > combos[i].high ||
            (combos[i - 1].high == combos[i].high && combos[i - 1].low > combos[i].low));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_range(text);
  const std::vector<std::string_view> words = split_words(text);
  const auto parsed = poker::parse_equity_request(words, poker::EquitySettings{});
  if (const auto* error = std::get_if<poker::QueryError>(&parsed)) {
    check_message(error->message);
    if (error->word != poker::QueryError::kWholeQuery) {
      check(error->word <= words.size());
      // At the end of a word when something is missing there ("AK-").
      check(error->word == words.size() ? error->offset == 0 : error->offset <= words[error->word].size());
    }
    return 0;
  }
  check(!poker::check_equity_query(std::get<poker::EquityRequest>(parsed).query).has_value());
  return 0;
}
