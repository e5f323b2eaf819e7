// libFuzzer target for `poker verify`: the input is a candidate's answers,
// compared with the judge's answers to fixed instances.
//
// The first byte selects, its seeds readable ('@' is the default):
//   bits 0-1  the instances: hold'em (sample), hold'em with -e, eval, euler --summary
//   bit 2     --all
//   bit 3     small limits (a candidate line of 16 bytes, 32 bytes of extra
//             lines counted), so that an "endless" candidate fits in an input
//   bit 4     the instances end with an invalid one: no verdict, only the
//             counts of the answers before it, the same for every way
//   bit 5     the instances in twelve rounds, each one repeated 1 to 3
//             times: runs of equal answers, more lines than the
//             alignment's window
// '@' (0x40): hold'em; 'D': --all; 'H': small limits; 'P': invalid instance;
// lower case ('`', 'd', ...): the instances repeated.
//
// Checks: with valid instances, the verdict is a pass exactly when the
// candidate is the judge's output, byte for byte; the report is lines of printable ASCII, the same
// for every way of reading the candidate (one byte per read, odd reads, from
// memory), thread count and chunk size, the JSON report too; the counts
// agree with each other.
// A failed check calls __builtin_trap(): libFuzzer reports the input.
#include <tbb/task_arena.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "poker/euler_format.h"
#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/pipeline.h"
#include "poker/verify.h"
#include "support/fake_io.h"

namespace {

void check(bool condition, const char* what, const std::string& detail = {}) {
  if (condition) return;
  std::fprintf(stderr, "fuzz check failed: %s\n%s\n", what, detail.c_str());
  __builtin_trap();
}

constexpr std::string_view kHoldem =
    "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n"
    "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n"
    "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";
constexpr std::string_view kHoldemInvalid = "Ah Kh\nAh 3d\nQh Jh Th 5c 6d\n";
constexpr std::string_view kEval =
    "Ah Kh Qh 9h 2h As Ks Qs Js 3s ; Ad Ac Kd Kc Qd Jc 0s\n"
    "2h 3h 4h 5h 6h Kh Ah 9h ; Ks Kh Kd 9s 9h 9d 2c\n"
    "Ah 2c 3d 4s 5h 9c 9d ; As 2d 3c 4h 5s Kd\n";
constexpr std::string_view kEvalInvalid = "Ah Ah 3d 4s 5h ; As 2d 3c 4h 5s\n";
constexpr std::string_view kEuler =
    "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n"
    "5D 8C 9S JS AC 2C 5C 7D 8S QH\n"
    "2H 2D 4C 4D 4S 3C 3D 3S 9S 9D\n";
constexpr std::string_view kEulerInvalid = "5H 5H 6S 7S KD 2C 3S 8S 8D TD\n";

struct Setup {
  std::unique_ptr<poker::Format> format;
  std::string instances;
  poker::VerifyOptions options;
};

Setup decode(std::uint8_t byte) {
  Setup setup;
  std::string_view instances;
  std::string_view invalid;
  switch (byte & 0x03) {
    case 0:
    case 1:
      setup.format = poker::make_holdem_format(poker::HoldemOptions{2, (byte & 0x03) == 1});
      instances = kHoldem;
      invalid = kHoldemInvalid;
      break;
    case 2:
      setup.format = poker::make_eval_format();
      instances = kEval;
      invalid = kEvalInvalid;
      break;
    default:
      setup.format = poker::make_euler_format(poker::EulerOptions{true});
      instances = kEuler;
      invalid = kEulerInvalid;
      break;
  }
  if ((byte & 0x20) == 0) {
    setup.instances = instances;
  } else {
    // Twelve rounds of the instances, each repeated 1 to 3 times: runs of
    // equal answers, more lines than the alignment's window.
    const std::size_t lines = setup.format->lines_per_instance();
    std::vector<std::string_view> each;
    for (std::size_t from = 0, line = 0, at = 0; at < instances.size(); ++at) {
      if (instances[at] == '\n' && ++line % lines == 0) {
        each.push_back(instances.substr(from, at + 1 - from));
        from = at + 1;
      }
    }
    for (std::size_t round = 0; round < 12; ++round) {
      for (std::size_t k = 0; k < each.size(); ++k) {
        for (std::size_t n = (round + k) % 3 + 1; n > 0; --n) setup.instances += each[k];
      }
    }
  }
  if ((byte & 0x10) != 0) setup.instances += invalid;
  setup.options.all = (byte & 0x04) != 0;
  if ((byte & 0x08) != 0) {
    setup.options.max_candidate_line = 16;
    setup.options.max_extra_bytes = 32;
  }
  return setup;
}

// What `poker` itself writes for the instances: the one candidate that passes.
std::string judge(const Setup& setup) {
  auto input = poker::io::make_memory_source(setup.instances);
  poker::testing::StringSink sink;
  poker::run_pipeline(*setup.format, *input, sink, poker::PipelineOptions{});
  return sink.text;
}

struct Verdict {
  poker::VerifyOutcome outcome;
  std::string report;
};

Verdict run(const Setup& setup, poker::io::ByteSource& candidate, int threads, std::size_t chunk_size) {
  auto input = poker::io::make_memory_source(setup.instances);
  poker::PipelineOptions pipeline_options;
  pipeline_options.chunk_size = chunk_size;
  Verdict verdict;
  tbb::task_arena arena(threads);
  arena.execute(
      [&] { verdict.outcome = poker::run_verify(*setup.format, *input, candidate, pipeline_options, setup.options); });
  const poker::VerifyReport& report = verdict.outcome.report;
  check(report.candidate_error == 0, "a read error from a candidate in memory");
  check(verdict.outcome.run.status == poker::RunOutcome::Status::kOk ||
            verdict.outcome.run.status == poker::RunOutcome::Status::kInvalidInput,
        "the judging failed");
  if (verdict.outcome.run.status == poker::RunOutcome::Status::kInvalidInput) {
    // No verdict on instances that do not judge cleanly: the counts of the
    // answers before the error stand for the report.
    verdict.report = "compared " + std::to_string(report.compared) + ", right " + std::to_string(report.right) +
                     ", mismatching " + std::to_string(report.mismatching) + "\n";
    return verdict;
  }
  verdict.report = poker::render_verify_report(verdict.outcome, setup.options) +
                   poker::render_verify_json(verdict.outcome, setup.options, "in.txt", "candidate.txt");
  return verdict;
}

void check_report(const Verdict& verdict, bool all) {
  const poker::VerifyReport& report = verdict.outcome.report;
  check(!verdict.report.empty() && verdict.report.back() == '\n', "the report does not end a line", verdict.report);
  for (const char c : verdict.report) {
    check(c == '\n' || (c >= 0x20 && c < 0x7F), "the report is not printable ASCII", verdict.report);
  }
  check(report.mismatching <= report.compared && report.missing <= report.mismatching, "counts disagree",
        verdict.report);
  check(all || report.listed.size() <= 1, "a difference without --all did not stop the comparison", verdict.report);
  check(report.passed() == (verdict.report.rfind("OK: ", 0) == 0), "the report's first word is not the verdict",
        verdict.report);
  check(report.extra || !report.extra_uncounted, "uncounted extra lines without extra lines");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Setup setup = decode(data[0]);
  const std::string candidate(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string expected = judge(setup);

  auto from_memory = poker::io::make_memory_source(candidate);
  const Verdict first = run(setup, *from_memory, 1, 1 << 16);
  if (first.outcome.run.status == poker::RunOutcome::Status::kOk) {
    check_report(first, setup.options.all);
    check(first.outcome.report.passed() == (candidate == expected),
          "the verdict is not whether the candidate is the output",
          "expected:\n" + expected + "report:\n" + first.report);
  }

  struct Way {
    std::size_t step;
    std::size_t buffer;
    int threads;
    std::size_t chunk_size;
  };
  for (const Way way : {Way{1, 1, 2, 1}, Way{7, 16, 2, 40}, Way{3, 1 << 16, 1, 1}, Way{1 << 16, 1 << 16, 2, 200}}) {
    auto stream = poker::testing::fake_stream(candidate, way.step, way.buffer);
    const Verdict again = run(setup, *stream, way.threads, way.chunk_size);
    check(again.report == first.report, "the report depends on how the candidate is read",
          "first:\n" + first.report + "then:\n" + again.report);
  }
  return 0;
}
