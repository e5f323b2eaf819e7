// `poker bench --baseline OLD_POKER [--candidate OTHER_POKER]` as a user
// runs it (docs/performance.md): the two programs measured in alternation
// and compared in the table and the JSON of any comparison; a candidate
// that is slower beyond the tolerance exits 4 whatever makes it slower
// (waiting counts: both had the same machine); a program that fails is
// named, exit 1; the usage errors of the options.
//
// Kept small: one workload, -j 1, --quick and a short --min-time.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "e2e_helpers.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;
using Json = nlohmann::json;

Args baseline_run(const std::string& baseline, Args more = {}, const std::string& rounds = "9") {
  Args args = {"bench", "--quick",  "--workloads", "holdem-2",   "-j",    "1",          "--repetitions",
               rounds,  "--warmup", "1",           "--min-time", "0.005", "--baseline", baseline};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// `script`, a /bin/sh script, as an executable file.
std::string write_script(std::string_view name, const std::string& script) {
  const std::string path = write_temp_file(name, "#!/bin/sh\n" + script);
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

// The runs here last 5 ms, on a machine that other tests load: a tolerance
// of 100% keeps the claim to what such runs can hold (never twice as slow
// or as fast), so that a burst of load on a few of one side's runs is no
// failure; the default tolerance's verdicts need the default run's length.
TEST(BenchBaseline, TheSameProgramTwiceIsNeverSlowerOrFaster) {
  const RunResult table = run_poker(baseline_run(kBinary, {"--tolerance", "1"}));
  EXPECT_EQ(table.exit_status, 0) << table.err;
  EXPECT_NE(table.out.find(
                "measured in alternation on the same workloads: rounds of one run of each, half of them old first\n"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("\nholdem-2  file"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find(" slower\n"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find(" faster\n"), std::string::npos) << table.out;

  const RunResult json = run_poker(baseline_run(kBinary, {"--tolerance", "1", "--json"}));
  ASSERT_EQ(json.exit_status, 0) << json.err;
  const Json comparison = Json::parse(json.out);
  EXPECT_EQ(comparison.at("schema"), "poker-bench-comparison/1");
  EXPECT_EQ(comparison.at("mode"), "alternating");
  EXPECT_EQ(comparison.at("old").at("name"), kBinary);
  EXPECT_EQ(comparison.at("new").at("name"), "this poker");
  ASSERT_EQ(comparison.at("runs").size(), 1u);
  const Json& run = comparison.at("runs").at(0);
  EXPECT_EQ(run.at("workload"), "holdem-2");
  EXPECT_EQ(run.at("source"), "file");
  EXPECT_TRUE(run.at("verdict") == "same" || run.at("verdict") == "noisy") << run.dump();
  EXPECT_EQ(comparison.at("summary").at("compared"), 1);
}

// A candidate that waits (a wrapper that sleeps before the judge) is
// slower: in alternation its smaller share of the CPU is its own. The wait
// is long beside a run (a sanitized build's child takes a tenth of a second
// or more, and the tests load the machine), and 16 rounds, not 9: with 9, a
// single round whose old run a neighbour stalls is enough to leave the
// signed-rank test short of its level (9 pairs one way is p = 0.0039, the
// least it can give).
TEST(BenchBaseline, ACandidateThatWaitsIsSlowerWithStatusFour) {
  const std::string waits = write_script("waits.sh", "sleep 0.3\nexec '" + kBinary + "' \"$@\"\n");
  const RunResult result = run_poker(baseline_run(kBinary, {"--candidate", waits}, "16"));
  EXPECT_EQ(result.exit_status, 4) << result.out << result.err;
  EXPECT_NE(result.out.find("1 of 1 slower beyond 5%: holdem-2 (file) -j 1\n"), std::string::npos) << result.out;
}

TEST(BenchBaseline, AProgramThatFailsIsNamedWithStatusOne) {
  const std::string fails = write_script("fails.sh", "echo 'no such option' >&2\nexit 2\n");
  const RunResult result = run_poker(baseline_run(fails));
  EXPECT_EQ(result.exit_status, 1) << result.err;
  EXPECT_NE(result.err.find("poker: " + fails + ": holdem-2: exit status 2: no such option"), std::string::npos)
      << result.err;
  EXPECT_EQ(result.out, "");
}

// A build older than the variants' commands: the workloads it cannot run
// are left out, each with a warning naming it, and the others compared;
// where it can run none, the comparison is an error, not an empty pass.
TEST(BenchBaseline, WorkloadsTheOldProgramLacksAreLeftOutWithAWarning) {
  const std::string older = write_script(
      "older.sh", "case \"$1\" in omaha|shortdeck) echo \"poker: unknown file '$1'\" >&2; exit 3;; esac\nexec '" +
                      kBinary + "' \"$@\"\n");
  Args args = baseline_run(older, {"--tolerance", "1"});
  args[3] = "holdem-2,omaha-hilo-2,shortdeck-2";
  const RunResult result = run_poker(args);
  EXPECT_EQ(result.exit_status, 0) << result.out << result.err;
  for (const char* name : {"omaha-hilo-2", "shortdeck-2"}) {
    EXPECT_NE(result.err.find("poker: bench: warning: " + older + " cannot run " + name), std::string::npos)
        << result.err;
  }
  EXPECT_NE(result.err.find("exit status 3: poker: unknown file 'omaha'): left out of the comparison\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.out.find("\nholdem-2  file"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("omaha-hilo-2"), std::string::npos) << result.out;
  args[3] = "omaha-2";
  const RunResult none = run_poker(args);
  EXPECT_EQ(none.exit_status, 1) << none.out;
  EXPECT_NE(none.err.find("poker: " + older + " can run none of the workloads: nothing to compare\n"),
            std::string::npos)
      << none.err;
}

TEST(BenchBaseline, UsageErrors) {
  for (const auto& [args, message] : {
           std::pair(Args{"bench", "--candidate", "x"}, "--candidate OTHER_POKER needs --baseline OLD_POKER"),
           std::pair(Args{"bench", "--baseline", "x", "--compare", "a.json"},
                     "--baseline measures two programs: it takes no --compare report"),
           std::pair(Args{"bench", "--baseline", "x", "--json=google-benchmark"},
                     "--json=google-benchmark writes a run's report: a comparison is written as poker's JSON"),
           std::pair(Args{"bench", "--baseline", "x", "--workloads", "newline-count"},
                     "--baseline compares programs, and newline-count runs none: choose other --workloads"),
           std::pair(Args{"bench", "--baseline", ""}, "--baseline: the name is empty"),
       }) {
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 2) << result.err;
    EXPECT_EQ(result.err, std::string("poker: bench: ") + message + "\nRun 'poker bench --help' for usage.\n");
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace poker::e2e
