#include "card_arrays.h"

#include <string>

namespace poker::python {
namespace {

std::string not_a_card(const char* what, const std::vector<py::ssize_t>& shape, std::size_t row, long long value) {
  return std::string(what) + " " + row_name(shape, row) + ": " + std::to_string(value) + " is not a card index (0..51)";
}

}  // namespace

std::string row_name(const std::vector<py::ssize_t>& shape, std::size_t row) {
  if (shape.size() <= 1) return "row " + std::to_string(row);
  std::vector<std::size_t> index(shape.size());
  for (std::size_t axis = shape.size(); axis-- > 0;) {
    const auto extent = static_cast<std::size_t>(shape[axis]);
    index[axis] = row % extent;
    row /= extent;
  }
  std::string name = "row (";
  for (std::size_t axis = 0; axis < index.size(); ++axis) {
    if (axis != 0) name += ", ";
    name += std::to_string(index[axis]);
  }
  return name + (index.size() == 1 ? ",)" : ")");
}

std::optional<std::string> row_fault(const std::uint8_t* cards, std::size_t count, const char* what,
                                     const std::vector<py::ssize_t>& shape, std::size_t row) {
  CardMask seen = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (cards[i] >= kCardCount) return not_a_card(what, shape, row, cards[i]);
    if ((seen & mask_of(cards[i])) != 0) {
      return std::string(what) + " " + row_name(shape, row) + ": card '" + card_name(cards[i]) + "' (" +
             std::to_string(cards[i]) + ") appears twice";
    }
    seen |= mask_of(cards[i]);
  }
  return std::nullopt;
}

CardRows card_rows(py::handle cards, const char* what) {
  const py::array array = py::module_::import("numpy").attr("asarray")(cards);
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw py::type_error(std::string(what) + " must hold integer card indices (0..51), not dtype " +
                         py::str(array.dtype()).cast<std::string>());
  }
  if (array.ndim() == 0) {
    throw py::value_error(std::string(what) + " must have at least one dimension (the cards of a hand are the last)");
  }
  CardRows rows;
  const auto ndim = static_cast<std::size_t>(array.ndim());
  rows.row_size = static_cast<std::size_t>(array.shape(static_cast<py::ssize_t>(ndim - 1)));
  rows.rows = 1;
  for (std::size_t axis = 0; axis + 1 < ndim; ++axis) {
    rows.leading_shape.push_back(array.shape(static_cast<py::ssize_t>(axis)));
    rows.rows *= static_cast<std::size_t>(array.shape(static_cast<py::ssize_t>(axis)));
  }
  if (ndim == 1) rows.leading_shape.clear();
  const std::vector<py::ssize_t> name_shape =
      rows.leading_shape.empty() ? std::vector<py::ssize_t>{1} : rows.leading_shape;

  if (kind == 'u' && array.itemsize() == 1) {
    // The fast path: used in place when contiguous; the batch loops check the values.
    rows.array = contiguous<std::uint8_t>(array);
  } else {
    // Any other integer dtype: through int64 (a uint64 too large for it
    // turns negative, and is rejected as well), checked while narrowed.
    const auto wide = contiguous<std::int64_t>(array);
    std::vector<py::ssize_t> shape(array.shape(), array.shape() + ndim);
    py::array_t<std::uint8_t, py::array::c_style> narrow(shape);
    const std::int64_t* from = wide.data();
    std::uint8_t* to = narrow.mutable_data();
    const auto size = static_cast<std::size_t>(wide.size());
    for (std::size_t i = 0; i < size; ++i) {
      if (from[i] < 0 || from[i] >= kCardCount) {
        throw py::value_error(not_a_card(what, name_shape, rows.row_size == 0 ? 0 : i / rows.row_size, from[i]));
      }
      to[i] = static_cast<std::uint8_t>(from[i]);
    }
    rows.array = narrow;
  }
  rows.data = rows.array.data();
  return rows;
}

}  // namespace poker::python
