// The extension module poker._poker; the package poker re-exports it.
#include <pybind11/pybind11.h>

#include "bindings.h"

PYBIND11_MODULE(_poker, m) {
  m.doc() = "The poker engine's evaluator, judge and equity over NumPy arrays (see the package poker).";
  poker::python::bind_cards(m);
  poker::python::bind_evaluate(m);
  poker::python::bind_judge(m);
  poker::python::bind_judge_file(m);
  poker::python::bind_equity(m);
  poker::python::bind_shards(m);
}
