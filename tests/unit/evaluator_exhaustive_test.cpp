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
//   SLOW_SevenCardsVsReference.*  every seven-card value equals the best of its
//                 21 five-card subsets under the reference evaluator, sharded
//                 over the hardware threads: about a minute in Release on 2
//                 cores. Skipped in sanitized and unoptimised builds; run
//                 it alone with --gtest_filter='SLOW_*', leave it out with
//                 --gtest_filter='-SLOW_*'.
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

TEST(SLOW_SevenCardsVsReference, EveryValueIsTheBestOfItsFiveCardSubsets) {
  if (testing::kAddressSanitizer || !testing::kOptimized) {
    GTEST_SKIP() << "far too slow without optimisation or with sanitizers; run it in Release";
  }
  // Our value of each reference value, from all five-card hands (whose order
  // agreement FiveCards.* proves).
  std::map<reference::RefValue, std::uint16_t> value_of;
  {
    std::array<Card, 5> five{};
    for (five[0] = 0; five[0] < kCardCount; ++five[0])
      for (five[1] = five[0] + 1; five[1] < kCardCount; ++five[1])
        for (five[2] = five[1] + 1; five[2] < kCardCount; ++five[2])
          for (five[3] = five[2] + 1; five[3] < kCardCount; ++five[3])
            for (five[4] = five[3] + 1; five[4] < kCardCount; ++five[4]) {
              Hand hand;
              for (Card c : five) hand.add(c);
              value_of.emplace(reference::evaluate5(five), hand.evaluate().raw());
            }
  }
  ASSERT_EQ(value_of.size(), 7'462u);
  // Flattened for fast lookup: sorted reference values and our raw values.
  std::vector<reference::RefValue> refs;
  std::vector<std::uint16_t> raws;
  for (const auto& [ref, raw] : value_of) {
    refs.push_back(ref);
    raws.push_back(raw);
  }

  std::atomic<int> next_first{0};
  std::atomic<std::uint64_t> checked{0};
  std::atomic<int> mismatches{0};
  std::atomic<CardMask> first_mismatch{0};
  auto work = [&] {
    std::uint64_t local = 0;
    for (int a; (a = next_first.fetch_add(1)) < kCardCount;) {
      for_each_seven_card_hand(a, a + 1, [&](const std::array<Card, 7>& h, const Hand& first_six) {
        const Hand hand = first_six.plus(h[6]);
        reference::RefValue best;
        std::array<Card, 5> five{};
        for (int skip1 = 0; skip1 < 7; ++skip1) {
          for (int skip2 = skip1 + 1; skip2 < 7; ++skip2) {
            int n = 0;
            for (int i = 0; i < 7; ++i) {
              if (i != skip1 && i != skip2) five[n++] = h[i];
            }
            best = std::max(best, reference::evaluate5(five));
          }
        }
        const auto it = std::lower_bound(refs.begin(), refs.end(), best);
        const std::uint16_t expected = raws[it - refs.begin()];
        if (hand.evaluate().raw() != expected && mismatches.fetch_add(1) == 0) {
          first_mismatch = hand.cards();
        }
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
