// judge_file: a file of instances through the real pipeline (read with
// pread() or memory-mapped, as `poker --no-mmap` / `--mmap`), its answers as
// an array, and InputError for an invalid file.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings.h"
#include "format_by_name.h"
#include "poker/draw_format.h"
#include "poker/equity_format.h"
#include "poker/equity_query.h"
#include "poker/input_hint.h"
#include "poker/io/head_keeping_source.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "run_batch.h"

namespace poker::python {
namespace {

PyObject* input_error_type = nullptr;  // poker.InputError, created by bind_judge_file

// The answers the pipeline writes, whole lines in input order, as the
// array judge_file returns; `answers()` holds those of the instances written
// so far (an InputError's `answers`).
class AnswerSink : public io::OutputSink {
 public:
  io::WriteResult write(std::string_view bytes) override {
    while (!bytes.empty()) {
      const std::size_t end = bytes.find('\n');
      const std::string_view line = bytes.substr(0, end);
      bytes.remove_prefix(end == std::string_view::npos ? bytes.size() : end + 1);
      // Not an answer of the format: a bug, reported.
      if (!take(line)) return {io::WriteResult::Kind::kFailed, io::IoError{io::IoError::Action::kWrite, "", EPROTO}};
    }
    return {};
  }
  io::WriteResult finish() override { return {}; }
  virtual py::object answers() const = 0;

 private:
  virtual bool take(std::string_view line) = 0;
};

// An answer as a winner: "Player K" or "Hand K wins" is K - 1, "Draw" or
// "Tie" is -1; nothing for another line.
std::optional<std::int8_t> winner_of(std::string_view line) {
  if (line == "Draw" || line == "Tie") return -1;
  for (const std::string_view prefix : {std::string_view("Player "), std::string_view("Hand ")}) {
    if (!line.starts_with(prefix)) continue;
    int winner = 0;
    const char* const last = line.data() + line.size();
    const auto [end, error] = std::from_chars(line.data() + prefix.size(), last, winner);
    if (error != std::errc{} || std::string_view(end, last) != (prefix == "Hand " ? " wins" : "")) return std::nullopt;
    return static_cast<std::int8_t>(winner - 1);
  }
  return std::nullopt;
}

// The hold'em, Euler and eval judges' answers as winners: "Player K" or
// "Hand K wins" is K - 1, "Draw" or "Tie" is -1. An eval answer is three
// lines, the verdict last.
class WinnerSink final : public AnswerSink {
 public:
  explicit WinnerSink(std::size_t lines_per_answer) : lines_per_answer_(lines_per_answer) {}

  py::object answers() const override {
    py::array_t<std::int8_t> array(static_cast<py::ssize_t>(winners_.size()));
    std::copy(winners_.begin(), winners_.end(), array.mutable_data());
    return array;
  }

 private:
  bool take(std::string_view line) override {
    if (++line_ % lines_per_answer_ != 0) return true;
    const std::optional<std::int8_t> winner = winner_of(line);
    if (winner) winners_.push_back(*winner);
    return winner.has_value();
  }

  const std::size_t lines_per_answer_;
  std::size_t line_ = 0;
  std::vector<std::int8_t> winners_;
};

// Omaha hi-lo's answers, "HIGH / LOW": a row of the high and the low
// winner each (as winner_of()), the low -2 for "No low".
class HiLoSink final : public AnswerSink {
 public:
  py::object answers() const override {
    py::array_t<std::int8_t> array({static_cast<py::ssize_t>(winners_.size() / 2), py::ssize_t{2}});
    std::copy(winners_.begin(), winners_.end(), array.mutable_data());
    return array;
  }

 private:
  bool take(std::string_view line) override {
    const std::size_t slash = line.find(" / ");
    if (slash == std::string_view::npos) return false;
    const std::string_view low = line.substr(slash + 3);
    const std::optional<std::int8_t> high_winner = winner_of(line.substr(0, slash));
    const std::optional<std::int8_t> low_winner = low == "No low" ? std::optional<std::int8_t>(-2) : winner_of(low);
    if (!high_winner || !low_winner) return false;
    winners_.push_back(*high_winner);
    winners_.push_back(*low_winner);
    return true;
  }

  std::vector<std::int8_t> winners_;
};

// The draw puzzle's answers: a row of the 8 least round counts an instance.
class RoundsSink final : public AnswerSink {
 public:
  py::object answers() const override {
    py::array_t<std::int16_t> array({static_cast<py::ssize_t>(rounds_.size() / draw::kHandTypeCount),
                                     static_cast<py::ssize_t>(draw::kHandTypeCount)});
    std::copy(rounds_.begin(), rounds_.end(), array.mutable_data());
    return array;
  }

 private:
  bool take(std::string_view line) override {
    const char* at = line.data();
    const char* const last = line.data() + line.size();
    for (int i = 0; i < draw::kHandTypeCount; ++i) {
      if (i != 0 && (at == last || *at++ != ' ')) return false;
      std::int16_t rounds = 0;
      const auto [end, error] = std::from_chars(at, last, rounds);
      if (error != std::errc{}) return false;
      rounds_.push_back(rounds);
      at = end;
    }
    return at == last;
  }

  std::vector<std::int16_t> rounds_;
};

// The equity format's JSON answers, a str each (poker.judge_file makes them
// Equity results).
class LineSink final : public AnswerSink {
 public:
  py::object answers() const override {
    py::list list;
    for (const std::string& line : lines_) list.append(py::str(line));
    return list;
  }

 private:
  bool take(std::string_view line) override {
    lines_.emplace_back(line);
    return true;
  }

  std::vector<std::string> lines_;
};

std::unique_ptr<AnswerSink> make_sink(FileFormat format, bool hilo) {
  switch (format) {
    case FileFormat::kOmaha:
      if (hilo) return std::make_unique<HiLoSink>();
      return std::make_unique<WinnerSink>(1);
    case FileFormat::kShortDeck:
    case FileFormat::kHoldem:
    case FileFormat::kEuler: return std::make_unique<WinnerSink>(1);
    case FileFormat::kEval: return std::make_unique<WinnerSink>(3);
    case FileFormat::kDraw: return std::make_unique<RoundsSink>();
    case FileFormat::kEquity: break;
  }
  return std::make_unique<LineSink>();
}

// judge_file's path: the bytes open() gets (os.fsencode's: a str in the
// filesystem encoding, surrogate escapes back to their bytes), the object an
// OSError names (os.fspath's, as open() names it) and the str messages name
// (os.fsdecode's).
struct Path {
  std::string bytes;
  py::object given;
  py::str shown;
};

Path path_of(const py::object& path_like) {
  const py::module_ os = py::module_::import("os");
  Path path;
  path.given = os.attr("fspath")(path_like);
  path.bytes = os.attr("fsencode")(path.given).cast<std::string>();
  // io::open_input reads standard input for "" as for "-": only "-" says so.
  if (path.bytes.empty()) throw py::value_error("path must not be empty ('-' is standard input)");
  // open() would end the name at the NUL, and open another file.
  if (path.bytes.find('\0') != std::string::npos) throw py::value_error("path: embedded null byte");
  path.shown = os.attr("fsdecode")(path.given);
  return path;
}

// OSError (FileNotFoundError, IsADirectoryError, ...) for an errno, or for
// a mapped file truncated while it was read.
[[noreturn]] void raise_os_error(int error_number, const Path& path) {
  if (error_number == io::kTruncatedWhileRead) {
    const py::str text = py::str("{}: {}").format(path.shown, io::read_error_text(error_number));
    PyErr_SetObject(PyExc_OSError, text.ptr());
    throw py::error_already_set();
  }
  errno = error_number;
  PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path.given.ptr());
  throw py::error_already_set();
}

py::object judge_file(const py::object& path_like, int players, const std::string& format_name,
                      const py::object& threads, std::optional<bool> mmap, int hole, bool hilo) {
  const Path path = path_of(path_like);
  // None: the CLI's default (neither --mmap nor --no-mmap).
  io::InputOptions input_options;  // the windows and buffers of io's defaults, the CLI's
  input_options.reading = mmap.value_or(false) ? io::FileReading::kMap : io::FileReading::kReadAt;
  const VariantOptions variant{hole, hilo};
  const FileFormat chosen = file_format(format_name, players, variant);
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  const std::unique_ptr<AnswerSink> sink = make_sink(chosen, hilo);
  io::OpenedInput input;
  std::unique_ptr<io::HeadKeepingSource> source;  // the input, its first bytes kept for the hint
  std::unique_ptr<Format> format;
  RunOutcome outcome;
  // A pipe, a FIFO or standard input may keep the run waiting: interruptible.
  run_batch(thread_limit, true, [&](const Stop& stop) {
    {
      // Opening a FIFO waits for a writer, in a call no pipe can wake.
      const Stop::Blocking blocking(stop);
      input_options.wake_fd = stop.wake_fd();
      input = io::open_input(path.bytes, input_options);
    }
    if (!input.source) return;
    source = std::make_unique<io::HeadKeepingSource>(std::move(input.source));
    EquityRequest equity_defaults;
    equity_defaults.settings.stop = &stop.flag();  // an equity query stops on `stop` too, as it may take long
    format = make_format(chosen, players, equity_defaults, EquityOutput::kJson, variant);
    PipelineOptions options;
    options.stop = &stop.flag();
    outcome = run_pipeline(*format, *source, *sink, options);
  });
  if (!source) raise_os_error(input.error.error_number, path);
  switch (outcome.status) {
    case RunOutcome::Status::kOk: return sink->answers();
    case RunOutcome::Status::kInvalidInput: {
      const InputError& where = *outcome.input_error;
      // The 1-based instance, as the CLI's message gives it: a handle on a
      // huge file. The run's count (those answered, plus one), not the
      // line's: a query file's comments and blank lines are no queries.
      const std::uint64_t instance = outcome.stats.instances + 1;
      // The CLI's hint, in Python's words where it suggests another format.
      const SuggestRun suggest = [](const FormatGuess& guess) {
        std::string call = "format='" + std::string(guess.format) + "'";
        if (guess.players > 0) call += ", players=" + std::to_string(guess.players);
        // judge_file's hole= is 4 unless given.
        if (guess.hole > 0 && guess.hole != VariantOptions{}.hole) call += ", hole=" + std::to_string(guess.hole);
        return call;
      };
      const std::string head = source->head();
      const std::optional<std::string> hint = input_error_hint(*format, where, head, suggest);
      // The CLI's line (input_error_line()) after the path as Python shows
      // it: os.fsdecode's str, whose surrogate escapes no UTF-8 text holds.
      const py::str text =
          py::str("{}{}").format(path.shown, input_error_line("", *format, where, head, suggest, instance));
      py::object error = py::reinterpret_borrow<py::object>(input_error_type)(text);
      error.attr("path") = path.shown;
      error.attr("line") = where.line;
      error.attr("column") = where.column;
      error.attr("instance") = instance;
      error.attr("message") = where.message;
      error.attr("hint") = hint ? py::object(py::str(*hint)) : py::object(py::none());
      error.attr("answers") = sink->answers();
      PyErr_SetObject(input_error_type, error.ptr());
      throw py::error_already_set();
    }
    case RunOutcome::Status::kReadError: raise_os_error(outcome.error.error_number, path);
    case RunOutcome::Status::kWriteError:
    case RunOutcome::Status::kBrokenPipe:
    case RunOutcome::Status::kStopped: break;
  }
  const py::str text = py::str("{}: the judge's answers could not be read back").format(path.shown);
  PyErr_SetObject(PyExc_RuntimeError, text.ptr());
  throw py::error_already_set();
}

}  // namespace

void bind_judge_file(py::module_& m) {
  input_error_type = PyErr_NewExceptionWithDoc(
      "poker.InputError",
      "An invalid instance file (judge_file). str() is the CLI's message, PATH:LINE:COLUMN: MESSAGE (instance N)\n"
      "and its '; hint: ' where the CLI gives one (another format suggested as format=...); the attributes path,\n"
      "line, column (1-based), instance (1-based), message and hint (or None) hold its parts, and answers the\n"
      "answers of the instances before it.",
      PyExc_ValueError, nullptr);
  if (input_error_type == nullptr) throw py::error_already_set();
  m.add_object("InputError", py::handle(input_error_type));

  m.def("judge_file", &judge_file, py::arg("path"), py::arg("players") = 2, py::arg("format") = "holdem", py::kw_only(),
        py::arg("threads") = py::none(), py::arg("mmap") = py::none(), py::arg("hole") = 4, py::arg("hilo") = false,
        R"doc(
Judges a file of instances as `poker -i PATH` (or `poker FORMAT -i PATH`)
does, with the same pipeline, and returns its answers.

path: a str, bytes or os.PathLike, as open() takes it (a str in the
    filesystem encoding, surrogate escapes included); "-" is standard input.
    An empty path, or one holding a NUL, raises ValueError.
players: players per instance: hold'em 2 to 23 (`poker -p`), omaha 2 to
    11, 9 or 7 (4, 5 or 6 hole cards), shortdeck 2 to 15.
format: the CLI's subcommand whose files the file holds:
    "holdem" (the judge, the default) or "euler" (`poker euler`, 2
        players): an int8 array, the 0-based winner of each instance
        ("Player K" is K - 1), or -1 for a draw;
    "eval" (`poker eval`): an int8 array, 0 or 1 for the hand that wins
        ("Hand K wins" is K - 1), -1 for a tie;
    "draw" (`poker draw`): an int16 array of shape (instances, 8), the least
        rounds to each hand type, in the answer line's order;
    "equity" (`poker equity`, a query a line): a list of Equity, one a query;
    "omaha" (`poker omaha`) and "shortdeck" (`poker shortdeck`): as
        "holdem"; with hilo=True (`poker omaha --hilo`) an int8 array of
        shape (instances, 2), the high and the low winner, -1 for a draw,
        and a low of -2 for "No low".
hole: omaha's hole cards a player, 4, 5 or 6 (`poker omaha --hole`).
hilo: omaha eight-or-better (`poker omaha --hilo`).
threads: how many threads work (None: all cores; more than the hardware's
    are as many); the GIL is released. Ctrl-C (a signal handler that raises)
    stops the run, even one waiting for input, and raises its exception.
mmap: how a regular file is read, as `poker --mmap` / `--no-mmap` choose:
    True, through a memory map (where a map cannot be made, with reads of
    the same file); False, with positional reads (pread); None, the CLI's
    default (pread). The answers are the same either way.

An invalid file raises InputError (a ValueError) whose str() is the CLI's
message "PATH:LINE:COLUMN: MESSAGE (instance N)", with its "; hint: ..."
where the CLI gives one; a file that cannot be opened or read raises
OSError.
)doc");
}

}  // namespace poker::python
