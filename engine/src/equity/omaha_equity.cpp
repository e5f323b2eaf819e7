// Omaha equity (omaha_equity.h): checks, the choice of method, the exact
// enumeration and the Monte Carlo blocks, and the shares from exact counts.
#include "equity/omaha_equity.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "equity/check_words.h"
#include "equity/sampling_blocks.h"
#include "poker/omaha.h"
#include "poker/random.h"

namespace poker::equity {
namespace {

constexpr CardMask kDeck = (CardMask{1} << kCardCount) - 1;

// 2 x 2520, 2520 the least common multiple of 1..10: half a pot, or a whole
// one, split among any number of players up to ten is a whole number of units.
constexpr std::uint64_t kPotUnits = 5040;

// An unsigned 128-bit sum: the squared pot units of 10^15 deals overflow 64 bits.
struct WideSum {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  void add(std::uint64_t value) {
    low += value;
    high += low < value ? 1 : 0;
  }
  void add(const WideSum& other) {
    add(other.low);
    high += other.high;
  }
  double value() const { return static_cast<double>(high) * 0x1.0p64 + static_cast<double>(low); }
};

struct PlayerTally {
  std::uint64_t units = 0;  // pot units won, over all deals
  WideSum squares;          // the squares of each deal's units: the standard error
  std::uint64_t high_win = 0;
  std::uint64_t high_tie = 0;
  std::uint64_t low_win = 0;
  std::uint64_t low_tie = 0;
  std::uint64_t scoop = 0;
};

// Integer counts: sums of tallies are the same in any order.
struct Tally {
  std::uint64_t deals = 0;
  std::uint64_t no_low = 0;
  std::array<PlayerTally, kMaxEquityPlayers> players{};

  void add(const Tally& other) {
    deals += other.deals;
    no_low += other.no_low;
    for (std::size_t p = 0; p < players.size(); ++p) {
      PlayerTally& mine = players[p];
      const PlayerTally& theirs = other.players[p];
      mine.units += theirs.units;
      mine.squares.add(theirs.squares);
      mine.high_win += theirs.high_win;
      mine.high_tie += theirs.high_tie;
      mine.low_win += theirs.low_win;
      mine.low_tie += theirs.low_tie;
      mine.scoop += theirs.scoop;
    }
  }
};

using Hole = std::array<Card, kOmahaMaxHoleCards>;

// A query as the enumeration and the sampler use it.
struct Setup {
  int players = 0;
  int hole = 4;
  bool hilo = false;
  std::array<Hole, kMaxEquityPlayers> holes{};  // the specific hands' cards
  std::vector<int> random_players;
  CardMask known = 0;  // the board, the dead cards and the specific hands
  std::array<Card, kOmahaBoardCards> board{};
  int board_known = 0;

  explicit Setup(const EquityQuery& query)
      : players(static_cast<int>(query.hands.size())),
        hole(equity_hole_cards(query.game)),
        hilo(query.game == EquityGame::kOmahaHiLo),
        known(query.board | query.dead) {
    for (int p = 0; p < players; ++p) {
      CardMask hand = query.hands[static_cast<std::size_t>(p)];
      known |= hand;
      if (hand == 0) random_players.push_back(p);
      for (int i = 0; hand != 0; ++i, hand &= hand - 1) holes[p][i] = static_cast<Card>(std::countr_zero(hand));
    }
    for (CardMask cards = query.board; cards != 0; cards &= cards - 1) {
      board[board_known++] = static_cast<Card>(std::countr_zero(cards));
    }
  }
};

// Every player's high and low on one board.
struct Values {
  std::array<HandValue, kMaxEquityPlayers> high{};
  std::array<LowValue, kMaxEquityPlayers> low{};
};

void evaluate(const Setup& setup, const OmahaBoard& board, int player, const Card* hole, Values& values) {
  values.high[player] = board.high(hole, setup.hole);
  if (setup.hilo) values.low[player] = board.low(hole, setup.hole);
}

// The players holding the best high, as a bit mask.
unsigned best_highs(const Values& values, int players) {
  HandValue best = values.high[0];
  unsigned winners = 1;
  for (int p = 1; p < players; ++p) {
    if (values.high[p] > best) {
      best = values.high[p];
      winners = 1u << p;
    } else if (values.high[p] == best) {
      winners |= 1u << p;
    }
  }
  return winners;
}

// The players holding the best qualifying low (0: nobody has a low).
unsigned best_lows(const Values& values, int players) {
  LowValue best;
  unsigned winners = 0;
  for (int p = 0; p < players; ++p) {
    if (!values.low[p].qualifies() || values.low[p] < best) continue;
    if (values.low[p] > best) winners = 0;
    best = values.low[p];
    winners |= 1u << p;
  }
  return winners;
}

// One deal's pot: the high half to the best highs, the low half to the best
// lows, each split evenly; without a low (or in a high-only game) the whole
// pot to the best highs.
void record(const Setup& setup, const Values& values, Tally& tally) {
  const unsigned high = best_highs(values, setup.players);
  const unsigned low = setup.hilo ? best_lows(values, setup.players) : 0;
  ++tally.deals;
  if (setup.hilo && low == 0) ++tally.no_low;
  const int high_count = std::popcount(high);
  const int low_count = std::popcount(low);
  const std::uint64_t high_units = (low == 0 ? kPotUnits : kPotUnits / 2) / static_cast<std::uint64_t>(high_count);
  const std::uint64_t low_units = low == 0 ? 0 : kPotUnits / 2 / static_cast<std::uint64_t>(low_count);
  for (int p = 0; p < setup.players; ++p) {
    const bool has_high = (high >> p & 1) != 0;
    const bool has_low = (low >> p & 1) != 0;
    if (!has_high && !has_low) continue;
    const std::uint64_t units = (has_high ? high_units : 0) + (has_low ? low_units : 0);
    PlayerTally& player = tally.players[static_cast<std::size_t>(p)];
    player.units += units;
    player.squares.add(units * units);
    if (has_high) ++(high_count == 1 ? player.high_win : player.high_tie);
    if (has_low) ++(low_count == 1 ? player.low_win : player.low_tie);
    if (units == kPotUnits) ++player.scoop;
  }
}

// Calls f(cards, mask) for every `size`-card subset of cards[0 .. count).
template <typename F>
void for_each_subset(const std::array<Card, kCardCount>& cards, int count, int size, F&& f) {
  if (size > count) return;
  std::array<int, kOmahaMaxHoleCards> at{};
  for (int i = 0; i < size; ++i) at[i] = i;
  Hole chosen{};
  while (true) {
    CardMask mask = 0;
    for (int i = 0; i < size; ++i) {
      chosen[i] = cards[at[i]];
      mask |= mask_of(chosen[i]);
    }
    f(chosen.data(), mask);
    int i = size - 1;
    while (i >= 0 && at[i] == count - size + i) --i;
    if (i < 0) return;
    ++at[i];
    for (int j = i + 1; j < size; ++j) at[j] = at[j - 1] + 1;
  }
}

int list_cards(CardMask cards, std::array<Card, kCardCount>& list) {
  int count = 0;
  for (; cards != 0; cards &= cards - 1) list[count++] = static_cast<Card>(std::countr_zero(cards));
  return count;
}

// Every deal of the random players' hands (from `left`, from random player
// `index` on) on one board. Two random players on the river are billions of
// deals on one board: the stop flag is read at every hand.
void deal_random_hands(const Setup& setup, const EquitySettings& settings, const OmahaBoard& board, CardMask left,
                       std::size_t index, Values& values, Tally& tally) {
  if (stopping(settings)) return;
  if (index == setup.random_players.size()) {
    record(setup, values, tally);
    return;
  }
  const int player = setup.random_players[index];
  std::array<Card, kCardCount> cards{};
  const int count = list_cards(left, cards);
  for_each_subset(cards, count, setup.hole, [&](const Card* hole, CardMask mask) {
    evaluate(setup, board, player, hole, values);
    deal_random_hands(setup, settings, board, left & ~mask, index + 1, values, tally);
  });
}

CardMask mask_of_cards(const std::array<Card, kOmahaBoardCards>& cards) {
  CardMask mask = 0;
  for (const Card card : cards) mask |= mask_of(card);
  return mask;
}

// deal_random_hands on one board with two random players or more, its
// first random player's hands shared among the threads: a board then holds
// up to billions of deals (two random hands on the river), which one thread
// would count alone. Integer tallies: the sum is the same whatever the split.
void split_first_random_hand(const Setup& setup, const EquitySettings& settings, const OmahaBoard& board, CardMask left,
                             const Values& values, Tally& tally) {
  std::array<Card, kCardCount> cards{};
  const int count = list_cards(left, cards);
  std::vector<CardMask> hands;
  for_each_subset(cards, count, setup.hole, [&](const Card*, CardMask mask) { hands.push_back(mask); });
  constexpr std::size_t kHandsPerTask = 64;
  std::vector<Tally> tallies((hands.size() + kHandsPerTask - 1) / kHandsPerTask);
  const int player = setup.random_players.front();
  tbb::parallel_for(std::size_t{0}, tallies.size(), [&](std::size_t task) {
    Values mine = values;
    const std::size_t end = std::min(hands.size(), (task + 1) * kHandsPerTask);
    for (std::size_t i = task * kHandsPerTask; i < end && !stopping(settings); ++i) {
      Hole hole{};
      int held = 0;
      for (CardMask rest = hands[i]; rest != 0; rest &= rest - 1)
        hole[held++] = static_cast<Card>(std::countr_zero(rest));
      evaluate(setup, board, player, hole.data(), mine);
      deal_random_hands(setup, settings, board, left & ~hands[i], 1, mine, tallies[task]);
    }
  });
  for (const Tally& part : tallies) tally.add(part);
}

// The deals on the board completed by `completion`.
void count_board(const Setup& setup, const EquitySettings& settings, CardMask completion, Tally& tally) {
  std::array<Card, kOmahaBoardCards> cards = setup.board;
  for (int i = setup.board_known; completion != 0; ++i, completion &= completion - 1) {
    cards[i] = static_cast<Card>(std::countr_zero(completion));
  }
  const OmahaBoard board(cards);
  Values values;
  for (int p = 0; p < setup.players; ++p) {
    if (std::find(setup.random_players.begin(), setup.random_players.end(), p) == setup.random_players.end()) {
      evaluate(setup, board, p, setup.holes[p].data(), values);
    }
  }
  const CardMask left = kDeck & ~setup.known & ~mask_of_cards(cards);
  if (setup.random_players.size() < 2) {
    deal_random_hands(setup, settings, board, left, 0, values, tally);
    return;
  }
  split_first_random_hand(setup, settings, board, left, values, tally);
}

Tally count_exactly(const Setup& setup, const EquitySettings& settings) {
  std::vector<CardMask> completions;
  std::array<Card, kCardCount> left{};
  const int count = list_cards(kDeck & ~setup.known, left);
  for_each_subset(left, count, kOmahaBoardCards - setup.board_known,
                  [&](const Card*, CardMask mask) { completions.push_back(mask); });
  // At most 4096 groups of boards: the unit of progress and of stopping.
  const std::size_t per_group = std::max<std::size_t>(1, (completions.size() + 4095) / 4096);
  const std::size_t groups = (completions.size() + per_group - 1) / per_group;
  start_progress(settings, groups, true);
  std::vector<Tally> tallies(groups);
  tbb::parallel_for(std::size_t{0}, groups, [&](std::size_t group) {
    const std::size_t end = std::min(completions.size(), (group + 1) * per_group);
    for (std::size_t i = group * per_group; i < end && !stopping(settings); ++i) {
      count_board(setup, settings, completions[i], tallies[group]);
    }
    count_progress(settings);
  });
  Tally total;
  for (const Tally& tally : tallies) total.add(tally);
  return total;
}

// Draws `size` cards not in `used` into `cards`, adding them to `used`.
void draw_cards(Random& generator, int size, Card* cards, CardMask& used) {
  for (int dealt = 0; dealt < size;) {
    const auto card = static_cast<Card>(generator.below(kCardCount));
    if ((used & mask_of(card)) != 0) continue;
    used |= mask_of(card);
    cards[dealt++] = card;
  }
}

Tally sample_block(const Setup& setup, const EquitySettings& settings, std::uint64_t block, std::uint64_t samples) {
  Tally tally;
  Random generator(settings.seed, block);
  std::array<Hole, kMaxEquityPlayers> holes = setup.holes;
  Values values;
  for (std::uint64_t sample = 0; sample < samples; ++sample) {
    if (sample % 256 == 0 && stopping(settings)) break;
    CardMask used = setup.known;
    for (const int player : setup.random_players) draw_cards(generator, setup.hole, holes[player].data(), used);
    std::array<Card, kOmahaBoardCards> cards = setup.board;
    draw_cards(generator, kOmahaBoardCards - setup.board_known, cards.data() + setup.board_known, used);
    const OmahaBoard board(cards);
    for (int p = 0; p < setup.players; ++p) evaluate(setup, board, p, holes[p].data(), values);
    record(setup, values, tally);
  }
  return tally;
}

Tally sample(const Setup& setup, const EquitySettings& settings) {
  std::uint64_t samples = 0;  // the tally counts its deals
  return sample_in_blocks(
      settings, Tally{},
      [&](std::uint64_t block, std::uint64_t size) { return sample_block(setup, settings, block, size); },
      [](Tally& sum, const Tally& tally) { sum.add(tally); }, samples);
}

EquityResult summarize(const Setup& setup, const Tally& tally, bool exact) {
  EquityResult result;
  result.players.resize(static_cast<std::size_t>(setup.players));
  result.boards = tally.deals;
  result.exact = exact;
  result.hilo = setup.hilo;
  if (tally.deals == 0) return result;  // stopped before any deal
  const auto deals = static_cast<double>(tally.deals);
  const double units = static_cast<double>(kPotUnits);
  for (int p = 0; p < setup.players; ++p) {
    const PlayerTally& counts = tally.players[static_cast<std::size_t>(p)];
    PlayerEquity& player = result.players[static_cast<std::size_t>(p)];
    player.equity = static_cast<double>(counts.units) / (deals * units);
    player.win = static_cast<double>(counts.high_win) / deals;
    player.tie = static_cast<double>(counts.high_tie) / deals;
    if (setup.hilo) {
      player.scoop = static_cast<double>(counts.scoop) / deals;
      player.low_win = static_cast<double>(counts.low_win) / deals;
      player.low_tie = static_cast<double>(counts.low_tie) / deals;
    }
    if (!exact && tally.deals > 1) {
      const double mean_square = counts.squares.value() / (deals * units * units);
      const double variance = std::max(0.0, mean_square - player.equity * player.equity);
      player.equity_error = std::sqrt(variance / (deals - 1));
    }
  }
  if (setup.hilo) result.no_low = static_cast<double>(tally.no_low) / deals;
  return result;
}

// C(n, k) as a double (an estimate's factor).
double choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  double ways = 1;
  for (int i = 0; i < k; ++i) ways = ways * (n - i) / (i + 1);
  return ways;
}

// The specific hands against the known cards and each other, as the hold'em
// messages say it: "Ah is in player 1's hand and on the board".
std::optional<std::string> hands_meet(const EquityQuery& query) {
  const int hole = equity_hole_cards(query.game);
  for (std::size_t p = 0; p < query.hands.size(); ++p) {
    const CardMask hand = query.hands[p];
    if (hand != 0 && card_count(hand) != hole) {
      return player_hand(p) + " has " + std::to_string(card_count(hand)) + " cards: Omaha hands have " +
             std::to_string(hole);
    }
    if (const CardMask shared = hand & query.board; shared != 0) {
      return card_list(shared) + " " + is_or_are(shared) + " in " + player_hand(p) + " and on the board";
    }
    if (const CardMask shared = hand & query.dead; shared != 0) {
      return card_list(shared) + " " + is_or_are(shared) + " in " + player_hand(p) + " and among the dead cards";
    }
    for (std::size_t q = 0; q < p; ++q) {
      if (const CardMask shared = hand & query.hands[q]; shared != 0) {
        return card_list(shared) + " " + is_or_are(shared) + " in " + player_hand(q) + " and in " + player_hand(p);
      }
    }
  }
  return std::nullopt;
}

}  // namespace

double omaha_exact_work(const EquityQuery& query) {
  int left = kCardCount - card_count(query.board | query.dead);
  for (const CardMask hand : query.hands) left -= card_count(hand);
  const int missing = kOmahaBoardCards - card_count(query.board);
  double work = choose(left, missing);
  left -= missing;
  const int hole = equity_hole_cards(query.game);
  for (const CardMask hand : query.hands) {
    if (hand != 0) continue;
    work *= choose(left, hole);
    left -= hole;
  }
  return work * static_cast<double>(query.hands.size());
}

std::optional<std::string> check_omaha_query(const EquityQuery& query) {
  const auto players = static_cast<int>(query.hands.size());
  if (players < kMinEquityPlayers || players > kMaxEquityPlayers) {
    return "expected " + std::to_string(kMinEquityPlayers) + " to " + std::to_string(kMaxEquityPlayers) +
           " players, found " + std::to_string(players);
  }
  if (std::optional<std::string> problem = check_equity_cards(query.board, query.dead)) return problem;
  if (std::optional<std::string> problem = hands_meet(query)) return problem;
  return too_few_cards_left(query.board, query.dead, equity_hole_cards(query.game) * players);
}

std::optional<std::string> check_omaha_method(const EquityQuery& query, EquityMethod method) {
  if (method != EquityMethod::kExact) return std::nullopt;
  const double work = omaha_exact_work(query);
  if (work <= kMaxOmahaExactWork) return std::nullopt;
  char text[160];
  std::snprintf(text, sizeof text, "--exact would evaluate %.2g hands, more than %.0g: use --mc or --time", work,
                kMaxOmahaExactWork);
  return text;
}

EquityResult compute_omaha_equity(const EquityQuery& query, const EquitySettings& settings) {
  const Setup setup(query);
  const bool exact = settings.method == EquityMethod::kExact ||
                     (settings.method == EquityMethod::kAuto && omaha_exact_work(query) <= kMaxAutoOmahaExactWork);
  if (exact) return summarize(setup, count_exactly(setup, settings), true);
  const Tally tally = sample(setup, settings);
  return summarize(setup, tally, false);
}

}  // namespace poker::equity
