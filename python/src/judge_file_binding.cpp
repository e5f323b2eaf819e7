// judge_file: a file of instances through the real pipeline (read with
// pread() or memory-mapped, as `poker --no-mmap` / `--mmap`), its answers as
// an array, and InputError for an invalid file.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.h"
#include "poker/euler_format.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/io/output_sink.h"
#include "poker/pipeline.h"
#include "run_batch.h"

namespace poker::python {
namespace {

PyObject* input_error_type = nullptr;  // poker.InputError, created by bind_judge_file

// The answers the pipeline writes, "Player K" or "Draw" a line, as winners
// K - 1 or -1. The writer hands over whole lines, in input order.
class WinnerSink final : public io::OutputSink {
 public:
  io::WriteResult write(std::string_view bytes) override {
    while (!bytes.empty()) {
      const std::size_t end = bytes.find('\n');
      const std::string_view line = bytes.substr(0, end);
      bytes.remove_prefix(end == std::string_view::npos ? bytes.size() : end + 1);
      constexpr std::string_view kPlayer = "Player ";
      int player = 0;
      if (line == "Draw") {
        winners_.push_back(-1);
      } else if (line.starts_with(kPlayer) &&
                 std::from_chars(line.data() + kPlayer.size(), line.data() + line.size(), player).ec == std::errc{}) {
        winners_.push_back(static_cast<std::int8_t>(player - 1));
      } else {
        // Not an answer of the judge: a bug, reported.
        return {io::WriteResult::Kind::kFailed, io::IoError{io::IoError::Action::kWrite, "", EPROTO}};
      }
    }
    return {};
  }
  io::WriteResult finish() override { return {}; }

  py::array_t<std::int8_t> winners() const {
    py::array_t<std::int8_t> array(static_cast<py::ssize_t>(winners_.size()));
    std::copy(winners_.begin(), winners_.end(), array.mutable_data());
    return array;
  }

 private:
  std::vector<std::int8_t> winners_;
};

std::unique_ptr<Format> make_format(const std::string& format, int players) {
  if (format == "holdem") {
    if (players < kMinHoldemPlayers || players > kMaxHoldemPlayers) {
      throw py::value_error("players must be " + std::to_string(kMinHoldemPlayers) + " to " +
                            std::to_string(kMaxHoldemPlayers) + ", not " + std::to_string(players));
    }
    return make_holdem_format(HoldemOptions{players, false});
  }
  if (format == "euler") {
    if (players != 2) throw py::value_error("the euler format has 2 players, not " + std::to_string(players));
    return make_euler_format(EulerOptions{false});
  }
  throw py::value_error("format must be 'holdem' or 'euler', not '" + format + "'");
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

py::array_t<std::int8_t> judge_file(const py::object& path_like, int players, const std::string& format_name,
                                    const py::object& threads, std::optional<bool> mmap) {
  const Path path = path_of(path_like);
  // None: the CLI's default (neither --mmap nor --no-mmap).
  io::InputOptions input_options;  // the windows and buffers of io's defaults, the CLI's
  input_options.reading = mmap.value_or(false) ? io::FileReading::kMap : io::FileReading::kReadAt;
  const std::unique_ptr<Format> format = make_format(format_name, players);
  const std::optional<std::size_t> thread_limit = thread_count(threads);
  io::OpenedInput input;
  WinnerSink sink;
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
    PipelineOptions options;
    options.stop = &stop.flag();
    outcome = run_pipeline(*format, *input.source, sink, options);
  });
  if (!input.source) raise_os_error(input.error.error_number, path);
  switch (outcome.status) {
    case RunOutcome::Status::kOk: return sink.winners();
    case RunOutcome::Status::kInvalidInput: {
      const InputError& where = *outcome.input_error;
      const py::str text = py::str("{}:{}:{}: {}").format(path.shown, where.line, where.column, where.message);
      py::object error = py::reinterpret_borrow<py::object>(input_error_type)(text);
      error.attr("path") = path.shown;
      error.attr("line") = where.line;
      error.attr("column") = where.column;
      error.attr("message") = where.message;
      error.attr("answers") = sink.winners();
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
      "An invalid instance file (judge_file). str() is the CLI's message, PATH:LINE:COLUMN: MESSAGE; the attributes\n"
      "path, line, column (1-based) and message hold its parts, and answers the winners of the instances before it.",
      PyExc_ValueError, nullptr);
  if (input_error_type == nullptr) throw py::error_already_set();
  m.add_object("InputError", py::handle(input_error_type));

  m.def("judge_file", &judge_file, py::arg("path"), py::arg("players") = 2, py::arg("format") = "holdem", py::kw_only(),
        py::arg("threads") = py::none(), py::arg("mmap") = py::none(), R"doc(
Judges a file of instances as `poker -i PATH` does, with the same pipeline,
and returns the answers as an int8 array: the 0-based winner of each
instance ("Player K" is K - 1), or -1 for a draw.

path: a str, bytes or os.PathLike, as open() takes it (a str in the
    filesystem encoding, surrogate escapes included); "-" is standard input.
    An empty path, or one holding a NUL, raises ValueError.
players: players per hold'em instance, 2 to 23 (`poker -p`).
format: "holdem" (the default format) or "euler" (`poker euler`, 2 players).
threads: how many threads work (None: all cores; more than the hardware's
    are as many); the GIL is released. Ctrl-C (a signal handler that raises)
    stops the run, even one waiting for input, and raises its exception.
mmap: how a regular file is read, as `poker --mmap` / `--no-mmap` choose:
    True, through a memory map (where a map cannot be made, with reads of
    the same file); False, with positional reads (pread); None, the CLI's
    default (pread). The answers are the same either way.

An invalid file raises InputError (a ValueError) whose str() is the CLI's
message "PATH:LINE:COLUMN: MESSAGE"; a file that cannot be opened or read
raises OSError.
)doc");
}

}  // namespace poker::python
