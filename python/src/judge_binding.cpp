// judge: the hold'em judge over arrays of boards and hole cards.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bindings.h"
#include "card_arrays.h"
#include "poker/evaluator.h"
#include "poker/holdem_format.h"
#include "run_batch.h"

namespace poker::python {
namespace {

constexpr std::size_t kInstancesPerTask = 8192;
// judge's answer for an instance that repeats a card, with check=False.
constexpr std::int8_t kInvalidInstance = -2;

// Whether the board and holes of one instance are distinct card indices.
bool instance_valid(const std::uint8_t* board, const std::uint8_t* holes, std::size_t hole_cards) {
  CardMask board_mask;
  CardMask holes_mask;
  return row_mask(board, 5, board_mask) && row_mask(holes, hole_cards, holes_mask) && (board_mask & holes_mask) == 0;
}

py::array_t<std::int8_t> judge(const py::object& boards_in, const py::object& holes_in, bool check,
                               const py::object& threads) {
  const CardRows boards = card_rows(boards_in, "boards");
  if (boards.row_size != 5) {
    throw py::value_error("boards must have 5 cards on the last axis, not " + std::to_string(boards.row_size));
  }
  const CardRows holes = card_rows(holes_in, "holes");
  if (holes.row_size != 2 || holes.leading_shape.empty()) {
    throw py::value_error("holes must have shape (..., players, 2): two hole cards per player");
  }
  std::vector<py::ssize_t> instances_shape(holes.leading_shape.begin(), holes.leading_shape.end() - 1);
  if (instances_shape != boards.leading_shape) {
    throw py::value_error("holes must have shape boards.shape[:-1] + (players, 2): one set of players per board");
  }
  const auto players = static_cast<std::size_t>(holes.leading_shape.back());
  if (players < 1 || players > kMaxHoldemPlayers) {
    throw py::value_error("players (holes.shape[-2]) must be 1 to " + std::to_string(kMaxHoldemPlayers) + ", not " +
                          std::to_string(players));
  }
  const std::size_t hole_cards = 2 * players;
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  auto winners = new_array<std::int8_t>(boards.leading_shape);
  std::int8_t* out = winners.mutable_data();
  FirstFault fault(boards.rows);
  run_batch(thread_limit, !quick(holes), [&](const Stop& stop) {
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, boards.rows, kInstancesPerTask),
        [&](const tbb::blocked_range<std::size_t>& range) {
          if (stop.requested()) return;
          for (std::size_t row = range.begin(); row < range.end(); ++row) {
            const Card* board = boards.data + 5 * row;
            const Card* hole = holes.data + hole_cards * row;
            if (!instance_valid(board, hole, hole_cards)) [[unlikely]] {
              const bool out_of_range = std::any_of(board, board + 5, [](Card c) { return c >= kCardCount; }) ||
                                        std::any_of(hole, hole + hole_cards, [](Card c) { return c >= kCardCount; });
              if (check || out_of_range) {
                fault.record(row);
                return;
              }
              out[row] = kInvalidInstance;
              continue;
            }
            // The CLI judge's verdict: `players` for a draw, here -1.
            const int winner = holdem_winner(board, hole, static_cast<int>(players));
            out[row] = winner == static_cast<int>(players) ? std::int8_t{-1} : static_cast<std::int8_t>(winner);
          }
        });
  });
  if (const auto row = fault.row()) {
    std::vector<Card> cards(boards.data + 5 * *row, boards.data + 5 * *row + 5);
    cards.insert(cards.end(), holes.data + hole_cards * *row, holes.data + hole_cards * (*row + 1));
    throw py::value_error(
        row_fault(cards.data(), cards.size(), "boards and holes", boards.leading_shape, *row).value_or("invalid row"));
  }
  return winners;
}

}  // namespace

void bind_judge(py::module_& m) {
  m.def("judge", &judge, py::arg("boards"), py::arg("holes"), py::kw_only(), py::arg("check") = true,
        py::arg("threads") = py::none(), R"doc(
The hold'em judge over arrays: the winner of each instance.

boards: integer array of shape (N, 5), the board cards (card indices 0..51).
holes: integer array of shape (N, P, 2), each player's two hole cards;
    1 <= P <= 23.
check: raise ValueError, naming the row, for an instance holding a card
    twice (on the board and in the holes together). With check=False such
    instances answer -2 instead. A value over 51 always raises.
threads: how many threads work on the batch (None: all cores; more than the
    hardware has are as many); the GIL is released meanwhile, and Ctrl-C
    stops a long batch and raises KeyboardInterrupt.

Returns an int8 array of shape (N,): the 0-based player with the single best
hand, or -1 for a draw (the CLI's "Player K" is K - 1 here).

>>> boards = poker.parse_cards(["Ah Kh Qh 2c 3d"])
>>> holes = poker.parse_cards(["Jh Th", "As Ad"]).reshape(1, 2, 2)
>>> poker.judge(boards, holes)
array([0], dtype=int8)
)doc");
}

}  // namespace poker::python
