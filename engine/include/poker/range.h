// Hand ranges: the sets of weighted two-card holdings that `poker equity`
// takes for each player, written in the PokerStove / Equilab notation.
//
// Notation. A range is parts separated by commas, blanks allowed next to a
// comma ("QQ+, AKs", as PokerStove and Equilab write it) and nowhere else;
// each part is a hand, optionally followed by ":weight".
//
//   AhKh       a specific hand: two different cards, in either order.
//   QQ         a pair: its 6 combos.
//   AKs        suited: the 4 combos of one suit.
//   AKo        offsuit: the 12 combos of two different suits.
//   AK         suited and offsuit: all 16 combos.
//   QQ+        a pair and every higher pair: QQ, KK, AA.
//   A9s+       a non-pair and every higher kicker up to one below the first
//              rank: A9s, ATs, AJs, AQs, AKs. The first rank never changes,
//              so K9o+ = K9o, KTo, KJo, KQo and T9s+ = T9s alone.
//   22-55      pairs from one to the other, either order: 22, 33, 44, 55.
//   A5s-A2s    non-pairs with the same first rank and the same suitedness
//              ('s', 'o' or neither), kickers from one to the other, either
//              order: A5s, A4s, A3s, A2s. A2-A5 is A2..A5 suited and offsuit.
//   T9s-65s    non-pairs with the same gap between their ranks and the same
//              suitedness, first ranks from one to the other (connectors):
//              T9s, 98s, 87s, 76s, 65s; J9o-75o is J9o, T8o, 97o, 86o, 75o.
//   10%        the best starting hands of a preflop order, as many classes
//              as fit in 10% of all 1326 combos (a decimal from 0 excluded
//              to 100, e.g. 2.5%): "10.3%" is 77+,A9s+,KTs+,QTs+,AJo+,KQo,
//              136 combos, as in PokerStove. A share below the first
//              class's still names it: "0.1%" is AA.
//   5%-15%     the hands of the top 15% that are not in the top 5% (either
//              order; the lower end may be 0%).
//   random     all 1326 two-card combos ('*' is not accepted: a shell would
//              expand it).
//   JTo:0.25   any of the above with a weight: a decimal in (0, 1] written
//              as digits with at most one '.', e.g. 1, 0.5, .25, 1.0 (no
//              sign, exponent, "inf" or "nan"). Without one the weight is 1.
//
// The preflop orders of percentages (range_order_generated.h), the 169
// classes (AA, KK, ..., 32o) from best to worst:
//   - PokerStove's, the default: the order of PokerStove's and Equilab's
//     percentage ranges, so that a percentage pasted from them names the
//     same hands. It is their published list, carried over as data
//     (scripts/generate_range_order.cpp says where from).
//   - by all-in equity against a random hand, computed exactly by this
//     project's equity engine (the generator): a measure that needs no
//     assumption about opponents or positions and that anyone can
//     recompute. PokerStove's order differs from it where the equity of a
//     hand depends on the opponents' (small pairs rank lower, suited
//     connectors higher).
//
// Decisions:
//   - Case does not matter: "ahkh" is AhKh, "aks" and "AKS" are AKs,
//     "RANDOM" is random. The rank letters (T J Q K A), the suit letters
//     (c d h s) and the suffixes 's'/'o' stay distinct in either case, so no
//     text reads two ways.
//   - A hand class is written with the higher rank first: "KA" is an error
//     that names "AK", so one range has one spelling and a dash range's
//     "first rank" is never ambiguous. A specific hand's two cards may come
//     in either order ("KhAh" = "AhKh"): they are a set of two cards.
//   - A pair takes no 's' or 'o' ("AAs" is an error); '+' and '-' take hand
//     classes, not specific hands ("AhKh+" is an error).
//   - Overlapping parts are allowed. A combo named by several parts appears
//     once, with the weight of the LAST part that names it, so
//     "AK:0.5,AKs" gives AKs weight 1 and AKo weight 0.5, and
//     "random:0.1,AA" is everything at 0.1 but aces at 1.
//   - Equilab's weight groups are weights: "[50]KK,QQ[/50]" is
//     "KK:0.5,QQ:0.5". "[N]" opens a group before a part and "[/N]" after
//     a part closes it, N a percentage in (0, 100]; groups do not nest, the
//     closing N is the opening one's, and a part inside a group takes no
//     ':' weight of its own.
//   - Range::combos is sorted by (high, low) DESCENDING, card indices as in
//     poker/cards.h: AsAh (51, 50) first, 2d2c (1, 0) last. The order depends
//     only on the set of combos, never on how the text was written.
//
// Errors. parse_range reports the first problem, reading part by part from
// the left (a space first, then the hand, then the weight), as a
// RangeError whose offset is the 0-based byte offset of the first character
// of the offending piece: the part (or the end of a dash range) that is not a
// hand, the bad card of a specific hand, the weight after ':', or the stray
// space. Empty text, an empty part
// ("AK,,QQ", a leading or trailing comma), an unknown token, a bad weight, a
// pair with 's'/'o', and a dash between incompatible ends are all errors.
//
// Examples:
//   parse_range("QQ+,AKs")           18 + 4 combos.
//   parse_range("A5s-A2s,KQo:0.5")   16 combos at 1, 12 at 0.5.
//   parse_range("random,72o:0.1")    1326 combos, the 12 of 72o at 0.1.
//   parse_range("AK,,QQ")            error at offset 3 (the empty part).
//   parse_range("AX")                error at offset 0:
//                                    "expected a rank after 'A' in 'AX'".
//
// Thread safety: every function here is pure (no shared or static mutable
// state); Range and RangeError are plain values.
#ifndef POKER_RANGE_H_
#define POKER_RANGE_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "poker/cards.h"

namespace poker {

// One two-card holding of a range, and its weight in (0, 1].
struct WeightedCombo {
  Card high;  // the higher card index of the two (high > low)
  Card low;
  double weight = 1.0;
  CardMask mask() const { return mask_of(high) | mask_of(low); }
};

// A range: distinct two-card combos (no combo twice), sorted by (high, low)
// descending.
struct Range {
  std::vector<WeightedCombo> combos;
};

// Where and why a range text is invalid: `offset` is the 0-based byte offset
// in the text of the offending part (for column numbers), `message` is one
// line of printable ASCII quoting the offending part.
struct RangeError {
  std::size_t offset = 0;
  std::string message;
};

// Which preflop order a percentage takes its classes from (above).
enum class PercentOrder : unsigned char { kPokerStove, kEquity };

// Parses a range text (notation above), its percentages in `order`.
// Returns the range or the first error.
std::variant<Range, RangeError> parse_range(std::string_view text, PercentOrder order = PercentOrder::kPokerStove);

// A card as players write it: a rank then a suit, in either case ("Ah",
// "ah", "AH"). Ranges and the equity query's board and dead cards read
// cards with it; the judge's formats keep their strict notation (cards.h).
std::optional<Card> parse_card_any_case(std::string_view token);

// A valid range text spelled as the notation above writes it: ranks upper
// case, suits and the suffixes 's'/'o' lower case, "random" in lower case,
// no blanks ("ahkh, qq+" is "AhKh,QQ+"). What the range means is unchanged:
// answers echo a player's range this way.
std::string normalized_range_text(std::string_view text);

}  // namespace poker

#endif  // POKER_RANGE_H_
