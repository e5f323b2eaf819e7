// The per-instance loop of the card formats. Internal to the engine.
#ifndef POKER_ENGINE_FORMATS_FOR_EACH_INSTANCE_H_
#define POKER_ENGINE_FORMATS_FOR_EACH_INSTANCE_H_

#include <cstdint>

#include "formats/card_line_reader.h"
#include "poker/format.h"

namespace poker {

// For formats that nothing stops but an error.
struct NeverStopped {
  bool operator()() const { return false; }
};

// Reads the chunk's instances in order up to the first invalid one or the
// chunk's end, counts the valid ones into result.instances, and reports the
// first error (finish_with_error(): trailing blanks at the end of the input
// are none).
//
// read_one() reads the next instance, the reader's instance begun, and
// answers it (or keeps it to answer later); false if it is invalid, the
// error held by the reader. stopped(), asked before each instance, ends the
// loop early and silently. Inline and templated: it is the loop around every
// instance, and costs nothing over a loop of the format's own.
//
// The hold'em and Euler formats keep a loop of their own: runs of canonical
// instances decoded 32 at a time, which this loop, measured with
// bench/instructions.sh, made slower in explain mode.
template <typename ReadOne, typename Stopped = NeverStopped>
void for_each_instance(CardLineReader& reader, ChunkResult& result, ReadOne&& read_one, Stopped&& stopped = {}) {
  std::uint64_t instances = 0;
  while (!reader.at_end() && !stopped()) {
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

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_FOR_EACH_INSTANCE_H_
