// Published Omaha, Omaha eight-or-better and short-deck hands
// (tests/data/variants; its README.md names each case's source) judged by
// `poker` as a user runs it: the answers and the -e lines are the files'
// (.expected, .explained), the answers are the brute force's (tests/support:
// omaha_rules.h with the reference evaluator, shortdeck_rules.h), every
// -e line's five cards are two of the player's and three of the board's
// (Omaha) and worth the brute force's best, and the hands the sources state
// are the ones written.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/omaha_rules.h"
#include "support/reference_evaluator.h"
#include "support/shortdeck_rules.h"

namespace poker::e2e {
namespace {

struct CaseFile {
  std::string name;  // tests/data/variants/NAME.txt, .expected, .explained
  std::vector<std::string> args;
  int players;
  int hole;
  bool hilo;
  bool shortdeck;
};

const std::vector<CaseFile>& case_files() {
  static const std::vector<CaseFile> files = {
      {"omaha", {"omaha", "2"}, 2, 4, false, false},
      {"omaha5", {"omaha", "2", "--hole", "5"}, 2, 5, false, false},
      {"omaha6", {"omaha", "2", "--hole", "6"}, 2, 6, false, false},
      {"omaha_hilo", {"omaha", "3", "--hilo"}, 3, 4, true, false},
      {"omaha_hilo2", {"omaha", "2", "--hilo"}, 2, 4, true, false},
      {"shortdeck", {"shortdeck", "2"}, 2, 2, false, true},
  };
  return files;
}

std::string data_path(const CaseFile& file, const std::string& extension) {
  return kSourceDir + "/tests/data/variants/" + file.name + extension;
}

// The instances of a file: the players' hole cards, then the board, in one
// list each.
std::vector<std::vector<Card>> deals_of(const CaseFile& file) {
  std::vector<std::vector<Card>> deals;
  for (const auto& lines : instances_of(read_whole_file(data_path(file, ".txt")), file.players + 1)) {
    std::vector<Card> cards;
    for (const std::vector<Card>& line : lines) cards.insert(cards.end(), line.begin(), line.end());
    deals.push_back(cards);
  }
  return deals;
}

std::string brute_force_answer(const CaseFile& file, const std::vector<Card>& cards) {
  if (file.shortdeck) return testing::rules_answer(cards.data(), file.players);
  return testing::omaha_answer(cards.data(), file.players, file.hole, file.hilo, reference::RefValue(),
                               [](const std::array<Card, 5>& five) { return reference::evaluate5(five); });
}

TEST(PublicCases, AnswersAreTheExpectedFilesAndTheBruteForces) {
  for (const CaseFile& file : case_files()) {
    SCOPED_TRACE(file.name);
    const std::string expected = read_whole_file(data_path(file, ".expected"));
    std::string brute_force;
    for (const std::vector<Card>& cards : deals_of(file)) brute_force += brute_force_answer(file, cards);
    EXPECT_EQ(brute_force, expected);
    // One thread, and two on chunks of a few instances each.
    for (const std::vector<std::string>& options :
         {std::vector<std::string>{"-j", "1"}, std::vector<std::string>{"-j", "2", "--chunk-size", "100"}}) {
      const RunResult result = run_poker(concat(concat(file.args, options), {data_path(file, ".txt")}));
      EXPECT_EQ(result.exit_status, 0) << result.err;
      EXPECT_EQ(result.out, expected) << options.back();
    }
  }
}

// The five cards between the brackets of an -e line's part ("Flush [9c 6c
// 5c 4c 2c]"), and the name before them.
struct Shown {
  std::string name;
  std::array<Card, 5> cards{};
};

Shown shown_in(const std::string& part) {
  Shown shown;
  const std::size_t open = part.find(" [");
  EXPECT_NE(open, std::string::npos) << part;
  if (open == std::string::npos) return shown;
  shown.name = part.substr(0, open);
  std::istringstream cards(part.substr(open + 2, part.find(']') - open - 2));
  std::string token;
  for (Card& card : shown.cards) {
    cards >> token;
    card = card_from(token);
  }
  return shown;
}

bool holds(const std::vector<Card>& cards, Card card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

// Short deck's category names in the hold'em order that category_name_of()
// takes, indexed by shortdeck_rules.h's categories.
constexpr std::array<int, 9> kShortDeckAsHoldem = {0, 1, 2, 4, 3, 6, 5, 7, 8};

// Checks one player's -e line against the brute force.
void check_explained_player(const CaseFile& file, const std::vector<Card>& deal, int player, const std::string& line) {
  SCOPED_TRACE(line);
  const std::string prefix = "Player " + std::to_string(player + 1) + ": ";
  ASSERT_EQ(line.rfind(prefix, 0), 0u);
  const std::vector<Card> hole(deal.begin() + player * file.hole, deal.begin() + (player + 1) * file.hole);
  const std::vector<Card> board(deal.end() - 5, deal.end());
  const std::string parts = line.substr(prefix.size());
  const Shown high = shown_in(parts.substr(0, parts.find(" / ")));
  const auto from_hole = std::count_if(high.cards.begin(), high.cards.end(), [&](Card c) { return holds(hole, c); });
  const auto from_board = std::count_if(high.cards.begin(), high.cards.end(), [&](Card c) { return holds(board, c); });
  if (file.shortdeck) {
    EXPECT_EQ(from_hole + from_board, 5);
    const std::uint32_t best =
        testing::best_rule_key({hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]});
    EXPECT_EQ(testing::rule_key(high.cards), best);
    EXPECT_EQ(high.name, category_name_of(kShortDeckAsHoldem[static_cast<std::size_t>(testing::rule_category(best))]));
    return;
  }
  EXPECT_EQ(from_hole, 2);
  EXPECT_EQ(from_board, 3);
  const reference::RefValue best =
      testing::best_omaha_high(board.data(), hole.data(), file.hole, reference::RefValue(),
                               [](const std::array<Card, 5>& five) { return reference::evaluate5(five); });
  EXPECT_EQ(reference::evaluate5(high.cards), best);
  EXPECT_EQ(high.name, category_name_of(best.category));
  if (!file.hilo) return;
  const testing::RuleLow best_low = testing::best_omaha_low(board.data(), hole.data(), file.hole);
  const std::string low_part = parts.substr(parts.find(" / ") + 3);
  if (!best_low.qualifies) {
    EXPECT_EQ(low_part, "No low");
    return;
  }
  const Shown low = shown_in(low_part);
  EXPECT_EQ(low.name, "Low");
  EXPECT_EQ(testing::low_of_five(low.cards), best_low);
  EXPECT_EQ(std::count_if(low.cards.begin(), low.cards.end(), [&](Card c) { return holds(hole, c); }), 2);
  EXPECT_EQ(std::count_if(low.cards.begin(), low.cards.end(), [&](Card c) { return holds(board, c); }), 3);
}

TEST(PublicCases, ExplainLinesAreTheExpectedFilesAndTheBestHands) {
  for (const CaseFile& file : case_files()) {
    SCOPED_TRACE(file.name);
    const std::string explained = read_whole_file(data_path(file, ".explained"));
    const RunResult result = run_poker(concat(file.args, {"-e", data_path(file, ".txt")}));
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(result.out, explained);
    std::istringstream lines(explained);
    std::string line;
    for (const std::vector<Card>& deal : deals_of(file)) {
      for (int player = 0; player < file.players; ++player) {
        ASSERT_TRUE(std::getline(lines, line));
        check_explained_player(file, deal, player, line);
      }
      ASSERT_TRUE(std::getline(lines, line));
      EXPECT_EQ(line + "\n", brute_force_answer(file, deal));
    }
    EXPECT_FALSE(std::getline(lines, line)) << "more lines than instances";
  }
}

// What each source says of its hands (README.md tells which source says
// what), in the lines of the .explained files: `instance` counts from 1,
// `player` 0 is the answer line, and `says` is part of the line.
struct Statement {
  std::string file;
  int instance;
  int player;
  std::string says;
};

const std::vector<Statement>& statements() {
  static const std::vector<Statement> all = {
      // PokerHandEvaluator: a nine-high flush in clubs beats a ten-high
      // straight (five spades, but three of them the player's).
      {"omaha", 1, 1, "Flush [9c 6c 5c 4c 2c]"},
      {"omaha", 1, 2, "Straight [Ts 9s 8s 7s 6c]"},
      {"omaha", 1, 0, "Player 1"},
      {"omaha5", 1, 1, "Flush [9c 6c 5c 4c 2c]"},
      {"omaha5", 1, 2, "Straight [Ts 9s 8s 7s 6c]"},
      {"omaha5", 1, 0, "Player 1"},
      {"omaha6", 1, 1, "Flush [9c 6c 5c 4c 2c]"},
      {"omaha6", 1, 2, "Straight [Ts 9s 8s 7s 6c]"},
      {"omaha6", 1, 0, "Player 1"},
      // pokerkit: Omaha hands from hole and board cards; a pot-limit hand
      // that Antonius won.
      {"omaha", 2, 1, "Full house [9s 9h 9c 8s 8c]"},
      {"omaha", 3, 1, "Pair [As Ah Ks Tc 8s]"},
      {"omaha", 4, 0, "Player 1"},
      // pokerkit: two pot-limit Omaha showdowns of the 2023 WSOP Players
      // Championship, one won, one split.
      {"omaha", 5, 0, "Player 2"},
      {"omaha", 6, 0, "Draw"},
      // Wikipedia's counterfeited low: on the flop Bob's 8-7-6-2-A beats
      // Alice's 8-7-6-3-A; the turn's deuce gives Alice 7-6-3-2-A; the
      // river's three gives Bob the same; Carol's straight flush is high.
      {"omaha_hilo", 1, 1, "Low [8h 7h 6h 3c As]"},
      {"omaha_hilo", 1, 2, "Low [8h 7h 6h 2d Ac]"},
      {"omaha_hilo", 1, 3, "Straight flush [Th 9h 8h 7h 6h]"},
      {"omaha_hilo", 1, 0, "Player 3 / Player 2"},
      {"omaha_hilo", 2, 1, "Low [7h 6h 3c 2c As]"},
      {"omaha_hilo", 2, 2, "Low [8h 7h 6h 2d Ac]"},
      {"omaha_hilo", 2, 0, "Player 3 / Player 1"},
      {"omaha_hilo", 3, 1, "Low [7h 6h 3c 2c As]"},
      {"omaha_hilo", 3, 2, "Low [7h 6h 3s 2d Ac]"},
      {"omaha_hilo", 3, 0, "Player 3 / Draw"},
      // pokerkit: eight-or-better lows from hole and board cards.
      {"omaha_hilo", 4, 1, "Low [5c 4s 3c 2c As]"},
      {"omaha_hilo", 5, 1, "Low [6s 4c 3c 2c As]"},
      // lowlimitomaha.com: a 7-6-4-3-2 low; a deuce counterfeited; a low.
      {"omaha_hilo", 6, 1, "Low [7s 6h 4h 3h 2c]"},
      {"omaha_hilo", 7, 1, "No low"},
      {"omaha_hilo", 8, 1, "Low [8s 5s 3d 2c Ad]"},
      // pokerkit: six eight-or-better showdowns of the 2023 WSOP Players
      // Championship, whose final stacks split each pot so.
      {"omaha_hilo2", 1, 0, "Player 2 / Player 2"},
      {"omaha_hilo2", 2, 0, "Player 1 / No low"},
      {"omaha_hilo2", 3, 0, "Player 1 / Draw"},
      {"omaha_hilo2", 4, 0, "Player 2 / No low"},
      {"omaha_hilo2", 5, 0, "Player 1 / No low"},
      {"omaha_hilo2", 6, 0, "Player 1 / Player 2"},
      // pokerkit: aces full of kings; Xuan's straight against Phua's three
      // kings, which win here and lose in the source's rule set (README.md,
      // a difference).
      {"shortdeck", 1, 1, "Full house [As Ah Ac Ks Kc]"},
      {"shortdeck", 2, 1, "Straight [Kc Qh Jh Ts 9h]"},
      {"shortdeck", 2, 2, "Three of a kind [Ks Kh Kc Jh Ts]"},
      {"shortdeck", 2, 0, "Player 2"},
      // Ladbrokes: A-6-7-8-9 suited is the lowest straight flush.
      {"shortdeck", 3, 1, "Straight flush [9h 8h 7h 6h Ah]"},
      {"shortdeck", 3, 0, "Player 2"},
  };
  return all;
}

TEST(PublicCases, TheHandsTheSourcesStateAreTheOnesWritten) {
  for (const Statement& statement : statements()) {
    const CaseFile& file = *std::find_if(case_files().begin(), case_files().end(),
                                         [&](const CaseFile& f) { return f.name == statement.file; });
    std::istringstream lines(read_whole_file(data_path(file, ".explained")));
    std::string line;
    const int at =
        (statement.instance - 1) * (file.players + 1) + (statement.player == 0 ? file.players : statement.player - 1);
    for (int i = 0; i <= at; ++i) ASSERT_TRUE(std::getline(lines, line)) << statement.file;
    if (statement.player == 0) {
      EXPECT_EQ(line, statement.says) << statement.file << " instance " << statement.instance;
    } else {
      EXPECT_NE(line.find(statement.says), std::string::npos)
          << statement.file << " instance " << statement.instance << ": " << line;
    }
  }
}

}  // namespace
}  // namespace poker::e2e
