// The 2-player hold'em kernel that judges as it decodes, against the
// independent slow path: the scalar decoder (which validates every byte and
// repeated cards) and holdem_winner() on its cards, or, with short deck's
// values, the decoder, a check of the lowest card and shortdeck_winner().
// Whatever the kernel judges must answer alike, and it must stop at the
// group of the first instance the slow path rejects.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "formats/answer_lines.h"
#include "formats/canonical_decoder.h"
#include "formats/card_line_reader.h"
#include "formats/holdem2_kernel.h"
#include "poker/cards.h"
#include "poker/evaluator.h"
#include "poker/shortdeck.h"
#include "support/instance_text.h"

namespace poker {
namespace {

using testing::holdem_lines;
using testing::random_instances_text;

constexpr std::size_t kBytes = 27;
constexpr std::size_t kGroup = simd::kHoldem2Group;

class Holdem2Kernel : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::vector<DecodePath> paths = supported_decode_paths();
    if (std::find(paths.begin(), paths.end(), DecodePath::kAvx2) == paths.end()) GTEST_SKIP() << "no AVX2";
    judge_ = simd::holdem2_judge_for(DecodePath::kAvx2);
    ASSERT_NE(judge_, nullptr);
  }

  struct Run {
    std::size_t judged = 0;
    std::string answers;
  };

  // The kernel's answers in a buffer of exactly the room it may use: a
  // sanitizer build sees any write past it.
  Run run_kernel(const std::string& text) const {
    const std::size_t count = text.size() / kBytes;
    const std::unique_ptr<char[]> out(new char[count * AnswerLine::kMaxSize]);
    char* at = out.get();
    Run run;
    run.judged = judge_(text.data(), count, layout_.plan(), alphabet(), values_, lines_.data(), at);
    run.answers.assign(out.get(), at);
    return run;
  }

  // What the kernel must do with `text`: judge up to the group of the first
  // instance the scalar decoder rejects, or that holds a card below the
  // lowest, answering as winner_().
  Run expected(const std::string& text) const {
    const std::size_t count = text.size() / kBytes;
    Run run;
    std::string answers;
    std::size_t valid = 0;
    for (; valid < count; ++valid) {
      std::vector<Card> cards(layout_.cards() + kDecodeSlack);
      if (!simd::generic_decoder_for(DecodePath::kScalar)(text.data() + valid * kBytes, layout_.plan(), alphabet(),
                                                          cards.data()) ||
          *std::min_element(cards.begin(), cards.begin() + 9) < values_.lowest_card) {
        break;
      }
      answers += lines_[static_cast<std::size_t>(winner_(cards.data() + 4, cards.data(), 2))].text();
    }
    run.judged = valid == count ? count : valid / kGroup * kGroup;
    // The answers of the judged instances: one line each.
    std::size_t end = 0;
    for (std::size_t i = 0; i < run.judged; ++i) end = answers.find('\n', end) + 1;
    run.answers = answers.substr(0, end);
    return run;
  }

  void expect_like_the_slow_path(const std::string& text) const {
    const Run got = run_kernel(text);
    const Run want = expected(text);
    ASSERT_EQ(got.judged, want.judged) << text;
    ASSERT_EQ(got.answers, want.answers) << text;
  }

  static const simd::Alphabet& alphabet() { return simd::alphabet_of(Notation::kHoldem); }

  // Judges by short deck's values and rules from here on.
  void use_short_deck() {
    const detail::ShortDeckTables& tables = detail::shortdeck_tables();
    values_ = {tables.rank_values, tables.flush_values, kShortDeckLowestCard};
    winner_ = shortdeck_winner;
  }

  const CanonicalLayout layout_{holdem_lines(2)};
  std::vector<AnswerLine> lines_{AnswerLine::of("Player 1\n"), AnswerLine::of("Player 2\n"), AnswerLine::of("Draw\n")};
  simd::Holdem2Judge judge_ = nullptr;
  simd::Holdem2Values values_ = simd::holdem2_values();
  int (*winner_)(const Card* board, const Card* holes, int players) = holdem_winner;
};

TEST_F(Holdem2Kernel, RandomInstancesAnswerLikeHoldemWinner) {
  std::mt19937_64 rng(2020);
  for (int trial = 0; trial < 200; ++trial) {
    const int count = 1 + static_cast<int>(rng() % (3 * kGroup));
    expect_like_the_slow_path(random_instances_text(rng, holdem_lines(2), count, Notation::kHoldem));
  }
}

TEST_F(Holdem2Kernel, AnswerLinesOfEveryLengthAnswerLikeHoldemWinner) {
  // The kernel writes the answers of three instances at once where every
  // line fits, one by one where not, and keeps what it builds from the
  // lines it last saw: lines of every length, from 1 byte to a whole slot,
  // alike and mixed, one set after the other and back, at every instance
  // count up to three groups.
  const std::vector<std::vector<std::string>> sets = {
      {"1\n", "2\n", "=\n"},
      {"Player 1\n", "Player 2\n", "Draw\n"},
      {"Player 10\n", "Player 20\n", "Draw, tie\n"},
      {"1\n", "Player 20\n", "Draw\n"},
      {"Player 01:\n", "Player 02:\n", "Draw\n"},
      {"1\n", "2\n", "Nobody wins:\n"},
      {"Player one wins\n", "Player two wins\n", "Nobody wins: a\n"},
      {"Player 1\n", "Player 2\n", "Draw\n"},
  };
  std::mt19937_64 rng(2024);
  for (const std::vector<std::string>& set : sets) {
    lines_.clear();
    for (const std::string& line : set) lines_.push_back(AnswerLine::of(line));
    for (int count = 1; count <= static_cast<int>(3 * kGroup); ++count) {
      expect_like_the_slow_path(random_instances_text(rng, holdem_lines(2), count, Notation::kHoldem));
      if (HasFatalFailure()) return;
    }
  }
}

// `count` instances of boards of mostly one suit (both players may hold a
// flush, or share the board's) and of pairs (ties).
std::string flush_heavy_text(std::mt19937_64& rng, int count, Card lowest = 0) {
  std::string text;
  for (int instance = 0; instance < count; ++instance) {
    std::vector<Card> deck;
    const int suit = static_cast<int>(rng() % kSuitCount);
    for (int card = lowest; card < kCardCount; ++card) {
      // Mostly one suit: the first 13 of a shuffle of these are distinct.
      if (suit_of(static_cast<Card>(card)) == suit || rng() % 4 == 0) deck.push_back(static_cast<Card>(card));
    }
    std::shuffle(deck.begin(), deck.end(), rng);
    for (std::size_t i = 0; i < 9; ++i) {
      append_card(text, deck[i], Notation::kHoldem);
      text += (i == 1 || i == 3 || i == 8) ? '\n' : ' ';
    }
  }
  return text;
}

TEST_F(Holdem2Kernel, FlushesAndTiesAnswerLikeHoldemWinner) {
  // The kernel's slow branch and its verdicts.
  std::mt19937_64 rng(2021);
  expect_like_the_slow_path(flush_heavy_text(rng, 3000));
}

TEST_F(Holdem2Kernel, FlushesInAGroupOfOddSizeAnswerLikeHoldemWinner) {
  // The kernel decodes two instances a step, the last of a group of odd
  // size with a copy of itself: the copy's flush is no instance's.
  std::mt19937_64 rng(2024);
  for (const int count : {1, 3, 5, 31, 33, 63, 95}) {
    for (int trial = 0; trial < 20; ++trial) {
      expect_like_the_slow_path(flush_heavy_text(rng, count));
      if (HasFatalFailure()) return;
    }
  }
}

TEST_F(Holdem2Kernel, GroupsBeforeARejectedGroupAreAnsweredWithTheirFlushes) {
  // The kernel looks a whole group's values up while the next group
  // decodes, and answers it once the group after is looked up: a group
  // rejected after one, two or three whole groups of flushes still has the
  // groups before it answered, flushes included, and none of its own.
  std::mt19937_64 rng(2025);
  const int count = static_cast<int>(4 * kGroup);
  for (int trial = 0; trial < 4; ++trial) {
    const std::string text = flush_heavy_text(rng, count);
    for (std::size_t rejected = 1; rejected < 4; ++rejected) {
      for (const std::size_t at : {std::size_t{0}, kGroup / 2, kGroup - 1}) {
        std::string changed = text;
        changed[(rejected * kGroup + at) * kBytes] = '?';
        EXPECT_EQ(run_kernel(changed).judged, rejected * kGroup) << rejected << " " << at;
        expect_like_the_slow_path(changed);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_F(Holdem2Kernel, EveryCardAtEveryPositionAnswersLikeHoldemWinner) {
  // The kernel takes each card's rank and suit from the one of its two
  // overlapping loads (bytes 0..15, 11..26) that holds them: every card at
  // every one of the nine positions, in the first and the second instance
  // of a step (the vector lanes), among random other cards.
  std::mt19937_64 rng(2025);
  std::string text;
  for (std::size_t position = 0; position < 9; ++position) {
    for (int card = 0; card < kCardCount; ++card) {
      for (int trial = 0; trial < 8; ++trial) {
        std::vector<Card> deck;
        for (int other = 0; other < kCardCount; ++other) {
          if (other != card) deck.push_back(static_cast<Card>(other));
        }
        std::shuffle(deck.begin(), deck.end(), rng);
        deck.insert(deck.begin() + static_cast<std::ptrdiff_t>(position), static_cast<Card>(card));
        for (std::size_t i = 0; i < 9; ++i) {
          append_card(text, deck[i], Notation::kHoldem);
          text += (i == 1 || i == 3 || i == 8) ? '\n' : ' ';
        }
      }
    }
  }
  expect_like_the_slow_path(text);
}

TEST(Holdem2KernelRule, AFlushBeatsTheRankValueOfItsCards) {
  // The kernel takes the larger of a player's rank lookup and flush value,
  // so that it looks every player up the same way: this holds when seven
  // cards with a flush never hold a hand that beats it by ranks alone (a
  // full house or four of a kind would take eight cards). Every flush of
  // 5..7 ranks, with every multiset of ranks of the other suits' cards.
  int hands = 0;
  for (unsigned flush = 0; flush < (1u << kRankCount); ++flush) {
    const int in_suit = std::popcount(flush);
    if (in_suit < 5 || in_suit > 7) continue;
    std::uint64_t flush_key = 0;
    for (int rank = 0; rank < kRankCount; ++rank) {
      if ((flush >> rank & 1) != 0) flush_key += detail::card_keys[make_card(rank, 0)];
    }
    // The other cards (of suits 1 and 2): none, one, or two ranks.
    for (int first = in_suit == 7 ? -1 : 0; first < (in_suit == 7 ? 0 : kRankCount); ++first) {
      for (int second = in_suit == 5 ? 0 : -1; second <= (in_suit == 5 ? first : -1); ++second) {
        std::uint64_t key = flush_key;
        if (first >= 0) key += detail::card_keys[make_card(first, 1)];
        if (second >= 0) key += detail::card_keys[make_card(second, 2)];
        ASSERT_LT(detail::rank_value(key), detail::flush_values[flush])
            << std::hex << flush << ' ' << first << ' ' << second;
        ++hands;
      }
    }
  }
  // C(13, 5) * 91 + C(13, 6) * 13 + C(13, 7) rank patterns.
  EXPECT_EQ(hands, 1287 * 91 + 1716 * 13 + 1716);
}

TEST(Holdem2KernelRule, NoCardOfAFlushSuitHasTheFlushValueZero) {
  // The kernel looks up the flush value of every player of a pair of
  // instances where one holds a flush: a player with none sums no rank bits.
  EXPECT_EQ(detail::flush_values[0], 0);
}

TEST(Holdem2KernelRule, AShortDeckFlushBeatsTheRankValueOfItsCards) {
  // The same for short deck's tables, where a flush also beats a full
  // house: every flush of 5..7 ranks from 6 to A, with every multiset of
  // ranks of the other suits' cards; and a player with no flush sums no
  // rank bits, whose flush value is 0.
  const detail::ShortDeckTables& tables = detail::shortdeck_tables();
  EXPECT_EQ(tables.flush_values[0], 0);
  int hands = 0;
  for (unsigned flush = 0; flush < (1u << kRankCount); flush += 1u << kShortDeckLowestRank) {
    const int in_suit = std::popcount(flush);
    if (in_suit < 5 || in_suit > 7) continue;
    std::uint64_t flush_key = 0;
    for (int rank = kShortDeckLowestRank; rank < kRankCount; ++rank) {
      if ((flush >> rank & 1) != 0) flush_key += detail::card_keys[make_card(rank, 0)];
    }
    const int lowest = kShortDeckLowestRank;
    for (int first = in_suit == 7 ? -1 : lowest; first < (in_suit == 7 ? 0 : kRankCount); ++first) {
      for (int second = in_suit == 5 ? lowest : -1; second <= (in_suit == 5 ? first : -1); ++second) {
        std::uint64_t key = flush_key;
        if (first >= 0) key += detail::card_keys[make_card(first, 1)];
        if (second >= 0) key += detail::card_keys[make_card(second, 2)];
        ASSERT_LT(tables.rank_values[detail::rank_index(key)], tables.flush_values[flush])
            << std::hex << flush << ' ' << first << ' ' << second;
        ++hands;
      }
    }
  }
  // C(9, 5) * 45 + C(9, 6) * 9 + C(9, 7) rank patterns.
  EXPECT_EQ(hands, 126 * 45 + 84 * 9 + 36);
}

TEST_F(Holdem2Kernel, EverySingleByteChangeIsJudgedLikeTheDecoder) {
  // Three groups of instances; one byte of an instance in the middle group
  // changed to every value: the kernel judges the groups before it, and all
  // of them when the change leaves a valid instance (another card).
  std::mt19937_64 rng(2022);
  const std::string text = random_instances_text(rng, holdem_lines(2), static_cast<int>(3 * kGroup), Notation::kHoldem);
  for (const std::size_t instance : {kGroup, kGroup + 5, 2 * kGroup - 1}) {
    for (std::size_t at = 0; at < kBytes; ++at) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string changed = text;
        changed[instance * kBytes + at] = static_cast<char>(byte);
        expect_like_the_slow_path(changed);
        if (HasFatalFailure()) return;
      }
    }
  }
}

TEST_F(Holdem2Kernel, EveryRepeatedCardIsRejected) {
  // The card at position j copied over the one at position i, for every
  // pair of the nine: the kernel stops before the instance's group. The
  // kernel decodes two instances a step, one a vector lane: the first and
  // the second of a step, and the last of a group of odd size (paired with
  // a copy of itself).
  std::mt19937_64 rng(2023);
  const int count = static_cast<int>(2 * kGroup) - 1;
  const std::string text = random_instances_text(rng, holdem_lines(2), count, Notation::kHoldem);
  for (const std::size_t instance : {kGroup + 2, kGroup + 3, 2 * kGroup - 2}) {
    for (std::size_t i = 0; i < 9; ++i) {
      for (std::size_t j = 0; j < 9; ++j) {
        if (i == j) continue;
        std::string changed = text;
        changed.replace(instance * kBytes + 3 * i, 2, text.substr(instance * kBytes + 3 * j, 2));
        const Run got = run_kernel(changed);
        EXPECT_EQ(got.judged, kGroup) << instance << ": " << i << " " << j;
        expect_like_the_slow_path(changed);
      }
    }
  }
}

TEST_F(Holdem2Kernel, RepeatedCardsOfAFlushSuitAreRejected) {
  // Boards of mostly one suit with a card copied over another: a flush
  // suit's counter then counts a card twice, and its rank bits, added, may
  // carry past the 13 ranks. The kernel looks a flush up only in a group
  // that decodes valid: it stops before the instance's group, and answers
  // the groups before it (their flushes too) like the slow path.
  std::mt19937_64 rng(2025);
  const std::string text = flush_heavy_text(rng, static_cast<int>(2 * kGroup) + 1);
  for (const std::size_t instance : {kGroup, kGroup + 1, 2 * kGroup}) {
    for (std::size_t i = 0; i < 9; ++i) {
      for (std::size_t j = 0; j < 9; ++j) {
        if (i == j) continue;
        std::string changed = text;
        changed.replace(instance * kBytes + 3 * i, 2, text.substr(instance * kBytes + 3 * j, 2));
        EXPECT_EQ(run_kernel(changed).judged, instance / kGroup * kGroup) << instance << ": " << i << " " << j;
        expect_like_the_slow_path(changed);
        if (HasFatalFailure()) return;
      }
    }
  }
}

// `count` random deals of the short deck's 36 cards.
std::string short_deck_text(std::mt19937_64& rng, int count) {
  std::vector<Card> deck;
  for (int card = kShortDeckLowestCard; card < kCardCount; ++card) deck.push_back(static_cast<Card>(card));
  std::string text;
  for (int instance = 0; instance < count; ++instance) {
    std::shuffle(deck.begin(), deck.end(), rng);
    for (std::size_t i = 0; i < 9; ++i) {
      append_card(text, deck[i], Notation::kHoldem);
      text += (i == 1 || i == 3 || i == 8) ? '\n' : ' ';
    }
  }
  return text;
}

TEST_F(Holdem2Kernel, ShortDeckValuesAnswerLikeShortDeckWinner) {
  // Short deck's tables in the kernel: its rank values, and its flush
  // values (a flush above a full house, the straight flush A-6-7-8-9) for
  // every player holding a flush, in groups of every size.
  use_short_deck();
  expect_like_the_slow_path(
      "Ac Kd\n7h 8h\nAh Ad Kh Th 6h\n"    // a flush beats a full house
      "Ah 6h\n6c 7c\n7h 8h 9h Tc Jc\n"    // the straight flush A-6-7-8-9 beats a straight
      "As 6d\nKc Kd\n7c 8h 9s Jd Qc\n"    // A-6-7-8-9 beats a pair
      "Kc Kd\nJc Tc\n9s Qd Ks 6c 7d\n"    // trips beat a straight
      "6s 7s\n6h 7h\n8c 9d Tc Jd Qc\n");  // the same straight: a draw
  std::mt19937_64 rng(2026);
  expect_like_the_slow_path(short_deck_text(rng, 3000));
  expect_like_the_slow_path(flush_heavy_text(rng, 3000, kShortDeckLowestCard));
  for (const int count : {1, 3, 5, 31, 33, 63, 95}) {
    for (int trial = 0; trial < 20; ++trial) {
      expect_like_the_slow_path(short_deck_text(rng, count));
      expect_like_the_slow_path(flush_heavy_text(rng, count, kShortDeckLowestCard));
      if (HasFatalFailure()) return;
    }
  }
}

TEST_F(Holdem2Kernel, EveryCardBelowTheLowestIsRejectedAtEveryPosition) {
  // Each card ranked 2 to 5 over each of the nine cards of an instance, the
  // first and the second of a step (the vector lanes) and the last of a
  // group of odd size: with short deck's lowest card the kernel stops
  // before the instance's group, and answers the groups before it.
  use_short_deck();
  std::mt19937_64 rng(2027);
  const std::string text = short_deck_text(rng, static_cast<int>(2 * kGroup) - 1);
  EXPECT_EQ(run_kernel(text).judged, 2 * kGroup - 1);
  for (const std::size_t instance : {kGroup + 2, kGroup + 3, 2 * kGroup - 2}) {
    for (std::size_t i = 0; i < 9; ++i) {
      for (int low = 0; low < kShortDeckLowestCard; ++low) {
        std::string changed = text;
        const std::array<char, 2> name = card_chars(static_cast<Card>(low), Notation::kHoldem);
        changed.replace(instance * kBytes + 3 * i, 2, name.data(), name.size());
        EXPECT_EQ(run_kernel(changed).judged, kGroup) << instance << ": " << i << " " << low;
        expect_like_the_slow_path(changed);
        if (HasFatalFailure()) return;
      }
    }
  }
}

}  // namespace
}  // namespace poker
