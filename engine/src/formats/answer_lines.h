// Internal: writing a chunk's fixed answer lines ("Player 2\n", "Draw\n") at
// the speed of the input, for formats whose answers come from a small set.
#ifndef POKER_ENGINE_FORMATS_ANSWER_LINES_H_
#define POKER_ENGINE_FORMATS_ANSWER_LINES_H_

#include <cstddef>

#include "formats/slot_text.h"
#include "poker/answer_buffer.h"

namespace poker {

// An answer line ("Player 2\n", "Draw\n") in a 16-byte slot.
using AnswerLine = SlotText<16>;

// Appends lines in slots of kSlotSize bytes (SlotText) to a buffer grown once
// for the whole chunk (its bytes left uninitialised), so that the hot loop
// neither checks capacity nor calls memcpy; finish() cuts the buffer to the
// lines added.
//
// REQUIRES: at most `max_lines` add() calls, and nothing else touches `out`
// between construction and finish(). Not copyable: it points into `out`.
template <std::size_t kSlotSize>
class SlotTextAppender {
 public:
  SlotTextAppender(AnswerBuffer& out, std::size_t max_lines)
      : out_(out), start_(out.size()), first_(out.extend(max_lines * kSlotSize)), next_(first_) {}
  SlotTextAppender(const SlotTextAppender&) = delete;
  SlotTextAppender& operator=(const SlotTextAppender&) = delete;

  void add(const SlotText<kSlotSize>& line) { next_ = line.copy_to(next_); }
  // add(line_of(i)) for i in [0, count), the write position held in a local
  // meanwhile: the lines' byte stores may alias any memory, this object's
  // included, so a loop of add() loads and stores it at every line.
  template <typename LineOf>
  void add_run(std::size_t count, LineOf line_of) {
    char* next = next_;
    for (std::size_t i = 0; i < count; ++i) next = line_of(i).copy_to(next);
    next_ = next;
  }
  // Lets `write(at)` write lines at the write position, each in a whole
  // slot (at most the lines left of `max_lines`), and return the position
  // after the last one's text.
  template <typename Write>
  void add_written(Write&& write) {
    next_ = write(next_);
  }
  void finish() { out_.truncate(start_ + static_cast<std::size_t>(next_ - first_)); }

 private:
  AnswerBuffer& out_;
  const std::size_t start_;
  char* const first_;
  char* next_;
};

// The appender of answer lines (16-byte slots).
using AnswerLineAppender = SlotTextAppender<AnswerLine::kMaxSize>;

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_ANSWER_LINES_H_
