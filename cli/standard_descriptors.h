// Descriptors 0, 1 and 2 closed by the caller (`poker <&- >&-`): left closed,
// the first files the program opens would take their numbers, and answers
// meant for stdout would land in them, or the program would read its own
// pipe as its input. /dev/null takes each closed one's place, as careful
// daemons and coreutils do; the caller remembers which were closed, so that
// reading a closed stdin or writing answers to a closed stdout is an I/O
// error (EBADF) rather than a silent nothing, while a closed stderr only
// silences the messages.
#ifndef POKER_CLI_STANDARD_DESCRIPTORS_H_
#define POKER_CLI_STANDARD_DESCRIPTORS_H_

namespace poker::cli {

struct ClosedStandardDescriptors {
  bool in = false;
  bool out = false;
  bool err = false;
};

// Must run first in main(), before anything opens a descriptor.
ClosedStandardDescriptors fill_closed_standard_descriptors();

}  // namespace poker::cli

#endif  // POKER_CLI_STANDARD_DESCRIPTORS_H_
