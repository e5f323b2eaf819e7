// The draw format's parsing, validation and rendering, with a stand-in
// solver that echoes the deck it was given (the solver has its own tests).
#include "poker/draw_format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <vector>

#include "support/format_runs.h"

namespace poker {
namespace {

using testing::expect_chunk_error;
using testing::process_chunk;
using testing::run_format;

// Echoes the first two cards and the last two as suit, value pairs.
draw::RoundCounts echo(const draw::Deck& deck) {
  return {deck[0].suit,  deck[0].value,  deck[1].suit,  deck[1].value,
          deck[50].suit, deck[50].value, deck[51].suit, deck[51].value};
}

const auto kDraw = make_draw_format(&echo);

struct Card {
  int suit;  // 0..3: R S H K
  int value;
};

std::vector<Card> ordered_deck() {
  std::vector<Card> deck;
  for (int suit = 0; suit < 4; ++suit) {
    for (int value = 1; value <= 13; ++value) deck.push_back({suit, value});
  }
  return deck;
}

std::string text(const std::vector<Card>& deck) {
  std::string out;
  for (const Card& card : deck) out += std::string(1, "RSHK"[card.suit]) + " " + std::to_string(card.value) + "\n";
  return out;
}

std::string echo_answer(const std::vector<Card>& deck) {
  std::string out;
  for (const std::size_t i : {0, 1, 50, 51}) {
    out += std::to_string(deck[i].suit) + " " + std::to_string(deck[i].value) + (i == 51 ? "\n" : " ");
  }
  return out;
}

// The ordered deck's text with line `line` (1-based) replaced.
std::string with_line(int line, const std::string& replacement) {
  std::string input;
  const std::vector<Card> deck = ordered_deck();
  for (int i = 0; i < 52; ++i) input += i + 1 == line ? replacement : text({deck[static_cast<std::size_t>(i)]});
  return input;
}

TEST(DrawFormat, FiftyTwoLinesPerInstance) { EXPECT_EQ(kDraw->lines_per_instance(), 52u); }

TEST(DrawFormat, PassesTheCardsInOrderAndPrintsEightNumbers) {
  std::vector<Card> deck = ordered_deck();
  EXPECT_EQ(process_chunk(*kDraw, text(deck)).answers, "0 1 0 2 3 12 3 13\n");
  std::mt19937_64 random(1);
  std::shuffle(deck.begin(), deck.end(), random);
  const ChunkResult result = process_chunk(*kDraw, text(ordered_deck()) + text(deck));
  EXPECT_EQ(result.answers, echo_answer(ordered_deck()) + echo_answer(deck));
  EXPECT_EQ(result.instances, 2u);
}

TEST(DrawFormat, BlanksAroundAndAfterTheTokens) {
  EXPECT_EQ(process_chunk(*kDraw, with_line(1, " \tR\t 1 \r\n")).answers, "0 1 0 2 3 12 3 13\n");
}

TEST(DrawFormat, InvalidSuit) {
  expect_chunk_error(*kDraw, with_line(3, "X 3\n"), 3, 1,
                     "invalid suit 'X' for card 3 of the starting hand: expected R, S, H or K");
  expect_chunk_error(*kDraw, with_line(7, "r 7\n"), 7, 1,
                     "invalid suit 'r' for card 2 of the deck: expected R, S, H or K");
  expect_chunk_error(*kDraw, with_line(2, "RS 2\n"), 2, 1,
                     "invalid suit 'RS' for card 2 of the starting hand: expected R, S, H or K");
}

TEST(DrawFormat, InvalidValue) {
  for (const char* value : {"0", "14", "01", "A", "-1", "+2", "1x"}) {
    expect_chunk_error(
        *kDraw, with_line(9, std::string("R  ") + value + "\n"), 9, 4,
        "invalid value '" + std::string(value) + "' for card 4 of the deck: expected a number from 1 to 13");
  }
}

TEST(DrawFormat, MissingTokens) {
  expect_chunk_error(*kDraw, with_line(4, "R\n"), 4, 2,
                     "expected a value (1-13) for card 4 of the starting hand, found the end of the line");
  expect_chunk_error(
      *kDraw, with_line(4, "  \n"), 4, 3,
      "expected a suit (R, S, H, K) then a value (1-13) for card 4 of the starting hand, found the end of the line");
}

TEST(DrawFormat, ExtraToken) {
  expect_chunk_error(*kDraw, with_line(52, "K 13 K\n"), 52, 6,
                     "expected the end of the line after card 47 of the deck, found 'K'");
}

TEST(DrawFormat, DuplicateNamesTheFirstCopy) {
  expect_chunk_error(*kDraw, with_line(20, "  R 2\n"), 20, 3, "duplicate card 'R 2': already at line 2, column 1");
}

TEST(DrawFormat, IncompleteInstance) {
  const std::vector<Card> deck = ordered_deck();
  const std::string input = text(std::vector<Card>(deck.begin(), deck.begin() + 30));
  expect_chunk_error(*kDraw, input, 31, 1,
                     "incomplete instance: expected the line of card 26 of the deck, found the end of the input");
}

TEST(DrawFormat, MissingNewlineAtTheEnd) {
  std::string input = text(ordered_deck());
  input.pop_back();
  expect_chunk_error(*kDraw, input, 52, 5, "missing newline at the end of the input");
  input.pop_back();  // "K 1" at the end of the input is judged as it stands: a second K 1
  expect_chunk_error(*kDraw, input, 52, 1, "duplicate card 'K 1': already at line 40, column 1");
  input.pop_back();  // "K "
  expect_chunk_error(*kDraw, input, 52, 3,
                     "expected a value (1-13) for card 47 of the deck, found the end of the input");
}

TEST(DrawFormat, ErrorInTheSecondInstanceKeepsTheFirstAnswer) {
  const std::string input = text(ordered_deck()) + with_line(5, "H 14\n");
  expect_chunk_error(*kDraw, input, 57, 3,
                     "invalid value '14' for card 5 of the starting hand: expected a number from 1 to 13",
                     "0 1 0 2 3 12 3 13\n");
}

TEST(DrawFormat, SameBytesThroughThePipelineForAnyThreadCount) {
  std::mt19937_64 random(52);
  std::string input;
  std::string expected;
  for (int i = 0; i < 300; ++i) {
    std::vector<Card> deck = ordered_deck();
    std::shuffle(deck.begin(), deck.end(), random);
    input += text(deck);
    expected += echo_answer(deck);
  }
  for (const auto& [threads, chunk] :
       {std::pair{1, std::size_t{1}}, {2, std::size_t{300}}, {2, std::size_t{1 << 16}}}) {
    EXPECT_TRUE(run_format(*kDraw, input, threads, chunk).output == expected) << threads << " " << chunk;
  }
}

}  // namespace
}  // namespace poker
