// threads= of the batch functions: the work runs in a oneTBB arena of that
// many threads, or in the default one (all cores) for None.
#ifndef POKER_PYTHON_THREADS_H_
#define POKER_PYTHON_THREADS_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>  // std::optional arguments (threads=)
#include <tbb/task_arena.h>

#include <optional>
#include <utility>

namespace poker::python {

// Raises ValueError for a thread count below 1 (before any work starts).
inline void check_threads(std::optional<int> threads) {
  if (threads && *threads < 1) throw pybind11::value_error("threads must be at least 1, or None for all cores");
}

// Runs `work` with `threads` threads (all when unset), the GIL released.
template <class Work>
void run_batch(std::optional<int> threads, Work&& work) {
  check_threads(threads);
  pybind11::gil_scoped_release released;
  if (threads) {
    tbb::task_arena arena(*threads);
    arena.execute(std::forward<Work>(work));
  } else {
    work();
  }
}

}  // namespace poker::python

#endif  // POKER_PYTHON_THREADS_H_
