// The canonical-instance decoders (scalar and each vector path this CPU
// runs) against one another, through the formats: on random instances and
// on mutated ones, every path must give the same answers and the same
// error, so that no fast path accepts what the general grammar rejects.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "formats/canonical_decoder.h"
#include "formats/card_line_reader.h"
#include "poker/cards.h"
#include "poker/euler_format.h"
#include "poker/holdem_format.h"
#include "support/format_runs.h"
#include "support/instance_text.h"

namespace poker {
namespace {

using testing::holdem_lines;
using testing::random_instances_text;

// Restores the process-wide decode path when a test ends.
class DecodePaths : public ::testing::Test {
 protected:
  void TearDown() override { set_decode_path(saved_); }

  // The result of `format` on `input` with every supported path; expects
  // them all equal to the scalar path's.
  static void expect_paths_agree(const Format& format, const std::string& input) {
    set_decode_path(DecodePath::kScalar);
    const ChunkResult reference = testing::process_chunk(format, input);
    for (const DecodePath path : supported_decode_paths()) {
      set_decode_path(path);
      const ChunkResult result = testing::process_chunk(format, input);
      ASSERT_EQ(result.answers, reference.answers) << path_name(path) << "\n" << input;
      ASSERT_EQ(result.instances, reference.instances) << path_name(path) << "\n" << input;
      ASSERT_EQ(result.error.has_value(), reference.error.has_value()) << path_name(path) << "\n" << input;
      if (reference.error) {
        EXPECT_EQ(result.error->line, reference.error->line) << path_name(path);
        EXPECT_EQ(result.error->column, reference.error->column) << path_name(path);
        EXPECT_EQ(result.error->message, reference.error->message) << path_name(path);
      }
    }
  }

 private:
  DecodePath saved_ = decode_path();
};

// The layouts whose kernels are unrolled (2, 3 and 8 players: one, two and
// three block pairs; Euler's 10 cards) and one that takes the loops (23
// players), with the notation of each.
std::vector<std::vector<int>> kernel_layouts() {
  return {holdem_lines(2), holdem_lines(3), holdem_lines(8), {10}, holdem_lines(23)};
}
Notation notation_of(const std::vector<int>& lines) { return lines.size() == 1 ? Notation::kEuler : Notation::kHoldem; }

TEST_F(DecodePaths, ScalarIsAlwaysSupportedAndFirst) {
  const std::vector<DecodePath> paths = supported_decode_paths();
  ASSERT_FALSE(paths.empty());
  EXPECT_EQ(paths.front(), DecodePath::kScalar);
}

TEST_F(DecodePaths, RandomHoldemInstancesAnswerAlikeOnEveryPath) {
  std::mt19937_64 rng(15);
  for (const int players : {2, 3, 5, 8, 23}) {
    const auto format = make_holdem_format(HoldemOptions{players, false});
    expect_paths_agree(*format, random_instances_text(rng, holdem_lines(players), 300, Notation::kHoldem));
  }
}

TEST_F(DecodePaths, EveryCardDecodesOnEveryPath) {
  // 52 cards in order, 9 to an instance (the last instance wraps around).
  const auto format = make_holdem_format(HoldemOptions{2, true});
  for (int first = 0; first < kCardCount; first += 9) {
    std::vector<Card> cards;
    for (int i = 0; i < 9; ++i) cards.push_back(static_cast<Card>((first + i) % kCardCount));
    std::string text;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      append_card(text, cards[i], Notation::kHoldem);
      text += (i == 1 || i == 3 || i == 8) ? '\n' : ' ';
    }
    expect_paths_agree(*format, text);
  }
}

// One to three bytes changed: to a random byte, to a card character, to a
// blank, or a card copied over another (a duplicate).
std::string mutate(std::mt19937_64& rng, std::string text, Notation notation) {
  const auto& alphabet = detail::kAlphabets[static_cast<int>(notation)];
  const std::string interesting = std::string(alphabet.rank_chars.data(), kRankCount) +
                                  std::string(alphabet.suit_chars.data(), kSuitCount) + " \n\t\r0\x80\xFF";
  const int changes = 1 + static_cast<int>(rng() % 3);
  for (int change = 0; change < changes; ++change) {
    const std::size_t at = rng() % text.size();
    switch (rng() % 4) {
      case 0: text[at] = static_cast<char>(rng() % 256); break;
      case 1: text[at] = interesting[rng() % interesting.size()]; break;
      case 2: {
        const std::size_t from = rng() % (text.size() - 1);
        const std::size_t to = rng() % (text.size() - 1);
        text[to] = text[from];
        text[to + 1] = text[from + 1];
        break;
      }
      default: text[at] = static_cast<char>(text[at] ^ (1 << (rng() % 8))); break;
    }
  }
  return text;
}

TEST_F(DecodePaths, MutatedHoldemInstancesGetTheSameAnswersAndErrorOnEveryPath) {
  std::mt19937_64 rng(1515);
  for (const int players : {2, 4, 8}) {
    const auto format = make_holdem_format(HoldemOptions{players, false});
    for (int trial = 0; trial < 3000; ++trial) {
      const std::string text = random_instances_text(rng, holdem_lines(players), 3, Notation::kHoldem);
      expect_paths_agree(*format, mutate(rng, text, Notation::kHoldem));
      if (HasFatalFailure()) return;
    }
  }
}

TEST_F(DecodePaths, EulerInstancesRandomAndMutatedAgreeOnEveryPath) {
  std::mt19937_64 rng(54);
  const auto format = make_euler_format(EulerOptions{});
  expect_paths_agree(*format, random_instances_text(rng, {10}, 500, Notation::kEuler));
  for (int trial = 0; trial < 3000; ++trial) {
    const std::string text = random_instances_text(rng, {10}, 3, Notation::kEuler);
    expect_paths_agree(*format, mutate(rng, text, Notation::kEuler));
    if (HasFatalFailure()) return;
  }
}

TEST_F(DecodePaths, UnrolledKernelsDecideAndDecodeLikeTheGenericLoops) {
  // 2, 3 and 8 players (one, two and three block pairs; 9 and 21 cards
  // unrolled on the scalar path), Euler's 10 cards, and 23 players (loops).
  std::mt19937_64 rng(1516);
  for (const std::vector<int>& lines : kernel_layouts()) {
    const CanonicalLayout layout(lines);
    const Notation notation = notation_of(lines);
    const simd::Alphabet& alphabet = simd::alphabet_of(notation);
    for (int trial = 0; trial < 2000; ++trial) {
      std::string text = random_instances_text(rng, lines, 1, notation);
      if (trial % 2 == 1) text = mutate(rng, text, notation);
      std::vector<Card> expected(layout.cards() + kDecodeSlack);
      const bool expected_valid =
          simd::generic_decoder_for(DecodePath::kScalar)(text.data(), layout.plan(), alphabet, expected.data());
      for (const DecodePath path : supported_decode_paths()) {
        for (const simd::Decoder decoder : {layout.decoder(path), simd::generic_decoder_for(path)}) {
          std::vector<Card> cards(layout.cards() + kDecodeSlack);
          ASSERT_EQ(decoder(text.data(), layout.plan(), alphabet, cards.data()), expected_valid)
              << path_name(path) << " " << layout.cards() << " cards\n"
              << text;
          if (expected_valid) {
            ASSERT_TRUE(std::equal(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(layout.cards()),
                                   cards.begin()))
                << path_name(path) << "\n"
                << text;
          }
        }
      }
    }
  }
}

TEST_F(DecodePaths, BatchDecodersStopAtTheFirstInstanceTheSingleDecoderRejects) {
  // Runs of 1 to 40 instances with at most one mutated, for each layout and
  // path: the batch decoder must return the index of the first instance the
  // one-instance decoder rejects (or the run's length), with the same cards
  // before it.
  std::mt19937_64 rng(1532);
  for (const std::vector<int>& lines : kernel_layouts()) {
    const CanonicalLayout layout(lines);
    const Notation notation = notation_of(lines);
    const simd::Alphabet& alphabet = simd::alphabet_of(notation);
    for (int trial = 0; trial < 300; ++trial) {
      const int count = 1 + static_cast<int>(rng() % 40);
      std::string text;
      for (int i = 0; i < count; ++i) {
        std::string instance = random_instances_text(rng, lines, 1, notation);
        // Mutations that keep the length keep the later instances in place.
        if (rng() % 8 == 0) {
          const std::string mutated = mutate(rng, instance, notation);
          if (mutated.size() == instance.size()) instance = mutated;
        }
        text += instance;
      }
      const auto instances = static_cast<std::size_t>(count);
      std::size_t expected_run = 0;
      std::vector<Card> expected((instances + 1) * layout.cards() + kDecodeSlack);
      while (expected_run < instances && simd::generic_decoder_for(DecodePath::kScalar)(
                                             text.data() + expected_run * layout.bytes(), layout.plan(), alphabet,
                                             expected.data() + expected_run * layout.cards())) {
        ++expected_run;
      }
      for (const DecodePath path : supported_decode_paths()) {
        std::vector<Card> cards((instances + 1) * layout.cards() + kDecodeSlack);
        ASSERT_EQ(layout.batch_decoder(path)(text.data(), instances, layout.plan(), alphabet, cards.data()),
                  expected_run)
            << path_name(path) << " " << layout.cards() << " cards\n"
            << text;
        const auto decoded = static_cast<std::ptrdiff_t>(expected_run * layout.cards());
        ASSERT_TRUE(std::equal(expected.begin(), expected.begin() + decoded, cards.begin())) << path_name(path) << "\n"
                                                                                             << text;
      }
    }
  }
}

}  // namespace
}  // namespace poker

namespace poker {
namespace {

TEST_F(DecodePaths, LongRunsWithOneOddInstanceAgreeOnEveryPath) {
  // Runs longer than a batch, one instance mutated or written with other
  // blanks somewhere, for 2 players (the kernel that judges as it decodes,
  // and its way back to the decoder after a group it rejects) and 3.
  std::mt19937_64 rng(1533);
  for (const int players : {2, 3}) {
    const auto format = make_holdem_format(HoldemOptions{players, false});
    for (int trial = 0; trial < 60; ++trial) {
      const int before = static_cast<int>(rng() % 80);
      std::string odd = random_instances_text(rng, holdem_lines(players), 1, Notation::kHoldem,
                                              trial % 2 == 0 ? testing::Blanks::kVaried : testing::Blanks::kCanonical);
      if (trial % 2 == 1) odd = mutate(rng, odd, Notation::kHoldem);
      expect_paths_agree(*format, random_instances_text(rng, holdem_lines(players), before, Notation::kHoldem) + odd +
                                      random_instances_text(rng, holdem_lines(players), 70, Notation::kHoldem));
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace poker
