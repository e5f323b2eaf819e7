// Omaha equity (4, 5 and 6 hole cards, and eight-or-better) against a plain
// enumeration written here from the rules alone: every board, every hand of
// the random players, each hand judged as the best of its two-hole-card and
// three-board-card choices by the reference five-card evaluator, the low by
// its own reading of the rules. Then Monte Carlo against exact, the seed's
// determinism at any thread count, a published figure, the checks and the
// query words (--game).
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "poker/equity.h"
#include "poker/equity_query.h"
#include "support/equity_queries.h"
#include "support/reference_evaluator.h"

namespace poker {
namespace {

using testing::packed_cards;

using reference::RefValue;

std::vector<Card> list(CardMask mask) { return reference::cards_of(mask); }

// Calls f(subset) for every `size`-card subset of `from`.
void subsets(const std::vector<Card>& from, int size, const std::function<void(const std::vector<Card>&)>& f) {
  std::vector<Card> chosen;
  const std::function<void(std::size_t)> next = [&](std::size_t at) {
    if (static_cast<int>(chosen.size()) == size) {
      f(chosen);
      return;
    }
    for (std::size_t i = at; i < from.size(); ++i) {
      chosen.push_back(from[i]);
      next(i + 1);
      chosen.pop_back();
    }
  };
  next(0);
}

// The best high of exactly two hole cards and three board cards.
RefValue reference_high(const std::vector<Card>& hole, const std::vector<Card>& board) {
  RefValue best;
  subsets(hole, 2, [&](const std::vector<Card>& two) {
    subsets(board, 3, [&](const std::vector<Card>& three) {
      const std::array<Card, 5> five{two[0], two[1], three[0], three[1], three[2]};
      best = std::max(best, reference::evaluate5(five));
    });
  });
  return best;
}

// The best eight-or-better low of two hole and three board cards: five
// distinct ranks from ace (1) to eight, highest first; the lowest such list
// is the best; empty when there is none.
std::vector<int> reference_low(const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::optional<std::vector<int>> best;
  subsets(hole, 2, [&](const std::vector<Card>& two) {
    subsets(board, 3, [&](const std::vector<Card>& three) {
      std::vector<int> ranks;
      for (const Card card : {two[0], two[1], three[0], three[1], three[2]}) {
        const int rank = rank_of(card) == 12 ? 1 : rank_of(card) + 2;  // ace low
        ranks.push_back(rank);
      }
      std::sort(ranks.rbegin(), ranks.rend());
      if (std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end() || ranks.front() > 8) return;
      if (!best || ranks < *best) best = ranks;
    });
  });
  return best.value_or(std::vector<int>{});
}

struct Reference {
  std::uint64_t deals = 0;
  std::uint64_t no_low = 0;
  std::vector<double> equity;  // summed pot shares
  std::vector<std::uint64_t> high_win, high_tie, low_win, low_tie, scoop;
};

// Every board and every deal of the random players' hands, by the rules.
Reference brute_force(const EquityQuery& query) {
  const int hole = equity_hole_cards(query.game);
  const bool hilo = query.game == EquityGame::kOmahaHiLo;
  const std::size_t players = query.hands.size();
  Reference ref;
  ref.equity.assign(players, 0);
  for (auto* counts : {&ref.high_win, &ref.high_tie, &ref.low_win, &ref.low_tie, &ref.scoop}) {
    counts->assign(players, 0);
  }
  CardMask known = query.board | query.dead;
  for (const CardMask hand : query.hands) known |= hand;
  const std::vector<Card> left = list(~known & ((CardMask{1} << kCardCount) - 1));
  std::vector<std::vector<Card>> holes(players);
  const auto settle = [&](const std::vector<Card>& board) {
    std::vector<RefValue> highs;
    std::vector<std::vector<int>> lows;
    for (std::size_t p = 0; p < players; ++p) {
      highs.push_back(reference_high(holes[p], board));
      lows.push_back(hilo ? reference_low(holes[p], board) : std::vector<int>{});
    }
    const RefValue best_high = *std::max_element(highs.begin(), highs.end());
    std::optional<std::vector<int>> best_low;
    for (const auto& low : lows) {
      if (!low.empty() && (!best_low || low < *best_low)) best_low = low;
    }
    const auto high_count = static_cast<int>(std::count(highs.begin(), highs.end(), best_high));
    const auto low_count = best_low ? static_cast<int>(std::count(lows.begin(), lows.end(), *best_low)) : 0;
    ++ref.deals;
    if (hilo && !best_low) ++ref.no_low;
    for (std::size_t p = 0; p < players; ++p) {
      double share = 0;
      if (highs[p] == best_high) {
        share += (best_low ? 0.5 : 1.0) / high_count;
        ++(high_count == 1 ? ref.high_win : ref.high_tie)[p];
      }
      if (best_low && lows[p] == *best_low) {
        share += 0.5 / low_count;
        ++(low_count == 1 ? ref.low_win : ref.low_tie)[p];
      }
      ref.equity[p] += share;
      if (share == 1.0) ++ref.scoop[p];
    }
  };
  // The random players' hands from what the board left, player by player.
  const std::function<void(std::size_t, CardMask, const std::vector<Card>&)> deal =
      [&](std::size_t player, CardMask free, const std::vector<Card>& board) {
        if (player == players) {
          settle(board);
          return;
        }
        if (query.hands[player] != 0) {
          holes[player] = list(query.hands[player]);
          deal(player + 1, free, board);
          return;
        }
        subsets(list(free), hole, [&](const std::vector<Card>& hand) {
          holes[player] = hand;
          CardMask rest = free;
          for (const Card card : hand) rest &= ~mask_of(card);
          deal(player + 1, rest, board);
        });
      };
  const int missing = 5 - card_count(query.board);
  subsets(left, missing, [&](const std::vector<Card>& more) {
    std::vector<Card> board = list(query.board);
    CardMask free = ~known & ((CardMask{1} << kCardCount) - 1);
    for (const Card card : more) {
      board.push_back(card);
      free &= ~mask_of(card);
    }
    deal(0, free, board);
  });
  return ref;
}

EquityResult compute(const EquityQuery& query, EquityMethod method, std::uint64_t samples = 0, std::uint64_t seed = 1) {
  EXPECT_EQ(check_equity_query(query), std::nullopt);
  EquitySettings settings;
  settings.method = method;
  settings.samples = samples;
  settings.seed = seed;
  return compute_equity(query, settings);
}

void expect_equal(const EquityResult& result, const Reference& ref, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(result.players.size(), ref.equity.size());
  ASSERT_EQ(result.boards, ref.deals);
  const auto deals = static_cast<double>(ref.deals);
  for (std::size_t p = 0; p < ref.equity.size(); ++p) {
    const PlayerEquity& player = result.players[p];
    EXPECT_NEAR(player.equity, ref.equity[p] / deals, 1e-12) << "player " << p + 1;
    EXPECT_EQ(player.win, static_cast<double>(ref.high_win[p]) / deals) << "player " << p + 1;
    EXPECT_EQ(player.tie, static_cast<double>(ref.high_tie[p]) / deals) << "player " << p + 1;
    if (result.hilo) {
      EXPECT_EQ(player.low_win, static_cast<double>(ref.low_win[p]) / deals) << "player " << p + 1;
      EXPECT_EQ(player.low_tie, static_cast<double>(ref.low_tie[p]) / deals) << "player " << p + 1;
      EXPECT_EQ(player.scoop, static_cast<double>(ref.scoop[p]) / deals) << "player " << p + 1;
    }
  }
  if (result.hilo) {
    EXPECT_EQ(result.no_low, static_cast<double>(ref.no_low) / deals);
  }
}

std::string describe(const EquityQuery& query) {
  std::string text(equity_game_name(query.game));
  for (const CardMask hand : query.hands) {
    text += " | ";
    text += hand == 0 ? std::string("random") : reference::describe(hand);
  }
  text += " | board ";
  text += reference::describe(query.board);
  text += " | dead ";
  text += reference::describe(query.dead);
  return text;
}

// A random small query: `players` hands (one of them random when
// `with_random`), a board of `board_cards`, and dead cards that leave
// `spare` cards beyond the hands and the board, so that the plain
// enumeration stays cheap.
EquityQuery random_query(std::mt19937_64& rng, EquityGame game, int players, int board_cards, int spare,
                         bool with_random) {
  std::vector<Card> deck;
  for (int card = 0; card < kCardCount; ++card) deck.push_back(static_cast<Card>(card));
  std::shuffle(deck.begin(), deck.end(), rng);
  const int hole = equity_hole_cards(game);
  EquityQuery query;
  query.game = game;
  std::size_t at = 0;
  const auto take = [&](int count) {
    CardMask mask = 0;
    for (int i = 0; i < count; ++i) mask |= mask_of(deck[at++]);
    return mask;
  };
  for (int p = 0; p < players; ++p) query.hands.push_back(with_random && p == players - 1 ? 0 : take(hole));
  if (with_random) at += static_cast<std::size_t>(hole);  // the random hand's share of the deck
  query.board = take(board_cards);
  at += static_cast<std::size_t>(spare + 5 - board_cards);
  query.dead = take(kCardCount - static_cast<int>(at));
  return query;
}

int max_players(EquityGame game) { return std::min(kMaxEquityPlayers, (kCardCount - 5) / equity_hole_cards(game)); }

constexpr std::array<EquityGame, 4> kOmahaGames = {EquityGame::kOmaha, EquityGame::kOmaha5, EquityGame::kOmaha6,
                                                   EquityGame::kOmahaHiLo};

TEST(OmahaEquity, ExactEqualsBruteForceOnTurnAndRiverBoards) {
  std::mt19937_64 rng(47);
  for (const EquityGame game : kOmahaGames) {
    for (int players = 2; players <= max_players(game); ++players) {
      for (int round = 0; round < 40; ++round) {
        const int board_cards = 4 + round % 2;
        const int spare = players * equity_hole_cards(game) + 5 > kCardCount - 6 ? 0 : 6;
        const EquityQuery query = random_query(rng, game, players, board_cards, spare, false);
        expect_equal(compute(query, EquityMethod::kExact), brute_force(query), describe(query));
      }
    }
  }
}

TEST(OmahaEquity, ExactEqualsBruteForceWithARandomHand) {
  std::mt19937_64 rng(4747);
  for (const EquityGame game : kOmahaGames) {
    for (int players = 2; players <= 4; ++players) {
      for (int round = 0; round < 4; ++round) {
        const EquityQuery query = random_query(rng, game, players, 4 + round % 2, 3, true);
        expect_equal(compute(query, EquityMethod::kExact), brute_force(query), describe(query));
      }
    }
  }
}

// Two random hands on one board: the first one's hands are shared among
// the threads.
TEST(OmahaEquity, ExactEqualsBruteForceWithTwoRandomHandsOnTheRiver) {
  std::mt19937_64 rng(474747);
  for (const EquityGame game : kOmahaGames) {
    for (int round = 0; round < 2; ++round) {
      EquityQuery query = random_query(rng, game, 3, 5, game == EquityGame::kOmaha6 ? 0 : 1, true);
      query.hands[0] = 0;  // its cards go back to the deck
      expect_equal(compute(query, EquityMethod::kExact), brute_force(query), describe(query));
    }
  }
}

TEST(OmahaEquity, ExactEqualsBruteForceBeforeAndOnTheFlop) {
  std::mt19937_64 rng(7);
  for (const EquityGame game : kOmahaGames) {
    for (int round = 0; round < 3; ++round) {
      const EquityQuery flop = random_query(rng, game, 2 + round, 3, 10, false);
      expect_equal(compute(flop, EquityMethod::kExact), brute_force(flop), describe(flop));
      const EquityQuery preflop = random_query(rng, game, 2, 0, 7, false);
      expect_equal(compute(preflop, EquityMethod::kExact), brute_force(preflop), describe(preflop));
    }
  }
}

// Hi-lo boards that split, quarter and scoop: a fixed query whose figures
// the plain enumeration gives.
TEST(OmahaEquity, HiLoCountsQuarteredPotsAsExactShares) {
  EquityQuery query;
  query.game = EquityGame::kOmahaHiLo;
  // Both hold A2 for the same nut low; the high differs.
  query.hands = {packed_cards("Ah2h3cKd"), packed_cards("As2s3dQc"), packed_cards("9c9dTsTh")};
  query.board = packed_cards("4h5c8d");
  const EquityResult result = compute(query, EquityMethod::kExact);
  expect_equal(result, brute_force(query), describe(query));
  // Player 1 and 2 share the low often: each then has a quarter of the pot from it.
  EXPECT_GT(result.players[0].low_tie, 0.3);
  EXPECT_EQ(result.players[0].low_tie, result.players[1].low_tie);
}

TEST(OmahaEquity, MonteCarloIsWithinItsErrorOfExact) {
  std::mt19937_64 rng(11);
  for (const EquityGame game : kOmahaGames) {
    const EquityQuery query = random_query(rng, game, 3, 3, 10, true);
    const EquityResult truth = compute(query, EquityMethod::kExact);
    const EquityResult sampled = compute(query, EquityMethod::kMonteCarlo, 200'000, 5);
    EXPECT_FALSE(sampled.exact);
    EXPECT_EQ(sampled.boards, 200'000u);
    for (std::size_t p = 0; p < truth.players.size(); ++p) {
      EXPECT_GT(sampled.players[p].equity_error, 0);
      EXPECT_NEAR(sampled.players[p].equity, truth.players[p].equity, 4.5 * sampled.players[p].equity_error)
          << describe(query) << " player " << p + 1;
    }
  }
}

TEST(OmahaEquity, SameSeedSameAnswerAtAnyThreadCount) {
  EquityQuery query;
  query.game = EquityGame::kOmahaHiLo;
  query.hands = {packed_cards("AhAs2d3c"), 0, 0};
  const auto run = [&](int threads) {
    tbb::task_arena arena(threads);
    EquityResult result;
    arena.execute([&] { result = compute(query, EquityMethod::kMonteCarlo, 100'000, 99); });
    return result;
  };
  const EquityResult one = run(1);
  const EquityResult four = run(4);
  for (std::size_t p = 0; p < one.players.size(); ++p) {
    EXPECT_EQ(one.players[p].equity, four.players[p].equity);
    EXPECT_EQ(one.players[p].equity_error, four.players[p].equity_error);
    EXPECT_EQ(one.players[p].scoop, four.players[p].scoop);
    EXPECT_EQ(one.players[p].low_win, four.players[p].low_win);
  }
  EXPECT_EQ(one.no_low, four.no_low);
  const EquityResult other_seed = compute(query, EquityMethod::kMonteCarlo, 100'000, 100);
  EXPECT_NE(one.players[0].equity, other_seed.players[0].equity);
}

// "A Top Tier Hand Such as AdAcJdTc is Only a 70.64% Favorite" against a
// random hand (PLO QuickPro, QuickFact #1, 28 January 2014:
// https://www.ploquickpro.com/quickfact-1-top-tier-hand/).
TEST(OmahaEquity, DoubleSuitedAcesAgainstARandomHandAsPublished) {
  EquityQuery query;
  query.game = EquityGame::kOmaha;
  query.hands = {packed_cards("AdAcJdTc"), 0};
  EquitySettings settings;
  settings.samples = 2'000'000;
  ASSERT_EQ(check_equity_query(query), std::nullopt);
  const EquityResult result = compute_equity(query, settings);  // kAuto: too much to enumerate
  EXPECT_FALSE(result.exact);
  EXPECT_NEAR(result.players[0].equity, 0.7064, 0.00005 + 4.5 * result.players[0].equity_error);
}

TEST(OmahaEquity, AutoIsExactWhenTheWorkIsSmall) {
  EquityQuery query;
  query.game = EquityGame::kOmaha;
  query.hands = {packed_cards("AhAsKdKc"), packed_cards("QhJhTs9s")};
  query.board = packed_cards("2c7d8h");
  EXPECT_TRUE(compute(query, EquityMethod::kAuto).exact);
  query.hands[1] = 0;
  query.board |= packed_cards("3s");
  EXPECT_TRUE(compute(query, EquityMethod::kAuto).exact);
}

TEST(OmahaEquity, AStopFlagEndsEveryMethodAtOnceAndProgressCountsToItsTotal) {
  EquityQuery query;
  query.game = EquityGame::kOmahaHiLo;
  query.hands = {packed_cards("AhAs2d3c"), 0, 0};
  std::atomic<bool> stop{true};
  EquitySettings settings;
  settings.stop = &stop;
  const auto start = std::chrono::steady_clock::now();
  settings.method = EquityMethod::kMonteCarlo;
  settings.samples = 1'000'000'000'000;
  compute_equity(query, settings);
  settings.method = EquityMethod::kExact;  // hours of work
  compute_equity(query, settings);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));

  query.hands = {packed_cards("AhAs2d3c"), packed_cards("KhKs9d8c")};
  query.board = packed_cards("4h5c8d");
  EquityProgress progress;
  EquitySettings counted;
  counted.progress = &progress;
  compute_equity(query, counted);
  EXPECT_TRUE(progress.started.load());
  EXPECT_TRUE(progress.exact.load());
  EXPECT_GT(progress.total.load(), 0u);
  EXPECT_EQ(progress.done.load(), progress.total.load());
}

TEST(OmahaEquity, ChecksNameTheProblem) {
  EquityQuery query;
  query.game = EquityGame::kOmaha;
  query.hands = {packed_cards("AhAsKdKc"), packed_cards("AhJhTs9s")};
  EXPECT_EQ(check_equity_query(query), "Ah is in player 1's hand and in player 2's hand");
  query.hands[1] = packed_cards("QhJhTs9s");
  query.board = packed_cards("Kd");
  EXPECT_EQ(check_equity_query(query), "Kd is in player 1's hand and on the board");
  query.board = 0;
  query.dead = packed_cards("Ks");
  EXPECT_EQ(check_equity_query(query), std::nullopt);
  query.game = EquityGame::kOmaha6;
  query.hands = std::vector<CardMask>(9, 0);
  EXPECT_EQ(check_equity_query(query), "no deal is possible: 51 cards are left and the hands need 54");
  query.hands = std::vector<CardMask>(7, 0);
  query.dead = packed_cards("2c2d2h2s3c3d3h");
  EXPECT_EQ(check_equity_query(query), "no board can be dealt: 3 cards are left and the board needs 5");
  query.game = EquityGame::kOmaha;
  query.dead = 0;
  query.hands = {packed_cards("AhAsKdKc"), 0};
  EXPECT_NE(check_equity_method(query, EquityMethod::kExact), std::nullopt);
  EXPECT_EQ(check_equity_method(query, EquityMethod::kMonteCarlo), std::nullopt);
}

std::variant<EquityRequest, QueryError> parse(std::vector<std::string_view> words,
                                              EquityGame game = EquityGame::kHoldem) {
  EquityRequest defaults;
  defaults.query.game = game;
  return parse_equity_request(words, defaults);
}

std::string error_of(std::vector<std::string_view> words, EquityGame game = EquityGame::kHoldem) {
  const auto parsed = parse(words, game);
  const auto* error = std::get_if<QueryError>(&parsed);
  return error == nullptr ? std::string("no error") : error->message;
}

TEST(OmahaEquityQuery, GameOptionReadsOmahaHandsAnywhereOnTheLine) {
  const auto parsed = parse({"ahaskdkc", "random", "--game", "omaha-hilo", "--board", "Ts9s2d"});
  ASSERT_TRUE(std::holds_alternative<EquityRequest>(parsed)) << std::get<QueryError>(parsed).message;
  const EquityRequest& request = std::get<EquityRequest>(parsed);
  EXPECT_EQ(request.query.game, EquityGame::kOmahaHiLo);
  EXPECT_EQ(request.query.hands, (std::vector<CardMask>{packed_cards("AhAsKdKc"), 0}));
  EXPECT_TRUE(request.query.players.empty());
  // A line's game replaces the default one.
  const auto holdem = parse({"AK", "QQ", "--game=holdem"}, EquityGame::kOmaha);
  ASSERT_TRUE(std::holds_alternative<EquityRequest>(holdem));
  EXPECT_EQ(std::get<EquityRequest>(holdem).query.game, EquityGame::kHoldem);
  EXPECT_EQ(std::get<EquityRequest>(holdem).query.players.size(), 2u);
  const auto five = parse({"AhAsKdKcQc", "random"}, EquityGame::kOmaha5);
  ASSERT_TRUE(std::holds_alternative<EquityRequest>(five));
  EXPECT_EQ(std::get<EquityRequest>(five).query.hands.front(), packed_cards("AhAsKdKcQc"));
  EXPECT_EQ(parse_equity_game("OMAHA6"), EquityGame::kOmaha6);
  EXPECT_EQ(equity_game_name(EquityGame::kShortDeck), "shortdeck");
}

TEST(OmahaEquityQuery, WrongHandsSayWhy) {
  EXPECT_EQ(error_of({"AhKh", "random", "--game", "omaha"}), "Omaha hands have 4 cards: 'AhKh' has 2");
  EXPECT_EQ(error_of({"AhAsKdKc", "random"}, EquityGame::kOmaha6), "Omaha hands have 6 cards: 'AhAsKdKc' has 4");
  EXPECT_EQ(error_of({"AhAhKdKc", "random"}, EquityGame::kOmaha), "card 'Ah' is twice in 'AhAhKdKc'");
  EXPECT_EQ(error_of({"AhAxKdKc", "random"}, EquityGame::kOmaha),
            "invalid card 'Ax' in 'AhAxKdKc': expected " + card_syntax(Notation::kHoldem));
  EXPECT_EQ(error_of({"AK", "QQ+", "--game", "omaha"}),
            "Omaha takes specific hands of 4 cards (like AhAsKdKc) or random, not hold'em ranges like 'AK'");
  EXPECT_EQ(error_of({"10%", "random"}, EquityGame::kOmaha),
            "Omaha takes specific hands of 4 cards (like AhAsKdKc) or random, not hold'em ranges like '10%'");
  EXPECT_EQ(error_of({"AhAsKdKc", "random", "--game", "stud"}),
            "unknown game 'stud': expected holdem, shortdeck, omaha, omaha5, omaha6 or omaha-hilo");
  EXPECT_EQ(error_of({"AhAsKdKc", "random", "--game"}), "a value after '--game'");
  EXPECT_EQ(error_of({"AK", "QQ", "--game", "omaha", "--game=holdem"}), "'--game' after an earlier '--game'");
  EXPECT_EQ(error_of({"AhAsKdKc", "AhQsJsTs", "--game", "omaha"}), "Ah is in player 1's hand and in player 2's hand");
}

TEST(OmahaEquityQuery, AnswersRepeatTheGame) {
  const std::vector<std::string_view> words = {"ahaskdkc", "RANDOM", "--game", "omaha-hilo", "--board", "2c3d4h5s"};
  const auto parsed = parse(words);
  ASSERT_TRUE(std::holds_alternative<EquityRequest>(parsed));
  const EquityRequest& request = std::get<EquityRequest>(parsed);
  EquityResult result;
  result.hilo = true;
  result.boards = 4;
  result.no_low = 0.25;
  result.players = {PlayerEquity{0.5, 0.25, 0.625, 0, 0.25, 0.5, 0.25}, PlayerEquity{0.25, 0.25, 0.375, 0, 0, 0, 0.25}};
  std::string line;
  append_equity_line(line, equity_echo(words, request), result);
  EXPECT_EQ(line,
            "AhAsKdKc random --game omaha-hilo --board 2c3d4h5s: equity 62.500000 37.500000; "
            "scoop 25.000000 0.000000; high win 50.000000 25.000000; high tie 25.000000 25.000000; "
            "low win 50.000000 0.000000; low tie 25.000000 25.000000; no low 25.000000; boards 4 exact\n");
  std::string json;
  append_equity_json(json, equity_echo(words, request), result);
  EXPECT_NE(json.find("\"query\":\"AhAsKdKc random --game omaha-hilo --board 2c3d4h5s\",\"game\":\"omaha-hilo\""),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"scoop\":0.25000000,\"low_win\":0.50000000,\"low_tie\":0.25000000"), std::string::npos) << json;
  EXPECT_NE(json.find("\"no_low\":0.25000000"), std::string::npos) << json;
  const std::string table = equity_table(equity_echo(words, request), result);
  EXPECT_EQ(table.rfind("Game:  omaha-hilo\nBoard: 2c 3d 4h 5s\n", 0), 0u) << table;
  EXPECT_NE(table.find("No low: 25.000000% of the boards\n"), std::string::npos) << table;
}

}  // namespace
}  // namespace poker
