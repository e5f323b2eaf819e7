// Our Omaha high evaluator (poker/omaha.h) and PokerHandEvaluator's PLO4
// evaluator (evaluate_plo4_cards() of phevaluator/phevaluator.h) on the
// same hands, side by side. Not part of the build: compiled and run by
// bench/omaha_versus_phevaluator.sh, which says what it needs.
//
//   omaha_versus_driver --check HANDS SEED
//       PokerHandEvaluator's evaluate_plo4_cards() against the least of its
//       evaluate_5cards() over the 60 choices of two hole and three board
//       cards, on HANDS random hands: a check of its PLO4 tables. Exit 1 on
//       any difference (the first ones printed).
//   omaha_versus_driver --time MILLIONS REPETITIONS SEED
//       Times both on the same random hands, one thread, and checks that
//       both order them the same way. Exit 1 on any disagreement.
//
// The hands are dealt up front (seeded) as card indices, 4 * rank + suit
// with rank 0 a deuce .. 12 an ace, then converted up front to each
// library's card: ours through poker::parse_card() of the card's name,
// PokerHandEvaluator's through phevaluator::Card of the same name (its id,
// an int, kept in a byte as ours is: both loops load 9 bytes a hand). Each
// timed loop stores each hand's value in an array. The workloads:
//   * random board: every hand its own board. The fair comparison: each
//     evaluator judges a board and hole cards from scratch. Ours through
//     omaha_high() (an OmahaBoard per hand), PokerHandEvaluator's through
//     evaluate_plo4_cards().
//   * shared board: 64 hands on each board (a range of hands on one board,
//     as bench/omaha_bench.cpp's BM_OmahaHighSharedBoard), ours building an
//     OmahaBoard once per board, in the timed loop. PokerHandEvaluator has no
//     board to prepare: it judges every hand as in the first workload.
//   * 100 hands repeated: the first 100 hands of the first workload, passed
//     over again and again, the shape of PokerHandEvaluator's own benchmark
//     (EvaluateRandomPlo4Cards), where the table entries the 100 hands read
//     stay in cache.
// Each workload runs REPETITIONS passes of each evaluator in turns (which
// goes first alternates); a pass's hands/s is the hands over its wall time;
// the figures printed are the medians.
//
// The order: PokerHandEvaluator's rank is lower for a better hand, ours
// (HandValue) higher. For every two consecutive hands of each workload both
// must give the same verdict (better, worse or tie); and over the whole
// sample each of our values must go with one rank of theirs and each rank
// with one value, the ranks falling as the values rise.
#include <phevaluator/phevaluator.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/omaha.h"

namespace {

constexpr int kDealCards = 9;  // board at [0, 5), hole cards at [5, 9)
constexpr int kHandsPerBoard = 64;
constexpr std::size_t kSmallSample = 100;

using Deal = std::array<std::uint8_t, kDealCards>;

std::string index_name(int index) { return {"23456789TJQKA"[index / 4], "cdhs"[index % 4]}; }

// `count` deals of 9 distinct card indices; with `per_board` > 1 each run of
// `per_board` deals has one board (and hole cards drawn from the other 47).
std::vector<Deal> deal(std::size_t count, int per_board, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Deal> deals(count);
  std::array<std::uint8_t, 52> deck{};
  for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  for (std::size_t d = 0; d < count; ++d) {
    const int from = d % static_cast<std::size_t>(per_board) == 0 ? 0 : 5;  // a new board, or the board kept
    for (int i = from; i < kDealCards; ++i) {
      std::uniform_int_distribution<int> pick(i, 51);
      std::swap(deck[static_cast<std::size_t>(i)], deck[static_cast<std::size_t>(pick(rng))]);
    }
    std::copy_n(deck.begin(), kDealCards, deals[d].begin());
  }
  return deals;
}

struct Converted {
  std::vector<std::array<poker::Card, kDealCards>> ours;
  std::vector<Deal> theirs;  // phevaluator card ids
};

Converted convert(const std::vector<Deal>& deals) {
  std::array<poker::Card, 52> ours{};
  std::array<std::uint8_t, 52> theirs{};
  for (int index = 0; index < 52; ++index) {
    const std::string name = index_name(index);
    const auto card = poker::parse_card(name, poker::Notation::kHoldem);
    if (!card) std::abort();
    ours[static_cast<std::size_t>(index)] = *card;
    theirs[static_cast<std::size_t>(index)] = static_cast<std::uint8_t>(static_cast<int>(phevaluator::Card(name)));
  }
  Converted out;
  out.ours.resize(deals.size());
  out.theirs.resize(deals.size());
  for (std::size_t d = 0; d < deals.size(); ++d) {
    for (int i = 0; i < kDealCards; ++i) {
      out.ours[d][static_cast<std::size_t>(i)] = ours[deals[d][static_cast<std::size_t>(i)]];
      out.theirs[d][static_cast<std::size_t>(i)] = theirs[deals[d][static_cast<std::size_t>(i)]];
    }
  }
  return out;
}

int theirs_of(const Deal& c) { return evaluate_plo4_cards(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]); }

std::string deal_text(const Deal& deal) {
  std::string text = "board";
  for (int i = 0; i < kDealCards; ++i)
    text += (i == 5 ? " hole " : " ") + index_name(deal[static_cast<std::size_t>(i)]);
  return text;
}

int check_tables(std::size_t hands, std::uint64_t seed) {
  const std::vector<Deal> deals = deal(hands, 1, seed);
  const Converted cards = convert(deals);
  std::size_t wrong = 0;
  for (std::size_t d = 0; d < hands; ++d) {
    const Deal& c = cards.theirs[d];
    int best = 1 << 30;
    for (int a = 5; a < 9; ++a) {
      for (int b = a + 1; b < 9; ++b) {
        for (int x = 0; x < 5; ++x) {
          for (int y = x + 1; y < 5; ++y) {
            for (int z = y + 1; z < 5; ++z) best = std::min(best, evaluate_5cards(c[a], c[b], c[x], c[y], c[z]));
          }
        }
      }
    }
    const int got = theirs_of(c);
    if (got != best && ++wrong <= 5) {
      std::printf("tables: %s: evaluate_plo4_cards %d, the best of the 60 five-card hands %d\n",
                  deal_text(deals[d]).c_str(), got, best);
    }
  }
  std::printf("tables: evaluate_plo4_cards against the 60 choices by evaluate_5cards: %zu random hands, %zu differ\n",
              hands, wrong);
  return wrong == 0 ? 0 : 1;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

struct Workload {
  const char* name;
  int per_board;       // hands a board (1: every hand its own)
  std::size_t sample;  // > 0: the first `sample` hands, passed over repeatedly
};

// One pass of ours over the workload's hands: the values stored in `out`.
void pass_ours(const Converted& cards, const Workload& w, std::size_t hands, std::vector<std::uint16_t>& out) {
  if (w.per_board == 1) {
    const std::size_t n = w.sample > 0 ? w.sample : hands;
    for (std::size_t done = 0; done < hands; done += n) {
      for (std::size_t d = 0; d < n; ++d) {
        out[done + d] = poker::omaha_high(cards.ours[d].data(), cards.ours[d].data() + 5, 4).raw();
      }
    }
    return;
  }
  for (std::size_t first = 0; first < hands; first += static_cast<std::size_t>(w.per_board)) {
    const poker::OmahaBoard board(cards.ours[first].data());
    for (std::size_t d = first; d < first + static_cast<std::size_t>(w.per_board); ++d) {
      out[d] = board.high(cards.ours[d].data() + 5, 4).raw();
    }
  }
}

void pass_theirs(const Converted& cards, const Workload& w, std::size_t hands, std::vector<std::int16_t>& out) {
  const std::size_t n = w.sample > 0 ? w.sample : hands;
  for (std::size_t done = 0; done < hands; done += n) {
    for (std::size_t d = 0; d < n; ++d) out[done + d] = static_cast<std::int16_t>(theirs_of(cards.theirs[d]));
  }
}

// The number of disagreements on the order of the first `count` hands, the
// first few printed.
std::size_t check_order(const std::vector<Deal>& deals, const std::vector<std::uint16_t>& ours,
                        const std::vector<std::int16_t>& theirs, std::size_t count, const char* name) {
  std::size_t wrong = 0;
  auto report = [&](const std::string& what) {
    if (++wrong <= 5) std::printf("order (%s): %s\n", name, what.c_str());
  };
  for (std::size_t d = 1; d < count; ++d) {
    const int our_verdict = (ours[d] > ours[d - 1]) - (ours[d] < ours[d - 1]);
    const int their_verdict = (theirs[d] < theirs[d - 1]) - (theirs[d] > theirs[d - 1]);
    if (our_verdict != their_verdict) {
      report(deal_text(deals[d - 1]) + " then " + deal_text(deals[d]) + ": ours " + std::to_string(ours[d - 1]) + ", " +
             std::to_string(ours[d]) + "; theirs " + std::to_string(theirs[d - 1]) + ", " + std::to_string(theirs[d]));
    }
  }
  std::vector<int> rank_of_value(1 << 16, -1);
  std::vector<int> value_of_rank(1 << 15, -1);
  for (std::size_t d = 0; d < count; ++d) {
    int& rank = rank_of_value[ours[d]];
    int& value = value_of_rank[static_cast<std::size_t>(theirs[d])];
    if ((rank != -1 && rank != theirs[d]) || (value != -1 && value != ours[d])) {
      report(deal_text(deals[d]) + ": value " + std::to_string(ours[d]) + " and rank " + std::to_string(theirs[d]) +
             " pair differently elsewhere");
    }
    rank = theirs[d];
    value = ours[d];
  }
  int last_rank = 1 << 30;
  std::size_t distinct = 0;
  for (std::size_t value = 0; value < rank_of_value.size(); ++value) {
    if (rank_of_value[value] == -1) continue;
    ++distinct;
    if (rank_of_value[value] >= last_rank)
      report("value " + std::to_string(value) + " ranks no better than the value below it");
    last_rank = rank_of_value[value];
  }
  std::printf("order (%s): %zu consecutive pairs, %zu distinct values, %zu disagreements\n", name, count - 1, distinct,
              wrong);
  return wrong;
}

int time_both(std::size_t hands, int repetitions, std::uint64_t seed) {
  const Workload workloads[] = {
      {"random board", 1, 0},
      {"shared board, 64 hands a board", kHandsPerBoard, 0},
      {"100 hands repeated", 1, kSmallSample},
  };
  std::printf("%-32s %14s %14s %8s\n", "workload", "ours hands/s", "theirs hands/s", "ratio");
  std::size_t wrong = 0;
  for (const Workload& w : workloads) {
    const std::vector<Deal> deals = deal(hands, w.per_board, w.per_board == 1 ? seed : seed + 1);
    const Converted cards = convert(deals);
    std::vector<std::uint16_t> ours(hands);
    std::vector<std::int16_t> theirs(hands);
    std::vector<double> ours_rate;
    std::vector<double> theirs_rate;
    pass_ours(cards, w, hands, ours);  // a warm-up pass of each: the tables built and paged in
    pass_theirs(cards, w, hands, theirs);
    for (int rep = 0; rep < repetitions; ++rep) {
      for (int turn = 0; turn < 2; ++turn) {
        const auto start = std::chrono::steady_clock::now();
        if ((turn == 0) == (rep % 2 == 0)) {
          pass_ours(cards, w, hands, ours);
          ours_rate.push_back(static_cast<double>(hands) / seconds_since(start));
        } else {
          pass_theirs(cards, w, hands, theirs);
          theirs_rate.push_back(static_cast<double>(hands) / seconds_since(start));
        }
      }
    }
    const double a = median(ours_rate);
    const double b = median(theirs_rate);
    std::printf("%-32s %12.1f M %12.1f M %7.2fx\n", w.name, a / 1e6, b / 1e6, a / b);
    wrong += check_order(deals, ours, theirs, w.sample > 0 ? w.sample : hands, w.name);
  }
  return wrong == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "--check" && argc == 4) {
    return check_tables(std::strtoull(argv[2], nullptr, 10), std::strtoull(argv[3], nullptr, 10));
  }
  if (mode == "--time" && argc == 5) {
    const std::size_t millions = std::strtoull(argv[2], nullptr, 10);
    const int repetitions = std::atoi(argv[3]);
    if (millions == 0 || repetitions <= 0) return 2;
    // A whole number of boards of 64 hands and of samples of 100.
    const std::size_t hands = millions * 1'000'000 / 6400 * 6400;
    return time_both(hands, repetitions, std::strtoull(argv[4], nullptr, 10));
  }
  std::fprintf(stderr,
               "usage: omaha_versus_driver --check HANDS SEED\n"
               "       omaha_versus_driver --time MILLIONS REPETITIONS SEED\n");
  return 2;
}
