#include "poker/range.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "equity/range_order_generated.h"
#include "poker/escape.h"
#include "poker/number_text.h"

// The parser reads each comma-separated part in three steps: the hand before
// ':' becomes a list of combos, the weight after ':' a number, and only then
// are the combos given that weight in a table of all 52 x 52 card pairs. The
// table is what makes "the last weight wins" and "no combo twice" hold by
// construction, and reading it out in index order gives the sorted result.
//
// A parse error is thrown as a ParseFailure from wherever it is found and
// caught in parse_range, the module's only catch: it keeps the many small
// checks below to one line each, and no exception leaves the module.

namespace poker {
namespace {

struct ParseFailure {
  RangeError error;
};

// A piece of the range text and where it starts in it, so that an error can
// point at the piece.
struct Piece {
  std::string_view text;
  std::size_t offset = 0;

  Piece sub(std::size_t from, std::size_t count = std::string_view::npos) const {
    return {text.substr(from, count), offset + from};
  }
};

[[noreturn]] void fail(std::size_t offset, std::string message) {
  throw ParseFailure{RangeError{offset, std::move(message)}};
}

// The card alphabet is cards.h's, so a range and a card line agree on what a
// rank or a suit is.
const detail::CardAlphabet& holdem_alphabet() { return detail::kAlphabets[static_cast<int>(Notation::kHoldem)]; }

// Case never matters in a range: the rank letters (T J Q K A) and the suit
// letters (c d h s) are disjoint in either case, and so are the suffixes
// 's'/'o' from the ranks, so "ahkh", "AKS" and "AhKh" each read one way.
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// The rank written as `c`, or -1.
int rank_from_char(char c) {
  const std::uint8_t rank = holdem_alphabet().rank[static_cast<unsigned char>(upper(c))];
  return rank == 0xFF ? -1 : rank;
}

bool is_suit_char(char c) { return holdem_alphabet().suit[static_cast<unsigned char>(lower(c))] != 0xFF; }

bool equals_ignoring_case(std::string_view text, std::string_view lower_case) {
  return text.size() == lower_case.size() &&
         std::equal(text.begin(), text.end(), lower_case.begin(), [](char a, char b) { return lower(a) == b; });
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

constexpr int kAllCombos = kCardCount * (kCardCount - 1) / 2;

// The combos of a class named as in the preflop order: "AA" 6, "AKs" 4, "AKo" 12.
int class_combo_count(std::string_view name) {
  if (name.size() == 2) return 6;
  return name[2] == 's' ? 4 : 12;
}

enum class Suitedness { kAny, kSuited, kOffsuit };

// A hand class such as QQ, AKs or A5: a pair when high == low, otherwise
// high > low (ranks 0..12).
struct HandClass {
  int high = 0;
  int low = 0;
  Suitedness suitedness = Suitedness::kAny;

  bool is_pair() const { return high == low; }
};

// Two cards with high > low, as in WeightedCombo.
struct Combo {
  Card high;
  Card low;
};

// What the hand of a part names: a class, or one specific combo ("AhKh").
using Hand = std::variant<HandClass, Combo>;

bool matches(Suitedness suitedness, bool suited) {
  switch (suitedness) {
    case Suitedness::kSuited: return suited;
    case Suitedness::kOffsuit: return !suited;
    case Suitedness::kAny: return true;
  }
  return false;
}

void append_combos(const HandClass& hand, std::vector<Combo>& out) {
  for (int high_suit = 0; high_suit < kSuitCount; ++high_suit) {
    for (int low_suit = 0; low_suit < kSuitCount; ++low_suit) {
      // A pair's two cards differ in suit, and each pair of suits counts once.
      const bool wanted = hand.is_pair() ? high_suit > low_suit : matches(hand.suitedness, high_suit == low_suit);
      if (wanted) out.push_back({make_card(hand.high, high_suit), make_card(hand.low, low_suit)});
    }
  }
}

// The classes from `first` to `last` inclusive, in either order, which the
// callers have made compatible: the pairs between the two ranks, or the
// non-pairs of first's top rank and suitedness with kickers between the two.
std::vector<Combo> expand_run(const HandClass& first, const HandClass& last) {
  std::vector<Combo> combos;
  const auto [from, to] = std::minmax(first.low, last.low);
  for (int rank = from; rank <= to; ++rank) {
    const int high = first.is_pair() ? rank : first.high;
    append_combos({high, rank, first.suitedness}, combos);
  }
  return combos;
}

std::vector<Combo> all_combos() {
  std::vector<Combo> combos;
  combos.reserve(kAllCombos);
  for (int high = 1; high < kCardCount; ++high) {
    for (int low = 0; low < high; ++low) combos.push_back({static_cast<Card>(high), static_cast<Card>(low)});
  }
  return combos;
}

// "AhKh" (either order): `body` is a rank and a suit followed, it is hoped,
// by one more card.
Combo parse_specific(Piece body, Piece context) {
  if (body.text.size() != 4) {
    fail(body.offset, "expected two cards such as 'AhKh' in " + quote_token(context.text));
  }
  const Card first = *parse_card_any_case(body.text.substr(0, 2));
  const std::optional<Card> second = parse_card_any_case(body.text.substr(2, 2));
  if (!second) {
    fail(body.offset + 2, "invalid card " + quote_token(body.text.substr(2, 2)) + " in " + quote_token(context.text) +
                              ": expected " + card_syntax(Notation::kHoldem));
  }
  if (*second == first) fail(body.offset, "the two cards of " + quote_token(context.text) + " are the same");
  return first > *second ? Combo{first, *second} : Combo{*second, first};
}

Suitedness parse_suitedness(Piece body, Piece context) {
  if (body.text.size() < 3) return Suitedness::kAny;
  switch (lower(body.text[2])) {
    case 's': return Suitedness::kSuited;
    case 'o': return Suitedness::kOffsuit;
    default:
      fail(body.offset, "expected 's', 'o' or nothing after " + quote_token(body.text.substr(0, 2)) + " in " +
                            quote_token(context.text));
  }
}

// A hand with nothing around it: "QQ", "AKs", "AKo", "AK" or "AhKh".
// `context` is the whole hand part, quoted in the messages.
Hand parse_hand(Piece body, Piece context) {
  const std::string_view text = body.text;
  if (text.empty()) fail(body.offset, "missing hand in " + quote_token(context.text));
  const int first = rank_from_char(text[0]);
  if (first < 0) {
    fail(body.offset, "unknown hand " + quote_token(context.text) + ": expected " + rank_syntax(Notation::kHoldem) +
                          ", 'random' or a percentage such as '10%'");
  }
  if (text.size() >= 2 && is_suit_char(text[1])) return parse_specific(body, context);
  const int second = text.size() >= 2 ? rank_from_char(text[1]) : -1;
  if (second < 0) {
    fail(body.offset, "expected a rank after " + quote_token(text.substr(0, 1)) + " in " + quote_token(context.text));
  }
  const Suitedness suitedness = parse_suitedness(body, context);
  if (text.size() > 3) {
    fail(body.offset, "unexpected " + quote_token(text.substr(3)) + " after " + quote_token(text.substr(0, 3)) +
                          " in " + quote_token(context.text));
  }
  if (first == second && suitedness != Suitedness::kAny) {
    fail(body.offset,
         "a pair is neither suited nor offsuit: " + quote_token(text) + " should be " + quote_token(text.substr(0, 2)));
  }
  if (first < second) {
    const std::string swapped = {text[1], text[0]};
    fail(body.offset, "the higher rank comes first: " + quote_token(text) + " should be " +
                          quote_token(swapped + std::string(text.substr(2))));
  }
  return HandClass{first, second, suitedness};
}

HandClass require_class(const Hand& hand, Piece context, std::string_view notation) {
  if (const auto* hand_class = std::get_if<HandClass>(&hand)) return *hand_class;
  fail(context.offset, std::string(notation) +
                           " takes hand classes such as 'QQ' or 'AKs', not two cards: " + quote_token(context.text));
}

// "T9s-65s", "J9-64": non-pairs of one gap between their ranks and one
// suitedness, the first rank running from one end to the other.
std::vector<Combo> expand_connectors(const HandClass& first, const HandClass& last) {
  std::vector<Combo> combos;
  const auto [from, to] = std::minmax(first.high, last.high);
  const int gap = first.high - first.low;
  for (int high = from; high <= to; ++high) append_combos({high, high - gap, first.suitedness}, combos);
  return combos;
}

// "22-55", "A5s-A2s", "T9s-65s": both ends pairs, or both non-pairs of one
// suitedness with the same first rank (the kicker runs) or the same gap (the
// connectors run).
std::vector<Combo> parse_dash(Piece item, std::size_t dash) {
  const HandClass first = require_class(parse_hand(item.sub(0, dash), item), item, "'-'");
  const HandClass last = require_class(parse_hand(item.sub(dash + 1), item), item, "'-'");
  const std::string quoted = quote_token(item.text);
  if (first.is_pair() != last.is_pair()) {
    fail(item.offset, "the ends of " + quoted + " are not both pairs or both non-pairs");
  }
  if (first.suitedness != last.suitedness) {
    fail(item.offset, "the ends of " + quoted + " must be both suited, both offsuit or both neither");
  }
  if (first.is_pair() || first.high == last.high) return expand_run(first, last);
  if (first.high - first.low == last.high - last.low) return expand_connectors(first, last);
  fail(item.offset, "the ends of " + quoted +
                        " must have the same first rank (A5s-A2s) or the same gap between their ranks (T9s-65s)");
}

const std::array<std::string_view, 169>& classes_of(PercentOrder order) {
  return order == PercentOrder::kEquity ? detail::kEquityOrder : detail::kPokerStoveOrder;
}

// "10%": the best classes of the order (range_order_generated.h), in order,
// as many as fit in that share of all 1326 combos, as PokerStove counts
// ("10.3%" is 136 combos, 10.26%, not the 148 of the next class); a share
// smaller than the first class still names it, so that "0.1%" is AA.
std::size_t classes_in_top(double percent, PercentOrder order) {
  const std::array<std::string_view, 169>& classes = classes_of(order);
  const double wanted = percent / 100 * static_cast<double>(kAllCombos);
  std::size_t taken = 0;
  int combos = 0;
  // A small tolerance, so that a share written from a combo count
  // ("4.524887%" for 60 combos) is not cut to the class before by rounding.
  while (taken < classes.size() &&
         (combos + class_combo_count(classes[taken]) < wanted + 1e-6 || (taken == 0 && percent > 0))) {
    combos += class_combo_count(classes[taken]);
    ++taken;
  }
  return taken;
}

double parse_percent(Piece text, Piece item, bool lower_end) {
  const std::string where =
      quote_token(text.text) + (text.text.size() == item.text.size() ? "" : " in " + quote_token(item.text));
  constexpr std::string_view kExpected = "a share of all hands such as '10%' or '2.5%', from 0 (excluded) to 100%";
  const bool percent = text.text.ends_with('%');
  const std::string_view number = text.text.substr(0, text.text.size() - (percent ? 1 : 0));
  if (percent && number.starts_with('-') && parse_decimal(number.substr(1))) {
    fail(text.offset, "percentage " + where + " is negative: expected " + std::string(kExpected));
  }
  const std::optional<double> value = percent ? parse_decimal(number) : std::nullopt;
  if (!value) fail(text.offset, "invalid percentage " + where + ": expected " + std::string(kExpected));
  if (*value > 100 || (*value == 0 && !lower_end)) {
    fail(text.offset, "percentage " + where + " is out of range: expected " + std::string(kExpected));
  }
  return *value;
}

// "10%" or "5%-15%": the classes of the top 15% not in the top 5%. Only a
// dash after a '%' joins two percentages; one that starts the item or
// follows that one is a sign ("-5%", "5%--3%"), which parse_percent
// reports, and any other is inside what is then one bad percentage
// ("1e-300%", "5-15%"), quoted whole.
std::vector<Combo> parse_percentage(Piece item, PercentOrder order) {
  const std::size_t percent_dash = item.text.find("%-");
  const std::size_t dash = percent_dash == std::string_view::npos ? percent_dash : percent_dash + 1;
  std::size_t first = 0;
  std::size_t last = 0;
  if (dash == std::string_view::npos) {
    last = classes_in_top(parse_percent(item, item, false), order);
  } else {
    const double from = parse_percent(item.sub(0, dash), item, true);
    const double to = parse_percent(item.sub(dash + 1), item, true);
    first = classes_in_top(std::min(from, to), order);
    last = classes_in_top(std::max(from, to), order);
  }
  if (first == last) fail(item.offset, "the percentages of " + quote_token(item.text) + " name no hand");
  std::vector<Combo> combos;
  for (std::size_t i = first; i < last; ++i) {
    const std::string_view name = classes_of(order)[i];
    append_combos(std::get<HandClass>(parse_hand(Piece{name, 0}, Piece{name, 0})), combos);
  }
  return combos;
}

// "QQ+" up to AA; "A9s+" raises the kicker up to one below the top rank.
std::vector<Combo> expand_plus(const HandClass& hand) {
  const int top = kRankCount - 1;
  const HandClass last = hand.is_pair() ? HandClass{top, top} : HandClass{hand.high, hand.high - 1, hand.suitedness};
  return expand_run(hand, last);
}

// The combos named by the hand of one part (the text before any ':').
std::vector<Combo> parse_item(Piece item, PercentOrder order) {
  if (equals_ignoring_case(item.text, "random")) return all_combos();
  if (item.text.find('%') != std::string_view::npos) return parse_percentage(item, order);
  if (const std::size_t dash = item.text.find('-'); dash != std::string_view::npos) return parse_dash(item, dash);
  const bool plus = item.text.ends_with('+');
  const Hand hand = parse_hand(item.sub(0, item.text.size() - (plus ? 1 : 0)), item);
  if (plus) return expand_plus(require_class(hand, item, "'+'"));
  if (const auto* combo = std::get_if<Combo>(&hand)) return {*combo};
  std::vector<Combo> combos;
  append_combos(std::get<HandClass>(hand), combos);
  return combos;
}

double parse_weight(Piece weight, Piece part) {
  const std::string context = quote_token(part.text);
  if (weight.text.empty()) fail(weight.offset, "missing weight after ':' in " + context);
  const std::optional<double> value = parse_decimal(weight.text);
  if (!value) {
    fail(weight.offset, "invalid weight " + quote_token(weight.text) + " in " + context +
                            ": expected a decimal in (0, 1] such as 0.25");
  }
  if (!(*value > 0 && *value <= 1)) {
    fail(weight.offset, "weight " + quote_token(weight.text) + " in " + context + " is not in (0, 1]");
  }
  return *value;
}

// The weight of every two-card combo, 0 for those not in the range.
class ComboWeights {
 public:
  void assign(const std::vector<Combo>& combos, double weight) {
    for (const Combo& combo : combos) weights_[index(combo.high, combo.low)] = weight;
  }

  Range to_range() const {
    Range range;
    for (int high = kCardCount - 1; high > 0; --high) {
      for (int low = high - 1; low >= 0; --low) {
        const double weight = weights_[index(high, low)];
        if (weight > 0) range.combos.push_back({static_cast<Card>(high), static_cast<Card>(low), weight});
      }
    }
    return range;
  }

 private:
  static std::size_t index(int high, int low) { return static_cast<std::size_t>(high * kCardCount + low); }

  std::vector<double> weights_ = std::vector<double>(kCardCount * kCardCount, 0.0);
};

void check_no_space(Piece part) {
  for (std::size_t i = 0; i < part.text.size(); ++i) {
    if (is_space(part.text[i])) {
      fail(part.offset + i, "unexpected space in " + quote_token(part.text) +
                                ": blanks may stand only next to the commas between parts");
    }
  }
}

// An Equilab weight group: "[50]KK,QQ[/50]" gives the parts from "[N]" to
// "[/N]" the weight N percent, as "KK:0.5,QQ:0.5" does.
struct Bracket {
  Piece tag;      // "[50]"
  double weight;  // 0.5
};

constexpr std::string_view kBracketWeight = "a percentage in (0, 100] such as '[50]'";

// The weight of a bracket's "[N]" or "[/N]" tag, N read from `number`.
double bracket_weight(Piece number, Piece tag) {
  const std::optional<double> value = parse_decimal(number.text);
  if (!value) {
    fail(tag.offset, "invalid bracket weight " + quote_token(tag.text) + ": expected " + std::string(kBracketWeight));
  }
  if (!(*value > 0 && *value <= 100)) {
    fail(tag.offset, "bracket weight " + quote_token(tag.text) + " is not in (0, 100]");
  }
  return *value / 100;
}

// Takes an opening "[N]" off the front of `part`, if it has one.
void open_bracket(Piece& part, std::optional<Bracket>& open) {
  if (!part.text.starts_with('[') || part.text.starts_with("[/")) return;
  const std::size_t end = part.text.find(']');
  if (end == std::string_view::npos) {
    fail(part.offset, "unclosed '[' in " + quote_token(part.text) + ": expected " + std::string(kBracketWeight));
  }
  const Piece tag = part.sub(0, end + 1);
  if (open) {
    fail(tag.offset, "bracket " + quote_token(tag.text) + " inside " + quote_token(open->tag.text) +
                         ": close it with '[/" + std::string(open->tag.text.substr(1)) +
                         "' first (brackets do not nest)");
  }
  open = Bracket{tag, bracket_weight(tag.sub(1, end - 1), tag)};
  part = part.sub(end + 1);
}

// Takes a closing "[/N]" off the end of `part`, if it has one; whether it did.
bool close_bracket(Piece& part, const std::optional<Bracket>& open) {
  const std::size_t start = part.text.find("[/");
  if (start == std::string_view::npos) return false;
  const Piece tag = part.sub(start);
  if (!tag.text.ends_with(']') || tag.text.find(']') != tag.text.size() - 1) {
    fail(tag.offset, "unclosed " + quote_token(tag.text) + ": expected a closing tag such as '[/50]' at the end of " +
                         quote_token(part.text));
  }
  if (!open) fail(tag.offset, quote_token(tag.text) + " closes no bracket: open one with '[N]' before its parts");
  if (bracket_weight(tag.sub(2, tag.text.size() - 3), tag) != open->weight) {
    fail(tag.offset, quote_token(tag.text) + " does not close " + quote_token(open->tag.text) + ": expected '[/" +
                         std::string(open->tag.text.substr(1)) + "'");
  }
  part = part.sub(0, start);
  return true;
}

void add_part(Piece part, std::string_view text, PercentOrder order, const std::optional<Bracket>& bracket,
              ComboWeights& weights) {
  if (part.text.empty()) {
    fail(part.offset, "empty part in " + quote_token(text) + ": a comma at either end or two commas in a row");
  }
  check_no_space(part);
  const std::size_t colon = part.text.find(':');
  const Piece item = part.sub(0, colon);
  if (item.text.empty()) fail(part.offset, "expected a hand before ':' in " + quote_token(part.text));
  if (bracket && colon != std::string_view::npos) {
    fail(part.offset + colon, "a weight after ':' in " + quote_token(part.text) + " inside bracket " +
                                  quote_token(bracket->tag.text) + ": give the part one weight or the other");
  }
  const std::vector<Combo> combos = parse_item(item, order);
  double weight = colon == std::string_view::npos ? 1.0 : parse_weight(part.sub(colon + 1), part);
  if (bracket) weight = bracket->weight;
  weights.assign(combos, weight);
}

}  // namespace

std::variant<Range, RangeError> parse_range(std::string_view text, PercentOrder order) {
  try {
    if (text.empty()) fail(0, "empty range: expected hands such as 'QQ+,AKs'");
    ComboWeights weights;
    std::optional<Bracket> bracket;  // the Equilab weight group the parts are in
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = text.find(',', start);
      std::size_t end = comma == std::string_view::npos ? text.size() : comma;
      // Blanks next to a comma separate parts as PokerStove and Equilab
      // write them ("QQ+, AKs"); anywhere else a blank is an error.
      if (start > 0) {
        while (start < end && is_space(text[start])) ++start;
      }
      if (comma != std::string_view::npos) {
        while (end > start && is_space(text[end - 1])) --end;
      }
      Piece part{text.substr(start, end - start), start};
      open_bracket(part, bracket);
      const bool closes = close_bracket(part, bracket);
      add_part(part, text, order, bracket, weights);
      if (closes) bracket.reset();
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (bracket) {
      fail(bracket->tag.offset, "unclosed bracket " + quote_token(bracket->tag.text) + ": expected '[/" +
                                    std::string(bracket->tag.text.substr(1)) + "' after its last part");
    }
    return weights.to_range();
  } catch (const ParseFailure& failure) {
    return failure.error;
  }
}

std::string normalized_range_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view part = text.substr(start, comma == std::string_view::npos ? comma : comma - start);
    const std::size_t colon = part.find(':');
    const std::string_view hand = part.substr(0, colon);
    std::string written;
    for (const char c : hand) {
      if (!is_space(c)) written += rank_from_char(c) >= 0 ? upper(c) : lower(c);
    }
    // "random" is the one word whose letters are not ranks and suits.
    if (equals_ignoring_case(written, "random")) written = "random";
    out += written;
    if (colon != std::string_view::npos) out += part.substr(colon);
    if (comma == std::string_view::npos) break;
    out += ',';
    start = comma + 1;
  }
  return out;
}

}  // namespace poker

namespace poker {

std::optional<Card> parse_card_any_case(std::string_view token) {
  if (token.size() != 2) return std::nullopt;
  const char text[2] = {upper(token[0]), lower(token[1])};
  return parse_card(std::string_view(text, 2), Notation::kHoldem);
}

}  // namespace poker
