// compute_equity: checks, the choice of method, the parallel work, and the
// shares computed from the counts of boards by winners.
#include "poker/equity.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "equity/check_words.h"
#include "equity/equity_deal.h"
#include "equity/omaha_equity.h"
#include "equity/sampling_blocks.h"

namespace poker {
namespace {

using equity::card_list;
using equity::count_progress;
using equity::is_or_are;
using equity::player_hand;
using equity::start_progress;
using equity::stopping;
using equity::too_few_cards_left;
using equity::WinnerCounts;

// The boards, or classes of boards, that counting one deal visits: every
// board with a known flop or turn; before the flop, the rank multisets and
// the flush boards' classes (count_boards_exactly), about 40,000 at most
// (suited hands against suited hands).
double boards_visited(const equity::Deal& deal) {
  return deal.board == 0 ? 40'000.0 : static_cast<double>(equity::boards_per_deal(deal));
}

// The exact plan, when exact is what `settings` ask for or kAuto chooses.
std::optional<equity::ExactPlan> exact_plan(const EquityQuery& query, const EquitySettings& settings) {
  switch (settings.method) {
    case EquityMethod::kMonteCarlo: return std::nullopt;
    case EquityMethod::kExact:
      return equity::plan_exact(query, std::numeric_limits<std::uint64_t>::max(), settings.stop);
    case EquityMethod::kAuto: break;
  }
  std::optional<equity::ExactPlan> plan = equity::plan_exact(query, kMaxAutoExactDeals, settings.stop);
  if (!plan) return std::nullopt;
  double work = 0;
  for (const equity::Deal& deal : plan->representatives) {
    work += boards_visited(deal) * deal.players;
  }
  if (work > kMaxAutoExactWork) return std::nullopt;
  return plan;
}

// Win, tie and equity shares from weighted counts of boards by winners;
// `samples` > 0 (Monte Carlo) adds each equity's standard error.
EquityResult summarize(const std::vector<double>& by_winners, int players, std::uint64_t boards,
                       std::uint64_t samples) {
  EquityResult result;
  result.players.resize(static_cast<std::size_t>(players));
  result.boards = boards;
  result.exact = samples == 0;
  double total = 0;
  for (const double weight : by_winners) total += weight;
  std::vector<double> mean_square(static_cast<std::size_t>(players), 0);
  for (std::size_t winners = 1; winners < by_winners.size(); ++winners) {
    const double share = by_winners[winners] / total;
    const int sharing = std::popcount(winners);
    for (int p = 0; p < players; ++p) {
      if ((winners >> p & 1) == 0) continue;
      PlayerEquity& player = result.players[static_cast<std::size_t>(p)];
      (sharing == 1 ? player.win : player.tie) += share;
      player.equity += share / sharing;
      mean_square[static_cast<std::size_t>(p)] += share / (sharing * sharing);
    }
  }
  if (samples > 1) {
    for (int p = 0; p < players; ++p) {
      PlayerEquity& player = result.players[static_cast<std::size_t>(p)];
      const double variance = std::max(0.0, mean_square[static_cast<std::size_t>(p)] - player.equity * player.equity);
      player.equity_error = std::sqrt(variance / static_cast<double>(samples - 1));
    }
  }
  return result;
}

EquityResult compute_exactly(const equity::ExactPlan& plan, const EquityQuery& query, const EquitySettings& settings) {
  const auto players = static_cast<int>(query.players.size());
  const std::size_t groups = plan.representatives.size();
  std::vector<WinnerCounts> counts(groups, WinnerCounts(std::size_t{1} << players, 0));
  start_progress(settings, groups, true);
  tbb::parallel_for(std::size_t{0}, groups, [&](std::size_t group) {
    // A group takes milliseconds at most (ten players before the flop).
    if (stopping(settings)) return;
    counts[group] = equity::count_boards_exactly(plan.representatives[group], query.game);
    count_progress(settings, 1);
  });
  // Summed in group order, so that the floating-point result does not depend
  // on the threads.
  std::vector<double> by_winners(std::size_t{1} << players, 0);
  std::uint64_t boards = 0;
  for (std::size_t group = 0; group < groups; ++group) {
    for (std::size_t winners = 0; winners < by_winners.size(); ++winners) {
      by_winners[winners] += plan.weights[group] * static_cast<double>(counts[group][winners]);
    }
    boards += plan.members[group] * equity::boards_per_deal(plan.representatives[group]);
  }
  return summarize(by_winners, players, boards, 0);
}

// The query without the combinations that meet the board or the dead cards.
// No deal holds them, so the deals and their weights are those of the query;
// but the sampler's draws no longer land on them, which would be rejected:
// ten random hands beside nine dead cards are a deal in 1 draw of 158
// instead of 1 in 7,364, which the rejection test (can_sample) then accepts.
EquityQuery without_known_cards(const EquityQuery& query) {
  EquityQuery live = query;
  const CardMask known = query.board | query.dead;
  for (Range& range : live.players) {
    std::erase_if(range.combos, [known](const WeightedCombo& combo) { return (combo.mask() & known) != 0; });
  }
  return live;
}

EquityResult compute_by_sampling(const EquityQuery& query, const EquitySettings& settings) {
  const int players = static_cast<int>(query.players.size());
  const equity::DealSampler sampler(query, settings.stop);
  std::uint64_t samples = 0;
  const WinnerCounts counts = equity::sample_in_blocks(
      settings, WinnerCounts(std::size_t{1} << players, 0),
      [&](std::uint64_t block, std::uint64_t size) {
        return sampler.sample_block(settings.seed, block, size, settings.stop);
      },
      [](WinnerCounts& sum, const WinnerCounts& drawn) {
        for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += drawn[i];
      },
      samples);
  const std::vector<double> by_winners(counts.begin(), counts.end());
  return summarize(by_winners, players, samples, samples);
}

// compute_equity for a query whose game's missing cards are dead
// (equity::playable_query).
EquityResult compute_playable(const EquityQuery& query, const EquitySettings& settings) {
  if (const std::optional<equity::ExactPlan> plan = exact_plan(query, settings)) {
    return compute_exactly(*plan, query, settings);
  }
  return compute_by_sampling(without_known_cards(query), settings);
}

// A short-deck query's deals are those of the hold'em query with the cards
// ranked 2 to 5 dead (equity::playable_query): the checks of deals, cards
// and method, which evaluate no hand, take that query.
EquityQuery holdem_deals(const EquityQuery& query) {
  EquityQuery deals = equity::playable_query(query);
  deals.game = EquityGame::kHoldem;
  return deals;
}

// "Ah is in player 1's hand and on the board": a specific hand that no
// known card leaves room for.
std::string hand_meets_known_cards(int player, CardMask hand, const EquityQuery& query) {
  const CardMask on_board = hand & query.board;
  const CardMask shared = on_board != 0 ? on_board : hand & query.dead;
  return card_list(shared) + " " + is_or_are(shared) + " in " + player_hand(player) +
         (on_board != 0 ? " and on the board" : " and among the dead cards");
}

// "Ah is in player 1's hand and in player 2's hand": two players whose only
// hands left share a card. Ranges that collide only as a whole get the
// general message of check_equity_query.
std::optional<std::string> hands_collide(const EquityQuery& query) {
  const CardMask known = query.board | query.dead;
  std::vector<std::optional<CardMask>> only_hand;
  for (const Range& range : query.players) {
    std::optional<CardMask> hand;
    int left = 0;
    for (const WeightedCombo& combo : range.combos) {
      if ((combo.mask() & known) != 0) continue;
      hand = combo.mask();
      ++left;
    }
    only_hand.push_back(left == 1 ? hand : std::nullopt);
  }
  for (std::size_t p = 0; p < only_hand.size(); ++p) {
    for (std::size_t q = p + 1; q < only_hand.size(); ++q) {
      if (!only_hand[p] || !only_hand[q] || (*only_hand[p] & *only_hand[q]) == 0) continue;
      const CardMask shared = *only_hand[p] & *only_hand[q];
      return card_list(shared) + " " + is_or_are(shared) + " in " + player_hand(p) + " and in " + player_hand(q);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_equity_cards(CardMask board, CardMask dead) {
  const int board_cards = card_count(board);
  if (board_cards > 5) return "expected a board of 0 to 5 cards, found " + std::to_string(board_cards);
  if ((board & dead) != 0) return card_list(board & dead) + " " + is_or_are(board & dead) + " on the board and dead";
  return std::nullopt;
}

std::optional<std::string> check_equity_query(const EquityQuery& query) {
  if (is_omaha(query.game)) return equity::check_omaha_query(query);
  if (query.game == EquityGame::kShortDeck) {
    if (std::optional<std::string> problem = equity::check_game_cards(query)) return problem;
    return check_equity_query(holdem_deals(query));
  }
  const auto players = static_cast<int>(query.players.size());
  if (players < kMinEquityPlayers || players > kMaxEquityPlayers) {
    return "expected " + std::to_string(kMinEquityPlayers) + " to " + std::to_string(kMaxEquityPlayers) +
           " players, found " + std::to_string(players);
  }
  if (std::optional<std::string> problem = check_equity_cards(query.board, query.dead)) return problem;
  const CardMask known = query.board | query.dead;
  for (int p = 0; p < players; ++p) {
    const Range& range = query.players[static_cast<std::size_t>(p)];
    bool possible = false;
    for (const WeightedCombo& combo : range.combos) {
      possible = possible || (combo.mask() & known) == 0;
    }
    if (possible) continue;
    if (range.combos.size() == 1) return hand_meets_known_cards(p, range.combos.front().mask(), query);
    return "player " + std::to_string(p + 1) + " has no hand left beside the board and dead cards";
  }
  if (std::optional<std::string> collision = hands_collide(query)) return collision;
  if (std::optional<std::string> shortage = too_few_cards_left(query.board, query.dead, 2 * players)) return shortage;
  switch (equity::find_possible_deal(query)) {
    case equity::DealSearchResult::kFound: break;
    case equity::DealSearchResult::kNone: return "no deal is possible: the hands always share a card";
    case equity::DealSearchResult::kGaveUp:
      return "no possible deal found in " + std::to_string(equity::kMaxDealSearchSteps) +
             " steps: the hands collide too much";
  }
  if (!equity::DealSampler::can_sample(without_known_cards(query))) {
    return "the hands collide too much: over " + std::to_string(equity::DealSampler::kMaxListedDeals) +
           " possible deals, yet fewer than 1 draw in " + std::to_string(equity::DealSampler::kMaxRejections) +
           " is one";
  }
  return std::nullopt;
}

std::optional<std::string> check_equity_method(const EquityQuery& query, EquityMethod method) {
  if (is_omaha(query.game)) return equity::check_omaha_method(query, method);
  if (method != EquityMethod::kExact) return std::nullopt;
  if (query.game == EquityGame::kShortDeck) return check_equity_method(holdem_deals(query), method);
  std::uint64_t deals = 1;
  std::string sizes;
  for (const Range& range : query.players) {
    const std::uint64_t combos = range.combos.size();
    // Saturates instead of overflowing: past the limit, the value no longer matters.
    deals = combos != 0 && deals > kMaxExactDeals / combos ? kMaxExactDeals + 1 : deals * combos;
    sizes += (sizes.empty() ? "" : " x ") + std::to_string(combos);
  }
  if (deals <= kMaxExactDeals) return std::nullopt;
  return "--exact would enumerate more than " + std::to_string(kMaxExactDeals) + " deals of hands (" + sizes +
         " combinations): use --mc or --time";
}

EquityResult compute_equity(const EquityQuery& query, const EquitySettings& settings) {
  if (is_omaha(query.game)) return equity::compute_omaha_equity(query, settings);
  if (query.game == EquityGame::kShortDeck) return compute_playable(equity::playable_query(query), settings);
  return compute_playable(query, settings);
}

}  // namespace poker
