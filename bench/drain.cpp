// poker_drain: reads its input to the end through the judge's own stream
// reader, and does nothing with it. `cat FILE | poker_drain` is what the pipe
// alone costs, the floor under `cat FILE | poker` (bench/throughput.sh and
// bench/scaling.sh time it beside the judge).
//
//   poker_drain [FILE]   (default: standard input)
//
// The input is read as `poker verify` reads a candidate's answers, with
// buffered reads and never a map (io::FileReading::kStream): a pipe is enlarged as
// the judge enlarges its input's, and the buffers have the judge's default
// size. Exit status 0, or 1 on a read error.
#include <cstdint>
#include <cstdio>
#include <string>

#include "poker/io/framing.h"
#include "poker/io/input.h"

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "-";
  const auto fail = [&path](int error_number) {
    std::fprintf(stderr, "poker_drain: %s: %s\n", path.c_str(), poker::io::read_error_text(error_number));
    return 1;
  };
  // The CLI's buffer size at the default chunk size: four chunks (cli/main.cpp).
  poker::io::InputOptions options;
  options.reading = poker::io::FileReading::kStream;
  options.buffer_size = 4 * poker::io::FramingOptions{}.chunk_size;
  poker::io::OpenedInput input = poker::io::open_input(path, options);
  if (!input.source) return fail(input.error.error_number);
  std::uint64_t offset = 0;
  for (;;) {
    const poker::io::Window window = input.source->window(offset, 1);
    if (window.error_number != 0) return fail(window.error_number);
    offset += window.size;
    if (window.at_end) return 0;
  }
}
