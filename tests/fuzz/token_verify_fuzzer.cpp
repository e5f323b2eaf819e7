// libFuzzer target for `poker verify --kattis` and `--testlib`: the input is
// a team's output, compared with the judge's answers to fixed hold'em
// instances by a judge system's rule.
//
// The first byte selects the rule, its seeds readable ('@' is the default):
//   bits 0-2  problemtools' default; case_sensitive; space_change_sensitive;
//             both; float tolerances (0.5 absolute, 1e-9 relative); testlib's
//             wcmp (5 to 7)
// '@' (0x40): problemtools' default; 'A': case_sensitive; 'E': wcmp.
//
// Checks: the verdict is the reference's (tests/support/checker_reference.h);
// the same verdict and description for every way of reading the output
// (one byte per read, odd reads, from memory), thread count and chunk
// size; the description is printable ASCII.
// A failed check calls __builtin_trap(): libFuzzer reports the input.
#include <tbb/task_arena.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/token_verify.h"
#include "support/checker_reference.h"
#include "support/fake_io.h"

namespace {

void check(bool condition, const char* what, const std::string& detail = {}) {
  if (condition) return;
  std::fprintf(stderr, "fuzz check failed: %s\n%s\n", what, detail.c_str());
  __builtin_trap();
}

constexpr std::string_view kInstances =
    "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n"
    "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n"
    "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";
const std::string kAnswers = "Player 1\nPlayer 2\nDraw\n";

poker::TokenRule decode(std::uint8_t byte) {
  poker::TokenRule rule;
  switch (byte & 0x07) {
    case 0: break;
    case 1: rule.case_sensitive = true; break;
    case 2: rule.space_change_sensitive = true; break;
    case 3: rule.case_sensitive = rule.space_change_sensitive = true; break;
    case 4:
      rule.float_absolute_tolerance = 0.5;
      rule.float_relative_tolerance = 1e-9;
      break;
    default: rule.checker = poker::TokenRule::Checker::kTestlibWcmp;
  }
  return rule;
}

poker::TokenVerdict run(const poker::TokenRule& rule, poker::io::ByteSource& output, int threads,
                        std::size_t chunk_size) {
  const auto holdem = poker::make_holdem_format(poker::HoldemOptions{2, false});
  auto input = poker::io::make_memory_source(kInstances);
  poker::PipelineOptions options;
  options.chunk_size = chunk_size;
  poker::TokenVerifyOutcome outcome;
  tbb::task_arena arena(threads);
  arena.execute([&] { outcome = poker::run_token_verify(*holdem, *input, output, options, rule); });
  check(outcome.run.status == poker::RunOutcome::Status::kOk, "the judging failed");
  return outcome.verdict;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const poker::TokenRule rule = decode(data[0]);
  const std::string team(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto from_memory = poker::io::make_memory_source(team);
  const poker::TokenVerdict first = run(rule, *from_memory, 1, 1 << 16);
  const std::string described = poker::describe_token_verdict(first);
  for (const char c : described) check(c >= 0x20 && c < 0x7F, "the description is not printable ASCII", described);
  const bool expected = rule.checker == poker::TokenRule::Checker::kTestlibWcmp
                            ? poker::testing::wcmp(kAnswers, team) == poker::testing::Wcmp::kOk
                            : poker::testing::problemtools_accepts(kAnswers, team, rule);
  check(first.accepted() == expected, "the verdict is not the reference's", described);

  struct Way {
    std::size_t step;
    std::size_t buffer;
    int threads;
    std::size_t chunk_size;
  };
  for (const Way way : {Way{1, 1, 2, 1}, Way{7, 16, 2, 40}, Way{3, 1 << 16, 1, 1}}) {
    auto stream = poker::testing::fake_stream(team, way.step, way.buffer);
    const poker::TokenVerdict again = run(rule, *stream, way.threads, way.chunk_size);
    check(poker::describe_token_verdict(again) == described, "the verdict depends on how the output is read",
          described + "\nthen:\n" + poker::describe_token_verdict(again));
  }
  return 0;
}
