// The extension module poker._poker; the package poker re-exports it.
#include <pybind11/pybind11.h>

#include "bindings.h"

PYBIND11_MODULE(_poker, m) {
  // The package's functions wrap these in Python functions, whose help()
  // shows their own signatures and these docstrings, without pybind11's
  // signature line.
  pybind11::options options;
  options.disable_function_signatures();
  m.doc() = "The poker engine's evaluator, judge and equity over NumPy arrays (see the package poker).";
  m.attr("__version__") = POKER_VERSION;
  poker::python::bind_cards(m);
  poker::python::bind_evaluate(m);
  poker::python::bind_judge(m);
  poker::python::bind_judge_file(m);
  poker::python::bind_equity(m);
  poker::python::bind_shards(m);
  poker::python::bind_variants(m);
}
