// The grader's recipe of docs/grading.md, end to end: generate a term's
// instances, judge them, score a folder of candidates into one CSV line per
// student with examples/grade.sh.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <string>

#include "e2e_helpers.h"
#include "support/subprocess.h"

namespace poker::e2e {
namespace {

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
  EXPECT_EQ(result.err, "");
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

}  // namespace
}  // namespace poker::e2e
