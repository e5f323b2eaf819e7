// Where input bytes come from: positional reads (pread) or a memory map of a
// regular file, or buffered read()s from a pipe, a terminal or anything else.
//
// A ByteSource hands out Windows: views of the input from an absolute offset,
// kept alive by a shared owner (a mapping or a buffer), so that chunks cut
// from a window stay valid while other threads still work on them, and the
// memory is released as soon as the last chunk using it is done.
//
// Thread safety: a ByteSource is used by one thread at a time (the
// pipeline's reader stage); the Windows it returns may be read from any
// thread, check_intact() may be called from any thread while the reader
// reads, and read_at() is thread-safe.
#ifndef POKER_IO_BYTE_SOURCE_H_
#define POKER_IO_BYTE_SOURCE_H_

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "poker/io/io_error.h"
#include "poker/io/wait_hook.h"

namespace poker::io {

struct Window {
  std::shared_ptr<const void> owner;  // keeps `data` alive
  const char* data = nullptr;         // the input from the requested offset on
  std::size_t size = 0;
  bool at_end = false;   // nothing exists after data[size - 1]
  int error_number = 0;  // errno of a failed read or map; then nothing else is valid
  // Bytes before data[0], in the same buffer, that nobody reads and that
  // the holder of the window may write (a buffer read_at() filled for this
  // window alone): room to put other bytes in front of the window's.
  std::size_t headroom = 0;
};

// Reads of a regular file at any offset, shared by its ByteSource and a
// thread that reads ahead of the run (ReadAhead): what a read uses lives as
// long as the read, so a run stopped while a read hangs (a stalled FUSE or
// NFS file system, whose reads no signal but SIGKILL ends) can leave that
// read to end on its own, after the source is gone.
//
// Thread safety: read_at() may be called from any thread.
class SharedReads {
 public:
  virtual ~SharedReads() = default;
  // As ByteSource::read_at().
  virtual Window read_at(std::uint64_t from, std::size_t size) = 0;
};

class ByteSource {
 public:
  virtual ~ByteSource() = default;

  // The input from absolute offset `from`: at least `min_size` bytes, or all
  // that remains (then at_end). Blocks until it has them.
  // REQUIRES: `from` is not less than in any earlier call (input only moves
  // forward; what lies before `from` may be released).
  virtual Window window(std::uint64_t from, std::size_t min_size) = 0;

  // Whether bytes past the last window can be had without waiting. Always true
  // for a mapped file; for a stream, whether the kernel already holds some.
  // The reader asks before it holds back a short range: a stream that has
  // nothing more to give gets its complete records answered at once.
  virtual bool more_ready() = 0;

  // 0 if the bytes before input offset `end` that windows have shown are the
  // input's, else an error_number (kTruncatedWhileRead: a mapped file shrank
  // below `end`, and what was read past its new end were zeros). The writer
  // asks before it writes the answers of a chunk ending at `end`.
  virtual int check_intact(std::uint64_t /*end*/) const { return 0; }

  // Hands `hook` (null: none) to what the source reads from: a stream's
  // reads that must wait for input then wait inside hook->around_wait().
  // Sources that never wait (a map, memory, reads at an offset) ignore it.
  // The hook must outlive the source's reads.
  virtual void set_wait_hook(WaitHook* /*hook*/) {}
  // Whether the windows handed out now are a memory map's (populate()).
  virtual bool is_mapped() const = 0;

  // How the input is read, as -v names it: "pread", "mmap", "stream" or
  // "memory"; after a memory map failed, what read on and why ("pread: mmap
  // failed: Cannot allocate memory", "mmap to byte N, then pread: …").
  // From the thread that reads the windows, or once the run is over.
  virtual std::string strategy() const = 0;

  // ---- Reads at any offset, from any thread (a regular file) ----
  // The input's size for a source that can read any part of it at any time
  // (then the pipeline's serial reader only cuts ranges, and the parallel
  // stage reads them with read_at()); kInOrderOnly for the others.
  static constexpr std::uint64_t kInOrderOnly = UINT64_MAX;
  virtual std::uint64_t size_for_reads_at() const { return kInOrderOnly; }

  // [from, from + size) of the input, read now into a buffer of its own.
  // Thread-safe. Bytes a truncated file no longer holds read as zeros, and
  // check_intact() reports them. REQUIRES: size_for_reads_at() is not
  // kInOrderOnly and from + size is not past it.
  virtual Window read_at(std::uint64_t /*from*/, std::size_t /*size*/) {
    return Window{nullptr, nullptr, 0, false, EINVAL};
  }

  // What read_at() reads through, for a reader that may be left behind by
  // a stopped run (ReadAhead); null where the reads cannot outlive the
  // source.
  virtual std::shared_ptr<SharedReads> shared_reads() { return nullptr; }

  // The ranges cut so far end at input offset `end` (in order, from one
  // thread): a source sharing its descriptor's offset (stdin) moves it there,
  // as a read() of those bytes would have.
  virtual void consumed(std::uint64_t /*end*/) {}

  // The file the bytes come from, as it was given to open_input() ("-" or
  // empty: the standard input; empty too for bytes that are no file): the
  // file an IoError of its reads names.
  const std::string& path() const { return path_; }

 protected:
  explicit ByteSource(std::string path = {}) : path_(std::move(path)) {}

 private:
  std::string path_;
};

}  // namespace poker::io

#endif  // POKER_IO_BYTE_SOURCE_H_
