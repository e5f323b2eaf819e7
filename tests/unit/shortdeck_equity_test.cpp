// Short-deck equity (EquityGame::kShortDeck) against an enumeration of its
// own: every deal and every board of the 36-card deck, each hand the best of
// its 21 five-card choices by the rules' reference (support/shortdeck_rules.h),
// which shares nothing with the engine's evaluator or its equity code. Monte
// Carlo against exact; the rules players get wrong; the errors.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "poker/equity.h"
#include "poker/range.h"
#include "support/equity_queries.h"
#include "support/shortdeck_rules.h"

namespace poker {
namespace {

using testing::card;
using testing::combo;
using testing::packed_cards;

constexpr int kFirstCard = 16;  // 6c: the cards below are ranked 2 to 5
constexpr int kDeckSize = 36;

Range range_of(std::string_view text) { return std::get<Range>(parse_range(text)); }

// A short-deck query of one hand (or range text) per player.
EquityQuery short_deck(std::initializer_list<std::string_view> players, std::string_view board = "",
                       std::string_view dead = "") {
  EquityQuery query;
  query.game = EquityGame::kShortDeck;
  for (const std::string_view player : players) query.players.push_back(range_of(player));
  query.board = packed_cards(board);
  query.dead = packed_cards(dead);
  return query;
}

EquityQuery in_holdem(EquityQuery query) {
  query.game = EquityGame::kHoldem;
  return query;
}

EquityResult exact(const EquityQuery& query) {
  EXPECT_EQ(check_equity_query(query), std::nullopt);
  EquitySettings settings;
  settings.method = EquityMethod::kExact;
  EquityResult result = compute_equity(query, settings);
  EXPECT_TRUE(result.exact);
  return result;
}

// ---- The reference: every deal, every board, the rules' best of 21. ----

// The rules' key of every five-card hand of the 36-card deck, by the
// combinatorial number of its cards' places in the deck (0 for 6c to 35
// for As): a seven-card hand is then 21 lookups.
class RuleKeys {
 public:
  RuleKeys() {
    for (int n = 0; n <= kDeckSize; ++n) {
      for (int k = 0; k <= 5; ++k) choose_[n][k] = k == 0 ? 1 : n == 0 ? 0 : choose_[n - 1][k - 1] + choose_[n - 1][k];
    }
    keys_.resize(choose_[kDeckSize][5]);
    std::array<int, 5> places{};
    fill(places, 0, 0);
  }

  // The best rule key of the 7 cards at `places` (their places in the deck).
  std::uint32_t best_of_seven(std::array<int, 7> places) const {
    std::sort(places.begin(), places.end());
    std::uint32_t best = 0;
    for (int skip1 = 0; skip1 < 7; ++skip1) {
      for (int skip2 = skip1 + 1; skip2 < 7; ++skip2) {
        std::size_t index = 0;
        int k = 1;
        for (int i = 0; i < 7; ++i) {
          if (i != skip1 && i != skip2) index += choose_[places[static_cast<std::size_t>(i)]][k++];
        }
        best = std::max(best, keys_[index]);
      }
    }
    return best;
  }

 private:
  void fill(std::array<int, 5>& places, int depth, int from) {
    if (depth == 5) {
      std::array<Card, 5> hand{};
      std::size_t index = 0;
      for (int i = 0; i < 5; ++i) {
        hand[static_cast<std::size_t>(i)] = static_cast<Card>(kFirstCard + places[static_cast<std::size_t>(i)]);
        index += choose_[places[static_cast<std::size_t>(i)]][i + 1];
      }
      keys_[index] = testing::rule_key(hand);
      return;
    }
    for (int place = from; place < kDeckSize; ++place) {
      places[static_cast<std::size_t>(depth)] = place;
      fill(places, depth + 1, place + 1);
    }
  }

  std::array<std::array<std::size_t, 6>, kDeckSize + 1> choose_{};
  std::vector<std::uint32_t> keys_;
};

const RuleKeys& rule_keys() {
  static const RuleKeys keys;
  return keys;
}

struct RulesEquity {
  std::vector<double> wins, ties, equity;  // weighted
  double total = 0;                        // weighted boards
  std::uint64_t boards = 0;
};

// Every deal of the players' combinations that holds only short-deck cards
// and no card twice, weighted by the product of its weights, and every board
// completing the known one from the 36 cards.
class RulesEnumeration {
 public:
  explicit RulesEnumeration(const EquityQuery& query) : query_(query), hands_(query.players.size()) {
    out_.wins.assign(hands_.size(), 0);
    out_.ties.assign(hands_.size(), 0);
    out_.equity.assign(hands_.size(), 0);
    deal_hands(0, query.board | query.dead, 1.0);
  }
  const RulesEquity& result() const { return out_; }

 private:
  void deal_hands(std::size_t player, CardMask used, double weight) {
    if (player == hands_.size()) {
      deal_board(kFirstCard, used, query_.board, weight);
      return;
    }
    for (const WeightedCombo& c : query_.players[player].combos) {
      if (c.low < kFirstCard || (c.mask() & used) != 0) continue;
      hands_[player] = c;
      deal_hands(player + 1, used | c.mask(), weight * c.weight);
    }
  }

  void deal_board(int from, CardMask used, CardMask board, double weight) {
    if (card_count(board) == 5) {
      score(board, weight);
      return;
    }
    for (int c = from; c < kCardCount; ++c) {
      const CardMask bit = CardMask{1} << c;
      if ((used & bit) == 0) deal_board(c + 1, used | bit, board | bit, weight);
    }
  }

  void score(CardMask board, double weight) {
    std::array<int, 7> places{};
    int n = 0;
    for (CardMask rest = board; rest != 0; rest &= rest - 1)
      places[static_cast<std::size_t>(n++)] = std::countr_zero(rest) - kFirstCard;
    std::vector<std::uint32_t> keys;
    std::uint32_t best = 0;
    for (const WeightedCombo& hand : hands_) {
      places[5] = hand.high - kFirstCard;
      places[6] = hand.low - kFirstCard;
      keys.push_back(rule_keys().best_of_seven(places));
      best = std::max(best, keys.back());
    }
    const auto sharing = static_cast<int>(std::count(keys.begin(), keys.end(), best));
    for (std::size_t p = 0; p < keys.size(); ++p) {
      if (keys[p] != best) continue;
      (sharing == 1 ? out_.wins : out_.ties)[p] += weight;
      out_.equity[p] += weight / sharing;
    }
    out_.total += weight;
    ++out_.boards;
  }

  const EquityQuery& query_;
  std::vector<WeightedCombo> hands_;
  RulesEquity out_;
};

// The exact engine's shares equal the rules enumeration's, to rounding.
void expect_matches_rules(const EquityQuery& query) {
  const EquityResult result = exact(query);
  const RulesEquity rules = RulesEnumeration(query).result();
  ASSERT_EQ(result.players.size(), rules.wins.size());
  EXPECT_EQ(result.boards, rules.boards);
  for (std::size_t p = 0; p < rules.wins.size(); ++p) {
    EXPECT_NEAR(result.players[p].win, rules.wins[p] / rules.total, 1e-12) << "player " << p + 1;
    EXPECT_NEAR(result.players[p].tie, rules.ties[p] / rules.total, 1e-12) << "player " << p + 1;
    EXPECT_NEAR(result.players[p].equity, rules.equity[p] / rules.total, 1e-12) << "player " << p + 1;
  }
}

// The short deck's cards, shuffled.
std::vector<Card> shuffled_deck(std::mt19937_64& random) {
  std::vector<Card> deck;
  for (int c = kFirstCard; c < kCardCount; ++c) deck.push_back(static_cast<Card>(c));
  std::shuffle(deck.begin(), deck.end(), random);
  return deck;
}

TEST(ShortDeckEquity, FlopTurnAndRiverDealsMatchTheRulesEnumeration) {
  std::mt19937_64 random(20261129);
  for (int round = 0; round < 120; ++round) {
    const std::vector<Card> deck = shuffled_deck(random);
    const int board_cards = 3 + round % 3;
    const int players = 2 + static_cast<int>(random() % 5);  // 2..6
    EquityQuery query = testing::dealt_query(deck, players, board_cards, round % 4 == 1);
    query.game = EquityGame::kShortDeck;
    SCOPED_TRACE("round " + std::to_string(round));
    expect_matches_rules(query);
  }
}

// Ranges with weights, with combinations that collide with each other, with
// the known cards, or hold a card ranked 2 to 5 (never dealt).
TEST(ShortDeckEquity, WeightedCollidingRangesMatchTheRulesEnumeration) {
  std::mt19937_64 random(47);
  std::uniform_real_distribution<double> weight(0.05, 1.0);
  int compared = 0;
  for (int round = 0; round < 40; ++round) {
    std::vector<Card> deck = shuffled_deck(random);
    EquityQuery query;
    query.game = EquityGame::kShortDeck;
    const int board_cards = 3 + round % 3;
    for (int b = 0; b < board_cards; ++b) query.board |= mask_of(deck[static_cast<std::size_t>(b)]);
    const int players = 2 + round % 3;  // 2..4
    for (int p = 0; p < players; ++p) {
      Range range;
      // Four to six combinations from the first 16 cards left: they collide
      // often, and now and then with the board.
      const int combos = 4 + static_cast<int>(random() % 3);
      for (int c = 0; c < combos; ++c) {
        const Card a = deck[static_cast<std::size_t>(board_cards - 1 + random() % 17)];
        Card b = deck[static_cast<std::size_t>(board_cards + random() % 16)];
        if (c == 0) b = static_cast<Card>(random() % kFirstCard);  // a card ranked 2 to 5
        if (a == b) continue;
        const WeightedCombo added{std::max(a, b), std::min(a, b), weight(random)};
        if (std::none_of(range.combos.begin(), range.combos.end(),
                         [&](const WeightedCombo& x) { return x.mask() == added.mask(); })) {
          range.combos.push_back(added);
        }
      }
      std::sort(range.combos.begin(), range.combos.end(), [](const WeightedCombo& x, const WeightedCombo& y) {
        return x.high != y.high ? x.high > y.high : x.low > y.low;
      });
      query.players.push_back(range);
    }
    if (check_equity_query(query) != std::nullopt) continue;  // no deal, or no hand left for someone
    SCOPED_TRACE("round " + std::to_string(round));
    expect_matches_rules(query);
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

// Before the flop: the rank-multiset count and its flush corrections, with
// short deck's values and its 32 cards left (201,376 boards for two hands).
TEST(ShortDeckEquity, PreflopDealsMatchTheRulesEnumeration) {
  expect_matches_rules(short_deck({"AhKh", "QsQd"}));
  expect_matches_rules(short_deck({"AcAd", "KsKh"}));
  expect_matches_rules(short_deck({"9s8s", "Ts7s", "6s6d"}));  // flushes against flushes, and a wheel's six
  expect_matches_rules(short_deck({"AhKh", "QsQd", "JcTc", "9d9h"}));
  expect_matches_rules(short_deck({"Ah6h", "9c9d"}, "", "7c8d"));  // dead cards
  EquityQuery ranges;                                              // weights, and suits that rename into one another
  ranges.game = EquityGame::kShortDeck;
  ranges.players.push_back(Range{{combo("AhKh", 0.5), combo("AsKs", 1.0), combo("JdTd", 0.25)}});
  ranges.players.push_back(range_of("QQ"));
  expect_matches_rules(ranges);
  EXPECT_EQ(exact(short_deck({"AhKh", "QsQd"})).boards, 201'376u);  // C(32, 5)
}

// In short deck a flush beats a full house: on Kh 9h 9c 7h, AhTh's flush
// beats KcKd's full house, which only the last king (quads) turns around,
// where in hold'em the full house wins every river.
TEST(ShortDeckEquity, AFlushBeatsAFullHouse) {
  const EquityQuery turn = short_deck({"AhTh", "KcKd"}, "Kh9h9c7h");
  const EquityResult short_result = exact(turn);
  EXPECT_EQ(short_result.boards, 28u);  // 36 - 8 cards for the river
  EXPECT_NEAR(short_result.players[0].win, 27.0 / 28, 1e-15);
  EXPECT_NEAR(short_result.players[1].win, 1.0 / 28, 1e-15);
  const EquityResult holdem_result = exact(in_holdem(turn));
  EXPECT_EQ(holdem_result.players[0].equity, 0);
  EXPECT_EQ(holdem_result.players[1].win, 1);
  expect_matches_rules(turn);
  // And on the flop, where the set fills up as often as the draw comes in.
  expect_matches_rules(short_deck({"AhTh", "KcKd"}, "Kh9h7c"));
}

// A-6-7-8-9 is a straight, the lowest, and three of a kind beats a straight.
TEST(ShortDeckEquity, AceSixSevenEightNineIsTheLowestStraightAndTripsBeatStraights) {
  const CardMask river = packed_cards("As7d8c9hKd");
  const auto river_query = [&](std::initializer_list<std::string_view> players) {
    EquityQuery query = short_deck(players);
    query.board = river;
    return query;
  };
  // 6cQs's wheel beats a pair of aces; in hold'em it is no straight.
  EXPECT_EQ(exact(river_query({"6cQs", "AhQd"})).players[0].win, 1);
  EXPECT_EQ(exact(in_holdem(river_query({"6cQs", "AhQd"}))).players[1].win, 1);
  // Every other straight beats it.
  EXPECT_EQ(exact(river_query({"6cQs", "TcJs"})).players[1].win, 1);
  // A set of kings beats the straight to the jack; in hold'em it loses.
  EXPECT_EQ(exact(river_query({"TcJs", "KcKs"})).players[1].win, 1);
  EXPECT_EQ(exact(in_holdem(river_query({"TcJs", "KcKs"}))).players[0].win, 1);
  // The straight flush A-6-7-8-9 of one suit beats four of a kind.
  EquityQuery flush = short_deck({"6h7h", "KcKd"});
  flush.board = packed_cards("Ah8h9hKhKs");
  EXPECT_EQ(exact(flush).players[0].win, 1);
  expect_matches_rules(flush);
}

// Monte Carlo: within 4 of its standard errors of the exact count, and the
// same deals, so the same answer, at any thread count for a seed.
TEST(ShortDeckEquity, MonteCarloIsWithinItsErrorAndTheSameAtAnyThreadCount) {
  const auto check = [](const EquityQuery& query, std::uint64_t seed) {
    const EquityResult truth = exact(query);
    EquitySettings settings;
    settings.method = EquityMethod::kMonteCarlo;
    settings.samples = 300'000;
    settings.seed = seed;
    EquityResult one;
    EquityResult two;
    tbb::task_arena(1).execute([&] { one = compute_equity(query, settings); });
    tbb::task_arena(2).execute([&] { two = compute_equity(query, settings); });
    EXPECT_FALSE(one.exact);
    EXPECT_EQ(one.boards, 300'000u);
    for (std::size_t p = 0; p < truth.players.size(); ++p) {
      EXPECT_EQ(one.players[p].equity, two.players[p].equity);
      EXPECT_EQ(one.players[p].win, two.players[p].win);
      EXPECT_GT(one.players[p].equity_error, 0);
      EXPECT_NEAR(one.players[p].equity, truth.players[p].equity, 4 * one.players[p].equity_error)
          << "player " << p + 1;
    }
  };
  check(short_deck({"AhKh", "QsQd", "JcTc"}), 7);
  check(short_deck({"AhTh", "KcKd"}, "Kh9h7c"), 8);
  // Weighted ranges, listed deals.
  EquityQuery weighted = short_deck({"QdQc,JsTs:0.3"});
  weighted.players.insert(weighted.players.begin(),
                          Range{{combo("AhKh", 0.2), combo("AsKs", 1.0), combo("QdQs", 0.7), combo("7c2d", 0.1)}});
  check(weighted, 3);
  // Over 250,000 deals of hands (2 x 406 x 351): each player's combination
  // drawn, the deal drawn again on a collision; on a river the exact count
  // is cheap.
  const EquityQuery many = short_deck({"KhKs,KdKc", "random", "random"}, "AhQh9c8d6s");
  EXPECT_EQ(exact(many).boards, 285'012u);  // one board per deal
  check(many, 9);
}

// `random` is short deck's C(36, 2) = 630 combinations; a range's
// combinations with a card ranked 2 to 5 are never dealt.
TEST(ShortDeckEquity, RandomIsTheShortDecksSixHundredThirtyCombinations) {
  // AhKh beside a river: 29 cards left, C(29, 2) hands for `random`, one board each.
  EXPECT_EQ(exact(short_deck({"AhKh", "random"}, "QsJs9c8d6h")).boards, 406u);
  EXPECT_EQ(check_equity_method(short_deck({"random", "random", "random"}), EquityMethod::kExact),
            "--exact would enumerate more than 2000000 deals of hands (630 x 630 x 630 combinations): use --mc or "
            "--time");
  // "A6s-A2s" is A6s alone in short deck.
  const EquityResult low = exact(short_deck({"A6s-A2s", "KK"}));
  const EquityResult six = exact(short_deck({"A6s", "KK"}));
  EXPECT_EQ(low.boards, six.boards);
  EXPECT_DOUBLE_EQ(low.players[0].equity, six.players[0].equity);
}

// A percentage range takes its classes from the hold'em order and keeps
// their short-deck combinations (docs/faq.md).
TEST(ShortDeckEquity, APercentageRangeKeepsItsClassesShortDeckCombinations) {
  const Range half = range_of("50%");
  Range kept;
  for (const WeightedCombo& c : half.combos) {
    if (c.low >= kFirstCard) kept.combos.push_back(c);
  }
  ASSERT_LT(kept.combos.size(), half.combos.size());
  EquityQuery by_percentage = short_deck({"AhKh"}, "QsJs9c");
  by_percentage.players.push_back(half);
  EquityQuery by_combos = short_deck({"AhKh"}, "QsJs9c");
  by_combos.players.push_back(kept);
  const EquityResult a = exact(by_percentage);
  const EquityResult b = exact(by_combos);
  EXPECT_EQ(a.boards, b.boards);
  EXPECT_DOUBLE_EQ(a.players[0].equity, b.players[0].equity);
}

TEST(ShortDeckEquity, AutoIsExactForTwoHandsAndCountsTheShortDecksBoards) {
  const EquityResult result = compute_equity(short_deck({"AhKh", "QsQd"}), EquitySettings{});
  EXPECT_TRUE(result.exact);
  EXPECT_EQ(result.boards, 201'376u);
}

// A card ranked 2 to 5 that the user names is an error that says why, as
// the short-deck judge's; hold'em takes the same queries.
TEST(ShortDeckEquity, CardsRankedTwoToFiveAreRefusedWithTheReason) {
  const std::string why = ": short deck has no 2 to 5 (ranks 6 to A)";
  EXPECT_EQ(check_equity_query(short_deck({"AhKh", "QsQd"}, "5cTd9s")), "invalid card '5c' on the board" + why);
  EXPECT_EQ(check_equity_query(short_deck({"AhKh", "QsQd"}, "", "2d")), "invalid card '2d' among the dead cards" + why);
  EXPECT_EQ(check_equity_query(short_deck({"AhKh", "Ah5c"})), "invalid card '5c' in player 2's hand" + why);
  EXPECT_EQ(check_equity_query(short_deck({"22-55", "AhKh"})), "player 1's range has no short-deck hand" + why);
  EXPECT_EQ(check_equity_query(short_deck({"AhKh", "A5s"})), "player 2's range has no short-deck hand" + why);
  EXPECT_EQ(check_equity_query(in_holdem(short_deck({"AhKh", "QsQd"}, "5cTd9s"))), std::nullopt);
  EXPECT_EQ(check_equity_query(in_holdem(short_deck({"22-55", "AhKh"}))), std::nullopt);
  // A range with some short-deck combinations plays them.
  EXPECT_EQ(check_equity_query(short_deck({"AhKh", "55,66"})), std::nullopt);
  // The cards left are counted in the 36-card deck: ten hands and a
  // board need 25 of them, and 12 dead cards leave 19 beside the board.
  EquityQuery ten =
      short_deck({"random", "random", "random", "random", "random", "random", "random", "random", "random", "random"},
                 "AhKhQhJhTh", "AsKsQsJsTs9s8s7s6sAdKdQd");
  EXPECT_EQ(check_equity_query(ten), "no deal is possible: 19 cards are left and the hands need 20");
}

}  // namespace
}  // namespace poker
