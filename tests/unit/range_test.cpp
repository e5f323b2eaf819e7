#include "poker/range.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace poker {
namespace {

// The test's own rank letters, so the expected sets below do not come from
// the parser's tables.
constexpr std::string_view kRanks = "23456789TJQKA";

using ComboSet = std::set<std::pair<int, int>>;  // (high card, low card)

Range parse_ok(std::string_view text) {
  auto result = parse_range(text);
  if (const auto* error = std::get_if<RangeError>(&result)) {
    ADD_FAILURE() << "'" << text << "' failed at " << error->offset << ": " << error->message;
    return {};
  }
  return std::get<Range>(std::move(result));
}

RangeError parse_error(std::string_view text) {
  auto result = parse_range(text);
  if (const auto* error = std::get_if<RangeError>(&result)) return *error;
  ADD_FAILURE() << "'" << text << "' parsed, expected an error";
  return {std::string::npos, ""};
}

ComboSet combo_set(const Range& range) {
  ComboSet set;
  for (const WeightedCombo& combo : range.combos) set.insert({combo.high, combo.low});
  return set;
}

Card card(std::string_view name) { return *parse_card(name, Notation::kHoldem); }

// The weight of the combo "AhKh" (either order) in `range`, or -1 if absent.
double weight_of(const Range& range, std::string_view hand) {
  const CardMask mask = mask_of(card(hand.substr(0, 2))) | mask_of(card(hand.substr(2, 2)));
  for (const WeightedCombo& combo : range.combos) {
    if (combo.mask() == mask) return combo.weight;
  }
  return -1;
}

// The combos among all 1326 whose (higher rank, lower rank, suited) satisfy
// `wanted`: the reference the parser is checked against.
ComboSet brute_force(const std::function<bool(int, int, bool)>& wanted) {
  ComboSet set;
  for (int high = 0; high < kCardCount; ++high) {
    for (int low = 0; low < high; ++low) {
      const int high_rank = high / 4;
      const int low_rank = low / 4;
      if (wanted(high_rank, low_rank, high % 4 == low % 4)) set.insert({high, low});
    }
  }
  return set;
}

bool suitedness_fits(std::string_view suffix, bool suited) { return suffix.empty() || (suffix == "s") == suited; }

std::string class_text(int high_rank, int low_rank, std::string_view suffix) {
  return std::string{kRanks[high_rank], kRanks[low_rank]} + std::string(suffix);
}

TEST(Range, CombosPerNotation) {
  const std::pair<const char*, std::size_t> cases[] = {
      {"QQ", 6},       {"QQ+", 18},      {"22+", 78},       {"AKs", 4},      {"AKo", 12},
      {"AK", 16},      {"A5s-A2s", 16},  {"A2s-A5s", 16},   {"A2-A5", 64},   {"22-55", 24},
      {"55-22", 24},   {"random", 1326}, {"T9s+", 4},       {"A9s+", 20},    {"K9o+", 48},
      {"AK+", 16},     {"32+", 16},      {"K9o-KTo", 24},   {"AhKh", 1},     {"KhAh", 1},
      {"QQ+,AKs", 22}, {"AA,AA", 6},     {"QQ+,KK-22", 78}, {"AKs,AhKh", 4}, {"random,AA", 1326},
  };
  for (const auto& [text, count] : cases) EXPECT_EQ(parse_ok(text).combos.size(), count) << text;
}

TEST(Range, EveryClassMatchesBruteForce) {
  for (int high = 0; high < kRankCount; ++high) {
    for (int low = 0; low <= high; ++low) {
      for (const std::string_view suffix : {"", "s", "o"}) {
        if (high == low && !suffix.empty()) continue;
        const std::string text = class_text(high, low, suffix);
        const ComboSet expected = brute_force(
            [&](int h, int l, bool suited) { return h == high && l == low && suitedness_fits(suffix, suited); });
        EXPECT_EQ(combo_set(parse_ok(text)), expected) << text;
      }
    }
  }
}

TEST(Range, EveryPlusMatchesBruteForce) {
  for (int high = 0; high < kRankCount; ++high) {
    for (int low = 0; low <= high; ++low) {
      for (const std::string_view suffix : {"", "s", "o"}) {
        if (high == low && !suffix.empty()) continue;
        const std::string text = class_text(high, low, suffix) + "+";
        // Pairs climb to AA; non-pairs keep the top rank and climb the kicker.
        const ComboSet expected = brute_force([&](int h, int l, bool suited) {
          if (high == low) return h == l && h >= high;
          return h == high && l >= low && l < high && suitedness_fits(suffix, suited);
        });
        EXPECT_EQ(combo_set(parse_ok(text)), expected) << text;
      }
    }
  }
}

TEST(Range, EveryPairDashMatchesBruteForce) {
  for (int first = 0; first < kRankCount; ++first) {
    for (int last = 0; last < kRankCount; ++last) {
      const std::string text = class_text(first, first, "") + "-" + class_text(last, last, "");
      const ComboSet expected = brute_force(
          [&](int h, int l, bool) { return h == l && h >= std::min(first, last) && h <= std::max(first, last); });
      EXPECT_EQ(combo_set(parse_ok(text)), expected) << text;
    }
  }
}

TEST(Range, EveryKickerDashMatchesBruteForce) {
  for (int high = 1; high < kRankCount; ++high) {
    for (int first = 0; first < high; ++first) {
      for (int last = 0; last < high; ++last) {
        for (const std::string_view suffix : {"", "s", "o"}) {
          const std::string text = class_text(high, first, suffix) + "-" + class_text(high, last, suffix);
          const ComboSet expected = brute_force([&](int h, int l, bool suited) {
            return h == high && l >= std::min(first, last) && l <= std::max(first, last) &&
                   suitedness_fits(suffix, suited);
          });
          EXPECT_EQ(combo_set(parse_ok(text)), expected) << text;
        }
      }
    }
  }
}

TEST(Range, EveryConnectorDashMatchesBruteForce) {
  for (int gap = 1; gap < kRankCount; ++gap) {
    for (int first = gap; first < kRankCount; ++first) {
      for (int last = gap; last < kRankCount; ++last) {
        if (first == last) continue;  // one class: a kicker run of one
        for (const std::string_view suffix : {"", "s", "o"}) {
          const std::string text = class_text(first, first - gap, suffix) + "-" + class_text(last, last - gap, suffix);
          const ComboSet expected = brute_force([&](int h, int l, bool suited) {
            return h - l == gap && h >= std::min(first, last) && h <= std::max(first, last) &&
                   suitedness_fits(suffix, suited);
          });
          EXPECT_EQ(combo_set(parse_ok(text)), expected) << text;
        }
      }
    }
  }
  EXPECT_EQ(combo_set(parse_ok("T9s-65s")), combo_set(parse_ok("T9s,98s,87s,76s,65s")));
  EXPECT_EQ(combo_set(parse_ok("J9o-75o")), combo_set(parse_ok("J9o,T8o,97o,86o,75o")));
}

// PokerStove and Equilab write "QQ+, AKs": blanks next to a comma separate
// the parts as the comma does.
TEST(Range, BlanksNextToCommasSeparateParts) {
  const ComboSet expected = combo_set(parse_ok("QQ+,AKs,T9s-65s:0.5"));
  for (const char* text :
       {"QQ+, AKs, T9s-65s:0.5", "QQ+ ,AKs,T9s-65s:0.5", "QQ+ , AKs,\tT9s-65s:0.5", "QQ+,   AKs,T9s-65s:0.5"}) {
    EXPECT_EQ(combo_set(parse_ok(text)), expected) << text;
  }
  EXPECT_EQ(weight_of(parse_ok("QQ+, T9s-65s:0.5"), "9h8h"), 0.5);
  EXPECT_EQ(parse_error("QQ+, XX").offset, 5u);  // the offset of the part, past the blank
}

TEST(Range, CaseDoesNotMatter) {
  const std::pair<const char*, const char*> cases[] = {
      {"ahkh", "AhKh"},     {"AHKH", "AhKh"},       {"aks", "AKs"},         {"AKS", "AKs"},
      {"ako", "AKo"},       {"qq+", "QQ+"},         {"t9s-65s", "T9s-65s"}, {"RANDOM", "random"},
      {"Random", "random"}, {"a5s-a2s", "A5s-A2s"}, {"jto:0.5", "JTo:0.5"},
  };
  for (const auto& [text, canonical] : cases) {
    EXPECT_EQ(combo_set(parse_ok(text)), combo_set(parse_ok(canonical))) << text;
  }
}

// A percentage takes whole classes of the order as long as they fit in the
// share, as PokerStove does; a share below AA's still names AA.
TEST(Range, PercentagesTakeTheBestClassesThatFitInTheShare) {
  EXPECT_EQ(combo_set(parse_ok("0.1%")), combo_set(parse_ok("AA")));      // 1.3 combos: the first class still
  EXPECT_EQ(combo_set(parse_ok("0.5%")), combo_set(parse_ok("AA")));      // 6.6: KK would make 12
  EXPECT_EQ(combo_set(parse_ok("0.91%")), combo_set(parse_ok("AA,KK")));  // 12.07
  EXPECT_EQ(parse_ok("100%").combos.size(), 1326u);
  EXPECT_EQ(combo_set(parse_ok("100%")), combo_set(parse_ok("random")));
  // PokerStove's worst hands are 72o then 32o, the last 24 combos.
  EXPECT_EQ(combo_set(parse_ok("99%-100%")), combo_set(parse_ok("72o,32o")));  // 1312.7 combos: 1302 fit
  for (const double percent : {1.0, 2.5, 5.0, 10.0, 15.0, 20.0, 50.0, 75.0}) {
    const std::string text = std::to_string(percent).substr(0, 4) + "%";
    const std::size_t combos = parse_ok(text).combos.size();
    // At most the share asked for, and no whole class fewer (a class has at most 12 combos).
    EXPECT_LE(static_cast<double>(combos), percent / 100 * 1326 + 1e-9) << text;
    EXPECT_GT(static_cast<double>(combos), percent / 100 * 1326 - 12) << text;
  }
  // A share written from a combo count is that count, not one class less.
  EXPECT_EQ(parse_ok("4.524887%").combos.size(), 60u);
  // A span is the difference of two tops, in either order.
  const ComboSet top5 = combo_set(parse_ok("5%"));
  const ComboSet top15 = combo_set(parse_ok("15%"));
  ComboSet between;
  std::set_difference(top15.begin(), top15.end(), top5.begin(), top5.end(), std::inserter(between, between.end()));
  EXPECT_EQ(combo_set(parse_ok("5%-15%")), between);
  EXPECT_EQ(combo_set(parse_ok("15%-5%")), between);
  EXPECT_EQ(combo_set(parse_ok("0%-15%")), top15);
  EXPECT_EQ(weight_of(parse_ok("10%:0.5"), "AsAh"), 0.5);
  // Tops are nested: a larger share never drops a hand.
  ComboSet previous;
  for (int percent = 1; percent <= 100; ++percent) {
    const ComboSet top = combo_set(parse_ok(std::to_string(percent) + "%"));
    EXPECT_TRUE(std::includes(top.begin(), top.end(), previous.begin(), previous.end())) << percent;
    previous = top;
  }
}

TEST(Range, RandomIsEveryCombo) {
  EXPECT_EQ(combo_set(parse_ok("random")), brute_force([](int, int, bool) { return true; }));
}

TEST(Range, SpecificHands) {
  const Range suited = parse_ok("AKs");
  const Range offsuit = parse_ok("AKo");
  EXPECT_EQ(weight_of(suited, "AhKh"), 1.0);
  EXPECT_EQ(weight_of(offsuit, "AhKh"), -1);
  EXPECT_EQ(weight_of(offsuit, "AhKs"), 1.0);
  EXPECT_EQ(weight_of(suited, "AhKs"), -1);

  for (const char* text : {"AhKh", "KhAh"}) {
    const Range range = parse_ok(text);
    ASSERT_EQ(range.combos.size(), 1u) << text;
    EXPECT_EQ(range.combos[0].high, card("Ah")) << text;
    EXPECT_EQ(range.combos[0].low, card("Kh")) << text;
    EXPECT_EQ(range.combos[0].weight, 1.0) << text;
  }
  const Range pair = parse_ok("2c2d");
  ASSERT_EQ(pair.combos.size(), 1u);
  EXPECT_EQ(pair.combos[0].high, card("2d"));
  EXPECT_EQ(pair.combos[0].low, card("2c"));
}

TEST(Range, CombosAreSortedDescendingWhateverTheText) {
  const Range all = parse_ok("random");
  ASSERT_EQ(all.combos.size(), 1326u);
  EXPECT_EQ(all.combos.front().high, card("As"));
  EXPECT_EQ(all.combos.front().low, card("Ah"));
  EXPECT_EQ(all.combos.back().high, card("2d"));
  EXPECT_EQ(all.combos.back().low, card("2c"));
  for (std::size_t i = 0; i < all.combos.size(); ++i) {
    const WeightedCombo& combo = all.combos[i];
    EXPECT_GT(combo.high, combo.low);
    EXPECT_EQ(combo.mask(), mask_of(combo.high) | mask_of(combo.low));
    if (i > 0) {
      const WeightedCombo& before = all.combos[i - 1];
      EXPECT_TRUE(std::pair(before.high, before.low) > std::pair(combo.high, combo.low)) << i;
    }
  }

  const Range one = parse_ok("QQ,AKs,72o");
  const Range other = parse_ok("72o,AKs,QQ");
  ASSERT_EQ(one.combos.size(), other.combos.size());
  for (std::size_t i = 0; i < one.combos.size(); ++i) {
    EXPECT_EQ(one.combos[i].high, other.combos[i].high) << i;
    EXPECT_EQ(one.combos[i].low, other.combos[i].low) << i;
  }
}

TEST(Range, Weights) {
  const Range range = parse_ok("JTo:0.25,AA:1,KK:.5,QQ:1.0,22:0.125");
  EXPECT_EQ(range.combos.size(), 12u + 6 + 6 + 6 + 6);
  for (const WeightedCombo& combo : range.combos) {
    const int rank = rank_of(combo.high);
    const double expected = rank == 9 ? 0.25 : rank == 11 ? 0.5 : rank == 0 ? 0.125 : 1.0;
    EXPECT_EQ(combo.weight, expected) << card_name(combo.high) << card_name(combo.low);
  }
  EXPECT_EQ(weight_of(parse_ok("AhKh:0.3"), "AhKh"), 0.3);
  EXPECT_EQ(weight_of(parse_ok("A5s-A2s:0.75"), "Ah3h"), 0.75);
}

TEST(Range, LastWeightWins) {
  const Range mixed = parse_ok("AK:0.5,AKs");
  EXPECT_EQ(mixed.combos.size(), 16u);
  EXPECT_EQ(weight_of(mixed, "AsKs"), 1.0);
  EXPECT_EQ(weight_of(mixed, "AsKd"), 0.5);

  const Range overridden = parse_ok("AKs,AK:0.5");
  EXPECT_EQ(overridden.combos.size(), 16u);
  for (const WeightedCombo& combo : overridden.combos) EXPECT_EQ(combo.weight, 0.5);

  const Range everything = parse_ok("random:0.1,AA,AhKh:0.7");
  EXPECT_EQ(everything.combos.size(), 1326u);
  EXPECT_EQ(weight_of(everything, "AsAc"), 1.0);
  EXPECT_EQ(weight_of(everything, "AhKh"), 0.7);
  EXPECT_EQ(weight_of(everything, "AdKh"), 0.1);
  EXPECT_EQ(weight_of(everything, "7c2d"), 0.1);

  const Range repeated = parse_ok("QQ+:0.2,KK:0.4,AA-QQ:0.6,KsKh:0.8");
  EXPECT_EQ(repeated.combos.size(), 18u);
  EXPECT_EQ(weight_of(repeated, "KsKh"), 0.8);
  EXPECT_EQ(weight_of(repeated, "KsKd"), 0.6);
}

struct ErrorCase {
  const char* text;
  std::size_t offset;
  const char* message_part;
};

void expect_errors(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& expected : cases) {
    const RangeError error = parse_error(expected.text);
    EXPECT_EQ(error.offset, expected.offset) << expected.text << ": " << error.message;
    EXPECT_NE(error.message.find(expected.message_part), std::string::npos)
        << expected.text << ": '" << error.message << "' lacks '" << expected.message_part << "'";
  }
}

TEST(RangeErrors, EmptyTextAndParts) {
  expect_errors({
      {"", 0, "empty range"},
      {"AK,,QQ", 3, "empty part in 'AK,,QQ'"},
      {",AK", 0, "empty part"},
      {"AK,", 3, "empty part"},
      {",", 0, "empty part"},
      {":0.5", 0, "expected a hand before ':'"},
      {"AK,:0.5", 3, "expected a hand before ':'"},
  });
}

TEST(RangeErrors, Spaces) {
  expect_errors({
      {" AK", 0, "unexpected space"},
      {"AK:0.5 ", 6, "unexpected space"},
      {"AK,Q\tQ", 4, "unexpected space in 'Q\\x09Q'"},
      {"AK\n", 2, "unexpected space"},
      {"A K,QQ", 1, "unexpected space in 'A K': blanks may stand only next to the commas between parts"},
      {"AK, ,QQ", 4, "empty part"},
  });
}

TEST(RangeErrors, UnknownHands) {
  expect_errors({
      {"AX", 0, "expected a rank after 'A' in 'AX'"},
      {"A", 0, "expected a rank after 'A' in 'A'"},
      {"XX", 0, "unknown hand 'XX'"},
      {"QQ,XX", 3, "unknown hand 'XX'"},
      {"10", 0, "unknown hand '10'"},
      {"randoms", 0, "unknown hand 'randoms'"},
      {"*", 0, "unknown hand '*'"},
      {"AKx", 0, "expected 's', 'o' or nothing after 'AK' in 'AKx'"},
      {"AKx", 0, "expected 's', 'o' or nothing"},
      {"AKsx", 0, "unexpected 'x' after 'AKs'"},
      {"AK++", 0, "expected 's', 'o' or nothing after 'AK' in 'AK++'"},
      {"+", 0, "missing hand in '+'"},
      {"AAs", 0, "a pair is neither suited nor offsuit: 'AAs' should be 'AA'"},
      {"QQ,22o+", 3, "'22o' should be '22'"},
      {"KA", 0, "the higher rank comes first: 'KA' should be 'AK'"},
      {"AK,T9s,9Ts", 7, "'9Ts' should be 'T9s'"},
  });
  EXPECT_EQ(parse_error("AX").message, "expected a rank after 'A' in 'AX'");
}

TEST(RangeErrors, SpecificHands) {
  expect_errors({
      {"AhAh", 0, "the two cards of 'AhAh' are the same"},
      {"AhKx", 2, "invalid card 'Kx' in 'AhKx'"},
      {"QQ,AhkX", 5, "invalid card 'kX'"},
      {"Ah", 0, "expected two cards such as 'AhKh' in 'Ah'"},
      {"AhKhQh", 0, "expected two cards"},
      {"AhKh+", 0, "'+' takes hand classes"},
      {"AhKh-AhQh", 0, "'-' takes hand classes"},
      {"AKs-AhQh", 0, "'-' takes hand classes"},
  });
}

TEST(RangeErrors, Dashes) {
  expect_errors({
      {"A5s-K2s", 0, "the ends of 'A5s-K2s' must have the same first rank (A5s-A2s) or the same gap"},
      {"T9s-64s", 0, "the same gap between their ranks (T9s-65s)"},
      {"T9s-65o", 0, "must be both suited"},
      {"QQ,A5s-A2o", 3, "must be both suited, both offsuit or both neither"},
      {"A5-A2s", 0, "must be both suited"},
      {"22-A2s", 0, "are not both pairs or both non-pairs"},
      {"A5s-", 4, "missing hand in 'A5s-'"},
      {"-A5s", 0, "missing hand in '-A5s'"},
      {"A5s-AX", 4, "expected a rank after 'A' in 'A5s-AX'"},
      {"22-33-44", 3, "in '22-33-44'"},
      {"22+-55", 0, "expected 's', 'o' or nothing after '22' in '22+-55'"},
  });
}

TEST(RangeErrors, Percentages) {
  expect_errors({
      {"0%", 0, "percentage '0%' is out of range: expected a share of all hands"},
      {"101%", 0,
       "percentage '101%' is out of range: expected a share of all hands such as '10%' or '2.5%', from 0 "
       "(excluded) to 100%"},
      {"5%-101%", 3, "percentage '101%' in '5%-101%' is out of range"},
      {"QQ,10%x", 3, "invalid percentage '10%x'"},
      {"%", 0, "invalid percentage '%'"},
      {"5%-", 3, "invalid percentage '' in '5%-'"},
      {"5%-15", 3, "invalid percentage '15' in '5%-15'"},
      {"1e1%", 0, "invalid percentage"},
      {"5%-5%", 0, "the percentages of '5%-5%' name no hand"},
      {"10%:2", 4, "not in (0, 1]"},
  });
}

// The sign is read as one: the message quotes the whole percentage and says
// what is wrong with it, not that an empty text is no number.
TEST(RangeErrors, NegativePercentagesAreCalledNegative) {
  expect_errors({
      {"-5%", 0,
       "percentage '-5%' is negative: expected a share of all hands such as '10%' or '2.5%', from 0 "
       "(excluded) to 100%"},
      {"QQ,-2.5%", 3, "percentage '-2.5%' is negative"},
      {"5%--3%", 3, "percentage '-3%' in '5%--3%' is negative"},
      {"-5%-10%", 0, "percentage '-5%' in '-5%-10%' is negative"},
  });
}

// A dash that follows no '%' joins no two percentages: the message quotes
// the word as written, not a piece of it that is not in the input.
TEST(RangeErrors, ADashInsideANumberIsNoRangeOfPercentages) {
  expect_errors({
      {"1e-300%", 0, "invalid percentage '1e-300%': expected a share of all hands"},
      {"QQ,5-15%", 3, "invalid percentage '5-15%': expected"},
  });
}

TEST(RangeErrors, Weights) {
  expect_errors({
      {"AK:", 3, "missing weight after ':' in 'AK:'"},
      {"AK:1.5", 3, "weight '1.5' in 'AK:1.5' is not in (0, 1]"},
      {"AK:0", 3, "not in (0, 1]"},
      {"AK:0.000", 3, "not in (0, 1]"},
      {"AK:1.0001", 3, "not in (0, 1]"},
      {"QQ,AK:-0.5", 6, "invalid weight '-0.5' in 'AK:-0.5'"},
      {"AK:+0.5", 3, "invalid weight"},
      {"AK:1e-1", 3, "invalid weight"},
      {"AK:inf", 3, "invalid weight"},
      {"AK:nan", 3, "invalid weight"},
      {"AK:.", 3, "invalid weight"},
      {"AK:0.5.5", 3, "invalid weight"},
      {"AK:0.5:0.3", 3, "invalid weight '0.5:0.3'"},
      {"AK:0,5", 3, "not in (0, 1]"},
      {"XX:2", 0, "unknown hand"},  // the hand is read before its weight
  });
}

TEST(Range, EquilabBracketWeightsAreWeights) {
  const Range bracketed = parse_ok("[50]KK,QQ[/50]");
  const Range colons = parse_ok("KK:0.5,QQ:0.5");
  ASSERT_EQ(bracketed.combos.size(), 12u);
  ASSERT_EQ(bracketed.combos.size(), colons.combos.size());
  for (std::size_t i = 0; i < colons.combos.size(); ++i) {
    EXPECT_EQ(bracketed.combos[i].high, colons.combos[i].high);
    EXPECT_EQ(bracketed.combos[i].low, colons.combos[i].low);
    EXPECT_EQ(bracketed.combos[i].weight, colons.combos[i].weight);
  }
  // Outside a group a part weighs 1; one part may be a group of its own;
  // blanks next to commas, as Equilab pastes them; a decimal percentage.
  const Range mixed = parse_ok("AA, [25]KK, QQ[/25], [100]JJ[/100],[12.5]TT[/12.5],99");
  EXPECT_EQ(weight_of(mixed, "AsAh"), 1.0);
  EXPECT_EQ(weight_of(mixed, "KsKh"), 0.25);
  EXPECT_EQ(weight_of(mixed, "QsQh"), 0.25);
  EXPECT_EQ(weight_of(mixed, "JsJh"), 1.0);
  EXPECT_EQ(weight_of(mixed, "TsTh"), 0.125);
  EXPECT_EQ(weight_of(mixed, "9s9h"), 1.0);
  EXPECT_EQ(weight_of(parse_ok("[75]AKs-ATs,AhKd[/75]"), "AhKd"), 0.75);
}

TEST(RangeErrors, MalformedEquilabBracketsAreOneLineErrors) {
  expect_errors({
      {"[50]KK,QQ", 0, "unclosed bracket '[50]': expected '[/50]' after its last part"},
      {"[50KK,QQ[/50]", 0, "unclosed '['"},
      {"[50]KK,QQ[/50", 9, "unclosed '[/50'"},
      {"[50]KK,[25]QQ[/25][/50]", 7, "bracket '[25]' inside '[50]': close it with '[/50]' first"},
      {"[50]KK,QQ[/25]", 9, "'[/25]' does not close '[50]': expected '[/50]'"},
      {"KK,QQ[/50]", 5, "'[/50]' closes no bracket"},
      {"[150]KK[/150]", 0, "bracket weight '[150]' is not in (0, 100]"},
      {"[0]KK[/0]", 0, "bracket weight '[0]' is not in (0, 100]"},
      {"[-5]KK[/-5]", 0, "bracket weight '[-5]'"},
      {"[half]KK[/half]", 0, "invalid bracket weight '[half]': expected a percentage in (0, 100]"},
      {"[50]KK:0.5[/50]", 6, "a weight after ':' in 'KK:0.5' inside bracket '[50]'"},
      {"[50][/50]", 4, "empty part"},
  });
  for (const char* text : {"[50]KK,QQ", "[50]KK,[25]QQ[/25][/50]", "[50]KK,QQ[/25]", "[150]KK[/150]"}) {
    const RangeError error = parse_error(text);
    EXPECT_EQ(error.message.find('\n'), std::string::npos) << error.message;
  }
}

TEST(RangeErrors, MessagesArePrintableOneLineAscii) {
  const std::string long_part(100, 'Q');
  for (const std::string& text : {std::string("A\xff"), std::string("A\0K", 3), std::string("AK:\x01"),
                                  std::string("\xe2\x99\xa0"), "QQ," + long_part, std::string("AK\r\n")}) {
    const RangeError error = parse_error(text);
    EXPECT_LE(error.offset, text.size());
    EXPECT_FALSE(error.message.empty());
    EXPECT_LT(error.message.size(), 200u) << error.message;
    for (const char c : error.message) {
      EXPECT_TRUE(c >= 0x20 && c < 0x7F) << "byte " << static_cast<int>(static_cast<unsigned char>(c)) << " in "
                                         << error.message;
    }
  }
}

}  // namespace
}  // namespace poker

namespace poker {
namespace {

// The percentages that holdem-eval's README (an OMPEval front end) gives as
// PokerStove's: 10.3% is 77+,A9s+,KTs+,QTs+,AJo+,KQo, 3.2% and 9.5% are
// 99+,AKs and 88+,ATs+,KTs+,QJs,AJo+,KQo.
TEST(Range, PercentagesArePokerStoves) {
  EXPECT_EQ(combo_set(parse_ok("10.3%")), combo_set(parse_ok("77+,A9s+,KTs+,QTs+,AJo+,KQo")));
  EXPECT_EQ(combo_set(parse_ok("3.2%")), combo_set(parse_ok("99+,AKs")));
  EXPECT_EQ(combo_set(parse_ok("9.5%")), combo_set(parse_ok("88+,ATs+,KTs+,QJs,AJo+,KQo")));
  // The head and the tail of PokerStove's list.
  EXPECT_EQ(combo_set(parse_ok("2.6%")), combo_set(parse_ok("TT+,AKs")));
  EXPECT_EQ(combo_set(parse_ok("0%-0.91%")), combo_set(parse_ok("AA,KK")));
}

// The order by equity against a random hand stays, by name.
TEST(Range, PercentagesInTheEquityOrderWhenAsked) {
  const auto equity = [](std::string_view text) { return std::get<Range>(parse_range(text, PercentOrder::kEquity)); };
  EXPECT_EQ(combo_set(equity("10.3%")), combo_set(parse_ok("66+,A8s+,KJs+,ATo+")));
  EXPECT_EQ(combo_set(equity("100%")), combo_set(parse_ok("random")));
  // Its worst hands are 42o then 32o, where PokerStove's are 72o then 32o.
  EXPECT_EQ(combo_set(equity("99%-100%")), combo_set(parse_ok("42o,32o")));
  // Only percentages depend on the order.
  EXPECT_EQ(combo_set(equity("QQ+,AKs")), combo_set(parse_ok("QQ+,AKs")));
}

TEST(Range, NormalizedRangeTextSpellsRangesAsTheNotationDoes) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"ahkh", "AhKh"},
      {"qq", "QQ"},
      {"AHKH", "AhKh"},
      {"aks,KQO", "AKs,KQo"},
      {"qq+, aks", "QQ+,AKs"},
      {"RANDOM", "random"},
      {"Random:0.5", "random:0.5"},
      {"10%", "10%"},
      {"5%-15%", "5%-15%"},
      {"t9s-65s", "T9s-65s"},
      {"jto:0.25", "JTo:0.25"},
      {"QQ+,AKs", "QQ+,AKs"},
  };
  for (const auto& [text, spelled] : cases) {
    EXPECT_EQ(normalized_range_text(text), spelled) << text;
    EXPECT_EQ(combo_set(parse_ok(spelled)), combo_set(parse_ok(normalized_range_text(spelled)))) << text;
  }
}

}  // namespace
}  // namespace poker
