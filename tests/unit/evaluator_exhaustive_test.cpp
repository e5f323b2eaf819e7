// Every five- and seven-card hand.
//
//   FiveCards.*   all 2,598,960 five-card hands: category counts, the 7,462
//                 distinct values, and that the values order the hands exactly
//                 as the reference evaluator does (a complete proof for five
//                 cards). Well under a second in Release.
//   SixCards.*    all 20,358,520 six-card hands: each value is the best of
//                 its six five-card subsets' values (the five-card values
//                 being proven above), and the 6,075 distinct values.
//   SevenCards.*  all 133,784,560 seven-card hands, built incrementally with
//                 Hand: category counts and the 4,824 distinct values; and
//                 evaluate7 and the hoisted flush test (evaluate_no_flush)
//                 against Hand::evaluate. A few seconds in Release, tens of
//                 seconds under sanitizers.
//   SevenCardsVsReference.*  every seven-card value equals the best of its
//                 21 five-card subsets under the reference evaluator, taken
//                 through tables of every five- and six-card set's best: a
//                 few seconds in Release; skipped in sanitized and
//                 unoptimized builds.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "support/reference_evaluator.h"
#include "support/sanitizers.h"
#include "support/seven_card_hands.h"

namespace poker {
namespace {

using testing::for_each_five_cards;
using testing::for_each_seven_card_hand;

constexpr int kCategories = 9;
using Counts = std::array<std::uint64_t, kCategories>;  // indexed by Category

// Distinct hands (values) per category among all five-card hands.
constexpr std::array<int, kCategories> kDistinctPerCategory = {1277, 2860, 858, 858, 10, 1277, 156, 156, 10};

TEST(FiveCards, CategoryCountsValuesAndReferenceOrder) {
  Counts counts{};
  std::bitset<1 << 16> seen;
  // The reference value of each of our values: a function, strictly increasing.
  std::map<std::uint16_t, reference::RefValue> reference_of;
  std::uint64_t hands = 0;
  int failures = 0;
  for_each_five_cards(0, kCardCount, [&](const std::array<Card, 7>& cards, const Hand& hand) {
    const HandValue value = hand.evaluate();
    ++hands;
    ++counts[static_cast<int>(value.category())];
    const std::array<Card, 5> five = {cards[0], cards[1], cards[2], cards[3], cards[4]};
    const reference::RefValue ref = reference::evaluate5(five);
    const auto [it, inserted] = reference_of.try_emplace(value.raw(), ref);
    if (!inserted && it->second != ref && ++failures <= 10) {
      ADD_FAILURE() << "value " << value.raw() << " is both " << reference::describe(it->second) << " and "
                    << reference::describe(ref);
    }
    if (ref.as_category() != value.category() && ++failures <= 10) {
      ADD_FAILURE() << reference::describe(hand.cards()) << ": category " << category_name(value.category())
                    << ", reference " << reference::describe(ref);
    }
    seen.set(value.raw());
  });
  EXPECT_EQ(hands, 2'598'960u);
  const Counts expected = {1'302'540, 1'098'240, 123'552, 54'912, 10'200, 5'108, 3'744, 624, 40};
  EXPECT_EQ(counts, expected);
  EXPECT_EQ(seen.count(), 7'462u);
  EXPECT_EQ(reference_of.size(), 7'462u);

  // Values are (category << 12) | 1..N with no gaps, N the hands in the category.
  for (int cat = 0; cat < kCategories; ++cat) {
    for (int rank = 0; rank < (1 << 12); ++rank) {
      EXPECT_EQ(seen.test((cat << 12) | rank), rank >= 1 && rank <= kDistinctPerCategory[cat])
          << "category " << cat << " rank " << rank;
      if (HasFailure()) return;
    }
  }
  // Larger value <=> stronger hand under the reference.
  const reference::RefValue* previous = nullptr;
  for (const auto& [raw, ref] : reference_of) {
    if (previous != nullptr) {
      EXPECT_LT(*previous, ref) << "at value " << raw << ": " << reference::describe(ref);
    }
    previous = &ref;
  }
}

TEST(FiveCards, EvaluateAndBestFiveAgreeWithHand) {
  int failures = 0;
  for_each_five_cards(0, kCardCount, [&](const std::array<Card, 7>& /*cards*/, const Hand& hand) {
    const HandValue value = hand.evaluate();
    const BestFive best = best_five(hand.cards());
    if ((evaluate(hand.cards()) != value || best.value != value) && ++failures <= 10) {
      ADD_FAILURE() << reference::describe(hand.cards()) << ": Hand " << value.raw() << ", evaluate "
                    << evaluate(hand.cards()).raw() << ", best_five " << best.value.raw();
    }
  });
}

// A six-card Hand must equal the best of its five-card subsets: the hand
// without each of its cards in turn.
TEST(SixCards, EveryValueIsTheBestOfItsFiveCardSubsets) {
  std::uint64_t hands = 0;
  int failures = 0;
  std::bitset<1 << 16> seen;
  for_each_five_cards(0, kCardCount, [&](std::array<Card, 7> h, const Hand& five) {
    for (h[5] = h[4] + 1; h[5] < kCardCount; ++h[5]) {
      const HandValue value = five.plus(h[5]).evaluate();
      HandValue best;
      for (int left_out = 0; left_out < 6; ++left_out) {
        Hand subset;
        for (int i = 0; i < 6; ++i) {
          if (i != left_out) subset.add(h[i]);
        }
        best = std::max(best, subset.evaluate());
      }
      if (value != best && ++failures <= 10) {
        ADD_FAILURE() << reference::describe(five.plus(h[5]).cards()) << ": " << value.raw() << ", best subset "
                      << best.raw();
      }
      seen.set(value.raw());
      ++hands;
    }
  });
  EXPECT_EQ(hands, 20'358'520u);
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(seen.count(), 6'075u);
}

TEST(SevenCards, CategoryCountsAndDistinctValues) {
  Counts counts{};
  std::bitset<1 << 16> seen;
  std::uint64_t hands = 0;
  for_each_seven_card_hand(0, kCardCount, [&](const std::array<Card, 7>& h, const Hand& first_six) {
    const HandValue value = first_six.plus(h[6]).evaluate();
    ++counts[value.raw() >> 12];
    seen.set(value.raw());
    ++hands;
  });
  EXPECT_EQ(hands, 133'784'560u);
  const Counts expected = {23'294'460, 58'627'800, 31'433'400, 6'461'620, 6'180'020,
                           4'047'644,  3'473'184,  224'848,    41'584};
  EXPECT_EQ(counts, expected);
  EXPECT_EQ(seen.count(), 4'824u);
}

// evaluate7 on the same hands, and the enumeration that hoists the flush test
// to the sixth card: wherever no suit holds 4 of the first 6 cards, the rank
// lookup alone (evaluate_no_flush) must give evaluate()'s value.
TEST(SevenCards, Evaluate7AndHoistedFlushTestEqualHand) {
  std::uint64_t hands = 0, skipped_flush_tests = 0;
  int failures = 0;
  for_each_seven_card_hand(0, kCardCount, [&](const std::array<Card, 7>& h, const Hand& first_six) {
    const bool hoisted = !first_six.flush_possible_after(1);
    const Hand hand = first_six.plus(h[6]);
    const HandValue value = hand.evaluate();
    bool ok = evaluate7(h) == value;
    if (hoisted) {
      ok = ok && hand.evaluate_no_flush() == value;
      ++skipped_flush_tests;
    }
    if (!ok && ++failures <= 10) {
      ADD_FAILURE() << reference::describe(hand.cards()) << ": Hand " << value.raw() << ", evaluate7 "
                    << evaluate7(h).raw() << ", hoisted " << hoisted;
    }
    ++hands;
  });
  EXPECT_EQ(hands, 133'784'560u);
  EXPECT_EQ(failures, 0);
  // Most hands take the hoisted path (no suit with 4 of the first 6 cards):
  // 119,196,415 of them, 89%.
  EXPECT_EQ(skipped_flush_tests, 119'196'415u);
}

// The colex rank of ascending cards among all sets of as many cards: the
// index of a five- or six-card set in a table of every such set.
class ColexRank {
 public:
  ColexRank() {
    for (int n = 0; n <= kCardCount; ++n) {
      choose_[n][0] = 1;
      for (int k = 1; k < 8; ++k) choose_[n][k] = n == 0 ? 0 : choose_[n - 1][k - 1] + choose_[n - 1][k];
    }
  }
  std::uint64_t choose(int n, int k) const { return choose_[n][k]; }
  // The rank of cards[0..count) without cards[left_out] (left_out ==
  // count: none left out).
  std::uint32_t rank(const Card* cards, int count, int left_out) const {
    std::uint64_t rank = 0;
    for (int i = 0, place = 1; i < count; ++i) {
      if (i != left_out) rank += choose_[cards[i]][place++];
    }
    return static_cast<std::uint32_t>(rank);
  }

 private:
  std::array<std::array<std::uint64_t, 8>, kCardCount + 1> choose_{};
};

// Every seven-card value equals the best of its 21 five-card subsets under
// the reference evaluator. The best is taken in two steps, exactly: every
// five-card set's reference value (mapped to ours, an order-preserving map:
// checked here), every six-card set's best of its six five-card subsets,
// then each seven-card hand's best of its seven six-card subsets, which are
// together its 21 five-card subsets.
TEST(SevenCardsVsReference, EveryValueIsTheBestOfItsFiveCardSubsets) {
  if (testing::kAddressSanitizer || !testing::kOptimized) {
    GTEST_SKIP() << "a minute or more without optimization or with sanitizers: SevenCards.* check every hand there";
  }
  const ColexRank colex;
  // Our value of each reference value, from all five-card hands (whose order
  // agreement FiveCards.* proves), and that the map keeps the order.
  std::map<reference::RefValue, std::uint16_t> value_of;
  std::vector<reference::RefValue> five_refs(colex.choose(kCardCount, 5));
  for_each_five_cards(0, kCardCount, [&](const std::array<Card, 7>& cards, const Hand& hand) {
    const std::array<Card, 5> five = {cards[0], cards[1], cards[2], cards[3], cards[4]};
    const reference::RefValue ref = reference::evaluate5(five);
    five_refs[colex.rank(cards.data(), 5, 5)] = ref;
    value_of.emplace(ref, hand.evaluate().raw());
  });
  ASSERT_EQ(value_of.size(), 7'462u);
  std::uint16_t previous = 0;
  for (const auto& [ref, raw] : value_of) {
    ASSERT_GT(raw, previous) << "the map is not increasing at " << reference::describe(ref);
    previous = raw;
  }
  std::vector<std::uint16_t> best_of_five(five_refs.size());
  for (std::size_t i = 0; i < five_refs.size(); ++i) best_of_five[i] = value_of.at(five_refs[i]);
  five_refs = {};
  std::vector<std::uint16_t> best_of_six(colex.choose(kCardCount, 6));
  for_each_five_cards(0, kCardCount, [&](std::array<Card, 7> h, const Hand&) {
    for (h[5] = h[4] + 1; h[5] < kCardCount; ++h[5]) {
      std::uint16_t best = 0;
      for (int left_out = 0; left_out < 6; ++left_out)
        best = std::max(best, best_of_five[colex.rank(h.data(), 6, left_out)]);
      best_of_six[colex.rank(h.data(), 6, 6)] = best;
    }
  });
  std::atomic<int> next_first{0};
  std::atomic<std::uint64_t> checked{0};
  std::atomic<int> mismatches{0};
  std::atomic<CardMask> first_mismatch{0};
  auto work = [&] {
    std::uint64_t local = 0;
    for (int a; (a = next_first.fetch_add(1)) < kCardCount;) {
      for_each_seven_card_hand(a, a + 1, [&](const std::array<Card, 7>& h, const Hand& first_six) {
        std::uint16_t best = 0;
        for (int left_out = 0; left_out < 7; ++left_out)
          best = std::max(best, best_of_six[colex.rank(h.data(), 7, left_out)]);
        const Hand hand = first_six.plus(h[6]);
        if (hand.evaluate().raw() != best && mismatches.fetch_add(1) == 0) first_mismatch = hand.cards();
        ++local;
      });
    }
    checked += local;
  };
  std::vector<std::thread> threads(std::max(2u, std::thread::hardware_concurrency()));
  for (auto& t : threads) t = std::thread(work);
  for (auto& t : threads) t.join();
  EXPECT_EQ(checked.load(), 133'784'560u);
  EXPECT_EQ(mismatches.load(), 0) << "first: " << reference::describe(first_mismatch.load());
}

}  // namespace
}  // namespace poker
