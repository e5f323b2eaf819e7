// The possible deals of hands of a query, grouped by renaming of suits.
//
// Renaming the suits (one of 24 permutations) of every card of a deal, the
// board and the dead cards changes no outcome. So each deal is keyed by the
// smallest of its 24 renamings, and deals with the same key share one exact
// enumeration: AK against QQ, 96 deals of hands, needs 6.
#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <unordered_map>
#include <vector>

#include "equity/equity_deal.h"
#include "eval/hand_rules.h"

namespace poker::equity {
namespace {

using SuitRenaming = std::array<int, kSuitCount>;  // new suit of each suit

const std::array<SuitRenaming, 24> kRenamings = [] {
  std::array<SuitRenaming, 24> all{};
  SuitRenaming renaming{0, 1, 2, 3};
  for (auto& slot : all) {
    slot = renaming;
    std::next_permutation(renaming.begin(), renaming.end());
  }
  return all;
}();

Card rename(Card card, const SuitRenaming& to) { return make_card(rank_of(card), to[suit_of(card)]); }

CardMask rename(CardMask cards, const SuitRenaming& to) {
  CardMask renamed = 0;
  for (int suit = 0; suit < kSuitCount; ++suit) renamed |= ((cards & suit_cards(suit)) >> suit) << to[suit];
  return renamed;
}

// A deal written so that equal deals compare equal: each hand as (high card,
// low card) in 16 bits, then the board and the dead cards.
struct DealKey {
  std::array<std::uint16_t, kMaxEquityPlayers> hands{};
  CardMask board = 0;
  CardMask dead = 0;

  friend auto operator<=>(const DealKey&, const DealKey&) = default;
};

struct DealKeyHash {
  std::size_t operator()(const DealKey& key) const {
    std::uint64_t h = key.board * 0x9E3779B97F4A7C15 ^ key.dead;
    for (const std::uint16_t hand : key.hands) h = (h ^ hand) * 0x100000001B3;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

DealKey key_of(const Deal& deal, const SuitRenaming& to) {
  DealKey key;
  for (int p = 0; p < deal.players; ++p) {
    const Card a = rename(deal.holes[p][0], to);
    const Card b = rename(deal.holes[p][1], to);
    key.hands[p] = static_cast<std::uint16_t>(std::max(a, b) << 8 | std::min(a, b));
  }
  key.board = rename(deal.board, to);
  key.dead = rename(deal.dead, to);
  return key;
}

DealKey canonical_key(const Deal& deal) {
  DealKey smallest = key_of(deal, kRenamings[0]);
  for (std::size_t i = 1; i < kRenamings.size(); ++i) smallest = std::min(smallest, key_of(deal, kRenamings[i]));
  return smallest;
}

// Visits the possible deals of hands with their weights, in a fixed order,
// until more than `limit` are found or `max_steps` combinations have been
// tried. The players with the fewest combinations are dealt first (outermost):
// a query that cannot be dealt fails there soonest, and the tree of deals
// stays narrow near its root. Each deal keeps the players in query order.
class DealWalker {
 public:
  enum class Result : std::uint8_t { kComplete, kMoreThanLimit, kOutOfSteps, kStopped };

  DealWalker(const EquityQuery& query, std::uint64_t limit, std::uint64_t max_steps,
             const std::atomic<bool>* stop = nullptr)
      : query_(query), limit_(limit), max_steps_(max_steps), stop_(stop) {
    deal_.players = static_cast<int>(query.players.size());
    deal_.board = query.board;
    deal_.dead = query.dead;
    for (int p = 0; p < deal_.players; ++p) order_.push_back(p);
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
      return query.players[static_cast<std::size_t>(a)].combos.size() <
             query.players[static_cast<std::size_t>(b)].combos.size();
    });
  }

  template <typename Visit>
  Result walk(Visit&& visit) {
    walk_from(0, query_.board | query_.dead, 1.0, visit);
    return result_;
  }

 private:
  // False once the walk must stop (result_ says why).
  template <typename Visit>
  bool walk_from(std::size_t depth, CardMask used, double weight, Visit& visit) {
    if (depth == order_.size()) {
      if (visited_ == limit_) {
        result_ = Result::kMoreThanLimit;
        return false;
      }
      ++visited_;
      visit(deal_, weight);
      return true;
    }
    const int player = order_[depth];
    for (const WeightedCombo& combo : query_.players[static_cast<std::size_t>(player)].combos) {
      if (++steps_ > max_steps_) {
        result_ = Result::kOutOfSteps;
        return false;
      }
      if (steps_ % 4096 == 0 && stop_ != nullptr && stop_->load(std::memory_order_relaxed)) {
        result_ = Result::kStopped;
        return false;
      }
      if ((combo.mask() & used) != 0) continue;
      deal_.holes[player] = {combo.high, combo.low};
      if (!walk_from(depth + 1, used | combo.mask(), weight * combo.weight, visit)) return false;
    }
    return true;
  }

  const EquityQuery& query_;
  const std::uint64_t limit_;
  const std::uint64_t max_steps_;
  const std::atomic<bool>* const stop_;  // may be null
  std::vector<int> order_;               // players, fewest combinations first
  std::uint64_t visited_ = 0;
  std::uint64_t steps_ = 0;
  Result result_ = Result::kComplete;
  Deal deal_;
};

// Steps allowed to find `limit` deals: a few per deal, plus room for a
// search that meets dead ends first.
std::uint64_t steps_for(std::uint64_t limit) {
  const std::uint64_t unlimited = std::numeric_limits<std::uint64_t>::max();
  return limit >= unlimited / 64 ? unlimited : 64 * limit + kMaxDealSearchSteps;
}

}  // namespace

bool walk_deals(const EquityQuery& query, std::uint64_t limit, const std::function<void(const Deal&, double)>& visit,
                const std::atomic<bool>* stop) {
  return DealWalker(query, limit, steps_for(limit), stop).walk(visit) == DealWalker::Result::kComplete;
}

std::uint64_t boards_per_deal(const Deal& deal) {
  return static_cast<std::uint64_t>(rules::choose(kCardCount - card_count(deal.known()), 5 - card_count(deal.board)));
}

std::optional<ExactPlan> plan_exact(const EquityQuery& query, std::uint64_t max_deals, const std::atomic<bool>* stop) {
  ExactPlan plan;
  std::unordered_map<DealKey, std::size_t, DealKeyHash> groups;
  DealWalker walker(query, max_deals, steps_for(max_deals), stop);
  const bool complete = walker.walk([&](const Deal& deal, double weight) {
    const auto [group, added] = groups.try_emplace(canonical_key(deal), plan.representatives.size());
    if (added) {
      plan.representatives.push_back(deal);
      plan.weights.push_back(0);
      plan.members.push_back(0);
    }
    plan.weights[group->second] += weight;
    ++plan.members[group->second];
    ++plan.deals;
  }) == DealWalker::Result::kComplete;
  if (!complete || plan.deals == 0) return std::nullopt;
  return plan;
}

DealSearchResult find_possible_deal(const EquityQuery& query) {
  // A limit of 0 deals stops the walk at the first one.
  switch (DealWalker(query, 0, kMaxDealSearchSteps).walk([](const Deal&, double) {})) {
    case DealWalker::Result::kMoreThanLimit: return DealSearchResult::kFound;
    case DealWalker::Result::kComplete: return DealSearchResult::kNone;
    case DealWalker::Result::kOutOfSteps:
    case DealWalker::Result::kStopped:  // not asked for here
      break;
  }
  return DealSearchResult::kGaveUp;
}

}  // namespace poker::equity
