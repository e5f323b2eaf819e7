// A ByteSource that keeps the first bytes of the input it passes on: what
// an input error's hints read (poker/input_hint.h) once the run is over,
// when a pipe's bytes cannot be read again and a file on standard input was
// judged from its offset, not from its start.
//
// Thread safety: as its source (window() from one thread at a time); head()
// once the run is over.
#ifndef POKER_IO_HEAD_KEEPING_SOURCE_H_
#define POKER_IO_HEAD_KEEPING_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "poker/io/byte_source.h"

namespace poker::io {

// The run's input, keeping its first bytes. Everything else goes to
// `source` as it is.
class HeadKeepingSource final : public ByteSource {
 public:
  explicit HeadKeepingSource(std::unique_ptr<ByteSource> source, std::size_t limit = 64 * 1024)
      : ByteSource(source->path()), source_(std::move(source)), limit_(limit) {}

  Window window(std::uint64_t from, std::size_t min_size) override;
  bool more_ready() override { return source_->more_ready(); }
  int check_intact(std::uint64_t end) const override { return source_->check_intact(end); }
  void set_wait_hook(WaitHook* hook) override { source_->set_wait_hook(hook); }
  bool is_mapped() const override { return source_->is_mapped(); }
  std::string strategy() const override { return source_->strategy(); }
  std::uint64_t size_for_reads_at() const override { return source_->size_for_reads_at(); }
  Window read_at(std::uint64_t from, std::size_t size) override { return source_->read_at(from, size); }
  std::shared_ptr<SharedReads> shared_reads() override { return source_->shared_reads(); }
  void consumed(std::uint64_t end) override { source_->consumed(end); }

  // Up to `limit` first bytes of the input: those the run's windows showed,
  // or, from a source read at any offset (whose windows the run does not
  // ask for), read again now.
  std::string head();

 private:
  std::unique_ptr<ByteSource> source_;
  const std::size_t limit_;
  std::string kept_;  // the input's first bytes, as far as windows have shown them
};

}  // namespace poker::io

#endif  // POKER_IO_HEAD_KEEPING_SOURCE_H_
