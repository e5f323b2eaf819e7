// Opening the input: the strategy (positional reads, a memory map or
// buffered reads) is chosen once, here, from what the input is and what the
// caller asks for.
//
// Thread safety: a ByteSource or Reader is used by one thread at a time (the
// pipeline's reader stage); the windows it hands out are immutable and may
// be read from any thread while their owner is held. A source owns its
// descriptor when opened here, and closes it when destroyed.
#ifndef POKER_IO_INPUT_H_
#define POKER_IO_INPUT_H_

#include <sys/types.h>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "poker/io/byte_source.h"
#include "poker/io/io_error.h"
#include "poker/io/wait_hook.h"

namespace poker::io {

// A source of bytes that read() returns: a file descriptor, or a fake in tests.
class Reader {
 public:
  virtual ~Reader() = default;
  // Like read(2): bytes read, 0 at end of input, -1 with errno set on failure.
  virtual ssize_t read(char* buffer, std::size_t size) = 0;
  // Whether read() would return at once (data or end of input is there).
  virtual bool ready() = 0;
  // From now on a read() that must wait for input waits inside
  // `hook->around_wait()` (null: no hook). A reader that never waits may
  // ignore it.
  virtual void set_wait_hook(WaitHook* /*hook*/) {}
};

// Buffered reads from `reader`, in buffers that start small and grow with
// what arrives, up to `buffer_size` bytes or as far as a record needs (the
// framing bounds that): a large `buffer_size` costs nothing on a short input.
// `path`: the file read, for ByteSource::path().
std::unique_ptr<ByteSource> make_stream_source(std::unique_ptr<Reader> reader, std::size_t buffer_size,
                                               std::string path = {});

// A Reader over a file descriptor; owns it (closes it) if `owned`. If
// `wake_fd` >= 0, a read() waiting for input gives up, failing with
// ECANCELED, once `wake_fd` is readable (a self-pipe a signal handler writes
// to: a stop request must not wait for a slow producer's next byte). With a
// wake_fd or a wait hook, a read waits in poll() first, and only a poll()
// that finds nothing there yet is a wait for the hook.
std::unique_ptr<Reader> make_fd_reader(int fd, bool owned, int wake_fd = -1);

// The bytes of `bytes` as a source, as a mapped file would give them (for
// benchmarks and library users). `bytes` must outlive the source.
std::unique_ptr<ByteSource> make_memory_source(std::string_view bytes);

// How a regular file is read (the specification, docs/specification.md, section
// 4: the default is the one measured faster and leaner on many cores). Anything
// else (a pipe, a terminal, a file whose size says nothing) is always read as a
// stream.
enum class FileReading {
  kReadAt,  // pread() of ranges, in parallel, into buffers reused (the default)
  kMap,     // memory maps of windows; where one cannot be made, kReadAt
  kStream,  // buffered reads in order, as a pipe is read: for a second input
            // read alongside the first (a candidate's answers), which a
            // truncation while it is read must not turn into zeros
};

struct InputOptions {
  FileReading reading = FileReading::kReadAt;
  // The size of a mapped window (kMap; kReadAt moves the descriptor's offset
  // as a map of such windows would).
  std::size_t window_size = 64 * 1024 * 1024;
  // The largest buffer of in-order reads (a stream's).
  std::size_t buffer_size = 1024 * 1024;
  // If >= 0, a read that waits for input gives up once this is readable, as
  // in make_fd_reader().
  int wake_fd = -1;
};

struct OpenedInput {
  std::unique_ptr<ByteSource> source;  // null on failure
  IoError error;                       // why, when source is null (kOpen)
};

// Opens `path` ("-" or empty: standard input) for reading as
// `options.reading` says. A regular, non-empty file is read with pread()
// (the pipeline reads its ranges in parallel, each byte once, into buffers
// reused from range to range), or memory-mapped in windows (the pipeline's
// parallel stage maps in each range's pages), or in order through buffers.
// A file whose first window cannot be mapped (a small `ulimit -v`) is read
// with pread() instead, and one whose later window cannot be mapped is read
// with pread() from there on (ByteSource::strategy() says which, and why).
// Anything else, or a file that holds fewer bytes than its size says
// (sysfs), is read through buffers. Either way the input starts at the
// descriptor's current offset (for a redirected stdin, where an earlier
// reader left it), and the offset moves past what is read, as read() would
// move it. A directory fails with EISDIR.
//
// A file truncated while it is read with pread() or a map reads as zeros
// past its new end, and the source's check_intact() reports
// kTruncatedWhileRead for what lies there: answers computed from those zeros
// are never written.
OpenedInput open_input(const std::string& path, const InputOptions& options = {});

}  // namespace poker::io

#endif  // POKER_IO_INPUT_H_
