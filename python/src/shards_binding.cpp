// The engine's shard API (poker/shards.h) for poker.dask: newline counts of
// a shard's bytes, where a shard's instances begin (from the counts, or
// guessed from its own bytes), and the judging of the
// instances between, in any of the judge's formats. Private (underscored):
// poker.dask is its one user, and holds the rules for putting it together.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "bindings.h"
#include "format_by_name.h"
#include "poker/equity_format.h"
#include "poker/equity_query.h"
#include "poker/escape.h"
#include "poker/input_hint.h"
#include "poker/io/framing.h"
#include "poker/io/output_sink.h"
#include "poker/shards.h"
#include "run_batch.h"

namespace poker::python {
namespace {

// Answer buffers that shards gave back, kept for the next shards of this
// worker process: a fresh buffer's pages are faulted in and zeroed as the
// answers are first written to them, which costs a third as much again as
// judging them (a shard of hold'em answers, a third of its size). At most
// kKept are kept, the largest: those of the shards a worker holds at once.
class AnswerBufferPool {
 public:
  struct Buffer {
    char* data = nullptr;
    std::size_t capacity = 0;
  };

  // A kept buffer (the largest), or none.
  Buffer take() {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (kept_.empty()) return {};
    const Buffer buffer = kept_.back();
    kept_.pop_back();
    return buffer;
  }

  // Keeps `buffer` if it is among the kKept largest; frees what is not.
  void give(Buffer buffer) {
    const std::lock_guard<std::mutex> lock(mutex_);
    kept_.push_back(buffer);
    std::sort(kept_.begin(), kept_.end(), [](const Buffer& a, const Buffer& b) { return a.capacity < b.capacity; });
    if (kept_.size() > kKept) {
      std::free(kept_.front().data);
      kept_.erase(kept_.begin());
    }
  }

  static AnswerBufferPool& instance() {
    // Never destroyed: a worker's buffers last as long as its process.
    static AnswerBufferPool* const pool = new AnswerBufferPool;
    return *pool;
  }

 private:
  static constexpr std::size_t kKept = 2;
  std::mutex mutex_;
  std::vector<Buffer> kept_;
};

// A shard's answers, kept whole: the bytes `poker` writes. They grow by
// realloc(), which moves a large block's pages rather than copying them, and
// Python reads them in place (the buffer protocol, as _ShardAnswers): on the
// worker, answers a third of a shard's size are never copied. The buffer
// comes from, and goes back to, the AnswerBufferPool.
class ShardAnswers final : public io::OutputSink {
 public:
  ShardAnswers() {
    const AnswerBufferPool::Buffer buffer = AnswerBufferPool::instance().take();
    data_ = buffer.data;
    capacity_ = buffer.capacity;
  }
  ShardAnswers(const ShardAnswers&) = delete;
  ShardAnswers& operator=(const ShardAnswers&) = delete;
  ~ShardAnswers() override {
    if (data_ != nullptr) AnswerBufferPool::instance().give({data_, capacity_});
  }

  io::WriteResult write(std::string_view bytes) override {
    if (bytes.size() > capacity_ - size_) grow(size_ + bytes.size());
    std::memcpy(data_ + size_, bytes.data(), bytes.size());
    size_ += bytes.size();
    return {};
  }
  io::WriteResult finish() override { return {}; }
  std::string_view bytes() const { return {data_ == nullptr ? "" : data_, size_}; }

 private:
  void grow(std::size_t needed) {
    const std::size_t capacity = std::max({needed, capacity_ * 2, std::size_t{64} * 1024});
    void* grown = std::realloc(data_, capacity);
    if (grown == nullptr) throw std::bad_alloc();
    data_ = static_cast<char*>(grown);
    capacity_ = capacity;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// Whether words[i] is an option of one dash ("-o"), not a value: no option
// that takes one comes before it.
bool is_short_option(const std::vector<std::string_view>& words, std::size_t i) {
  const std::string_view word = words[i];
  if (!word.starts_with('-') || word.starts_with("--")) return false;
  if (i == 0) return true;
  const std::string_view before = words[i - 1];
  return !before.starts_with("--") || before == "--exact" || before.find('=') != std::string_view::npos;
}

// A format as the command line names it: holdem (with its players), omaha
// (with its players, and `variant`'s hole cards and hi-lo), shortdeck (with
// its players), euler, eval, draw, or equity (its options: the words
// `poker equity` takes before its query file, "--board", "Ts9s2d", "--mc",
// "10000", ...).
std::unique_ptr<Format> shard_format(const std::string& name, int players, const std::vector<std::string>& options,
                                     const VariantOptions& variant) {
  const FileFormat format = file_format(name, players, variant);
  EquityRequest equity_defaults;
  if (format == FileFormat::kEquity) {
    // Read as a query line's options are: each by its name (an unknown one
    // named as such), --exact without a value, a value after '=' or as the
    // next word, lone cards after --board and --dead.
    const std::vector<std::string_view> words(options.begin(), options.end());
    auto defaults = parse_equity_defaults(words, EquitySettings{});
    if (const auto* error = std::get_if<QueryError>(&defaults)) {
      if (error->word < words.size() && is_short_option(words, error->word)) {
        // A query line would read it as a hand; here only options stand.
        throw py::value_error("equity options: unknown option " + quote_token(words[error->word]) +
                              ": expected --board, --dead, --exact, --mc, --time, --seed or --game");
      }
      throw py::value_error("equity options: " + std::string(error->word == words.size() ? "missing " : "") +
                            error->message);
    }
    equity_defaults = std::get<EquityRequest>(std::move(defaults));
  }
  return make_format(format, players, equity_defaults, EquityOutput::kText, variant);
}

// The bytes of `buffer` (bytes, bytearray, a memoryview of either), read in
// place: a shard's instances are a slice of what its task read, never copied
// out of it. The view lives as long as `info`.
std::string_view view_of(const py::buffer_info& info) {
  if (info.ndim != 1 || info.itemsize != 1 || info.strides[0] != 1) {
    throw py::type_error("expected contiguous bytes (bytes, bytearray or a memoryview of them)");
  }
  return {static_cast<const char*>(info.ptr), static_cast<std::size_t>(info.size)};
}

// An InputError as a shard's result carries it to the client: (line,
// column, message, kind, token), all that its message and hint are made of
// (_input_error_line).
py::object error_tuple(const std::optional<InputError>& error) {
  if (!error) return py::none();
  return py::make_tuple(error->line, error->column, error->message, static_cast<int>(error->kind),
                        py::bytes(error->token));
}

InputError error_of_tuple(const py::tuple& error) {
  if (error.size() != 5) throw py::value_error("expected an error as _judge_shard gives it");
  const int kind = error[3].cast<int>();
  if (kind < 0 || kind > static_cast<int>(InputErrorKind::kBlankLine)) throw py::value_error("unknown error kind");
  return InputError(error[0].cast<std::uint64_t>(), error[1].cast<std::uint64_t>(), error[2].cast<std::string>(),
                    static_cast<InputErrorKind>(kind), error[4].cast<std::string>());
}

// _ShardAnswers, the answers _judge_shard returns: read in place by the
// buffer protocol, pickled as bytes.
void bind_shard_answers(py::module_& m) {
  py::class_<ShardAnswers>(m, "_ShardAnswers", py::buffer_protocol(),
                           "A shard's answers (_judge_shard): bytes-like, len(); pickled as bytes.")
      .def_buffer([](ShardAnswers& answers) {
        const std::string_view bytes = answers.bytes();
        return py::buffer_info(const_cast<char*>(bytes.data()), 1, py::format_descriptor<std::uint8_t>::format(), 1,
                               {static_cast<py::ssize_t>(bytes.size())}, {py::ssize_t{1}}, true);
      })
      .def("__len__", [](const ShardAnswers& answers) { return answers.bytes().size(); })
      .def("__bytes__",
           [](const ShardAnswers& answers) { return py::bytes(answers.bytes().data(), answers.bytes().size()); })
      .def("__reduce__", [](const ShardAnswers& answers) {
        return py::make_tuple(py::module_::import("builtins").attr("bytes"),
                              py::make_tuple(py::bytes(answers.bytes().data(), answers.bytes().size())));
      });
}

// _input_error_line: a shard's error in judge_file's words.
void bind_input_error_line(py::module_& m) {
  m.def(
      "_input_error_line",
      [](const py::tuple& error, const std::string& format_name, int players, const std::vector<std::string>& options,
         const py::bytes& head, std::uint64_t instance, int hole, bool hilo) {
        const std::unique_ptr<Format> format = shard_format(format_name, players, options, VariantOptions{hole, hilo});
        const InputError where = error_of_tuple(error);
        // The hint in Python's words where it suggests another format, as
        // judge_file's InputError gives it.
        const SuggestRun suggest = [](const FormatGuess& guess) {
          std::string call = "format='" + std::string(guess.format) + "'";
          if (guess.players > 0) call += ", players=" + std::to_string(guess.players);
          // As judge_file's: its hole= is 4 unless given.
          if (guess.hole > 0 && guess.hole != VariantOptions{}.hole) call += ", hole=" + std::to_string(guess.hole);
          return call;
        };
        const std::string text = head;
        const std::optional<std::string> hint = input_error_hint(*format, where, text, suggest);
        return py::make_tuple(input_error_line("", *format, where, text, suggest, instance),
                              hint ? py::object(py::str(*hint)) : py::object(py::none()));
      },
      py::arg("error"), py::arg("format"), py::arg("players"), py::arg("options"), py::arg("head"), py::arg("instance"),
      py::arg("hole") = VariantOptions{}.hole, py::arg("hilo") = false,
      "judge_file's InputError text after the path, \":LINE:COLUMN: MESSAGE (instance N); hint: ...\", and the\n"
      "hint (or None), of a _judge_shard error; `head`: the input's first bytes (64 KiB, as the CLI keeps).");
}

}  // namespace

void bind_shards(py::module_& m) {
  bind_shard_answers(m);
  m.def(
      "_shard_framing",
      [](const std::string& format, int players, const std::vector<std::string>& options, int hole, bool hilo) {
        const std::unique_ptr<Format> made = shard_format(format, players, options, VariantOptions{hole, hilo});
        return py::make_tuple(made->lines_per_instance(), made->closing_line_tokens());
      },
      py::arg("format"), py::arg("players"), py::arg("options"), py::arg("hole") = VariantOptions{}.hole,
      py::arg("hilo") = false,
      "A format's (lines_per_instance, closing_line_tokens) (poker.dask's framing); ValueError for a bad format.");
  m.def(
      "_shard_phase",
      [](const py::buffer& data, std::size_t lines_per_instance, std::size_t closing_line_tokens) -> py::object {
        if (lines_per_instance == 0) throw py::value_error("lines_per_instance must be at least 1");
        const std::optional<std::size_t> phase =
            find_shard_phase(view_of(data.request()), lines_per_instance, closing_line_tokens);
        return phase ? py::cast(*phase) : py::none();
      },
      py::arg("data"), py::arg("lines_per_instance"), py::arg("closing_line_tokens"),
      "poker::find_shard_phase: the newlines before `data` modulo lines_per_instance, as its own lines\n"
      "tell them, or None.");
  m.def(
      "_shard_count_newlines",
      [](const py::buffer& data) {
        const py::buffer_info info = data.request();
        const std::string_view bytes = view_of(info);
        const py::gil_scoped_release release;
        return io::count_newlines(bytes.data(), bytes.size());
      },
      py::arg("data"), "How many newlines `data` holds (the engine's SIMD count).");
  m.def(
      "_shard_start",
      [](const py::buffer& data, std::uint64_t newlines_before, std::size_t lines_per_instance,
         bool at_input_begin) -> py::object {
        if (lines_per_instance == 0) throw py::value_error("lines_per_instance must be at least 1");
        const ShardStart start =
            find_shard_start(view_of(data.request()), newlines_before, lines_per_instance, at_input_begin);
        if (!start.found) return py::none();
        return py::make_tuple(start.offset, start.line);
      },
      py::arg("data"), py::arg("newlines_before"), py::arg("lines_per_instance"), py::arg("at_input_begin"),
      "poker::find_shard_start: (offset in data, line) of the first instance that follows a newline of\n"
      "`data` (offset 0, line 1 at the input's begin), or None.");
  m.def(
      "_judge_shard",
      [](const py::buffer& data, const std::string& format_name, int players, const std::vector<std::string>& options,
         std::uint64_t first_line, bool input_continues, const py::object& threads, int hole, bool hilo) {
        const std::unique_ptr<Format> format = shard_format(format_name, players, options, VariantOptions{hole, hilo});
        const std::optional<std::size_t> thread_limit = thread_count(threads);
        const py::buffer_info info = data.request();
        const std::string_view instances = view_of(info);
        auto sink = std::make_unique<ShardAnswers>();
        RunOutcome outcome;
        // On the calling thread: a Dask worker's, where no signal handler runs.
        run_batch(thread_limit, false, [&](const Stop& stop) {
          PipelineOptions pipeline_options;
          pipeline_options.stop = &stop.flag();
          outcome = judge_shard(*format, instances, first_line, input_continues, *sink, pipeline_options);
        });
        if (outcome.status != RunOutcome::Status::kOk && outcome.status != RunOutcome::Status::kInvalidInput) {
          throw std::runtime_error("judging a shard failed: status " +
                                   std::to_string(static_cast<int>(outcome.status)));
        }
        return py::make_tuple(py::cast(std::move(sink)), outcome.stats.instances, error_tuple(outcome.input_error),
                              error_tuple(outcome.blank_tail_error));
      },
      py::arg("data"), py::arg("format"), py::arg("players"), py::arg("options"), py::arg("first_line"),
      py::arg("input_continues"), py::arg("threads") = py::none(), py::arg("hole") = VariantOptions{}.hole,
      py::arg("hilo") = false,
      "poker::judge_shard over `data` with `threads` threads (None: all cores; `hole`, `hilo`: omaha's): (answers "
      "(_ShardAnswers),\n"
      "instances, error, blank_tail_error), each error None or (line, column, message, kind, token).");
  bind_input_error_line(m);
}

}  // namespace poker::python
