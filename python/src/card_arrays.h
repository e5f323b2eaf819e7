// Card arrays from Python: whatever the caller passed (a NumPy array of any
// integer dtype, layout or shape, or a nested list) as one C-contiguous
// uint8 buffer of rows of k cards, and the checks and messages every batch
// function shares: a value that is no card index, a card twice in a row, the
// row named as NumPy would index it.
#ifndef POKER_PYTHON_CARD_ARRAYS_H_
#define POKER_PYTHON_CARD_ARRAYS_H_

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "poker/cards.h"
#include "poker/io/atomic_min.h"
#include "run_batch.h"

namespace poker::python {

namespace py = pybind11;

// Rows of cards: `rows` rows of `row_size` cards each, row-major, the leading
// dimensions (the input's shape without its last axis) kept for the output.
struct CardRows {
  py::array_t<std::uint8_t, py::array::c_style> array;  // owns `data`
  const std::uint8_t* data = nullptr;
  std::size_t rows = 0;
  std::size_t row_size = 0;
  std::vector<py::ssize_t> leading_shape;
};

// Whether a batch over `rows` is quick (kQuickBatchCards).
inline bool quick(const CardRows& rows) { return rows.rows * rows.row_size < kQuickBatchCards; }

// `cards` as rows of its last axis. Raises TypeError for a non-integer dtype
// and ValueError for a 0-d array or a value outside 0..51 (named by its row).
// uint8 C-contiguous arrays are used in place; anything else is converted.
// `what` names the argument in messages ("cards", "boards").
CardRows card_rows(py::handle cards, const char* what);

// The name of row `row` of an array whose leading dimensions are `shape`:
// "row 7" for one leading dimension, "row (1, 2)" for more.
std::string row_name(const std::vector<py::ssize_t>& shape, std::size_t row);

// What is wrong with the `count` cards at `cards` (a value over 51, a card
// twice), as "<what> row 7: ...", or nothing.
std::optional<std::string> row_fault(const std::uint8_t* cards, std::size_t count, const char* what,
                                     const std::vector<py::ssize_t>& shape, std::size_t row);

// The set of `count` cards, and whether they are all card indices and
// distinct. The batch loops call it on every row, so it costs four
// operations a card: a card held twice makes the sum of the cards' bits
// differ from their OR (a carry), and no popcount is needed (a libgcc call
// without -mpopcnt).
inline bool row_mask(const std::uint8_t* cards, std::size_t count, CardMask& mask) {
  CardMask seen = 0;
  CardMask sum = 0;
  unsigned all = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const CardMask bit = CardMask{1} << (cards[i] & 63);
    seen |= bit;
    sum += bit;
    all |= cards[i];
  }
  mask = seen;
  return all < 64 && (seen >> kCardCount) == 0 && sum == seen;
}

// The first faulty row found by parallel loops: each records the rows it
// finds, the smallest one wins, so the error names the same row whatever the
// thread count.
class FirstFault {
 public:
  explicit FirstFault(std::size_t none) : row_(none), none_(none) {}
  void record(std::size_t row) { io::lower_to(row_, row); }
  // Whether rows from `row` on need no look (an earlier row is already faulty).
  bool before(std::size_t row) const { return row_.load(std::memory_order_relaxed) < row; }
  std::optional<std::size_t> row() const {
    const std::size_t row = row_.load();
    return row == none_ ? std::nullopt : std::optional(row);
  }

 private:
  std::atomic<std::size_t> row_;
  std::size_t none_;
};

// `array` as a C-contiguous array of T, converted as NumPy casts (a copy)
// where it is not one already. A copy that cannot be allocated raises
// MemoryError (pybind11's ensure() would drop the error).
template <class T>
py::array_t<T, py::array::c_style> contiguous(const py::array& array) {
  const py::object converted = py::module_::import("numpy").attr("ascontiguousarray")(array, py::dtype::of<T>());
  return py::array_t<T, py::array::c_style>(converted);  // the same array: its dtype and layout fit
}

// A new uint8/uint16/... array of `shape`.
template <class T>
py::array_t<T> new_array(const std::vector<py::ssize_t>& shape) {
  return py::array_t<T>(shape);
}

}  // namespace poker::python

#endif  // POKER_PYTHON_CARD_ARRAYS_H_
