// Where answers go. The pipeline's in-order writer calls write() once per
// chunk, so the answers of a chunk reach the file or pipe at once: nothing is
// held back in a user-space buffer.
//
// Thread safety: an OutputSink is used by one thread at a time (the writer
// stage, then the thread that ran the pipeline); it owns its descriptor only
// when made with `owned`, and then closes it in finish().
#ifndef POKER_IO_OUTPUT_SINK_H_
#define POKER_IO_OUTPUT_SINK_H_

#include <memory>
#include <string>
#include <string_view>

#include "poker/io/io_error.h"
#include "poker/io/wait_hook.h"

namespace poker::io {

struct WriteResult {
  enum class Kind { kOk, kBrokenPipe, kFailed };
  Kind kind = Kind::kOk;
  IoError error;  // the failure (kWrite), when not kOk
  bool ok() const { return kind == Kind::kOk; }
};

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // Writes all of `bytes` (retrying short and interrupted writes).
  virtual WriteResult write(std::string_view bytes) = 0;
  // Completes the output (closes an owned file, reporting a late failure).
  virtual WriteResult finish() = 0;
  // From now on a write that must wait for room waits inside
  // `hook->around_wait()` (null: no hook). The hook must outlive the writes.
  virtual void set_wait_hook(WaitHook* /*hook*/) {}
};

// A sink writing to `fd`; closes it in finish() if `owned`. Broken pipes are
// reported as kBrokenPipe, which requires SIGPIPE to be ignored by the caller.
//
// If `wake_fd` >= 0 and `fd` is a pipe, a socket or a terminal (whose reader
// may stall), a write() waiting for room gives up, failing with ECANCELED,
// once `wake_fd` is readable (the self-pipe of a stop request). The bytes are
// then written in pieces that end at a newline, each no larger than the
// kernel takes at once (what a pipe has room for; PIPE_BUF elsewhere), so
// that the output given up on ends with a whole line. A wait hook makes a
// sink on such a descriptor wait in poll() the same way, and only a poll()
// that finds no room is a wait for the hook.
//
// `path`: the file written ("-" or empty: the standard output), which the
// failures' IoError names.
std::unique_ptr<OutputSink> make_fd_sink(int fd, bool owned, int wake_fd = -1, std::string path = {});

struct OpenedOutput {
  std::unique_ptr<OutputSink> sink;  // null on failure
  IoError error;                     // why, when sink is null (kOpenForWriting)
};

// Whether writing `output` would overwrite the regular file being read as
// `input` ("-" or empty: standard input / standard output): opening it would
// truncate the input under the reader's feet.
bool output_overwrites_input(const std::string& input, const std::string& output);

// Opens `path` for writing ("-" or empty: standard output), creating or
// truncating it. `wake_fd` is for the writes, as in make_fd_sink(). Opening a
// FIFO waits for its reader: a caller that must not wait forever interrupts
// it with a signal (the open then fails with EINTR).
OpenedOutput open_output(const std::string& path, int wake_fd = -1);

}  // namespace poker::io

#endif  // POKER_IO_OUTPUT_SINK_H_
