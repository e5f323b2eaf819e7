// `poker verify --cms` and `--prairielearn` (docs/grading.md): poker as the
// comparator CMS runs (`COMPARATOR INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT`:
// the score on stdout, CMS's message on stderr, status 0) and as a
// PrairieLearn external grader's last step (DIR/results.json). Both compare
// as CMS's white-diff does unless --strict. Instances that do not judge,
// the task's answer file missing, or a results folder that cannot be made
// are judge errors, never a student's 0.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/subprocess.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;
using Json = nlohmann::json;

const std::string kSample = "examples/sample.txt";
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";

struct Case {
  Args format;
  std::string input;
  std::string expected_path;
};

const std::vector<Case>& every_format() {
  static const std::vector<Case> cases = {
      {{}, kSample, "examples/sample.expected"},
      {{"3"}, "examples/three_players.txt", "examples/three_players.expected"},
      {{"euler"}, "examples/euler.txt", "examples/euler.expected"},
      {{"eval"}, "examples/eval.txt", "examples/eval.expected"},
      {{"draw"}, "examples/draw.txt", "examples/draw.expected"},
  };
  return cases;
}

std::string expected_answers(const Case& c) { return read_whole_file(kSourceDir + "/" + c.expected_path); }

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

// `poker verify FORMAT... MORE... --cms INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT`,
// as CMS calls its comparator: three file names, nothing on stdin.
RunResult cms(const Args& format, const std::string& input, const std::string& contestant, const Args& more = {}) {
  const std::string correct = write_temp_file("res.txt", "the task's correct output, never read\n");
  const std::string output = write_temp_file("output.txt", contestant);
  RunResult result = run_poker(concat(concat(concat(Args{"verify"}, format), more), {"--cms", input, correct, output}));
  EXPECT_FALSE(result.timed_out);
  return result;
}

void expect_score(const RunResult& result, const std::string& score, const std::string& message) {
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, score + "\n");
  EXPECT_EQ(result.err, "translate:" + message + "\n");
}

// A judge error as CMS tells it from a score: a nonzero status and nothing
// on stdout.
void expect_judge_error(const RunResult& result, const std::string& says) {
  EXPECT_NE(result.exit_status, 0);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find(says), std::string::npos) << result.err;
}

// ---- CMS --------------------------------------------------------------------

TEST(CmsComparator, RightOutputScoresOneForEveryFormat) {
  for (const Case& c : every_format()) {
    SCOPED_TRACE(c.input);
    expect_score(cms(c.format, c.input, expected_answers(c)), "1.0", "success");
    expect_score(cms(c.format, c.input, expected_answers(c), {"--partial"}), "1.0", "success");
  }
}

TEST(CmsComparator, WrongOutputScoresZeroForEveryFormat) {
  for (const Case& c : every_format()) {
    SCOPED_TRACE(c.input);
    std::string wrong = expected_answers(c);
    wrong[0] = wrong[0] == 'X' ? 'Y' : 'X';
    expect_score(cms(c.format, c.input, wrong), "0.0", "wrong");
  }
}

// What CMS's white-diff forgives: line ends, blanks within and around a
// line, blank lines after the last, a missing final newline. Not: case,
// lines split or joined, blank lines between answers.
TEST(CmsComparator, ForgivesWhatWhiteDiffForgivesAndNothingElse) {
  for (const std::string right : {"Player 1\r\nPlayer 2\r\nDraw\r\n", "Player 1 \nPlayer 2\t\nDraw",
                                  "  Player   1\nPlayer\t\v2\nDraw\n\n", "Player 1\nPlayer 2\nDraw\n \n\t\r\n\n"}) {
    SCOPED_TRACE(printable(right));
    expect_score(cms({}, kSample, right), "1.0", "success");
  }
  for (const std::string wrong :
       {"player 1\nPlayer 2\nDraw\n", "Player 1 Player 2 Draw\n", "Player 1\n\nPlayer 2\nDraw\n",
        "Player1\nPlayer 2\nDraw\n", "Player 1\nPlayer 2\nDraw\nDraw\n", "Player 1\nPlayer 2\n", ""}) {
    SCOPED_TRACE(printable(wrong));
    expect_score(cms({}, kSample, wrong), "0.0", "wrong");
  }
}

TEST(CmsComparator, StrictComparesByteForByte) {
  expect_score(cms({}, kSample, "Player 1\r\nPlayer 2\r\nDraw\r\n", {"--strict"}), "0.0", "wrong");
  expect_score(cms({}, kSample, "Player 1\nPlayer 2\nDraw\n\n", {"--strict"}), "0.0", "wrong");
  expect_score(cms({}, kSample, kSampleAnswers, {"--strict"}), "1.0", "success");
}

TEST(CmsComparator, PartialScoresTheShareOfInstancesRight) {
  expect_score(cms({}, kSample, "Player 1\nDraw\nDraw\n", {"--partial"}), "0.6666666666666666", "partial");
  expect_score(cms({}, kSample, "Draw\nDraw\nPlayer 1\n", {"--partial"}), "0.0", "wrong");
  // eval's four instances, three lines each: the last one wrong.
  std::string eval = read_whole_file(kSourceDir + "/examples/eval.expected");
  eval.replace(eval.rfind('\n', eval.size() - 2) + 1, std::string::npos, "Hand 1 wins\n");
  expect_score(cms({"eval"}, "examples/eval.txt", eval, {"--partial"}), "0.75", "partial");
  // An extra line counts as one more wrong answer: 3 right of 4.
  expect_score(cms({}, kSample, kSampleAnswers + "Player 2\n", {"--partial"}), "0.75", "partial");
  // Without --partial, all or nothing.
  expect_score(cms({}, kSample, "Player 1\nDraw\nDraw\n"), "0.0", "wrong");
}

TEST(CmsComparator, BinaryLinesAreWrongBlanksOfAnyLengthForgivenTextOverTheLimitNeverRight) {
  expect_score(cms({}, kSample, std::string("Player 1\n\0\xff\x1b[2J\n", 16) + "Draw\n", {"--partial"}),
               "0.6666666666666666", "partial");  // instance 2 wrong
  // A line of 2 MiB, blanks around an answer, is right as white-diff reads
  // it; one of 2 MiB of text is never right (no answer comes near 1 MiB).
  const std::string pad(1 << 20, ' ');
  expect_score(cms({}, kSample, pad + "Player 1" + pad + "\nPlayer 2\nDraw\n"), "1.0", "success");
  expect_score(cms({}, kSample, std::string(2 << 20, 'x') + "\nPlayer 2\nDraw\n"), "0.0", "wrong");
  // Blanks past the 4 KiB a line keeps for comparing are still read through.
  const std::string blanks(64 * 1024, '\t');
  expect_score(cms({}, kSample, blanks + "Player 1" + blanks + "\nPlayer 2\nDraw\n"), "1.0", "success");
}

TEST(CmsComparator, JudgeErrorsAreNeverAScore) {
  const std::string output = write_temp_file("output.txt", kSampleAnswers);
  const std::string missing = temp_path("missing");
  expect_judge_error(run_poker({"verify", "--cms", kSample, missing, output}), missing + ": cannot open");
  const std::string correct = write_temp_file("res.txt", kSampleAnswers);
  expect_judge_error(run_poker({"verify", "--cms", kSample, correct, missing}), missing + ": cannot open");
  const std::string invalid = write_temp_file("input.txt", "Ah Kh\n2c 3d\nQh Jh Th 5c Zz\n");
  expect_judge_error(run_poker({"verify", "--cms", invalid, correct, output}), "poker: ");
  expect_judge_error(run_poker({"verify", "--cms", kSample, correct}), "--cms needs 3 values");
  expect_judge_error(run_poker({"verify", "--partial", "-i", kSample, "--answers", output}), "--partial goes with");
  expect_judge_error(run_poker({"verify", "--cms", kSample, correct, output, "--answers", output}), "no --answers");
  expect_judge_error(run_poker({"verify", "--cms", kSample, correct, output, "--gradescope", temp_path("gs")}),
                     "does not go with");
}

// ---- PrairieLearn -----------------------------------------------------------

// A PrairieLearn external grader's run: the instances and the student's
// file, results.json into /grade/results (here: a fresh folder that does
// not exist yet, two levels deep). The parsed results.json, or null.
struct GraderRun {
  RunResult result;
  Json results;
  std::string dir;
};

GraderRun prairielearn(const std::string& answers, const Args& more = {}, const std::string& input = kSample) {
  GraderRun run;
  run.dir = temp_path("grade") + "/results";
  const std::string student = write_temp_file("answers.txt", answers);
  run.result = run_poker(concat({"verify", "-q", "-i", input, "--answers", student, "--prairielearn", run.dir}, more));
  EXPECT_FALSE(run.result.timed_out);
  if (exists(run.dir + "/results.json")) run.results = Json::parse(read_whole_file(run.dir + "/results.json"));
  return run;
}

// The fields PrairieLearn reads, with their types.
void expect_results_shape(const Json& results) {
  ASSERT_TRUE(results.is_object());
  EXPECT_EQ(results["gradable"], true);
  ASSERT_TRUE(results["score"].is_number());
  EXPECT_GE(results["score"].get<double>(), 0.0);
  EXPECT_LE(results["score"].get<double>(), 1.0);
  EXPECT_TRUE(results["message"].is_string());
  EXPECT_TRUE(results["output"].is_string());
  ASSERT_TRUE(results["tests"].is_array());
  for (const Json& test : results["tests"]) {
    EXPECT_TRUE(test["name"].is_string());
    EXPECT_TRUE(test["points"].is_number());
    EXPECT_TRUE(test["max_points"].is_number());
    EXPECT_LE(test["points"].get<double>(), test["max_points"].get<double>());
    EXPECT_TRUE(test["message"].is_string());
    EXPECT_TRUE(test["output"].is_string());
  }
}

TEST(PrairieLearnGrader, RightAnswersScoreOneInAFolderMadeWithItsParents) {
  const GraderRun run = prairielearn(kSampleAnswers);
  EXPECT_EQ(run.result.exit_status, 0) << run.result.err;
  expect_results_shape(run.results);
  EXPECT_EQ(run.results["score"], 1);
  ASSERT_EQ(run.results["tests"].size(), 1u);
  EXPECT_EQ(run.results["tests"][0]["points"], run.results["tests"][0]["max_points"]);
}

TEST(PrairieLearnGrader, CrlfAndTrailingBlankLineScoreOneUnlessStrict) {
  for (const std::string right : {"Player 1\r\nPlayer 2\r\nDraw\r\n", "Player 1\nPlayer 2\nDraw\n\n"}) {
    SCOPED_TRACE(printable(right));
    EXPECT_EQ(prairielearn(right).results["score"], 1);
    const GraderRun strict = prairielearn(right, {"--strict"});
    EXPECT_EQ(strict.result.exit_status, 0) << strict.result.err;
    EXPECT_EQ(strict.results["score"], 0);
  }
}

TEST(PrairieLearnGrader, PartialCreditPerTest) {
  const GraderRun run = prairielearn("Player 1\nDraw\nDraw\n", {"--tests-of", "1", "--partial-credit"});
  expect_results_shape(run.results);
  ASSERT_EQ(run.results["tests"].size(), 3u);
  EXPECT_NEAR(run.results["score"].get<double>(), 2.0 / 3.0, 1e-5);
  EXPECT_EQ(run.results["tests"][1]["points"], 0);
  EXPECT_NE(run.results["tests"][1]["output"].get<std::string>().find("instance 2"), std::string::npos);
}

TEST(PrairieLearnGrader, MissingStudentFileScoresZeroWithWhy) {
  GraderRun run;
  run.dir = temp_path("grade");
  const std::string missing = temp_path("answers");
  run.result = run_poker({"verify", "-q", "-i", kSample, "--answers", missing, "--prairielearn", run.dir});
  EXPECT_EQ(run.result.exit_status, 0) << run.result.err;
  const Json results = Json::parse(read_whole_file(run.dir + "/results.json"));
  expect_results_shape(results);
  EXPECT_EQ(results["score"], 0);
  EXPECT_NE(results["message"].get<std::string>().find("cannot open"), std::string::npos) << results["message"];
}

TEST(PrairieLearnGrader, GradersErrorsWriteNoResults) {
  const std::string invalid = write_temp_file("input.txt", "Ah Kh\n2c 3d\nQh Jh Th 5c Zz\n");
  const GraderRun bad_instances = prairielearn(kSampleAnswers, {}, invalid);
  EXPECT_EQ(bad_instances.result.exit_status, 1);
  EXPECT_FALSE(exists(bad_instances.dir + "/results.json"));

  const std::string file = write_temp_file("not_a_folder", "");
  const std::string student = write_temp_file("answers.txt", kSampleAnswers);
  for (const std::string& dir : {file, file + "/results"}) {
    const RunResult result = run_poker({"verify", "-i", kSample, "--answers", student, "--prairielearn", dir});
    EXPECT_EQ(result.exit_status, 3);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, "poker: " + dir + ": cannot make the results folder: Not a directory\n");
  }
  EXPECT_EQ(read_whole_file(file), "");
}

}  // namespace
}  // namespace poker::e2e
