// An I/O failure as a message tells it: what was being done, to which file,
// and why (the errno). The results of opening, reading and writing carry
// one, so that the caller who reports a failure has the file's name from the
// place that failed, as a file object's errors carry its name in LevelDB
// (PosixError(filename, errno)).
//
// Thread safety: a value.
#ifndef POKER_IO_IO_ERROR_H_
#define POKER_IO_IO_ERROR_H_

#include <cstdint>
#include <cstring>
#include <string>

namespace poker::io {

// An error_number that is no errno: a file shrank while it was being read,
// so some bytes handed out were zeros standing in for lost input.
inline constexpr int kTruncatedWhileRead = -1;

// What an error_number means, for a message: strerror(), or the truncation.
inline const char* read_error_text(int error_number) {
  return error_number == kTruncatedWhileRead ? "the file was truncated while being read" : std::strerror(error_number);
}

struct IoError {
  enum class Action : std::uint8_t {
    kOpen,            // opening an input
    kOpenForWriting,  // opening an output
    kRead,
    kWrite,
  };
  Action action = Action::kRead;
  // The file as it was given to open it: "-" or empty for the standard
  // input (reading) or output (writing).
  std::string path;
  int error_number = 0;  // errno, or kTruncatedWhileRead; 0: no failure

  // Whether the action was on the standard output rather than the input.
  bool writing() const { return action == Action::kOpenForWriting || action == Action::kWrite; }
};

}  // namespace poker::io

#endif  // POKER_IO_IO_ERROR_H_
