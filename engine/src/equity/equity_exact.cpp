// Exact enumeration of the boards one deal of hands can meet.
//
// With 1 to 4 board cards known, at most 178,365 boards remain (one card
// known, two hands): each is dealt and every hand evaluated. Before the flop the 1.7 million boards are not
// dealt one by one:
//
//   1. Without flushes, a hand's value depends on ranks only, so boards are
//      taken by their multiset of five ranks (at most 6,188 of them), each
//      counting as many boards as there are ways to pick those ranks among
//      the cards left: the product over ranks of C(available, wanted).
//   2. A board can make a flush for player p in suit s only with at least
//      5 - (p's cards of suit s) cards of s, that is 3 or more: no board has
//      that many of two suits. For each suit, those boards are dealt one by
//      one, and where the true winners (flushes counted) differ from the
//      winners by ranks that step 1 assumed, the board is moved from the one
//      to the other.
//
// For AhKh against QsQd that deals about 200,000 boards instead of 1,712,304.
// With 5 or more cards of one suit among 7, no full house or quads is possible,
// so the flush value is the hand's value: max(flush value, rank value).
//
// Short deck counts the same way, with its own values (HoldemValues or
// ShortDeckValues, equity_deal.h, a template parameter chosen once per deal)
// and the cards ranked 2 to 5 dead: no rank multiset or flush board holds
// them. The reasoning holds there too: five cards of one suit among seven
// leave two others, too few for a full house or quads beside them, and
// short deck's flush beats its full house anyway; its flush table gives the
// straight flushes, A-6-7-8-9 the lowest of them, as the hand's value.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "equity/equity_deal.h"

namespace poker::equity {
namespace {

std::vector<Card> cards_of(CardMask cards) {
  std::vector<Card> list;
  for (; cards != 0; cards &= cards - 1) list.push_back(static_cast<Card>(std::countr_zero(cards)));
  return list;
}

// The rank part of a card's evaluator key (the low 32 bits): the sum over a
// set of cards names the multiset of their ranks.
std::uint32_t rank_key(Card card) { return static_cast<std::uint32_t>(detail::card_keys[card]); }

// Boards completing 1 to 4 known board cards (or the 5 of a full board):
// every completion dealt, a card at a time, each player's hand built up as
// the cards are added.
template <typename Values>
void deal_every_board(const Values& game, const Deal& deal, WinnerCounts& counts) {
  const int missing = 5 - card_count(deal.board);
  std::array<HeldCards, kMaxEquityPlayers> hands;
  for (int p = 0; p < deal.players; ++p) {
    hands[p] = HeldCards::from(deal.board).plus(deal.holes[p][0]).plus(deal.holes[p][1]);
  }
  const std::vector<Card> rest = cards_of(kAllCards & ~deal.known());
  std::array<HandValue, kMaxEquityPlayers> values;
  // Adds `left` more cards from rest[from..], in increasing order, to `held`.
  const auto complete = [&](const auto& self, const std::array<HeldCards, kMaxEquityPlayers>& held, std::size_t from,
                            int left) -> void {
    if (left == 0) {
      for (int p = 0; p < deal.players; ++p) values[p] = held[p].value(game);
      ++counts[best_hands(values.data(), deal.players)];
      return;
    }
    std::array<HeldCards, kMaxEquityPlayers> more;
    for (std::size_t i = from; i + static_cast<std::size_t>(left) <= rest.size(); ++i) {
      for (int p = 0; p < deal.players; ++p) more[p] = held[p].plus(rest[i]);
      self(self, more, i + 1, left - 1);
    }
  };
  complete(complete, hands, 0, missing);
}

// All five board cards to come: ranks first, then flush corrections.
template <typename Values>
class PreflopCounter {
 public:
  PreflopCounter(const Values& game, const Deal& deal, WinnerCounts& counts)
      : game_(game), players_(deal.players), available_(kAllCards & ~deal.known()), counts_(counts) {
    for (int p = 0; p < players_; ++p) {
      for (const Card card : deal.holes[p]) {
        hole_keys_[p] += rank_key(card);
        ++suited_[p][suit_of(card)];
        suit_ranks_[p][suit_of(card)] |= 1u << rank_of(card);
      }
    }
    for (int rank = 0; rank < kRankCount; ++rank) {
      available_of_rank_[rank] = card_count(available_ & (CardMask{0xF} << (4 * rank)));
      rank_keys_[rank] = rank_key(make_card(rank, 0));
    }
  }

  void count() {
    for_each_rank_multiset(available_of_rank_, 5, [this](std::uint32_t key, std::int64_t boards) {
      counts_[winners_by_ranks(key)] += boards;
    });
    for (int suit = 0; suit < kSuitCount; ++suit) correct_flushes(suit);
  }

 private:
  using RankCounts = std::array<int, kRankCount>;

  // Calls f(rank key sum, boards) for every multiset of `size` ranks (0..5)
  // that `available` cards of each rank allow, with the number of ways to
  // pick such cards: the product over ranks of C(available, wanted).
  template <typename F>
  void for_each_rank_multiset(const RankCounts& available, int size, F&& f) const {
    switch (size) {
      case 0: return f(0, 1);
      case 1: return rank_multisets<1>(available, 0, -1, 0, 1, 0, f);
      case 2: return rank_multisets<2>(available, 0, -1, 0, 1, 0, f);
      default: return rank_multisets<5>(available, 0, -1, 0, 1, 0, f);  // only 0, 1, 2 and 5 are asked for
    }
  }
  // `left` more ranks from `from` up; `previous` is the last rank taken,
  // `taken` how many of it, `boards` the ways so far.
  template <int left, typename F>
  void rank_multisets(const RankCounts& available, int from, int previous, int taken, std::int64_t boards,
                      std::uint32_t key, F& f) const {
    for (int rank = from; rank < kRankCount; ++rank) {
      const int wanted = rank == previous ? taken + 1 : 1;
      const int choices = available[rank] - wanted + 1;
      if (choices <= 0) continue;
      // C(a, w) = C(a, w - 1) * (a - w + 1) / w, exact at every step.
      const std::int64_t ways = boards * choices / wanted;
      if constexpr (left == 1) {
        f(key + rank_keys_[rank], ways);
      } else {
        rank_multisets<left - 1>(available, rank, rank, wanted, ways, key + rank_keys_[rank], f);
      }
    }
  }

  unsigned winners_by_ranks(std::uint32_t board_key) const {
    std::array<HandValue, kMaxEquityPlayers> values;
    for (int p = 0; p < players_; ++p) values[p] = value_of_ranks(hole_keys_[p] + board_key);
    return best_hands(values.data(), players_);
  }

  // Step 2 for one suit: the boards with enough cards of `suit` for someone's
  // flush, `needed` or more of the suit plus the rest from the other suits.
  // The suit's cards are dealt one by one (they make the flushes); the rest
  // matter by rank only, so they are taken as rank multisets with weights.
  void correct_flushes(int suit) {
    int most_suited = 0;
    for (int p = 0; p < players_; ++p) most_suited = std::max(most_suited, suited_[p][suit]);
    const int needed = 5 - most_suited;
    const std::vector<Card> suit_cards_left = cards_of(available_ & suit_cards(suit));
    RankCounts others{};
    for (int rank = 0; rank < kRankCount; ++rank) {
      others[rank] = card_count(available_ & ~suit_cards(suit) & (CardMask{0xF} << (4 * rank)));
    }
    for (int in_suit = needed; in_suit <= 5; ++in_suit) {
      for_each_subset(suit_cards_left, in_suit, [&](std::uint32_t key, std::uint32_t ranks) {
        std::array<HandValue, kMaxEquityPlayers> flushes{};
        for (int p = 0; p < players_; ++p) {
          if (suited_[p][suit] + in_suit >= 5) flushes[p] = HandValue(game_.of_flush(ranks | suit_ranks_[p][suit]));
        }
        for_each_rank_multiset(others, 5 - in_suit, [&](std::uint32_t other_key, std::int64_t boards) {
          correct_boards(flushes, key + other_key, boards);
        });
      });
    }
  }

  // `boards` boards of this rank key, on which the players of `flushes`
  // (non-zero entries) hold those flushes.
  void correct_boards(const std::array<HandValue, kMaxEquityPlayers>& flushes, std::uint32_t board_key,
                      std::int64_t boards) {
    std::array<HandValue, kMaxEquityPlayers> by_ranks;
    std::array<HandValue, kMaxEquityPlayers> actual;
    for (int p = 0; p < players_; ++p) {
      by_ranks[p] = value_of_ranks(hole_keys_[p] + board_key);
      actual[p] = std::max(by_ranks[p], flushes[p]);
    }
    const unsigned assumed = best_hands(by_ranks.data(), players_);
    const unsigned real = best_hands(actual.data(), players_);
    if (assumed != real) {
      counts_[assumed] -= boards;
      counts_[real] += boards;
    }
  }

  // Calls f(rank key sum, rank bit mask) for every `size`-card subset of `cards`.
  template <typename F>
  static void for_each_subset(const std::vector<Card>& cards, int size, F&& f) {
    subsets(cards.data(), cards.data() + cards.size(), size, 0, 0, f);
  }
  template <typename F>
  static void subsets(const Card* from, const Card* end, int size, std::uint32_t key, std::uint32_t ranks, F& f) {
    if (size == 0) {
      f(key, ranks);
      return;
    }
    for (const Card* card = from; end - card >= size; ++card) {
      subsets(card + 1, end, size - 1, key + rank_key(*card), ranks | 1u << rank_of(*card), f);
    }
  }

  HandValue value_of_ranks(std::uint32_t ranks_key) const { return HandValue(game_.of_ranks(ranks_key)); }

  const Values game_;
  const int players_;
  const CardMask available_;
  WinnerCounts& counts_;
  std::array<std::uint32_t, kMaxEquityPlayers> hole_keys_{};
  std::array<std::array<int, kSuitCount>, kMaxEquityPlayers> suited_{};
  std::array<std::array<std::uint32_t, kSuitCount>, kMaxEquityPlayers> suit_ranks_{};
  std::array<int, kRankCount> available_of_rank_{};
  std::array<std::uint32_t, kRankCount> rank_keys_{};
};

}  // namespace

WinnerCounts count_boards_exactly(const Deal& deal, EquityGame game) {
  WinnerCounts counts(std::size_t{1} << deal.players, 0);
  with_values(game, [&](const auto& values) {
    if (deal.board == 0) {
      PreflopCounter(values, deal, counts).count();
    } else {
      deal_every_board(values, deal, counts);
    }
  });
  return counts;
}

}  // namespace poker::equity
