// poker::Generator (poker generate): a pure function of options and seed,
// the share of draws asked for within 2 points for every player count, and
// the fault's planned line. Omaha and short deck: every instance valid, the
// share of high draws judged by a brute force (every two hole cards with
// every three board cards), and each planted fault at the planned line as a
// reference reader of the layout finds it.
#include "poker/generate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/evaluator.h"
#include "poker/omaha.h"
#include "poker/shortdeck.h"

namespace poker {
namespace {

// `instances` instances of `options`, or, with `until_it_ends`, as the
// command writes them: the output ends after an instance whose fault ends it.
std::string generate(const GenerateOptions& options, std::uint64_t instances, bool until_it_ends = false) {
  Generator generator(options);
  std::string text;
  std::array<char, Generator::kMaxInstanceBytes> buffer{};
  for (std::uint64_t number = 1; number <= instances; ++number) {
    const char* end = generator.write(number, buffer.data());
    text.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
    if (until_it_ends && generator.ends_after(number)) break;
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

// ---- Omaha and short deck ----

std::vector<std::string> tokens_of(const std::string& line) {
  std::istringstream words(line);
  std::vector<std::string> tokens;
  for (std::string token; words >> token;) tokens.push_back(token);
  return tokens;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));  // a last line without its newline
  return lines;
}

// The instances of a hold'em-layout text: per instance, the players' hole
// cards (`hole` a player) then the 5 board cards. Expects every line and
// card valid, distinct within the instance, and (short deck) ranked 6..A.
std::vector<std::vector<Card>> read_instances(const std::string& text, int players, int hole, bool short_deck) {
  const std::vector<std::string> lines = lines_of(text);
  EXPECT_EQ(lines.size() % static_cast<std::size_t>(players + 1), 0u);
  std::vector<std::vector<Card>> instances;
  for (std::size_t first = 0; first + static_cast<std::size_t>(players) < lines.size(); first += players + 1) {
    std::vector<Card> cards;
    CardMask seen = 0;
    for (int l = 0; l <= players; ++l) {
      const std::vector<std::string> tokens = tokens_of(lines[first + static_cast<std::size_t>(l)]);
      EXPECT_EQ(static_cast<int>(tokens.size()), l < players ? hole : 5) << "line " << first + l + 1;
      for (const std::string& token : tokens) {
        const std::optional<Card> card = parse_card(token, Notation::kHoldem);
        EXPECT_TRUE(card) << token;
        if (!card) return instances;
        EXPECT_EQ(seen & mask_of(*card), 0u) << token << " twice, line " << first + l + 1;
        EXPECT_TRUE(!short_deck || rank_of(*card) >= 4) << token << " is no short-deck card";
        seen |= mask_of(*card);
        cards.push_back(*card);
      }
    }
    // The board first, as holdem_winner() and the brute force take it.
    std::rotate(cards.begin(), cards.end() - 5, cards.end());
    instances.push_back(std::move(cards));
  }
  return instances;
}

// The best Omaha high hand, by brute force: every two of the hole cards
// with every three of the board cards, judged by the five-card evaluator.
HandValue brute_omaha_high(const Card* board, const Card* hole, int count) {
  HandValue best;
  for (int i = 0; i < count; ++i) {
    for (int j = i + 1; j < count; ++j) {
      for (int a = 0; a < 5; ++a) {
        for (int b = a + 1; b < 5; ++b) {
          for (int c = b + 1; c < 5; ++c) {
            const CardMask five =
                mask_of(hole[i]) | mask_of(hole[j]) | mask_of(board[a]) | mask_of(board[b]) | mask_of(board[c]);
            best = std::max(best, evaluate(five));
          }
        }
      }
    }
  }
  return best;
}

bool brute_omaha_high_draw(const std::vector<Card>& instance, int players, int hole) {
  std::vector<HandValue> values;
  for (int p = 0; p < players; ++p)
    values.push_back(brute_omaha_high(instance.data(), instance.data() + 5 + hole * p, hole));
  const HandValue best = *std::max_element(values.begin(), values.end());
  return std::count(values.begin(), values.end(), best) > 1;
}

GenerateOptions omaha_options(int players, int hole) {
  GenerateOptions options;
  options.format = GenerateFormat::kOmaha;
  options.players = players;
  options.hole = hole;
  return options;
}

GenerateOptions short_deck_options(int players) {
  GenerateOptions options;
  options.format = GenerateFormat::kShortDeck;
  options.players = players;
  return options;
}

TEST(Generator, OmahaAndShortDeckAreAPureFunctionOfTheOptions) {
  for (GenerateOptions options :
       {omaha_options(2, 4), omaha_options(9, 5), omaha_options(7, 6), short_deck_options(2), short_deck_options(15)}) {
    options.seed = 42;
    const std::string first = generate(options, 200);
    EXPECT_EQ(generate(options, 200), first);
    options.ties = 0.5;
    const std::string with_ties = generate(options, 200);
    EXPECT_EQ(generate(options, 200), with_ties);
    EXPECT_NE(with_ties, first);
    options.ties.reset();
    options.seed = 43;
    EXPECT_NE(generate(options, 200), first);
  }
}

TEST(Generator, EveryOmahaInstanceIsValid) {
  for (int hole = kOmahaMinHoleCards; hole <= kOmahaMaxHoleCards; ++hole) {
    for (const int players : {2, 3, (kCardCount - 5) / hole}) {
      for (const std::optional<double> ties : {std::optional<double>(), std::optional<double>(0.5)}) {
        SCOPED_TRACE(::testing::Message() << hole << " hole cards, " << players << " players");
        GenerateOptions options = omaha_options(players, hole);
        options.ties = ties;
        options.seed = 7 + static_cast<std::uint64_t>(players);
        EXPECT_EQ(read_instances(generate(options, 2000), players, hole, false).size(), 2000u);
      }
    }
  }
}

TEST(Generator, EveryShortDeckInstanceIsValid) {
  for (int players = 2; players <= 15; ++players) {
    SCOPED_TRACE(::testing::Message() << players << " players");
    GenerateOptions options = short_deck_options(players);
    options.seed = 11 + static_cast<std::uint64_t>(players);
    const std::vector<std::vector<Card>> instances = read_instances(generate(options, 2000), players, 2, true);
    EXPECT_EQ(instances.size(), 2000u);
    // Every card of the 36 turns up, at every position of a 2-player deal.
    CardMask seen = 0;
    for (const auto& instance : instances) seen |= mask_of(instance.front()) | mask_of(instance.back());
    EXPECT_EQ(seen, ~CardMask{0} << 16 & ((CardMask{1} << kCardCount) - 1));
  }
}

// The share of high draws, judged by the brute force, is binomial around the
// share asked for: within 2 points at 5000 instances (over 3 standard
// deviations at 0.3), and exact at 0 and 1.
TEST(Generator, OmahaHighTiesAreWithinTwoPointsForEveryHoleCount) {
  for (int hole = kOmahaMinHoleCards; hole <= kOmahaMaxHoleCards; ++hole) {
    for (const int players : {2, 4, (kCardCount - 5) / hole}) {
      for (const double ties : {0.0, 0.3, 1.0}) {
        SCOPED_TRACE(::testing::Message() << hole << " hole cards, " << players << " players, --ties " << ties);
        GenerateOptions options = omaha_options(players, hole);
        options.ties = ties;
        options.seed = 300 + static_cast<std::uint64_t>(10 * hole + players);
        const auto instances = read_instances(generate(options, 5000), players, hole, false);
        int draws = 0;
        for (const auto& instance : instances) draws += brute_omaha_high_draw(instance, players, hole) ? 1 : 0;
        EXPECT_NEAR(static_cast<double>(draws) / 5000, ties, 0.02);
      }
    }
  }
}

// Short deck's draws, judged by its own evaluator (a flush beats a full
// house, three of a kind a straight): the share asked for for every player
// count, within 2 points at 5000 instances.
TEST(Generator, ShortDeckTiesAreWithinTwoPointsForEveryPlayerCount) {
  for (int players = 2; players <= 15; ++players) {
    std::vector<double> asked = {0.3};
    if (players % 6 == 3) asked = {0.0, 0.3, 1.0};  // at 3, 9 and 15 players
    for (const double ties : asked) {
      SCOPED_TRACE(::testing::Message() << players << " players, --ties " << ties);
      GenerateOptions options = short_deck_options(players);
      options.ties = ties;
      options.seed = 500 + static_cast<std::uint64_t>(players);
      const auto instances = read_instances(generate(options, 5000), players, 2, true);
      int draws = 0;
      for (const auto& instance : instances) {
        draws += shortdeck_winner(instance.data(), instance.data() + 5, players) == players ? 1 : 0;
      }
      EXPECT_NEAR(static_cast<double>(draws) / 5000, ties, 0.02);
    }
  }
}

// The instances built to be draws, when no natural one turns up: many at
// the most players, where a natural draw is rare. Every one is a draw.
TEST(Generator, OmahaBuiltDrawsAreDrawsAtTheMostPlayers) {
  for (int hole = kOmahaMinHoleCards; hole <= kOmahaMaxHoleCards; ++hole) {
    const int players = (kCardCount - 5) / hole;
    GenerateOptions options = omaha_options(players, hole);
    options.ties = 1.0;
    options.seed = 5;
    for (const auto& instance : read_instances(generate(options, 1000), players, hole, false)) {
      ASSERT_TRUE(brute_omaha_high_draw(instance, players, hole)) << hole << " hole cards";
    }
  }
}

TEST(Generator, WithoutTiesOmahaIsDealtPlainRandom) {
  const auto instances = read_instances(generate(omaha_options(2, 4), 20000), 2, 4, false);
  int draws = 0;
  for (const auto& instance : instances) draws += brute_omaha_high_draw(instance, 2, 4) ? 1 : 0;
  // Omaha's high draws are rare, but not absent, in random deals.
  EXPECT_GT(draws, 0);
  EXPECT_LT(draws, 20000 / 10);
}

// The first error a judge of the layout (PLAYERS lines of `hole` cards, a
// line of 5 board cards) finds, as the SPEC's line grammar has it: the line
// and what is wrong ("invalid", "low", "duplicate", "count", "newline",
// "cut"), or line 0 when the text is valid.
struct Fault {
  std::uint64_t line = 0;
  std::string what;
};

Fault first_fault(const std::string& text, int players, int hole, bool short_deck) {
  const std::vector<std::string> lines = lines_of(text);
  const bool ends_with_newline = text.empty() || text.back() == '\n';
  std::size_t l = 0;
  while (l < lines.size()) {
    bool rest_blank = ends_with_newline;
    for (std::size_t k = l; k < lines.size(); ++k) rest_blank = rest_blank && tokens_of(lines[k]).empty();
    if (rest_blank) return {};
    CardMask seen = 0;
    for (int i = 0; i <= players; ++i, ++l) {
      if (l == lines.size()) return {l + 1, "cut"};
      for (const std::string& token : tokens_of(lines[l])) {
        const std::optional<Card> card = parse_card(token, Notation::kHoldem);
        if (!card) return {l + 1, "invalid"};
        if (short_deck && rank_of(*card) < 4) return {l + 1, "low"};
        if ((seen & mask_of(*card)) != 0) return {l + 1, "duplicate"};
        seen |= mask_of(*card);
      }
      if (static_cast<int>(tokens_of(lines[l]).size()) != (i < players ? hole : 5)) return {l + 1, "count"};
      if (l + 1 == lines.size() && !ends_with_newline) return {l + 1, "newline"};
    }
  }
  return {};
}

TEST(Generator, OmahaAndShortDeckFaultsLandOnThePlannedLine) {
  const std::array<std::string, kFaultNames.size()> expected = {"invalid", "duplicate", "count", "count", "count",
                                                                "count",   "newline",   "cut",   "low"};
  for (GenerateOptions options :
       {omaha_options(3, 4), omaha_options(2, 5), omaha_options(7, 6), short_deck_options(3), short_deck_options(15)}) {
    const bool short_deck = options.format == GenerateFormat::kShortDeck;
    const int hole = short_deck ? 2 : options.hole;
    EXPECT_EQ(first_fault(generate(options, 5), options.players, hole, short_deck).line, 0u);
    for (std::size_t k = 0; k < kFaultNames.size(); ++k) {
      SCOPED_TRACE(::testing::Message() << kFaultNames[k] << ", " << options.players << " players, " << hole
                                        << " hole cards" << (short_deck ? ", short deck" : ""));
      options.error_at = 3;
      options.error_kind = static_cast<FaultKind>(k + 1);
      if (options.error_kind == FaultKind::kLowCard && !short_deck) {
        EXPECT_EQ(check_generate_options(options),
                  "--error-kind low-card applies to shortdeck only (its deck has no card ranked 2 to 5)");
        continue;
      }
      ASSERT_FALSE(check_generate_options(options));
      const Fault fault = first_fault(generate(options, 5, true), options.players, hole, short_deck);
      EXPECT_EQ(fault.line, planned_fault_line(options));
      EXPECT_EQ(fault.what, expected[k]);
    }
  }
}

TEST(Generator, OmahaAndShortDeckPlayerCountsAreTheDecksOwn) {
  for (int hole = kOmahaMinHoleCards; hole <= kOmahaMaxHoleCards; ++hole) {
    const int most = (kCardCount - 5) / hole;
    EXPECT_FALSE(check_generate_options(omaha_options(most, hole)));
    EXPECT_EQ(check_generate_options(omaha_options(most + 1, hole)),
              "PLAYERS must be 2.." + std::to_string(most) + " in omaha with " + std::to_string(hole) +
                  " hole cards (the deck holds 47 besides the board)");
    EXPECT_TRUE(check_generate_options(omaha_options(1, hole)));
  }
  EXPECT_EQ(check_generate_options(omaha_options(2, 3)), "--hole must be 4, 5 or 6");
  EXPECT_EQ(check_generate_options(omaha_options(2, 7)), "--hole must be 4, 5 or 6");
  EXPECT_FALSE(check_generate_options(short_deck_options(15)));
  EXPECT_EQ(check_generate_options(short_deck_options(16)), "PLAYERS must be 2..15 in shortdeck (36 cards)");
  GenerateOptions options = omaha_options(2, 4);
  options.ties = 0.5;
  EXPECT_FALSE(check_generate_options(options));
  EXPECT_EQ(planned_fault_line([] {
              GenerateOptions faulty = omaha_options(7, 6);
              faulty.error_at = 2;
              faulty.error_kind = FaultKind::kMissingFinalNewline;
              return faulty;
            }()),
            16u);
}

}  // namespace
}  // namespace poker
