// Internal: a short text in a fixed-size slot, the unit the formats render
// their answers from ("Player 2\n", "Player 2: ", "Flush [").
#ifndef POKER_ENGINE_FORMATS_SLOT_TEXT_H_
#define POKER_ENGINE_FORMATS_SLOT_TEXT_H_

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>

namespace poker {

// A text of at most kMaxSize bytes, rendered once, in a slot of kMaxSize
// bytes: written by copying the whole slot (a constant-size copy is a few
// instructions, where a variable one is a call), then advancing over its
// length.
template <std::size_t kSlotSize>
struct SlotText {
  static constexpr std::size_t kMaxSize = kSlotSize;
  std::array<char, kMaxSize> bytes{};
  std::size_t size = 0;

  // REQUIRES: text.size() <= kMaxSize.
  static SlotText of(std::string_view text) {
    SlotText slot;
    slot.size = text.copy(slot.bytes.data(), kMaxSize);
    return slot;
  }
  std::string_view text() const { return {bytes.data(), size}; }

  // Writes the slot at `at` and returns the end of the text: the next
  // text's place. REQUIRES: room for kMaxSize bytes at `at`.
  char* copy_to(char* at) const {
    std::memcpy(at, bytes.data(), kMaxSize);
    return at + size;
  }
};

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_SLOT_TEXT_H_
