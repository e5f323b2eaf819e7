// libFuzzer targets over the hold'em format: built twice (CMakeLists.txt),
// with POKER_FUZZ_HARNESS naming the harness: fuzz_format (its parser and
// validator) or fuzz_pipeline (the whole pipeline, differential).
#include "fuzz_harness.h"
#include "poker/holdem_format.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return poker::fuzz::POKER_FUZZ_HARNESS(data, size, [](const poker::fuzz::FuzzOptions& options) {
    return poker::make_holdem_format(poker::HoldemOptions{options.players, options.explain});
  });
}
