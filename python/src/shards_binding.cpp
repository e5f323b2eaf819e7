// The engine's shard API (poker/shards.h) for poker.dask: newline counts of
// a shard's bytes, where a shard's instances begin, and the judging of the
// instances between, in any of the judge's formats. Private (underscored):
// poker.dask is its one user, and holds the rules for putting it together.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "bindings.h"
#include "format_by_name.h"
#include "poker/equity_format.h"
#include "poker/io/framing.h"
#include "poker/io/output_sink.h"
#include "poker/shards.h"

namespace poker::python {
namespace {

// The answers, kept whole: they are the bytes `poker` writes.
class BytesSink final : public io::OutputSink {
 public:
  io::WriteResult write(std::string_view bytes) override {
    bytes_.append(bytes);
    return {};
  }
  io::WriteResult finish() override { return {}; }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// A format as the command line names it: holdem (with its players), euler,
// eval, draw, or equity (its options: the words `poker equity` takes before
// its query file, "--board", "Ts9s2d", "--mc", "10000", ...).
std::unique_ptr<Format> shard_format(const std::string& name, int players, const std::vector<std::string>& options) {
  const FileFormat format = file_format(name, players);
  EquityRequest equity_defaults;
  if (format == FileFormat::kEquity) {
    std::vector<std::string_view> cards;
    EquitySettings settings;
    for (std::size_t i = 0; i < options.size(); ++i) {
      const std::string& option = options[i];
      if (i + 1 == options.size()) throw py::value_error("equity option '" + option + "' needs a value");
      if (option == "--board" || option == "--dead") {
        cards.insert(cards.end(), {option, options[i + 1]});
      } else if (const auto error = read_equity_number(option, options[i + 1], settings)) {
        throw py::value_error(*error);
      }
      ++i;
    }
    auto defaults = parse_equity_defaults(cards, settings);
    if (const auto* error = std::get_if<QueryError>(&defaults)) throw py::value_error(error->message);
    equity_defaults = std::get<EquityRequest>(std::move(defaults));
  }
  return make_format(format, players, equity_defaults, EquityOutput::kText);
}

std::string_view view_of(const py::bytes& data) {
  char* bytes = nullptr;
  py::ssize_t size = 0;
  PyBytes_AsStringAndSize(data.ptr(), &bytes, &size);
  return {bytes, static_cast<std::size_t>(size)};
}

py::object error_tuple(const std::optional<InputError>& error) {
  if (!error) return py::none();
  return py::make_tuple(error->line, error->column, error->message);
}

}  // namespace

void bind_shards(py::module_& m) {
  m.def(
      "_shard_lines_per_instance",
      [](const std::string& format, int players, const std::vector<std::string>& options) {
        return shard_format(format, players, options)->lines_per_instance();
      },
      py::arg("format"), py::arg("players"), py::arg("options"),
      "Lines per instance of a format (poker.dask's framing); ValueError for a bad format.");
  m.def(
      "_shard_count_newlines",
      [](const py::bytes& data) {
        const std::string_view bytes = view_of(data);
        const py::gil_scoped_release release;
        return io::count_newlines(bytes.data(), bytes.size());
      },
      py::arg("data"), "How many newlines `data` holds (the engine's SIMD count).");
  m.def(
      "_shard_start",
      [](const py::bytes& data, std::uint64_t newlines_before, std::size_t lines_per_instance,
         bool at_input_begin) -> py::object {
        if (lines_per_instance == 0) throw py::value_error("lines_per_instance must be at least 1");
        const ShardStart start = find_shard_start(view_of(data), newlines_before, lines_per_instance, at_input_begin);
        if (!start.found) return py::none();
        return py::make_tuple(start.offset, start.line);
      },
      py::arg("data"), py::arg("newlines_before"), py::arg("lines_per_instance"), py::arg("at_input_begin"),
      "poker::find_shard_start: (offset in data, line) of the first instance that follows a newline of\n"
      "`data` (offset 0, line 1 at the input's begin), or None.");
  m.def(
      "_judge_shard",
      [](const py::bytes& data, const std::string& format_name, int players, const std::vector<std::string>& options,
         std::uint64_t first_line, bool input_continues) {
        const std::unique_ptr<Format> format = shard_format(format_name, players, options);
        const std::string_view instances = view_of(data);
        BytesSink sink;
        RunOutcome outcome;
        {
          const py::gil_scoped_release release;
          outcome = judge_shard(*format, instances, first_line, input_continues, sink, PipelineOptions{});
        }
        if (outcome.status != RunOutcome::Status::kOk && outcome.status != RunOutcome::Status::kInvalidInput) {
          throw std::runtime_error("judging a shard failed: status " +
                                   std::to_string(static_cast<int>(outcome.status)));
        }
        return py::make_tuple(py::bytes(sink.bytes()), outcome.stats.instances, error_tuple(outcome.input_error),
                              error_tuple(outcome.blank_tail_error));
      },
      py::arg("data"), py::arg("format"), py::arg("players"), py::arg("options"), py::arg("first_line"),
      py::arg("input_continues"),
      "poker::judge_shard over `data`: (answers, instances, error, blank_tail_error), each error None or\n"
      "(line, column, message).");
}

}  // namespace poker::python
