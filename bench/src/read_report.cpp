#include "poker/bench/read_report.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "json_document.h"
#include "poker/bench/report_json.h"
#include "poker/bench/statistics.h"
#include "poker/bench/timing.h"
#include "poker/escape.h"

namespace poker::bench {

namespace {

using Json = nlohmann::json;

// The schemas read: the first one's runs were 1 pass per repetition, with
// no CPU samples, their statistics derived from the samples here.
constexpr std::string_view kSchemaOne = "poker-bench/1";
constexpr std::string_view kSchemaTwo = kReportSchema;

// A JSON value's type, as messages name it.
enum class Kind { kNull, kBoolean, kNumber, kString, kArray, kObject };

Kind kind_of(const Json& value) {
  if (value.is_boolean()) return Kind::kBoolean;
  if (value.is_number()) return Kind::kNumber;
  if (value.is_string()) return Kind::kString;
  if (value.is_array()) return Kind::kArray;
  if (value.is_object()) return Kind::kObject;
  return Kind::kNull;  // no other type is read from a JSON text
}

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::kNull: return "null";
    case Kind::kBoolean: return "a boolean";
    case Kind::kNumber: return "a number";
    case Kind::kString: return "a string";
    case Kind::kArray: return "an array";
    case Kind::kObject: return "an object";
  }
  return "a value";
}

const char* kind_name(const Json& value) { return kind_name(kind_of(value)); }

// A string from the report as messages show it: in double quotes, escaped,
// cut after 40 bytes.
std::string shown_string(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  const bool cut = text.size() > kMaxShown;
  std::string shown = "\"";
  shown += escape_bytes(text.substr(0, kMaxShown), "\"");
  shown += cut ? "\"..." : "\"";
  return shown;
}

// The shortest text that reads back as `value`: 0.1, 1e+300.
std::string shown_number(double value) {
  char text[32];
  const auto written = std::to_chars(text, text + sizeof text, value);
  return std::string(text, written.ptr);
}

// A value computed from the report, to the digits the report holds: 0.02.
std::string computed_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

// "not WHAT from MIN to MAX", the bounds as people write them: 1e-9, 86400.
std::string range(const char* what, double min, double max) {
  char text[96];
  std::snprintf(text, sizeof text, "not %s from %g to %g", what, min, max);
  return text;
}

// What a wall time is called in messages.
constexpr char kTime[] = "a time in seconds";

// Reads the members of one object of the report; every error names the
// file and the object's path (`workloads[2].runs[0]`, empty for the top).
class ObjectReader {
 public:
  ObjectReader(const Json& object, std::string_view file, std::string path)
      : object_(object), file_(file), path_(std::move(path)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw BenchReportError(std::string(file_) + ": " + (path_.empty() ? "" : path_ + ": ") + what);
  }

  // The member `key` of kind `kind`; null when `nullable` and it is null.
  const Json* member(std::string_view key, Kind kind, bool nullable = false) const {
    const auto found = object_.find(std::string(key));
    if (found == object_.end()) fail(std::string(key) + " is missing");
    const Json& value = *found;
    if (nullable && value.is_null()) return nullptr;
    if (kind_of(value) != kind) {
      fail(std::string(key) + " is " + kind_name(value) + ", not " + kind_name(kind) + (nullable ? " or null" : ""));
    }
    return &value;
  }

  std::string string(std::string_view key) const { return member(key, Kind::kString)->get<std::string>(); }

  // The string at `key`; empty when it is null.
  std::string string_or_null(std::string_view key) const {
    const Json* value = member(key, Kind::kString, true);
    return value == nullptr ? std::string() : value->get<std::string>();
  }

  // The number at `key`, as a double (a whole number past 2^53 rounded).
  double number(std::string_view key) const { return member(key, Kind::kNumber)->get<double>(); }

  // A number >= `min`.
  double number(std::string_view key, double min) const {
    const double value = number(key);
    if (value < min)
      fail(std::string(key) + " is " + shown_number(value) + ", not a number of at least " + shown_number(min));
    return value;
  }

  // A number in [min, max]; `what` says what it is for the message: "a
  // fraction" reads "not a fraction from 0 to 10".
  double bounded(std::string_view key, double min, double max, const char* what) const {
    return within(std::string(key), number(key), min, max, what);
  }

  // The wall time at `key`: seconds from kMinReportSeconds to kMaxReportSeconds.
  double seconds(std::string_view key) const { return bounded(key, kMinReportSeconds, kMaxReportSeconds, kTime); }

  // The times of the array at `key`: one at least (unless `may_be_empty`),
  // each from `min` (kMinReportSeconds for a wall time) to kMaxReportSeconds.
  std::vector<double> seconds_array(std::string_view key, double min = kMinReportSeconds,
                                    bool may_be_empty = false) const {
    const Json& values = array(key);
    if (values.empty() && !may_be_empty) fail(std::string(key) + " is empty: a run has one repetition at least");
    std::vector<double> times;
    times.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const std::string element = std::string(key) + "[" + std::to_string(i) + "]";
      if (!values[i].is_number()) fail(element + " is " + kind_name(values[i]) + ", not a number");
      times.push_back(within(element, values[i].get<double>(), min, kMaxReportSeconds, kTime));
    }
    return times;
  }

  // A whole number in [min, max].
  std::uint64_t whole(std::string_view key, std::uint64_t min, std::uint64_t max) const {
    const double value = number(key);
    if (value != std::floor(value) || value < static_cast<double>(min) || value > static_cast<double>(max)) {
      fail(std::string(key) + " is " + shown_number(value) + ", not a whole number from " + std::to_string(min) +
           " to " + std::to_string(max));
    }
    return static_cast<std::uint64_t>(value);
  }

  // `value`, the number at `where`, when it is in [min, max]; NaN never is.
  double within(const std::string& where, double value, double min, double max, const char* what) const {
    if (!(value >= min && value <= max)) fail(where + " is " + shown_number(value) + ", " + range(what, min, max));
    return value;
  }

  ObjectReader object(std::string_view key) const {
    return ObjectReader(*member(key, Kind::kObject), file_, child_path(key));
  }

  // The array at `key`.
  const Json& array(std::string_view key) const { return *member(key, Kind::kArray); }

  // The reader of the object at `key`[`index`]; fails when it is none.
  ObjectReader element(std::string_view key, std::size_t index) const {
    const Json& value = array(key)[index];
    const std::string path = child_path(key) + "[" + std::to_string(index) + "]";
    if (!value.is_object()) {
      fail(std::string(key) + "[" + std::to_string(index) + "] is " + kind_name(value) + ", not an object");
    }
    return ObjectReader(value, file_, path);
  }

 private:
  std::string child_path(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }

  const Json& object_;
  std::string_view file_;
  std::string path_;
};

// The largest whole number a double holds exactly: counts past it are no
// counts a report can carry.
constexpr std::uint64_t kMaxExact = std::uint64_t{1} << 53;

// Whether `value` is `expected` to the digits a report holds (nine
// significant: report_json.cpp), with room for the arithmetic on them.
bool within_rounding(double value, double expected, double scale) {
  return std::fabs(value - expected) <= kReportRounding * scale;
}

// Fails unless the figure at `key` is `expected`, computed from the
// samples, to the report's rounding on the scale of `scale`.
void check_derived(const ObjectReader& run, std::string_view key, double value, double expected, double scale,
                   const char* what) {
  if (!within_rounding(value, expected, scale)) {
    run.fail(std::string(key) + " is " + shown_number(value) + ", not " + what + " (" + computed_number(expected) +
             ")");
  }
}

// A run, checked against itself: its statistics are those of its samples,
// so that a report whose figures do not follow from its measurements is
// refused rather than gating on them. `version` is the schema's: 1 or 2.
Run read_run(const ObjectReader& run, int version) {
  Run result;
  result.threads = static_cast<std::size_t>(run.whole("threads", 1, 1u << 20));
  result.samples_s = run.seconds_array("samples_s");
  if (version >= 2) {
    result.iterations = run.whole("iterations", 1, kMaxIterations);
    result.cpu_samples_s = run.seconds_array("cpu_samples_s", 0, true);
    if (!result.cpu_samples_s.empty() && result.cpu_samples_s.size() != result.samples_s.size()) {
      run.fail("cpu_samples_s has " + std::to_string(result.cpu_samples_s.size()) + " values, samples_s " +
               std::to_string(result.samples_s.size()) + ": one CPU time per repetition, or none");
    }
  }
  const double median_s = run.seconds("median_s");
  set_statistics(result);
  check_derived(run, "median_s", median_s, result.median_s, result.median_s, "the median of samples_s");
  if (version >= 2) {
    check_derived(run, "mean_s", run.seconds("mean_s"), result.mean_s, result.mean_s, "the mean of samples_s");
    check_derived(run, "stddev_s", run.bounded("stddev_s", 0, kMaxReportSeconds, kTime), result.stddev_s, result.mean_s,
                  "the standard deviation of samples_s");
    // The deviation's rounding, relative to the mean: the CV's scale.
    check_derived(run, "cv", run.bounded("cv", 0, 1e6, "a fraction"), result.cv, 1 + result.cv,
                  "the standard deviation over the mean of samples_s");
    return result;
  }
  // Computed as the first schema's writer did. The difference of two
  // rounded samples is off by up to their rounding, which the median
  // scales: max / median <= 1 + spread.
  const double spread = (result.max_s - result.min_s) / result.median_s;
  check_derived(run, "spread", run.number("spread", 0), spread, 2 + spread, "(max - min) / median of samples_s");
  return result;
}

WorkloadResult read_workload(const ObjectReader& workload, int version) {
  WorkloadResult result;
  result.name = workload.string("name");
  if (result.name.empty()) workload.fail("name is empty");
  result.source = workload.string("source");
  if (result.source.empty()) workload.fail("source is empty");
  result.instances = workload.whole("instances", 1, kMaxExact);
  const std::size_t runs = workload.array("runs").size();
  std::map<std::size_t, std::size_t> seen;  // threads -> index in runs
  for (std::size_t i = 0; i < runs; ++i) {
    const ObjectReader run = workload.element("runs", i);
    result.runs.push_back(read_run(run, version));
    const auto [at, added] = seen.emplace(result.runs.back().threads, i);
    if (!added) {
      run.fail("a second run at threads " + std::to_string(at->first) + " (the first is runs[" +
               std::to_string(at->second) + "])");
    }
  }
  return result;
}

// The JSON document `json` holds, when it is a poker-bench report (an
// object whose schema says so), and its schema's version. Throws
// BenchReportError.
std::pair<Json, int> report_document(std::string_view json, std::string_view name) {
  std::variant<Json, JsonTextError> parsed = parse_json_text(json);
  if (const JsonTextError* error = std::get_if<JsonTextError>(&parsed)) {
    throw BenchReportError(std::string(name) + ":" + std::to_string(error->line) + ":" + std::to_string(error->column) +
                           ": invalid JSON: " + error->what);
  }
  Json& document = std::get<Json>(parsed);
  const std::string not_one = std::string(name) + ": not a poker-bench report: ";
  if (!document.is_object()) throw BenchReportError(not_one + "the JSON is " + kind_name(document) + ", not an object");
  const auto schema = document.find("schema");
  if (schema == document.end()) throw BenchReportError(not_one + "it has no schema");
  if (!schema->is_string()) throw BenchReportError(not_one + "schema is " + kind_name(*schema) + ", not a string");
  const std::string& named = schema->get_ref<const std::string&>();
  if (named != kSchemaOne && named != kSchemaTwo) throw BenchReportError(not_one + "schema is " + shown_string(named));
  return {std::move(document), named == kSchemaOne ? 1 : 2};
}

}  // namespace

Report read_bench_report(std::string_view json, std::string_view name) {
  const auto [document, version] = report_document(json, name);
  const ObjectReader top(document, name, "");
  Report report;
  report.started_at = top.string("started_at");
  const ObjectReader poker = top.object("poker");
  report.build.version = poker.string("version");
  report.build.commit = poker.string_or_null("commit");
  report.build.build_type = poker.string("build");
  report.build.compiler = poker.string("compiler");
  report.build.simd = poker.string("simd");
  const ObjectReader machine = top.object("machine");
  report.machine.cpu = machine.string("cpu");
  report.machine.cores = static_cast<std::size_t>(machine.whole("cores", 1, kMaxExact));
  report.machine.memory_bytes = machine.whole("memory_bytes", 0, kMaxExact);
  report.machine.kernel = machine.string("kernel");
  report.settings.tolerance = top.object("settings").bounded("tolerance", 0, kMaxTolerance, "a fraction");

  const std::size_t workloads = top.array("workloads").size();
  std::map<std::pair<std::string, std::string>, std::size_t> seen;  // (name, source) -> index
  for (std::size_t i = 0; i < workloads; ++i) {
    const ObjectReader workload = top.element("workloads", i);
    report.workloads.push_back(read_workload(workload, version));
    const WorkloadResult& read = report.workloads.back();
    const auto [at, added] = seen.emplace(std::pair(read.name, read.source), i);
    if (!added) {
      workload.fail("a second " + shown_string(read.name) + " on " + shown_string(read.source) +
                    " (the first is workloads[" + std::to_string(at->second) + "])");
    }
  }
  return report;
}

}  // namespace poker::bench
