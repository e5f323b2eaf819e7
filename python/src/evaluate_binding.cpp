// evaluate, category, best_five and CATEGORIES.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "bindings.h"
#include "card_arrays.h"
#include "poker/evaluator.h"
#include "run_batch.h"
#include "seven_card_check.h"

namespace poker::python {
namespace {

// Rows per task: large enough that a task's overhead vanishes beside the
// evaluations of its rows (a few ns each: BM_Eval7Array in bench/poker_bench),
// small enough that a few million rows still spread over all cores.
constexpr std::size_t kRowsPerTask = 16384;

// Calls `body(begin, end)` on ranges of rows in parallel, until a stop.
template <class Body>
void for_rows(std::size_t rows, const Stop& stop, Body&& body) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, rows, kRowsPerTask),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      if (!stop.requested()) body(range.begin(), range.end());
                    });
}

// The value of each row of K cards [begin, end) into `out`; returns the
// first row that is faulty (a value over 51, or with `check`, a card twice),
// or `end`. Without `check`, a row holding a card twice gets the value 0,
// which no hand has.
template <std::size_t K>
std::size_t evaluate_range(const std::uint8_t* data, std::size_t k, std::size_t begin, std::size_t end, bool check,
                           std::uint16_t* out) {
  if constexpr (K != 0) k = K;
  for (std::size_t row = begin; row < end; ++row) {
    const std::uint8_t* cards = data + row * k;
    CardMask mask;
    if (!row_mask(cards, k, mask)) [[unlikely]] {
      if (check || std::any_of(cards, cards + k, [](std::uint8_t c) { return c >= kCardCount; })) return row;
      out[row] = 0;
      continue;
    }
    if constexpr (K == 7) {
      out[row] = evaluate7(cards).raw();
    } else if constexpr (K == 5 || K == 6) {
      Hand hand;
      for (std::size_t i = 0; i < K; ++i) hand.add(cards[i]);
      out[row] = hand.evaluate().raw();
    } else {
      out[row] = evaluate(mask).raw();
    }
  }
  return end;
}

template <std::size_t K>
void evaluate_rows(const CardRows& rows, bool check, std::uint16_t* values, FirstFault& fault, const Stop& stop) {
  for_rows(rows.rows, stop, [&](std::size_t begin, std::size_t end) {
    if (K == 7 && seven_card_rows_valid(rows.data, begin, end, rows.rows)) {
      // Checked four rows at a time: the evaluation alone remains.
      for (std::size_t row = begin; row < end; ++row) values[row] = evaluate7(rows.data + 7 * row).raw();
      return;
    }
    const std::size_t faulty = evaluate_range<K>(rows.data, rows.row_size, begin, end, check, values);
    if (faulty != end) fault.record(faulty);
  });
}

void check_row_size(const CardRows& rows, const char* what) {
  if (rows.row_size < 5 || rows.row_size > kCardCount) {
    throw py::value_error(std::string(what) + " must have 5 to 52 cards on the last axis, not " +
                          std::to_string(rows.row_size));
  }
}

[[noreturn]] void raise_fault(const CardRows& rows, std::size_t row, const char* what) {
  const auto message = row_fault(rows.data + row * rows.row_size, rows.row_size, what, rows.leading_shape, row);
  throw py::value_error(message.value_or(std::string(what) + " " + row_name(rows.leading_shape, row) + " is invalid"));
}

py::array_t<std::uint16_t> evaluate_cards(const py::object& cards, bool check, const py::object& threads) {
  const CardRows rows = card_rows(cards, "cards");
  check_row_size(rows, "cards");
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  auto values = new_array<std::uint16_t>(rows.leading_shape);
  std::uint16_t* out = values.mutable_data();
  FirstFault fault(rows.rows);
  run_batch(thread_limit, !quick(rows), [&](const Stop& stop) {
    switch (rows.row_size) {
      case 5: evaluate_rows<5>(rows, check, out, fault, stop); break;
      case 6: evaluate_rows<6>(rows, check, out, fault, stop); break;
      case 7: evaluate_rows<7>(rows, check, out, fault, stop); break;
      default: evaluate_rows<0>(rows, check, out, fault, stop); break;
    }
  });
  if (const auto row = fault.row()) raise_fault(rows, *row, "cards");
  return values;
}

py::array_t<std::uint8_t> categories_of(const py::object& values) {
  const py::array array = py::module_::import("numpy").attr("asarray")(values);
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw py::type_error("values must be integer hand values (from evaluate), not dtype " +
                         py::str(array.dtype()).cast<std::string>());
  }
  const auto wide = contiguous<std::int64_t>(array);
  std::vector<py::ssize_t> shape(array.shape(), array.shape() + array.ndim());
  py::array_t<std::uint8_t> categories(shape);
  const std::int64_t* from = wide.data();
  std::uint8_t* to = categories.mutable_data();
  constexpr std::int64_t kLargest = (static_cast<std::int64_t>(Category::kStraightFlush) + 1) << 12;
  for (py::ssize_t i = 0; i < wide.size(); ++i) {
    if (from[i] <= 0 || from[i] >= kLargest) {
      throw py::value_error("values: " + std::to_string(from[i]) + " at flat index " + std::to_string(i) +
                            " is not a hand value (from evaluate)");
    }
    to[i] = static_cast<std::uint8_t>(from[i] >> 12);
  }
  return categories;
}

py::array_t<std::uint8_t> best_five_of(const py::object& cards, const py::object& threads) {
  const CardRows rows = card_rows(cards, "cards");
  check_row_size(rows, "cards");
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  std::vector<py::ssize_t> shape = rows.leading_shape;
  shape.push_back(5);
  py::array_t<std::uint8_t> best(shape);
  std::uint8_t* out = best.mutable_data();
  FirstFault fault(rows.rows);
  run_batch(thread_limit, !quick(rows), [&](const Stop& stop) {
    for_rows(rows.rows, stop, [&](std::size_t begin, std::size_t end) {
      for (std::size_t row = begin; row < end; ++row) {
        CardMask mask;
        if (!row_mask(rows.data + row * rows.row_size, rows.row_size, mask)) {
          fault.record(row);
          return;
        }
        const BestFive five = best_five(mask);
        std::copy(five.cards.begin(), five.cards.end(), out + 5 * row);
      }
    });
  });
  if (const auto row = fault.row()) raise_fault(rows, *row, "cards");
  return best;
}

}  // namespace

void bind_evaluate(py::module_& m) {
  py::list names;
  for (int code = 0; code <= static_cast<int>(Category::kStraightFlush); ++code) {
    names.append(py::str(std::string(category_name(static_cast<Category>(code)))));
  }
  m.attr("CATEGORIES") = py::tuple(names);

  m.def("evaluate", &evaluate_cards, py::arg("cards"), py::kw_only(), py::arg("check") = true,
        py::arg("threads") = py::none(), R"doc(
Hand values of rows of cards: the strength of the best five-card hand in each.

cards: an integer array of shape (..., k), card indices 0..51 (see
    parse_cards), k from 5 to 52; or cards as parse_cards reads them: a str
    ("Ah Kh Qh Jh Th", giving an int) or a sequence of str (one row each). 7 cards (and 5 or 6) take the fast path,
    about 2 ns a hand on one core; more cards take a slower one. uint8
    C-contiguous arrays are used in place, other integer arrays are converted.
check: raise ValueError, naming the row, for a row holding a card twice.
    With check=False such rows get the value 0 instead (no hand has it).
    A value over 51 always raises.
threads: how many threads work on the batch (None: all cores; more than the
    hardware has are as many). The GIL is released meanwhile, and Ctrl-C
    stops a long batch and raises KeyboardInterrupt.

Returns a uint16 array of shape (...) (an int for a str): larger is a
better hand, equal values tie; category(values) gives the categories.

>>> poker.evaluate(poker.parse_cards(["Ah Kh Qh Jh Th 2c 3d", "2c 2d 5h 9s Jd Kc Ac"]))
array([32778,  4315], dtype=uint16)
>>> poker.evaluate("Ah Kh Qh Jh Th")
32778
)doc");

  m.def("category", &categories_of, py::arg("values"), R"doc(
Category codes of hand values (from evaluate): 0 (high card) to 8 (straight
flush), a uint8 array of the same shape (an int for an int); CATEGORIES[code]
is the name.
Raises ValueError for a value no hand has.
)doc");

  m.def("best_five", &best_five_of, py::arg("cards"), py::kw_only(), py::arg("threads") = py::none(), R"doc(
The five cards that make each hand: shape (..., k) in (or text, as evaluate
takes it), uint8 (..., 5) out, in
the order the CLI's explain mode prints them (groups before kickers,
straights from the top, the wheel as 5 4 3 2 A). Rows holding a card twice
or a value over 51 raise ValueError. threads= as for evaluate.
)doc");
}

}  // namespace poker::python
