// The one line an input error is reported in:
//   SOURCE:LINE:COLUMN: MESSAGE (instance N); hint: LIKELY CAUSE
// The engine's message says what is wrong where; this adds the 1-based
// instance (a grader's handle on a huge file) and, where one is likely, the
// cause a person would look for: another player count, another format's
// file, ten written "10", upper-case suits, a byte-order mark, blank lines
// between instances. Computed only once an error is reported: the hot path
// knows nothing of it.
#ifndef POKER_CLI_INPUT_ERROR_HINT_H_
#define POKER_CLI_INPUT_ERROR_HINT_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "options.h"
#include "poker/format.h"
#include "poker/io/byte_source.h"

namespace poker::cli {

// What the hint may look at: the run's options, the format's lines per
// instance, and the input's first bytes as the run read them
// (HeadKeepingSource::head()). Of those it reads only the lines through the
// failing instance: the run has read them from any source, while what a
// pipe brings after them depends on when its writer writes.
struct ErrorContext {
  Command command = Command::kHoldem;
  int players = 2;
  std::size_t lines_per_instance = 1;
  std::string_view head;
  // The failing instance's number (the instances answered, plus one); 0:
  // from its line, by lines_per_instance. The count holds where some lines
  // are no instance (a query file's comments).
  std::uint64_t instance = 0;
  std::string_view instance_noun = "instance";  // Format::instance_noun()
};

// The likely cause of `error`, or nothing.
std::optional<std::string> input_error_hint(const InputError& error, const ErrorContext& context);

// `source:line:column: message (instance N)` (the format's noun: "query N"
// for equity), then `; hint: …` if one.
std::string input_error_line(const std::string& source, const InputError& error, const ErrorContext& context);

// The run's input, keeping its first bytes for the hints: a pipe's cannot be
// read again, and a file on standard input is judged from its offset, not
// from its start. Everything else goes to `source` as it is.
// Thread safety: as the source's (window() from one thread at a time).
class HeadKeepingSource final : public io::ByteSource {
 public:
  explicit HeadKeepingSource(std::unique_ptr<io::ByteSource> source, std::size_t limit = 64 * 1024)
      : io::ByteSource(source->path()), source_(std::move(source)), limit_(limit) {}

  io::Window window(std::uint64_t from, std::size_t min_size) override;
  bool more_ready() override { return source_->more_ready(); }
  int check_intact(std::uint64_t end) const override { return source_->check_intact(end); }
  void set_wait_hook(io::WaitHook* hook) override { source_->set_wait_hook(hook); }
  bool is_mapped() const override { return source_->is_mapped(); }
  std::string strategy() const override { return source_->strategy(); }
  std::uint64_t size_for_reads_at() const override { return source_->size_for_reads_at(); }
  io::Window read_at(std::uint64_t from, std::size_t size) override { return source_->read_at(from, size); }
  void consumed(std::uint64_t end) override { source_->consumed(end); }

  // Up to `limit` first bytes of the input: those the run's windows showed,
  // or, from a source read at any offset (whose windows the run does not
  // ask for), read again now.
  std::string head();

 private:
  std::unique_ptr<io::ByteSource> source_;
  const std::size_t limit_;
  std::string kept_;  // the input's first bytes, as far as windows have shown them
};

}  // namespace poker::cli

#endif  // POKER_CLI_INPUT_ERROR_HINT_H_
