// The per-instance loop of every card format. Internal to the engine.
#ifndef POKER_ENGINE_FORMATS_FOR_EACH_INSTANCE_H_
#define POKER_ENGINE_FORMATS_FOR_EACH_INSTANCE_H_

#include <cstddef>
#include <cstdint>

#include "formats/card_line_reader.h"
#include "poker/format.h"

namespace poker {

// For formats that nothing stops but an error.
struct NeverStopped {
  bool operator()() const { return false; }
};

// For formats without the canonical fast path.
struct NoCanonicalRun {
  std::size_t operator()() const { return 0; }
};

// Reads the chunk's instances in order up to the first invalid one or the
// chunk's end, counts the valid ones into result.instances, and reports the
// first error (finish_with_error(): trailing blanks at the end of the input
// are none).
//
// read_one() reads the next instance, the reader's instance begun, and
// answers it (or keeps it to answer later); false if it is invalid, the
// error held by the reader. stopped(), asked before each instance, ends the
// loop early and silently.
//
// kRunBatch, for a format with the canonical fast path: canonical_run()
// decodes and answers up to kRunBatch canonical instances at once
// (answer_canonical_run()) and says how many. A shorter run stops at an
// instance that is not canonical, which read_one() then reads line by line,
// and so words its error, if any.
//
// Inline and templated: it is the loop around every instance, shared by
// every format, so it must cost no more than a loop of a format's own
// (`bench/instructions.sh build/release poker` counts the instructions per
// instance).
template <std::size_t kRunBatch = 0, typename ReadOne, typename Stopped = NeverStopped,
          typename CanonicalRun = NoCanonicalRun>
void for_each_instance(CardLineReader& reader, ChunkResult& result, ReadOne&& read_one, Stopped&& stopped = {},
                       CanonicalRun&& canonical_run = {}) {
  std::uint64_t instances = 0;
  while (!reader.at_end() && !stopped()) {
    if constexpr (kRunBatch != 0) {
      const std::size_t run = canonical_run();
      instances += run;
      if (run == kRunBatch || reader.at_end()) continue;
    }
    reader.begin_instance();
    if (!read_one()) {
      result.instances += instances;
      reader.finish_with_error(result);
      return;
    }
    ++instances;
  }
  result.instances += instances;
}

// A canonical run: up to kRunBatch instances of `layout` decoded at once
// into `cards`, stride cards apart, each handed to answer(its cards). The
// count of them.
template <std::size_t kRunBatch, typename Answer>
std::size_t answer_canonical_run(CardLineReader& reader, const CanonicalLayout& layout, Card* cards, std::size_t stride,
                                 Answer&& answer) {
  const std::size_t run = reader.read_canonical_instances(layout, cards, kRunBatch);
  for (std::size_t i = 0; i < run; ++i) answer(cards + i * stride);
  return run;
}

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_FOR_EACH_INSTANCE_H_
