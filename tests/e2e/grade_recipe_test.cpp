// The grader's recipe of docs/grading.md, end to end: generate a term's
// instances, judge them, score a folder of candidates into one CSV line per
// student with examples/grade.sh.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/subprocess.h"

namespace poker::e2e {
namespace {

// examples/grade.sh run from the source tree with `args`, the poker under
// test as its POKER.
RunResult run_grade_sh(const std::vector<std::string>& args) {
  testing::SpawnOptions options;
  options.args = {"-c", "POKER=\"$0\" exec examples/grade.sh \"$@\"", kBinary};
  options.args.insert(options.args.end(), args.begin(), args.end());
  options.working_directory = kSourceDir;
  return testing::run("/bin/sh", options, {}, testing::Milliseconds{30000});
}

TEST(GradeRecipe, FolderOfCandidatesBecomesOneCsvLinePerStudent) {
  const std::string folder = temp_directory() + "/class";
  ASSERT_EQ(::mkdir(folder.c_str(), 0700), 0);
  const std::string term = temp_path("term.txt");
  // Its steps, as a grader types them ($0 is poker).
  const std::string script =
      "set -e\n"
      "\"$0\" generate 3 --instances 200 --seed 2026 -o \"$1\"\n"
      "\"$0\" 3 -i \"$1\" -o \"$2/alice.txt\"\n"
      "sed 50d \"$2/alice.txt\" > \"$2/bob.txt\"\n"
      "sed 's/$/\\r/' \"$2/alice.txt\" > \"$2/carol.txt\"\n"
      ": > \"$2/dave.txt\"\n"
      "sed '7s/.*/Draw/; 9s/.*/Player 3/; 100a\\\nPlayer 1' \"$2/alice.txt\" > \"$2/eve, jr.txt\"\n"
      "POKER=\"$0\" examples/grade.sh \"$1\" \"$2\" 3\n";
  testing::SpawnOptions options;
  options.args = {"-c", script, kBinary, term, folder};
  options.working_directory = kSourceDir;
  const RunResult result = testing::run("/bin/sh", options, {}, testing::Milliseconds{30000});
  // Carol's CRLF line ends are named, with the option that forgives them.
  EXPECT_EQ(result.err,
            "grade.sh: carol.txt: every wrong line differs only at its end; --strip-trailing-cr forgives that\n");
  EXPECT_EQ(result.exit_status, 0);
  // Eve's lines 7 and 9 may have been right already: her counts are not
  // assumed, only her extra line.
  EXPECT_EQ(result.out.substr(0, result.out.find("\"eve")),
            "file,status,right,wrong,missing,extra\n"
            "alice.txt,match,200,0,0,0\n"
            "bob.txt,differ,199,0,1,0\n"
            "carol.txt,differ,0,200,0,0\n"
            "dave.txt,differ,0,0,200,0\n");
  EXPECT_NE(result.out.find("\"eve, jr.txt\",differ,"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.substr(result.out.size() - 5), ",0,1\n") << result.out;  // her extra line
}

// Instances that do not judge cleanly are the grader's error: grade.sh says
// so once, up front, with poker's message and a non-zero status, and scores
// no student (no CSV), rather than a line of `error` or `differ` for each.
TEST(GradeRecipe, InstancesThatDoNotJudgeCleanlyFailUpFront) {
  const std::string folder = temp_directory() + "/students";
  ASSERT_EQ(::mkdir(folder.c_str(), 0700), 0);
  std::ofstream(folder + "/alice.txt") << "Player 1\nPlayer 2\nDraw\n";
  const std::string missing = temp_path("nosuch.txt");
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string poker_err;  // what poker itself says first
  };
  const Case cases[] = {
      {{missing, folder}, 3, "poker: " + missing + ": cannot open: No such file or directory\n"},
      {{"examples/invalid.txt", folder}, 1, run_poker({"examples/invalid.txt"}).err},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const RunResult result = run_grade_sh(c.args);
    EXPECT_EQ(result.exit_status, c.status);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, c.poker_err + "grade.sh: " + c.args[0] + " does not judge cleanly (status " +
                              std::to_string(c.status) + "); no candidate is scored\n");
  }
}

// A wrong player count is the grader's to fix in grade.sh's own command
// line: the hint gives its arguments to rerun with the count the instances
// show (the other options kept), not poker's command for the judge.
TEST(GradeRecipe, WrongPlayerCountHintGivesTheArgumentsToRerunGradeSh) {
  const std::string folder = temp_directory() + "/my class";
  ASSERT_EQ(::mkdir(folder.c_str(), 0700), 0);
  const std::string judge_err = run_poker({"3", "examples/sample.txt"}).err;
  const std::string message = judge_err.substr(0, judge_err.find("; hint: "));
  struct Case {
    std::vector<std::string> args;
    std::string rerun;
  };
  const Case cases[] = {
      {{"examples/sample.txt", folder, "3"}, "examples/sample.txt '" + folder + "' 2"},
      {{"examples/sample.txt", folder, "--strip-trailing-cr", "-p", "3", "-j", "2"},
       "examples/sample.txt '" + folder + "' 2 --strip-trailing-cr -j 2"},
      {{"examples/sample.txt", folder, "--players=3"}, "examples/sample.txt '" + folder + "' 2"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.args));
    const RunResult result = run_grade_sh(c.args);
    EXPECT_EQ(result.exit_status, 1);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, message +
                              "; hint: the input seems to hold 2 players per instance: rerun as examples/grade.sh " +
                              c.rerun +
                              "\ngrade.sh: examples/sample.txt does not judge cleanly (status 1); no candidate is "
                              "scored\n");
  }
}

}  // namespace
}  // namespace poker::e2e
