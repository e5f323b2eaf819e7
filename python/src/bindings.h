// The parts of the module, each adding its functions to it (module.cpp).
#ifndef POKER_PYTHON_BINDINGS_H_
#define POKER_PYTHON_BINDINGS_H_

#include <pybind11/pybind11.h>

namespace poker::python {

namespace py = pybind11;

void bind_cards(pybind11::module_& m);       // parse_cards, card_str
void bind_evaluate(pybind11::module_& m);    // evaluate, category, best_five, CATEGORIES
void bind_judge(pybind11::module_& m);       // judge
void bind_judge_file(pybind11::module_& m);  // judge_file, InputError
void bind_equity(pybind11::module_& m);      // _equity (wrapped by poker.equity)
void bind_shards(pybind11::module_& m);      // _shard_*, _judge_shard (poker.dask)
void bind_variants(pybind11::module_& m);    // evaluate_omaha, omaha_low, evaluate_shortdeck, SHORTDECK_CATEGORIES

}  // namespace poker::python

#endif  // POKER_PYTHON_BINDINGS_H_
