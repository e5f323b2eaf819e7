// compute_equity against the published figures, against a plain enumeration
// of every deal and board (tests/support/equity_reference.h), and Monte Carlo
// against exact.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "poker/equity.h"
#include "poker/range.h"
#include "support/equity_queries.h"
#include "support/equity_reference.h"

namespace poker {
namespace {

using testing::card;
using testing::combo;
using testing::packed_cards;

// A range of the given hands, e.g. range({"AhKh", "AsKs"}).
Range range(std::initializer_list<std::string_view> hands) {
  Range r;
  for (const std::string_view hand : hands) r.combos.push_back(combo(hand));
  return r;
}

EquityQuery hands(std::initializer_list<std::string_view> players, std::string_view board = "",
                  std::string_view dead = "") {
  EquityQuery query;
  for (const std::string_view player : players) query.players.push_back(range({player}));
  query.board = packed_cards(board);
  query.dead = packed_cards(dead);
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

// Monte Carlo with 300,000 deals from `seed`.
EquitySettings monte_carlo(std::uint64_t seed) {
  EquitySettings settings;
  settings.method = EquityMethod::kMonteCarlo;
  settings.samples = 300'000;
  settings.seed = seed;
  return settings;
}

// Each sampled equity within 4.5 of its standard errors of the exact one
// (a false failure once in 100,000 runs).
void expect_within_error(const EquityResult& sampled, const EquityResult& truth) {
  ASSERT_EQ(sampled.players.size(), truth.players.size());
  for (std::size_t p = 0; p < truth.players.size(); ++p) {
    EXPECT_NEAR(sampled.players[p].equity, truth.players[p].equity, 4.5 * sampled.players[p].equity_error)
        << "player " << p + 1;
  }
}

// Shares equal to the plain enumeration's, to rounding.
void expect_matches_plain(const EquityQuery& query) {
  const EquityResult result = exact(query);
  const reference::PlainEquity plain = reference::plain_equity(query);
  ASSERT_EQ(result.players.size(), plain.wins.size());
  EXPECT_EQ(result.boards, plain.boards);
  for (std::size_t p = 0; p < plain.wins.size(); ++p) {
    EXPECT_NEAR(result.players[p].win, plain.wins[p] / plain.total, 1e-12) << "player " << p + 1;
    EXPECT_NEAR(result.players[p].tie, plain.ties[p] / plain.total, 1e-12) << "player " << p + 1;
    EXPECT_NEAR(result.players[p].equity, plain.equity[p] / plain.total, 1e-12) << "player " << p + 1;
    EXPECT_EQ(result.players[p].equity_error, 0);
  }
}

TEST(Equity, AceKingSuitedAgainstQueensPreflopIsThePublishedCount) {
  const EquityResult result = exact(hands({"AhKh", "QsQd"}));
  EXPECT_EQ(result.boards, 1'712'304u);
  const double boards = 1'712'304;
  EXPECT_DOUBLE_EQ(result.players[0].win * boards, 787'966);
  EXPECT_DOUBLE_EQ(result.players[1].win * boards, 917'606);
  EXPECT_DOUBLE_EQ(result.players[0].tie * boards, 6'732);
  EXPECT_DOUBLE_EQ(result.players[1].tie * boards, 6'732);
  EXPECT_NEAR(result.players[0].equity * 100, 46.214457, 5e-7);
  EXPECT_NEAR(result.players[1].equity * 100, 53.785543, 5e-7);
}

TEST(Equity, AcesAgainstKingsAndThreeWayArePublishedFigures) {
  const EquityResult aces = exact(hands({"AcAd", "KsKh"}));
  EXPECT_NEAR(aces.players[0].equity * 100, 81.255490, 5e-7);
  EXPECT_NEAR(aces.players[1].equity * 100, 18.744510, 5e-7);
  const EquityResult three = exact(hands({"AhKh", "QsQd", "JcTc"}));
  EXPECT_EQ(three.boards, 1'370'754u);  // C(46, 5)
  EXPECT_NEAR(three.players[0].equity * 100, 40.209184, 5e-7);
  EXPECT_NEAR(three.players[1].equity * 100, 41.054485, 5e-7);
  EXPECT_NEAR(three.players[2].equity * 100, 18.736331, 5e-7);
}

TEST(Equity, PreflopDealsMatchPlainEnumeration) {
  expect_matches_plain(hands({"AhKh", "QsQd"}));
  expect_matches_plain(hands({"7c2d", "7h2s"}));                // mostly split pots
  expect_matches_plain(hands({"9s8s", "Ts7s", "6s5s"}));        // flushes against flushes
  expect_matches_plain(hands({"AhKh", "QsQd"}, "", "2h3h4c"));  // dead cards
}

TEST(Equity, RandomDealsMatchPlainEnumeration) {
  std::mt19937_64 random(20261122);
  for (int round = 0; round < 60; ++round) {
    std::vector<Card> deck(kCardCount);
    for (int c = 0; c < kCardCount; ++c) deck[static_cast<std::size_t>(c)] = static_cast<Card>(c);
    std::shuffle(deck.begin(), deck.end(), random);
    // A few preflop deals (1.7 million boards each for the plain count);
    // flops and turns are cheap.
    const int board_cards = round < 3 ? 0 : round % 3 == 0 ? 5 : 3 + round % 2;
    const int players = 2 + static_cast<int>(random() % (board_cards == 0 ? 2 : 9));
    const EquityQuery query = testing::dealt_query(deck, players, board_cards, round % 4 == 1);
    SCOPED_TRACE("round " + std::to_string(round));
    expect_matches_plain(query);
  }
}

// A board of one or two known cards (OMPEval takes them): the exact count
// deals their three or four missing cards, Monte Carlo draws them.
TEST(Equity, OneAndTwoCardBoardsMatchPlainEnumeration) {
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd"}, "2c")), std::nullopt);
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd"}, "2c3c")), std::nullopt);
  expect_matches_plain(hands({"AhKh", "QsQd"}, "Ts"));
  expect_matches_plain(hands({"AhKh", "QsQd"}, "Ts9s"));
  expect_matches_plain(hands({"9s8s", "Ts7s", "6d5d"}, "2s", "Ad"));  // flushes, and a dead card
  expect_matches_plain(hands({"7c2d", "7h2s", "KdQd"}, "3c4c"));
  EquityQuery ranges;  // weighted combos, some colliding with the board
  ranges.players.push_back(Range{{combo("AhKh", 0.5), combo("AsKs", 1.0), combo("AcKc", 1.0)}});
  ranges.players.push_back(Range{{combo("QsQd", 1.0), combo("QhQc", 0.25)}});
  ranges.board = packed_cards("Kc");
  expect_matches_plain(ranges);
  const EquityResult flop = exact(hands({"AhKh", "QsQd"}, "Ts"));
  EXPECT_EQ(flop.boards, 178'365u);                                   // C(47, 4)
  EXPECT_EQ(exact(hands({"AhKh", "QsQd"}, "Ts9s")).boards, 15'180u);  // C(46, 3)
  expect_within_error(compute_equity(hands({"AhKh", "QsQd"}, "Ts"), monte_carlo(5)), flop);
  expect_within_error(compute_equity(ranges, monte_carlo(6)), exact(ranges));
}

TEST(Equity, RangesMatchPlainEnumeration) {
  EquityQuery flop;  // AK against QQ and a weighted JT, on Ts9s2d
  flop.players.push_back(range({"AhKh", "AsKs", "AdKc", "AcKd", "AsKh"}));
  flop.players.push_back(range({"QsQd", "QhQc", "QdQc", "QsQh"}));
  flop.players.push_back(Range{{combo("JsTh", 0.25), combo("JhTd", 0.5), combo("JcJd", 1.0)}});
  flop.board = packed_cards("Ts9s2d");
  expect_matches_plain(flop);
  // Before the flop: the two AK combos are one deal up to renaming of suits,
  // and the weights still count.
  EquityQuery preflop;
  preflop.players.push_back(Range{{combo("AhKh", 0.5), combo("AsKs", 1.0), combo("QdQs", 1.0)}});
  preflop.players.push_back(range({"QdQc"}));
  expect_matches_plain(preflop);
}

TEST(Equity, CollidingCombinationsAreLeftOut) {
  // Player 2's AhKh collides with player 1's hand and with the board's Ah
  // would too: only its other combination plays.
  EquityQuery query = hands({"AhQh"});
  query.players.push_back(range({"AhKh", "KsKd"}));
  const EquityResult result = exact(query);
  const EquityResult alone = exact(hands({"AhQh", "KsKd"}));
  EXPECT_DOUBLE_EQ(result.players[0].equity, alone.players[0].equity);
  EXPECT_EQ(result.boards, alone.boards);
}

TEST(Equity, ChecksTheQuery) {
  EXPECT_NE(check_equity_query(hands({"AhKh"})), std::nullopt);                          // one player
  EXPECT_NE(check_equity_query(hands({"AhKh", "QsQd"}, "2c3c4c5c6c7c")), std::nullopt);  // board of 6
  EXPECT_NE(check_equity_query(hands({"AhKh", "QsQd"}, "2c3c4c", "2c")), std::nullopt);  // dead on board
  EXPECT_NE(check_equity_query(hands({"AhKh", "QsQd"}, "Ah2c3c")), std::nullopt);        // no hand left
  EXPECT_NE(check_equity_query(hands({"AhKh", "AhKh"})), std::nullopt);                  // no deal possible
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd"}, "2c3c4c5c6c")), std::nullopt);
}

// A collision of specific hands names the card and where it is.
TEST(Equity, CollisionsNameTheCardAndWhereItIs) {
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd"}, "Ah2c3c")), "Ah is in player 1's hand and on the board");
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd"}, "", "Qd")), "Qd is in player 2's hand and among the dead cards");
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd", "KhQs"})), "Kh is in player 1's hand and in player 3's hand");
  EXPECT_EQ(check_equity_query(hands({"AhKh", "AhKh"})), "Ah Kh are in player 1's hand and in player 2's hand");
  EXPECT_EQ(check_equity_query(hands({"AhKh", "QsQd"}, "2c3c4c", "3c2c")), "3c 2c are on the board and dead");
  EXPECT_EQ(check_equity_cards(packed_cards("2c3c4c5c6c7c"), 0), "expected a board of 0 to 5 cards, found 6");
  EXPECT_EQ(check_equity_cards(packed_cards("2c3c4c"), packed_cards("5c")), std::nullopt);
}

TEST(Equity, ProgressCountsTheWorkToItsTotal) {
  EquityProgress exact_progress;
  EquitySettings exact_settings;
  exact_settings.method = EquityMethod::kExact;
  exact_settings.progress = &exact_progress;
  compute_equity(hands({"AhKh", "QsQd"}, "Ts9s2d"), exact_settings);
  EXPECT_TRUE(exact_progress.started);
  EXPECT_TRUE(exact_progress.exact);
  EXPECT_GT(exact_progress.total, 0u);
  EXPECT_EQ(exact_progress.done, exact_progress.total);

  EquityProgress sampled_progress;
  EquitySettings sampled;
  sampled.method = EquityMethod::kMonteCarlo;
  sampled.samples = 3 * kSamplesPerBlock + 1;
  sampled.progress = &sampled_progress;
  compute_equity(hands({"AhKh", "QsQd"}), sampled);
  EXPECT_FALSE(sampled_progress.exact);
  EXPECT_EQ(sampled_progress.total, 4u);  // blocks of deals
  EXPECT_EQ(sampled_progress.done, 4u);

  EquityProgress timed_progress;
  EquitySettings timed;
  timed.method = EquityMethod::kMonteCarlo;
  timed.seconds = kMinSeconds;
  timed.progress = &timed_progress;
  compute_equity(hands({"AhKh", "QsQd"}), timed);
  EXPECT_TRUE(timed_progress.started);
  EXPECT_EQ(timed_progress.total, 0u);  // the clock ends it
  EXPECT_GT(timed_progress.done, 0u);
}

EquityQuery ranges(std::initializer_list<std::string_view> texts) {
  EquityQuery query;
  for (const std::string_view text : texts) query.players.push_back(std::get<Range>(parse_range(text)));
  return query;
}

// Whether the ranges can be dealt at all is a search; the smallest ranges go
// first, and a budget bounds what ordering cannot settle.
TEST(Equity, ImpossibleDealsAreFoundOrGivenUpQuickly) {
  // Found by the fuzzer: the wide ranges came first, three QQ players last,
  // and the search tried every deal of the others before failing.
  EXPECT_EQ(check_equity_query(ranges(
                {"QQ+,random:0.1,AA:.25", "A9s+", "JTo", "AKo:.25", "A9s+", "JTo:0.25", "QQ", "QQ", "QQ", "Q7+"})),
            "no deal is possible: the hands always share a card");
  // Nine players of AA, KK, QQ, JJ: 16 cards for 18; every order of the
  // first eight fits, so only the budget ends it.
  EquityQuery nine;
  for (int p = 0; p < 9; ++p) nine.players.push_back(std::get<Range>(parse_range("AA,KK,QQ,JJ")));
  EXPECT_EQ(check_equity_query(nine), "no possible deal found in 10000000 steps: the hands collide too much");
  EXPECT_EQ(check_equity_query(ranges({"AA,KK", "AA,KK", "AA,KK", "AA,KK"})), std::nullopt);
  // Nine players of AA..TT can be dealt (nine of the ten pairs), in about
  // 900 million ways, but hardly one draw in 20,000 is one: too many deals
  // to list, too rare to draw.
  EquityQuery rare;
  for (int p = 0; p < 9; ++p) rare.players.push_back(std::get<Range>(parse_range("AA,KK,QQ,JJ,TT")));
  EXPECT_EQ(check_equity_query(rare),
            "the hands collide too much: over 250000 possible deals, yet fewer than 1 draw in 4096 is one");
}

// Ten random hands and a board beside nine dead cards take 34 of the 52:
// every deal is possible, and the sampler draws among the hands that miss
// the dead cards, so the rejection test accepts what it can deal.
TEST(Equity, TenRandomHandsBesideNineDeadCardsAreSampled) {
  EquityQuery query =
      ranges({"random", "random", "random", "random", "random", "random", "random", "random", "random", "random"});
  for (int card = 0; card < 9; ++card) query.dead |= mask_of(static_cast<Card>(card * 5));
  ASSERT_EQ(check_equity_query(query), std::nullopt);
  EquitySettings settings = monte_carlo(3);
  settings.samples = 1000;
  const EquityResult result = compute_equity(query, settings);
  EXPECT_FALSE(result.exact);
  EXPECT_EQ(result.boards, 1000u);
  double equity = 0;
  for (const auto& player : result.players) equity += player.equity;
  EXPECT_NEAR(equity, 1.0, 1e-9);
}

TEST(Equity, MonteCarloIsWithinItsErrorAndTheSameAtAnyThreadCount) {
  const EquityQuery query = hands({"AhKh", "QsQd", "JcTc"});
  const EquityResult truth = exact(query);
  EquitySettings settings = monte_carlo(7);
  EquityResult one;
  EquityResult two;
  tbb::task_arena(1).execute([&] { one = compute_equity(query, settings); });
  tbb::task_arena(2).execute([&] { two = compute_equity(query, settings); });
  EXPECT_FALSE(one.exact);
  EXPECT_EQ(one.boards, 300'000u);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(one.players[p].equity, two.players[p].equity);
    EXPECT_EQ(one.players[p].win, two.players[p].win);
    // About 0.09% for 300,000 deals.
    EXPECT_GT(one.players[p].equity_error, 0.0005);
    EXPECT_LT(one.players[p].equity_error, 0.0015);
  }
  expect_within_error(one, truth);
  settings.seed = 8;
  EXPECT_NE(compute_equity(query, settings).players[0].equity, one.players[0].equity);
}

TEST(Equity, MonteCarloDrawsWeightedRangesAsExactCountsThem) {
  EquityQuery query;  // unequal weights, and combos that collide with the other range
  query.players.push_back(Range{{combo("AhKh", 0.2), combo("AsKs", 1.0), combo("QdQs", 0.7), combo("7c2d", 0.1)}});
  query.players.push_back(Range{{combo("QdQc", 1.0), combo("JsTs", 0.3)}});
  expect_within_error(compute_equity(query, monte_carlo(3)), exact(query));
}

// Over 250,000 deals of hands: Monte Carlo draws each player's combination
// and draws again on a collision instead of listing the deals. On a river
// board the exact count is cheap enough to compare with.
TEST(Equity, MonteCarloOverTooManyDealsToListIsWithinItsError) {
  EquityQuery query = ranges({"22+,A2+,K2+", "random"});
  query.board = packed_cards("AhKhQh2c3d");
  const EquityResult truth = exact(query);
  EXPECT_GT(truth.boards, 250'000u);  // one board per deal
  expect_within_error(compute_equity(query, monte_carlo(9)), truth);
  EXPECT_GT(std::abs(truth.players[0].equity - 0.5), 0.05);  // not a symmetric case
}

TEST(Equity, AutoIsExactForSmallWorkAndSamplesForLarge) {
  EXPECT_TRUE(compute_equity(hands({"AhKh", "QsQd"}), EquitySettings{}).exact);
  EquityQuery wide = hands({"AhKh"});
  Range everything;
  for (int a = 0; a < kCardCount; ++a) {
    for (int b = 0; b < a; ++b)
      everything.combos.push_back(WeightedCombo{static_cast<Card>(a), static_cast<Card>(b), 1.0});
  }
  wide.players.push_back(everything);
  wide.players.push_back(everything);
  EquitySettings settings;
  settings.samples = 20'000;
  const EquityResult sampled = compute_equity(wide, settings);
  EXPECT_FALSE(sampled.exact);
  EXPECT_EQ(sampled.boards, 20'000u);
}

// Every card but these, as a mask: the dead cards of a query that leaves
// only `kept` (and the hands) in play.
CardMask all_but(std::string_view kept) { return ((CardMask{1} << kCardCount) - 1) & ~packed_cards(kept); }

// Two hands, every other card dead but those of `kept`.
EquityQuery hands_leaving(std::string_view first, std::string_view second, std::string_view kept) {
  EquityQuery query = hands({first, second});
  query.dead = all_but(std::string(first) + std::string(second) + std::string(kept));
  return query;
}

// A board needs its missing cards among those neither dead, on the board nor
// in a hand; too few left is the query's fault, found before any deal (the
// Monte Carlo draw searched for the absent cards forever, and the exact
// count divided zero by zero).
TEST(Equity, TooFewCardsLeftForTheBoardAreRefused) {
  EXPECT_EQ(check_equity_query(hands_leaving("AhAd", "KhKd", "2c3c4c5c")),
            "no board can be dealt: 4 cards are left and the board needs 5");
  EquityQuery with_board = ranges({"AsKs", "random"});
  with_board.board = packed_cards("2c3c4c");
  with_board.dead = all_but("AsKs2c3c4c5c6c7c");  // 5c 6c 7c left: two for the random hand, one for the board
  EXPECT_EQ(check_equity_query(with_board), "no board can be dealt: 1 card is left and the board needs 2");
  EquityQuery crowded;
  for (int p = 0; p < 10; ++p) crowded.players.push_back(std::get<Range>(parse_range("random")));
  crowded.dead = all_but("AhAdAcAsKhKdKcKsQhQdQcQsJhJdJcJsThTdTcTs9h9d9c9s");  // 24 left
  EXPECT_EQ(check_equity_query(crowded), "no board can be dealt: 4 cards are left and the board needs 5");
  crowded.dead |= packed_cards("9h9d9c9s");
  EXPECT_EQ(check_equity_query(crowded), "no board can be dealt: 0 cards are left and the board needs 5");
  crowded.dead |= packed_cards("Ts");
  EXPECT_EQ(check_equity_query(crowded), "no deal is possible: 19 cards are left and the hands need 20");
}

// Exactly as many cards as the board needs: one board, dealt by every method.
TEST(Equity, ExactlyEnoughCardsLeftDealTheOnlyBoard) {
  const EquityQuery query = hands_leaving("AhAd", "KhKd", "2c3c4c5c6c");
  ASSERT_EQ(check_equity_query(query), std::nullopt);
  const EquityResult enumerated = exact(query);
  EXPECT_EQ(enumerated.boards, 1u);
  EquitySettings sampled = monte_carlo(3);
  sampled.samples = 1000;
  for (const EquityResult& result : {enumerated, compute_equity(query, sampled)}) {
    for (const PlayerEquity& player : result.players) {
      EXPECT_EQ(player.win, 0);  // both play the board's straight flush
      EXPECT_EQ(player.tie, 1);
      EXPECT_EQ(player.equity, 0.5);
    }
  }
}

// Random hands, ranges, boards and dead cards: a query is refused with a
// message, or every method gives finite shares whose equities sum to one;
// never a NaN, never a hang (the test's own time limit).
TEST(Equity, AnyQueryIsRefusedOrGivesFiniteSharesThatSumToOne) {
  std::mt19937_64 random(20261126);
  const std::vector<std::string> range_texts = {"random", "QQ+,AKs", "22+", "AKo", "T9s", "random:0.5,AA"};
  int accepted = 0;
  int refused = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<int> deck(kCardCount);
    for (int c = 0; c < kCardCount; ++c) deck[static_cast<std::size_t>(c)] = c;
    std::shuffle(deck.begin(), deck.end(), random);
    std::size_t next = 0;
    const auto take = [&] { return static_cast<Card>(deck[next++]); };
    EquityQuery query;
    const int players = 2 + static_cast<int>(random() % 9);
    for (int p = 0; p < players; ++p) {
      if (random() % 2 == 0) {
        const Card a = take();
        const Card b = take();
        query.players.push_back(Range{{WeightedCombo{std::max(a, b), std::min(a, b), 1.0}}});
      } else {
        query.players.push_back(std::get<Range>(parse_range(range_texts[random() % range_texts.size()])));
      }
    }
    const int board_size = static_cast<int>(random() % 6);
    for (int b = 0; b < board_size; ++b) query.board |= mask_of(take());
    const int dead = static_cast<int>(random() % (kCardCount - next + 1));
    for (int d = 0; d < dead; ++d) query.dead |= mask_of(take());
    SCOPED_TRACE("trial " + std::to_string(trial) + ": " + std::to_string(players) + " players, board of " +
                 std::to_string(board_size) + ", " + std::to_string(dead) + " dead");
    if (const std::optional<std::string> problem = check_equity_query(query)) {
      EXPECT_FALSE(problem->empty());
      ++refused;
      continue;
    }
    ++accepted;
    EquitySettings sampled = monte_carlo(static_cast<std::uint64_t>(trial));
    sampled.samples = 2000;
    std::vector<EquityResult> results = {compute_equity(query, sampled)};
    EquitySettings automatic;
    automatic.samples = 2000;  // when auto chooses Monte Carlo
    if (board_size >= 4 && players <= 4) results.push_back(compute_equity(query, automatic));
    for (const EquityResult& result : results) {
      EXPECT_GT(result.boards, 0u);
      double total = 0;
      for (const PlayerEquity& player : result.players) {
        for (const double share : {player.win, player.tie, player.equity}) {
          EXPECT_TRUE(std::isfinite(share));
          EXPECT_GE(share, 0);
          EXPECT_LE(share, 1);
        }
        EXPECT_TRUE(std::isfinite(player.equity_error));
        total += player.equity;
      }
      EXPECT_NEAR(total, 1.0, 1e-9);
    }
  }
  // Both sides of the line were reached.
  EXPECT_GT(accepted, 50);
  EXPECT_GT(refused, 50);
}

TEST(Equity, AStopFlagEndsEveryMethodAtOnce) {
  // Hours of work each: an enumeration of over a billion deals of hands, the
  // most deals Monte Carlo takes, and the longest time.
  EquityQuery query;
  for (int p = 0; p < 3; ++p) query.players.push_back(std::get<Range>(parse_range("random")));
  ASSERT_EQ(check_equity_query(query), std::nullopt);
  std::atomic<bool> stop{true};
  EquitySettings exact_settings;
  exact_settings.method = EquityMethod::kExact;
  EquitySettings most_deals;
  most_deals.method = EquityMethod::kMonteCarlo;
  most_deals.samples = kMaxSamples;
  EquitySettings longest;
  longest.method = EquityMethod::kMonteCarlo;
  longest.seconds = kMaxSeconds;
  for (EquitySettings settings : {exact_settings, most_deals, longest}) {
    settings.stop = &stop;
    const auto start = std::chrono::steady_clock::now();
    compute_equity(query, settings);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  }
}

}  // namespace
}  // namespace poker
