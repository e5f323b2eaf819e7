#include "poker/holdem_format.h"
#include "poker/answer_buffer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "support/format_runs.h"

namespace poker {
namespace {

ChunkResult process(std::string_view input, int players = 2, io::Chunk::End end = io::Chunk::End::kEndOfInput,
                    bool explain = false) {
  return testing::process_chunk(*make_holdem_format(HoldemOptions{players, explain}), input, end);
}

void expect_error(std::string_view input, std::uint64_t line, std::uint64_t column, const std::string& message,
                  const std::string& answers_before = "", int players = 2) {
  testing::expect_chunk_error(*make_holdem_format(HoldemOptions{players, false}), input, line, column, message,
                              answers_before);
}

constexpr const char* kInvalidCardHelp =
    ": expected a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c), like 'Ah' or 'Td'";

TEST(HoldemFormat, FramesPlayersPlusOneLines) {
  EXPECT_EQ(make_holdem_format(HoldemOptions{2, false})->lines_per_instance(), 3u);
  EXPECT_EQ(make_holdem_format(HoldemOptions{23, false})->lines_per_instance(), 24u);
}

TEST(HoldemFormat, AnswersEachInstanceInOrder) {
  const ChunkResult result = process(
      "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n"    // royal flush for player 1
      "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n"    // trips for player 2
      "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n");  // the board plays
  EXPECT_FALSE(result.error.has_value());
  EXPECT_EQ(result.answers, "Player 1\nPlayer 2\nDraw\n");
  EXPECT_EQ(result.instances, 3u);
}

TEST(HoldemFormat, DrawNeedsTwoBestHandsNotAllPlayers) {
  // Players 1 and 3 share the best straight; player 2 is worse.
  EXPECT_EQ(process("9c 2d\n3h 3s\n9d 2h\n5s 6d 7h 8c Kd\n", 3).answers, "Draw\n");
  EXPECT_EQ(process("9c 2d\n3h 3s\n9d Td\n5s 6d 7h 8c Kd\n", 3).answers, "Player 3\n");
}

TEST(HoldemFormat, BlanksCrLfAndTabsAreAccepted) {
  EXPECT_EQ(process("  Ah\tKh \r\n2c \v 3d\f\nQh Jh Th 5c 6d\r\n").answers, "Player 1\n");
}

TEST(HoldemFormat, ExplainListsEachPlayersHand) {
  EXPECT_EQ(process("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n", 2, io::Chunk::End::kEndOfInput, true).answers,
            "Player 1: Straight flush [Ah Kh Qh Jh Th]\n"
            "Player 2: High card [Qh Jh Th 6d 5c]\n"
            "Player 1\n");
  // The wheel is written 5 4 3 2 A, and loses to the six-high straight.
  EXPECT_EQ(process("Ah 2d\n2c 6d\n4h 5c 3s Kd Kh\n", 2, io::Chunk::End::kEndOfInput, true).answers,
            "Player 1: Straight [5c 4h 3s 2d Ah]\n"
            "Player 2: Straight [6d 5c 4h 3s 2c]\n"
            "Player 2\n");
}

// The explain mode's verdict and the judge's answer follow one rule: on
// random deals where players often share the best hand (a player holding
// the ranks of the one before, in other suits), they must agree.
TEST(HoldemFormat, ExplainVerdictIsTheJudgesOnEveryDeal) {
  std::mt19937_64 random(31);
  for (const int players : {2, 3, 5, 8}) {
    std::string input;
    for (int deal = 0; deal < 500; ++deal) {
      std::array<Card, kCardCount> deck{};
      std::iota(deck.begin(), deck.end(), Card{0});
      std::shuffle(deck.begin(), deck.end(), random);
      CardMask used = 0;
      std::size_t next = 0;
      const auto take = [&] {
        while ((used & mask_of(deck[next])) != 0) ++next;
        used |= mask_of(deck[next]);
        return deck[next];
      };
      std::vector<Card> cards;  // the players' hole cards, then the board
      for (int player = 0; player < players; ++player) {
        for (int hole = 0; hole < 2; ++hole) {
          Card card = 0;
          bool mirrored = false;
          if (player % 2 == 1 && deal % 2 == 0) {  // the previous player's rank in another suit
            const Card before = cards[cards.size() - 2];
            for (int shift = 1; shift < 4 && !mirrored; ++shift) {
              card = make_card(rank_of(before), (suit_of(before) + shift) % 4);
              mirrored = (used & mask_of(card)) == 0;
            }
          }
          if (mirrored) {
            used |= mask_of(card);
          } else {
            card = take();
          }
          cards.push_back(card);
        }
      }
      for (int i = 0; i < 5; ++i) cards.push_back(take());
      for (std::size_t i = 0; i < cards.size(); ++i) {
        const bool line_end = i + 1 == cards.size() || (i < 2 * static_cast<std::size_t>(players) && i % 2 == 1);
        input += card_name(cards[i]) + (line_end ? "\n" : " ");
      }
    }
    const ChunkResult judged = process(input, players);
    const ChunkResult explained = process(input, players, io::Chunk::End::kEndOfInput, true);
    ASSERT_FALSE(judged.error.has_value()) << judged.error->message;
    ASSERT_FALSE(explained.error.has_value()) << explained.error->message;
    std::istringstream answers(std::string(judged.answers.view()));
    std::istringstream explanation(std::string(explained.answers.view()));
    std::string answer;
    std::string line;
    int draws = 0;
    for (int deal = 0; std::getline(answers, answer); ++deal) {
      for (int player = 0; player <= players; ++player) ASSERT_TRUE(std::getline(explanation, line)) << deal;
      EXPECT_EQ(line, answer) << players << " players, deal " << deal;
      draws += answer == "Draw" ? 1 : 0;
    }
    EXPECT_FALSE(std::getline(explanation, line)) << "explain wrote more lines than the deals need";
    EXPECT_GT(draws, 10) << players << " players: too few shared best hands to test the tie rule";
  }
}

TEST(HoldemFormat, InvalidCardIsReportedAtItsColumn) {
  expect_error("Ah Kh\n2c 3d\nQh Jh ah 5c 6d\n", 3, 7, "invalid card 'ah'" + std::string(kInvalidCardHelp));
  expect_error("Ah 10h\n", 1, 4, "invalid card '10h'" + std::string(kInvalidCardHelp));
  expect_error("AH Kh\n", 1, 1, "invalid card 'AH'" + std::string(kInvalidCardHelp));
}

TEST(HoldemFormat, ControlBytesAreEscapedInTheMessage) {
  expect_error(std::string_view("Ah K\0\n", 6), 1, 4, "invalid card 'K\\x00'" + std::string(kInvalidCardHelp));
  expect_error("Ah \x01h\n", 1, 4, "invalid card '\\x01h'" + std::string(kInvalidCardHelp));
  expect_error("Ah K\xc3\xa9\n", 1, 4, "invalid card 'K\\xc3\\xa9'" + std::string(kInvalidCardHelp));
}

TEST(HoldemFormat, LongTokenIsCutInTheMessage) {
  const std::string token(100, 'x');
  expect_error("Ah " + token + "\n", 1, 4,
               "invalid card '" + std::string(40, 'x') + "'..." + std::string(kInvalidCardHelp));
}

TEST(HoldemFormat, TooManyCardsOnAPlayerLine) {
  expect_error("Ah Kh Qh\n", 1, 7, "expected the end of the line after 2 cards for player 1, found 'Qh'");
}

TEST(HoldemFormat, TooManyCardsOnTheBoard) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6d 7d\n", 3, 16,
               "expected the end of the line after 5 cards for the board, found '7d'");
}

TEST(HoldemFormat, TooFewCardsIsReportedAtTheLineEnd) {
  expect_error("Ah Kh\n2c\n", 2, 3, "expected 2 cards for player 2, found 1 before the end of the line");
  expect_error("Ah Kh\n2c 3d\nQh Jh Th  \n", 3, 11,
               "expected 5 cards for the board, found 3 before the end of the line");
}

TEST(HoldemFormat, DuplicateInOneLine) {
  expect_error("Ah Ah\n", 1, 4, "duplicate card 'Ah': already at line 1, column 1");
}

TEST(HoldemFormat, DuplicateAcrossLines) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c Kh\n", 3, 13, "duplicate card 'Kh': already at line 1, column 4");
}

TEST(HoldemFormat, SameCardInTwoInstancesIsFine) {
  EXPECT_FALSE(process("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nAh Kh\n2c 3d\nQh Jh Th 5c 6d\n").error.has_value());
}

TEST(HoldemFormat, AnswersBeforeTheFailingInstanceAreKept) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nAh Kh\n2c 3d\nQh Jh Th 5c 6x\n", 6, 13,
               "invalid card '6x'" + std::string(kInvalidCardHelp), "Player 1\n");
}

TEST(HoldemFormat, MissingNewlineAtEndOfInput) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6d", 3, 15, "missing newline at the end of the input");
}

TEST(HoldemFormat, TooFewCardsAtEndOfInput) {
  expect_error("Ah Kh\n2c 3d\nQh Jh", 3, 6, "expected 5 cards for the board, found 2 before the end of the input");
}

TEST(HoldemFormat, IncompleteInstanceIsReportedAfterTheLastNewline) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\nAh Kh\n", 5, 1,
               "incomplete instance: expected the line of player 2, found the end of the input", "Player 1\n");
}

TEST(HoldemFormat, InvalidTokenAtEndOfInputIsJudgedAsACard) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6", 3, 13, "invalid card '6'" + std::string(kInvalidCardHelp));
}

TEST(HoldemFormat, BlankLinesAtEndOfInputAreAccepted) {
  for (const char* tail : {"\n", "\n\n\n\n\n\n\n", "   ", " \t\r\n \n", "\n\n\n\n  \t"}) {
    const ChunkResult result = process(std::string("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n") + tail);
    EXPECT_FALSE(result.error.has_value()) << tail;
    EXPECT_EQ(result.answers, "Player 1\n");
  }
}

TEST(HoldemFormat, BlankLinesThenCardsAreAnError) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n\n\nAh Kh\n", 4, 1,
               "expected 2 cards for player 1, found 0 before the end of the line", "Player 1\n");
}

TEST(HoldemFormat, BlankTailInsideTheInputIsLeftToTheWriter) {
  const ChunkResult result = process("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n \n\n\n", 2, io::Chunk::End::kRecords);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_TRUE(result.error_starts_blank_tail);
  EXPECT_EQ(result.error->line, 4u);
  EXPECT_EQ(result.answers, "Player 1\n");
  const ChunkResult not_blank = process("\n\nAh Kh Qh Jh Th\n", 2, io::Chunk::End::kRecords);
  ASSERT_TRUE(not_blank.error.has_value());
  EXPECT_FALSE(not_blank.error_starts_blank_tail);
}

TEST(HoldemFormat, BlankLineBetweenInstancesIsAnError) {
  expect_error("Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n\nAh Kh\n2c 3d\nQh Jh Th 5c 6d\n", 4, 1,
               "expected 2 cards for player 1, found 0 before the end of the line", "Player 1\n");
}

TEST(HoldemFormat, RecordTooLongIsReportedAtTheCut) {
  const ChunkResult result = process("Ah Kh\n2c 3d\nQh J", 2, io::Chunk::End::kRecordTooLong);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->line, 3u);
  EXPECT_EQ(result.error->column, 5u);
  EXPECT_EQ(result.error->message, "instance longer than the limit of 16 bytes (the rest of the input was not read)");
  // An error before the cut still comes first.
  const ChunkResult earlier = process("Ah Kx\n2c 3d   Qh", 2, io::Chunk::End::kRecordTooLong);
  ASSERT_TRUE(earlier.error.has_value());
  EXPECT_EQ(earlier.error->column, 4u);
}

TEST(HoldemFormat, CutTokenIsJudgedWhenWhatWasReadDecides) {
  // Longer than any card: invalid whatever follows.
  const ChunkResult long_token = process("Ah Kh\n2c 3d\nQh Jhhh", 2, io::Chunk::End::kRecordTooLong);
  ASSERT_TRUE(long_token.error.has_value());
  EXPECT_EQ(long_token.error->column, 4u);
  EXPECT_EQ(long_token.error->message.rfind("invalid card 'Jhhh'", 0), 0u);
  // A third token on a player line: too many, whatever follows.
  const ChunkResult extra = process("Ah Kh Q", 2, io::Chunk::End::kRecordTooLong);
  ASSERT_TRUE(extra.error.has_value());
  EXPECT_EQ(extra.error->column, 7u);
  EXPECT_EQ(extra.error->message, "expected the end of the line after 2 cards for player 1, found 'Q'");
}

TEST(HoldemFormat, LongBlankRunCutByTheLimitIsReportedAtTheCut) {
  const ChunkResult result = process("\n  \n   ", 2, io::Chunk::End::kRecordTooLong);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->line, 3u);
  EXPECT_EQ(result.error->column, 4u);
  EXPECT_EQ(result.error->message.rfind("instance longer than the limit of 7 bytes", 0), 0u);
}

TEST(HoldemFormat, TwentyThreePlayersUseFiftyOneCards) {
  std::string input;
  int card = 0;
  for (int player = 0; player < 23; ++player) {
    input += card_name(static_cast<Card>(card)) + " " + card_name(static_cast<Card>(card + 1)) + "\n";
    card += 2;
  }
  input += "Ac Ad Ah As Ks\n";  // 48..51 and 47: the board plays quad aces for all
  const std::string duplicate = input.substr(0, input.find("Ks")) + "Kd\n";  // Kd is player 23's
  EXPECT_TRUE(process(duplicate, 23).error.has_value());
  const ChunkResult result = process(input, 23);
  ASSERT_FALSE(result.error.has_value()) << result.error->message;
  EXPECT_EQ(result.answers, "Draw\n");
}

TEST(HoldemFormat, RunsOfCanonicalInstancesBrokenByOtherLayoutsAndAnErrorKeepEveryAnswer) {
  // The canonical decoder takes runs of instances at once: a spaced-out
  // instance (40th) and a duplicate card (70th) inside long runs must
  // stop a run where they stand, answering all that come before.
  const std::string canonical = "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n";  // player 1
  const std::string spaced = "2c  3d\nAh Kh\t\nQh Jh Th 5c 6d\n";  // player 2, not canonical
  const std::string duplicate = "Ah Kh\n2c 3d\nQh Jh Th 5c Ah\n";
  std::string input;
  std::string expected;
  for (int instance = 1; instance < 70; ++instance) {
    input += instance == 40 ? spaced : canonical;
    expected += instance == 40 ? "Player 2\n" : "Player 1\n";
  }
  input += duplicate + canonical;
  const ChunkResult result = process(input);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->line, 69u * 3 + 3);
  EXPECT_EQ(result.error->message, "duplicate card 'Ah': already at line 208, column 1");
  EXPECT_EQ(result.answers, expected);
  EXPECT_EQ(result.instances, 69u);
}

TEST(AnswerBuffer, GrowsKeepingItsTextAndCutsToWhatWasWritten) {
  AnswerBuffer buffer;
  EXPECT_TRUE(buffer.empty());
  std::string expected;
  for (int i = 0; i < 1000; ++i) {
    buffer += "line ";
    buffer += static_cast<char>('a' + i % 26);
    char* const room = buffer.extend(16);
    room[0] = '\n';
    buffer.truncate(buffer.size() - 15);
    expected += "line " + std::string(1, static_cast<char>('a' + i % 26)) + "\n";
  }
  EXPECT_EQ(buffer, expected);
  const AnswerBuffer copy = buffer;
  AnswerBuffer moved = std::move(buffer);
  EXPECT_EQ(copy, expected);
  EXPECT_EQ(moved, expected);
  moved.clear();
  EXPECT_TRUE(moved.empty());
}

}  // namespace
}  // namespace poker
