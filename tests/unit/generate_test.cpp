// poker::Generator (poker generate): a pure function of options and seed,
// the share of draws asked for within 2 points for every player count, and
// the fault's planned line.
#include "poker/generate.h"

#include <gtest/gtest.h>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

std::string generate(const GenerateOptions& options, std::uint64_t instances) {
  Generator generator(options);
  std::string text;
  std::array<char, Generator::kMaxInstanceBytes> buffer{};
  for (std::uint64_t number = 1; number <= instances; ++number) {
    const char* end = generator.write(number, buffer.data());
    text.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
  }
  return text;
}

// The share of hold'em instances in `text` that are draws, judged here with
// holdem_winner on the parsed cards.
double draw_share(const std::string& text, int players) {
  std::istringstream lines(text);
  std::string token;
  std::vector<Card> holes;
  std::array<Card, 5> board{};
  int instances = 0;
  int draws = 0;
  while (true) {
    holes.clear();
    for (int i = 0; i < 2 * players && lines >> token; ++i) holes.push_back(*parse_card(token, Notation::kHoldem));
    if (static_cast<int>(holes.size()) < 2 * players) break;
    for (Card& card : board) {
      lines >> token;
      card = *parse_card(token, Notation::kHoldem);
    }
    ++instances;
    draws += holdem_winner(board.data(), holes.data(), players) == players ? 1 : 0;
  }
  return static_cast<double>(draws) / instances;
}

TEST(Generator, SameOptionsAndSeedGiveTheSameBytes) {
  for (const GenerateFormat format : {GenerateFormat::kHoldem, GenerateFormat::kEuler, GenerateFormat::kEval,
                                      GenerateFormat::kDraw, GenerateFormat::kEquity}) {
    GenerateOptions options;
    options.format = format;
    options.seed = 42;
    const std::string first = generate(options, 50);
    EXPECT_EQ(generate(options, 50), first);
    options.seed = 43;
    EXPECT_NE(generate(options, 50), first);
  }
}

TEST(Generator, TiesAreWithinTwoPointsForEveryPlayerCount) {
  for (int players = 2; players <= 23; ++players) {
    std::vector<double> asked = {0.3};
    if (players % 7 == 2) asked = {0.0, 0.3, 1.0};  // the ends, at 2, 9, 16 and 23 players
    for (const double ties : asked) {
      GenerateOptions options;
      options.players = players;
      options.ties = ties;
      options.seed = 100 + static_cast<std::uint64_t>(players);
      const double share = draw_share(generate(options, 5000), players);
      EXPECT_NEAR(share, ties, 0.02) << players << " players, --ties " << ties;
    }
  }
}

TEST(Generator, WithoutTiesTheDealIsPlainRandom) {
  GenerateOptions options;
  const double share = draw_share(generate(options, 20000), 2);
  // About 4% of random 2-player deals are draws.
  EXPECT_GT(share, 0.02);
  EXPECT_LT(share, 0.07);
}

TEST(Generator, PlannedFaultLine) {
  GenerateOptions options;
  options.players = 3;
  options.error_at = 3;
  options.error_kind = FaultKind::kInvalidCard;
  EXPECT_EQ(planned_fault_line(options), 9u);
  options.error_kind = FaultKind::kMissingFinalNewline;
  EXPECT_EQ(planned_fault_line(options), 12u);
  options.error_kind = FaultKind::kTruncated;
  EXPECT_EQ(planned_fault_line(options), 10u);
  options.format = GenerateFormat::kDraw;
  options.error_kind = FaultKind::kDuplicateCard;
  EXPECT_EQ(planned_fault_line(options), 106u);
}

TEST(Generator, OptionsThatCannotBeGeneratedAreRefused) {
  GenerateOptions options;
  options.players = 24;
  EXPECT_TRUE(check_generate_options(options));
  options = {};
  options.format = GenerateFormat::kDraw;
  options.ties = 0.5;
  EXPECT_TRUE(check_generate_options(options));
  options = {};
  options.format = GenerateFormat::kEval;
  options.error_at = 1;
  options.error_kind = FaultKind::kExtraCard;
  EXPECT_TRUE(check_generate_options(options));
  // A query file skips blank lines: no fault to plant there.
  options.format = GenerateFormat::kEquity;
  options.error_kind = FaultKind::kBlankLine;
  EXPECT_TRUE(check_generate_options(options));
  options.error_kind = FaultKind::kCrlfLine;
  EXPECT_TRUE(check_generate_options(options));
  EXPECT_FALSE(parse_fault_kind("no-such-kind"));
  EXPECT_EQ(parse_fault_kind("crlf-line"), FaultKind::kCrlfLine);
}

}  // namespace
}  // namespace poker
