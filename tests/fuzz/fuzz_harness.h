// libFuzzer harnesses, generic over a Format: a per-format target is its
// factory (see format_fuzzer.cpp).
//
// An input is one option byte, then the text of the instances. The option
// byte, chosen so that seeds stay readable ('@' is the default):
//   bits 0-1  players - 2 (formats with a player count; bit 2 set: 23 players)
//   bit 3     explain mode (euler: --summary, in the pipeline harness)
//   bit 4     a small instance length limit (256 bytes), so that the limit's
//             paths are reached by inputs of fuzzer size
// '@' (0x40): 2 players; 'A': 3; 'D': 23; 'H': explain; 'P': the small limit.
//
// Every check failure calls __builtin_trap(): libFuzzer reports it as a crash
// with the input that caused it.
#ifndef POKER_TESTS_FUZZ_FUZZ_HARNESS_H_
#define POKER_TESTS_FUZZ_FUZZ_HARNESS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "poker/format.h"

namespace poker::fuzz {

struct FuzzOptions {
  int players = 2;
  bool explain = false;
  std::size_t max_instance_size = 1024 * 1024;
};

using FormatFactory = std::function<std::unique_ptr<Format>(const FuzzOptions&)>;

// The options an input's first byte selects.
FuzzOptions decode_options(std::uint8_t byte);

// Parser and validator: the text is cut into chunks as the pipeline cuts it
// and each is processed in order up to the first error. Checks what every
// format promises: answers are whole lines, the error a single printable
// line with a 1-based position, and the same answers and error whether the
// text is one chunk or many.
int fuzz_format(const std::uint8_t* data, std::size_t size, const FormatFactory& make_format);

// Differential over the whole pipeline: the text run with one thread in
// memory, then through buffered reads of one byte and of odd sizes, tiny and
// large chunks, several threads, a file (a memfd) read in ranges with pread()
// as the CLI reads it, its memory map (--mmap), and a map that gives way to
// reads at its second window, must give the same output, status and first
// error every time.
int fuzz_pipeline(const std::uint8_t* data, std::size_t size, const FormatFactory& make_format);

}  // namespace poker::fuzz

#endif  // POKER_TESTS_FUZZ_FUZZ_HARNESS_H_
