// Internal: writing a chunk's fixed answer lines ("Player 2\n", "Draw\n") at
// the speed of the input, for formats whose answers come from a small set.
#ifndef POKER_ENGINE_FORMATS_ANSWER_LINES_H_
#define POKER_ENGINE_FORMATS_ANSWER_LINES_H_

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "poker/format.h"

namespace poker {

// An answer line in a fixed 16-byte slot: copied whole (a constant-size copy
// is two instructions, where a variable one is a call), then advanced over by
// its length.
struct AnswerLine {
  static constexpr std::size_t kMaxSize = 16;
  std::array<char, kMaxSize> bytes{};
  std::size_t size = 0;

  // REQUIRES: text.size() <= kMaxSize.
  static AnswerLine of(std::string_view text) {
    AnswerLine line;
    line.size = text.copy(line.bytes.data(), kMaxSize);
    return line;
  }
  std::string_view text() const { return {bytes.data(), size}; }
};

// Appends answer lines to a buffer grown once for the whole chunk (its bytes
// left uninitialised), so that the hot loop neither checks capacity nor calls
// memcpy; finish() cuts the buffer to the lines added.
//
// REQUIRES: at most `max_lines` add() calls, and nothing else touches `out`
// between construction and finish(). Not copyable: it points into `out`.
class AnswerLineAppender {
 public:
  AnswerLineAppender(AnswerBuffer& out, std::size_t max_lines)
      : out_(out), start_(out.size()), first_(out.extend(max_lines * AnswerLine::kMaxSize)), next_(first_) {}
  AnswerLineAppender(const AnswerLineAppender&) = delete;
  AnswerLineAppender& operator=(const AnswerLineAppender&) = delete;

  void add(const AnswerLine& line) {
    std::memcpy(next_, line.bytes.data(), AnswerLine::kMaxSize);
    next_ += line.size;
  }
  void finish() { out_.truncate(start_ + static_cast<std::size_t>(next_ - first_)); }

 private:
  AnswerBuffer& out_;
  const std::size_t start_;
  char* const first_;
  char* next_;
};

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_ANSWER_LINES_H_
