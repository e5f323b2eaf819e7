// `poker verify --kattis` and `--testlib` (docs/grading.md): poker as the
// checker a judge system runs, with the arguments, files and statuses of
// its protocol. A Kattis validator gets the team output on stdin, a file
// the judge opened; a testlib checker gets the contestant's output as a
// file. An instance file that does not judge cleanly is a judge error in
// both, never a wrong answer.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "e2e_helpers.h"
#include "support/subprocess.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

const std::string kSample = "examples/sample.txt";
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";

// A format's instances and the answers poker gives them (examples/).
struct Case {
  Args format;  // the words before the protocol's option: "euler", "3"
  std::string input;
  std::string expected_path;
  std::uint64_t instances;
};

const std::vector<Case>& every_format() {
  static const std::vector<Case> cases = {
      {{}, kSample, "examples/sample.expected", 3},
      {{"3"}, "examples/three_players.txt", "examples/three_players.expected", 3},
      {{"euler"}, "examples/euler.txt", "examples/euler.expected", 6},
      {{"eval"}, "examples/eval.txt", "examples/eval.expected", 4},
      {{"draw"}, "examples/draw.txt", "examples/draw.expected", 1},
      {{"equity"}, "examples/equity.txt", "examples/equity.expected", 6},
  };
  return cases;
}

std::string expected_answers(const Case& c) { return read_whole_file(kSourceDir + "/" + c.expected_path); }

// What a Kattis validator run leaves: its status and stderr, and the
// feedback files ("<none>" for a file it did not write).
struct KattisRun {
  RunResult result;
  std::string judge_message, team_message;
};

std::string file_or_none(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? read_whole_file(path) : "<none>";
}

// A fresh feedback directory, as the judge makes one per run.
std::string feedback_dir() {
  const std::string dir = temp_path("feedback");
  EXPECT_EQ(::mkdir(dir.c_str(), 0700), 0);
  return dir;
}

// `poker verify FORMAT... --kattis INPUT JUDGE_ANSWER FEEDBACK_DIR MORE... <
// TEAM_OUTPUT`, the team output a file on stdin, as the judge runs it.
KattisRun kattis(const Args& format, const std::string& input, const std::string& team_output, const Args& more = {},
                 std::string dir = {}) {
  if (dir.empty()) dir = feedback_dir();
  const std::string answer = write_temp_file("judge.ans", "the judge's answer file, never read\n");
  const std::string team = write_temp_file("team.out", team_output);
  KattisRun run;
  run.result = run_poker_stdin_file(
      concat(concat(concat(Args{"verify"}, format), {"--kattis", input, answer, dir}), more), team);
  EXPECT_FALSE(run.result.timed_out);
  EXPECT_EQ(run.result.out, "");
  run.judge_message = file_or_none(dir + "/judgemessage.txt");
  run.team_message = file_or_none(dir + "/teammessage.txt");
  return run;
}

// `poker verify FORMAT... --testlib INPUT OUTPUT ANSWER MORE...`, OUTPUT a file.
RunResult testlib(const Args& format, const std::string& input, const std::string& output, const Args& more = {}) {
  const std::string answer = write_temp_file("jury.ans", "the jury's answer file, never read\n");
  const std::string out = write_temp_file("contestant.out", output);
  RunResult result = run_poker(concat(concat(concat(Args{"verify"}, format), {"--testlib", input, out, answer}), more));
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.out, "");
  return result;
}

// ---- Kattis and DOMjudge ----------------------------------------------------

TEST(KattisValidator, RightOutputIsAcceptedForEveryFormat) {
  for (const Case& c : every_format()) {
    SCOPED_TRACE(c.input);
    const KattisRun run = kattis(c.format, c.input, expected_answers(c));
    EXPECT_EQ(run.result.exit_status, 42) << run.result.err;
    EXPECT_EQ(run.result.err, "");
    const std::string count = std::to_string(c.instances) + (c.instances == 1 ? " instance" : " instances");
    EXPECT_EQ(run.team_message, "accepted: " + count + "\n");
    EXPECT_EQ(run.judge_message.rfind("accepted: " + count + ", ", 0), 0u) << run.judge_message;
  }
}

TEST(KattisValidator, WrongOutputIsRejectedForEveryFormat) {
  for (const Case& c : every_format()) {
    SCOPED_TRACE(c.input);
    std::string wrong = expected_answers(c);
    wrong[0] = wrong[0] == 'X' ? 'Y' : 'X';
    const KattisRun run = kattis(c.format, c.input, wrong);
    EXPECT_EQ(run.result.exit_status, 43) << run.result.err;
    EXPECT_EQ(run.result.err, "");
    EXPECT_EQ(run.team_message, "wrong answer on instance 1 (output line 1): the token differs\n");
    EXPECT_EQ(
        run.judge_message.rfind("wrong answer on instance 1: token 1 (line 1 of the answers, line 1 of the output)", 0),
        0u)
        << run.judge_message;
    EXPECT_NE(run.judge_message.find("\nMISMATCH at instance 1 "), std::string::npos) << run.judge_message;
  }
}

TEST(KattisValidator, WrongAnswerJudgeMessageIsTheTokenThenVerifysReportWithCounts) {
  const KattisRun run = kattis({}, kSample, "Player 1\nDraw\nPlayer 1\n");
  EXPECT_EQ(run.result.exit_status, 43);
  EXPECT_EQ(run.team_message, "wrong answer on instance 2 (output line 2): the token differs\n");
  EXPECT_EQ(run.judge_message,
            "wrong answer on instance 2: token 3 (line 2 of the answers, line 2 of the output): expected \"Player\", "
            "found \"Draw\"\n"
            "\n"
            "The answers compared by lines (CR line ends and trailing blanks forgiven):\n"
            "MISMATCH at instance 2 (input line 4, answer line 2)\n"
            "instance:\n"
            "  4 | Ks Qd\n"
            "  5 | 8c 8h\n"
            "  6 | 2s 8d Ad 4c Jh\n"
            "expected:\n"
            "  2 | Player 2\n"
            "got:\n"
            "  2 | Draw\n"
            "first difference: line 2, column 1: expected 'P', got 'D'\n"
            "MISMATCH at instance 3 (input line 7, answer line 3)\n"
            "instance:\n"
            "  7 | 2c 3c\n"
            "  8 | 4d 5d\n"
            "  9 | As Ks Qs Js Ts\n"
            "expected:\n"
            "  3 | Draw\n"
            "got:\n"
            "  3 | Player 1\n"
            "first difference: line 3, column 1: expected 'D', got 'P'\n"
            "compared 3 instances: 1 right, 2 wrong, 0 missing, 0 extra lines\n");
}

TEST(KattisValidator, MissingAndExtraLinesAreWrongAnswers) {
  const KattisRun missing = kattis({}, kSample, "Player 1\nPlayer 2\n");
  EXPECT_EQ(missing.result.exit_status, 43);
  EXPECT_EQ(missing.team_message, "wrong answer on instance 3 (output line 3): the output ends\n");
  EXPECT_NE(missing.judge_message.find("MISSING ANSWERS"), std::string::npos) << missing.judge_message;

  const KattisRun extra = kattis({}, kSample, kSampleAnswers + "Player 2\n");
  EXPECT_EQ(extra.result.exit_status, 43);
  EXPECT_EQ(extra.team_message,
            "wrong answer at output line 4: the output goes on after the last answer with \"Player\"\n");
  EXPECT_NE(extra.judge_message.find("EXTRA LINES"), std::string::npos) << extra.judge_message;

  const KattisRun inside = kattis(
      {"euler"}, "examples/euler.txt",
      "Player 2\nPlayer 1\nnoise\n" +
          read_whole_file(kSourceDir + "/examples/euler.expected").substr(std::string("Player 2\nPlayer 1\n").size()));
  EXPECT_EQ(inside.result.exit_status, 43);
  EXPECT_EQ(inside.team_message, "wrong answer on instance 3 (output line 3): the token differs\n");
  EXPECT_NE(inside.judge_message.find("EXTRA LINE: "), std::string::npos) << inside.judge_message;
}

TEST(KattisValidator, EmptyOutputIsAWrongAnswerUnlessThereAreNoInstances) {
  const KattisRun empty = kattis({}, kSample, "");
  EXPECT_EQ(empty.result.exit_status, 43);
  EXPECT_EQ(empty.team_message, "wrong answer on instance 1 (output line 1): the output ends\n");
  const std::string blank = write_temp_file("blank.in", "\n");
  const KattisRun none = kattis({}, blank, "");
  EXPECT_EQ(none.result.exit_status, 42) << none.result.err;
  EXPECT_EQ(none.team_message, "accepted: 0 instances\n");
}

TEST(KattisValidator, BinaryOutputIsAWrongAnswerShownEscaped) {
  const KattisRun run = kattis({}, kSample, std::string("Player 1\n\0\xff\x1b[2J\n", 16) + "Draw\n");
  EXPECT_EQ(run.result.exit_status, 43);
  EXPECT_EQ(run.team_message, "wrong answer on instance 2 (output line 2): the token differs\n");
  EXPECT_NE(run.judge_message.find("found \"\\x00\\xff\\x1b[2J\"\n"), std::string::npos) << run.judge_message;
  EXPECT_NE(run.judge_message.find("  2 | \\x00\\xff\\x1b[2J\n"), std::string::npos) << run.judge_message;
}

// As problemtools' default validator: any whitespace equals any other, a
// missing final newline and case are forgiven, unless the problem's
// validator_flags say space_change_sensitive or case_sensitive; --strict
// compares bytes.
TEST(KattisValidator, WhitespaceAndCaseAreForgivenUnlessAFlagSaysOtherwise) {
  for (const std::string& team :
       {std::string("Player 1\r\nPlayer 2\r\nDraw\r\n"), std::string("Player 1 \nPlayer 2\t\nDraw"),
        std::string("Player 1 Player 2 Draw"), std::string("\n\nplayer  1\nPLAYER 2\n\ndraw\n\n")}) {
    SCOPED_TRACE(team);
    EXPECT_EQ(kattis({}, kSample, team).result.exit_status, 42);
    EXPECT_EQ(kattis({}, kSample, team, {"--strict"}).result.exit_status, 43);
  }
  const KattisRun crlf = kattis({}, kSample, "Player 1\r\nPlayer 2\r\nDraw\r\n", {"space_change_sensitive"});
  EXPECT_EQ(crlf.result.exit_status, 43);
  EXPECT_EQ(crlf.team_message,
            "wrong answer on instance 1 (output line 1): whitespace: expected \"\\x0a\", found \"\\x0d\"\n");
  EXPECT_EQ(kattis({}, kSample, "player 1\nPlayer 2\nDraw\n", {"case_sensitive"}).result.exit_status, 43);
  EXPECT_EQ(kattis({}, kSample, "Player 1\nPlayer 2\nDraw\n", {"case_sensitive", "space_change_sensitive"})
                .result.exit_status,
            42);
  // Numbers within a tolerance: "1.0" is the answer "1".
  EXPECT_EQ(kattis({}, kSample, "Player 1.0\nPlayer 2e0\nDraw\n").result.exit_status, 43);
  EXPECT_EQ(kattis({}, kSample, "Player 1.0\nPlayer 2e0\nDraw\n", {"float_tolerance", "1e-9"}).result.exit_status, 42);
}

// problemtools' flags and poker's own words mix in validator_flags; a word
// neither knows is a judge error that names it.
TEST(KattisValidator, ValidatorFlagsArePokersWordsToo) {
  const KattisRun euler = kattis({}, "examples/euler.txt", read_whole_file(kSourceDir + "/examples/euler.expected"),
                                 {"euler", "case_sensitive"});
  EXPECT_EQ(euler.result.exit_status, 42) << euler.result.err;
  const KattisRun three =
      kattis({}, "examples/three_players.txt", expected_answers(every_format()[1]), {"3", "--strict"});
  EXPECT_EQ(three.result.exit_status, 42) << three.result.err;
  const KattisRun unknown = kattis({}, kSample, kSampleAnswers, {"case_sensitiv"});
  EXPECT_EQ(unknown.result.exit_status, 2);
  EXPECT_NE(unknown.result.err.find("unknown word 'case_sensitiv'"), std::string::npos) << unknown.result.err;
  const KattisRun bad_value = kattis({}, kSample, kSampleAnswers, {"float_tolerance", "small"});
  EXPECT_EQ(bad_value.result.exit_status, 2);
  EXPECT_NE(bad_value.result.err.find("found 'small'"), std::string::npos) << bad_value.result.err;
}

TEST(KattisValidator, InvalidInstanceFileIsAJudgeErrorNotAWrongAnswer) {
  const std::string error_line = read_whole_file(kSourceDir + "/examples/invalid.expected-error");
  for (const std::string& team : {std::string("Player 1\n"), std::string("Player 1\nDraw\n"), std::string()}) {
    SCOPED_TRACE(team);
    const KattisRun run = kattis({}, "examples/invalid.txt", team);
    EXPECT_EQ(run.result.exit_status, 1);
    EXPECT_EQ(run.result.err, error_line);
    EXPECT_EQ(run.judge_message, error_line);
    EXPECT_EQ(run.team_message, "");
  }
  // The wrong player count: the judge's error too.
  const KattisRun players = kattis({"3"}, kSample, kSampleAnswers);
  EXPECT_EQ(players.result.exit_status, 1);
  EXPECT_EQ(players.judge_message, players.result.err);
}

TEST(KattisValidator, UnusableFilesAreJudgeErrors) {
  const std::string missing = temp_path("missing");
  const KattisRun input = kattis({}, missing, kSampleAnswers);
  EXPECT_EQ(input.result.exit_status, 3);
  EXPECT_EQ(input.result.err, "poker: " + missing + ": cannot open: No such file or directory\n");
  EXPECT_EQ(input.judge_message, input.result.err);

  const KattisRun no_dir = kattis({}, kSample, kSampleAnswers, {}, missing);
  EXPECT_EQ(no_dir.result.exit_status, 3);
  EXPECT_EQ(no_dir.result.err,
            "poker: " + missing + "/judgemessage.txt: cannot open for writing: No such file or directory\n");

  // The judge's answer file is not read, but a wrong path is the judge's mistake.
  const std::string dir = feedback_dir();
  const std::string team = write_temp_file("team.out", kSampleAnswers);
  const RunResult answer = run_poker_stdin_file({"verify", "--kattis", kSample, missing, dir}, team);
  EXPECT_EQ(answer.exit_status, 3);
  EXPECT_EQ(answer.err, "poker: " + missing + ": cannot open: No such file or directory\n");
  EXPECT_EQ(read_whole_file(dir + "/judgemessage.txt"), answer.err);
}

// A feedback folder that is a file, or one poker may not write in, is the
// judge's error, and nothing is written anywhere else.
TEST(KattisValidator, FeedbackFolderThatIsAFileOrReadOnlyIsAJudgeError) {
  const std::string file = write_temp_file("not-a-folder", "x");
  const KattisRun not_dir = kattis({}, kSample, kSampleAnswers, {}, file);
  EXPECT_EQ(not_dir.result.exit_status, 3);
  EXPECT_EQ(not_dir.result.err, "poker: " + file + "/judgemessage.txt: cannot open for writing: Not a directory\n");
  EXPECT_EQ(read_whole_file(file), "x");
  if (::geteuid() == 0) GTEST_SKIP() << "root writes in a read-only folder";
  const std::string read_only = feedback_dir();
  ASSERT_EQ(::chmod(read_only.c_str(), 0500), 0);
  const KattisRun denied = kattis({}, kSample, kSampleAnswers, {}, read_only);
  EXPECT_EQ(denied.result.exit_status, 3);
  EXPECT_EQ(denied.result.err,
            "poker: " + read_only + "/judgemessage.txt: cannot open for writing: Permission denied\n");
}

TEST(KattisValidator, TeamMessageNeverQuotesAnExpectedAnswerUnlessRevealed) {
  const std::string euler = read_whole_file(kSourceDir + "/examples/euler.expected");
  const std::string eval = read_whole_file(kSourceDir + "/examples/eval.expected");
  struct Wrong {
    Case c;
    std::string team;
  };
  const std::vector<Wrong> wrongs = {
      {every_format()[0], "Player 2\nPlayer 1\nPlayer 1\n"},
      {every_format()[0], "Player 1\n"},
      {every_format()[0], ""},
      {every_format()[0], "Draw\nDraw\nDraw\n"},
      {every_format()[2], euler.substr(0, euler.size() / 2)},
      {every_format()[3], "Hand 1: Flush\n" + eval},
      {every_format()[4], "0 1 2 4 3 3 7 12\n"},
      {every_format()[5], "AhKh QsQd: equity 50 50\n"},
  };
  for (const Wrong& wrong : wrongs) {
    SCOPED_TRACE(wrong.team);
    const KattisRun run = kattis(wrong.c.format, wrong.c.input, wrong.team);
    EXPECT_EQ(run.result.exit_status, 43);
    EXPECT_EQ(run.team_message.rfind("wrong answer ", 0), 0u) << run.team_message;
    EXPECT_EQ(run.team_message.find("expected"), std::string::npos) << run.team_message;
    const std::string expected = expected_answers(wrong.c);
    for (std::string_view answers = expected; !answers.empty();) {
      const std::string_view line = answers.substr(0, answers.find('\n'));
      answers.remove_prefix(std::min(answers.size(), line.size() + 1));
      EXPECT_EQ(run.team_message.find(line), std::string::npos) << "expected answer " << line << " leaked";
    }
  }
  const KattisRun revealed = kattis({}, kSample, "Player 1\nDraw\nDraw\n", {"--reveal-expected"});
  EXPECT_EQ(revealed.result.exit_status, 43);
  EXPECT_EQ(revealed.team_message, "wrong answer on instance 2 (output line 2): expected \"Player\", found \"Draw\"\n");
}

// The judge runs the validator program of the problem package
// (output_validators/NAME/run, here a script that execs poker) as
// `run INPUT JUDGE_ANSWER FEEDBACK_DIR [validator_flags] < TEAM_OUTPUT`,
// from a working directory of its own.
TEST(KattisValidator, RunTheWayTheJudgeRunsIt) {
  const std::string script = write_temp_file("run", "#!/bin/sh\nexec '" + kBinary + "' verify euler --kattis \"$@\"\n");
  ASSERT_EQ(::chmod(script.c_str(), 0755), 0);
  const std::string input = write_temp_file("secret-1.in", read_whole_file(kSourceDir + "/examples/euler.txt"));
  const std::string answer = write_temp_file("secret-1.ans", read_whole_file(kSourceDir + "/examples/euler.expected"));
  std::string crlf;
  for (const char c : read_whole_file(answer)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  for (const auto& [team, flags, status] :
       {std::tuple{read_whole_file(answer), Args{}, 42}, std::tuple{std::string("Player 1\n"), Args{}, 43},
        std::tuple{crlf, Args{}, 42}, std::tuple{crlf, Args{"space_change_sensitive"}, 43}}) {
    SCOPED_TRACE(team);
    const std::string dir = feedback_dir();
    testing::SpawnOptions options;
    options.args = concat({input, answer, dir}, flags);
    options.working_directory = temp_directory();
    options.stdin_file = write_temp_file("team.out", team);
    const RunResult result = testing::run(script, options);
    EXPECT_EQ(result.exit_status, status) << result.err;
    EXPECT_EQ(result.err, "");
    EXPECT_EQ(read_whole_file(dir + "/teammessage.txt").rfind(status == 42 ? "accepted: " : "wrong answer ", 0), 0u);
    EXPECT_NE(read_whole_file(dir + "/judgemessage.txt"), "");
  }
}

TEST(KattisValidator, HugeOutputOnAPipeIsAWrongAnswerInBoundedMemory) {
  const std::string dir = feedback_dir();
  const std::string answer = write_temp_file("judge.ans", "");
  std::string team = kSampleAnswers;
  while (team.size() < (std::size_t{16} << 20)) team += std::string(99, 'x') + "\n";
  const RunResult result = run_poker({"verify", "--kattis", kSample, answer, dir}, team);
  EXPECT_EQ(result.exit_status, 43) << result.err;
  EXPECT_LT(result.max_rss_kib, kMemoryBoundKib);
  EXPECT_EQ(read_whole_file(dir + "/teammessage.txt"),
            "wrong answer at output line 4: the output goes on after the last answer with \"" + std::string(99, 'x') +
                "\"\n");
}

// An endless output of NUL bytes is a wrong answer, decided at once, for
// Kattis; testlib reads a token to 32 MiB, then calls it badly formatted.
TEST(CheckerProtocols, OutputOfNulBytesEndsInAVerdict) {
  const std::string dir = feedback_dir();
  const std::string answer = write_temp_file("judge.ans", kSampleAnswers);
  const RunResult kattis = run_poker_stdin_file({"verify", "--kattis", kSample, answer, dir}, "/dev/zero");
  EXPECT_EQ(kattis.exit_status, 43) << kattis.err;
  EXPECT_EQ(read_whole_file(dir + "/teammessage.txt"),
            "wrong answer on instance 1 (output line 1): the token differs\n");
  const RunResult testlib = run_poker({"verify", "--testlib", kSample, "/dev/zero", answer});
  EXPECT_EQ(testlib.exit_status, 2) << testlib.err;
  EXPECT_EQ(testlib.err, "wrong output format on instance 1 (output line 1): a token over 32 MiB long\n");
}

// ---- testlib ----------------------------------------------------------------

TEST(TestlibChecker, RightOutputIsOkForEveryFormat) {
  for (const Case& c : every_format()) {
    SCOPED_TRACE(c.input);
    const RunResult result = testlib(c.format, c.input, expected_answers(c));
    EXPECT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(result.err, "ok " + std::to_string(c.instances) + (c.instances == 1 ? " instance\n" : " instances\n"));
  }
}

TEST(TestlibChecker, WrongMissingExtraBinaryAndEmptyOutputsAreWrongAnswers) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Player 1\nDraw\nDraw\n", "wrong answer on instance 2 (output line 2): the token differs\n"},
      {"Player 1\nPlayer 2\n", "wrong answer on instance 3 (output line 3): the output ends\n"},
      {kSampleAnswers + "Draw\n",
       "wrong answer at output line 4: the output goes on after the last answer with \"Draw\"\n"},
      {std::string("Player 1\n\0\xff\n", 12) + "Draw\n",
       "wrong answer on instance 2 (output line 2): the token differs\n"},
      {"", "wrong answer on instance 1 (output line 1): the output ends\n"},
      {"player 1\nPlayer 2\nDraw\n", "wrong answer on instance 1 (output line 1): the token differs\n"},
  };
  for (const auto& [output, line] : cases) {
    SCOPED_TRACE(output);
    const RunResult result = testlib({}, kSample, output);
    EXPECT_EQ(result.exit_status, 1);
    EXPECT_EQ(result.err, line);
  }
  const RunResult eval = testlib({"eval"}, "examples/eval.txt", "Hand 1 wins\n");
  EXPECT_EQ(eval.exit_status, 1);
  EXPECT_EQ(eval.err, "wrong answer on instance 1 (output line 1): the token differs\n");
}

// As testlib's wcmp: tokens between spaces, tabs, CRs and newlines; a byte
// order mark opening the output is skipped; --strict compares bytes.
TEST(TestlibChecker, LineEndsAndBlanksAreForgivenAsWcmpForgivesThem) {
  for (const std::string& output :
       {std::string("Player 1\r\nPlayer 2\r\nDraw\r\n"), std::string("Player 1 \nPlayer 2\t\nDraw"),
        std::string("Player 1 Player 2 Draw\n\n\n"), std::string("\xEF\xBB\xBFPlayer 1\nPlayer 2\nDraw\n")}) {
    SCOPED_TRACE(output);
    EXPECT_EQ(testlib({}, kSample, output).exit_status, 0);
    EXPECT_EQ(testlib({}, kSample, output, {"--strict"}).exit_status, 1);
  }
  // A vertical tab or a form feed is a token's byte to wcmp.
  EXPECT_EQ(testlib({}, kSample, "Player 1\v\nPlayer 2\nDraw\n").exit_status, 1);
}

// testlib's calling forms: a REPORT file, testlib's XML with -appes, the
// testset and group Polygon passes, and ejudge's statuses.
TEST(TestlibChecker, ReportFileAppesAndEjudgeStatuses) {
  const std::string output = write_temp_file("contestant.out", "Player 1\nDraw\nDraw\n");
  const std::string report = temp_path("report.txt");
  RunResult result =
      run_poker({"verify", "--testlib", "--testset", "tests", "--group", "1", kSample, output, output, report});
  EXPECT_EQ(result.exit_status, 1) << result.err;
  EXPECT_EQ(read_whole_file(report), "on instance 2 (output line 2): the token differs");
  result = run_poker({"verify", "--testlib", kSample, output, output, report, "-appes"});
  EXPECT_EQ(result.exit_status, 1) << result.err;
  EXPECT_EQ(read_whole_file(report),
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"wrong-answer\">on instance 2 "
            "(output line 2): the token differs</result>\n");
  EXPECT_EQ(run_poker({"verify", "--ejudge", "--testlib", kSample, output, output}).exit_status, 5);
  const std::string right = write_temp_file("right.out", kSampleAnswers);
  EXPECT_EQ(run_poker({"verify", "--ejudge", "--testlib", kSample, right, right}).exit_status, 0);
  EXPECT_EQ(run_poker({"verify", "--ejudge", "--testlib", kSample, temp_path("missing"), right}).exit_status, 4);
  EXPECT_EQ(run_poker({"verify", "--ejudge", "--testlib", "examples/invalid.txt", right, right}).exit_status, 6);
  result = run_poker({"verify", "--testlib", "examples/invalid.txt", right, right, report, "-appes"});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(
      read_whole_file(report).rfind("<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"fail\">", 0),
      0u);
}

TEST(TestlibChecker, InvalidInstanceFileIsACheckerFailure) {
  const RunResult result = testlib({}, "examples/invalid.txt", "Player 1\nDraw\n");
  EXPECT_EQ(result.exit_status, 3);
  const std::string error_line = read_whole_file(kSourceDir + "/examples/invalid.expected-error");
  EXPECT_EQ(result.err, "FAIL " + error_line.substr(std::string("poker: ").size()));
}

// testlib: an output that cannot be opened is the contestant's
// presentation error; the input or the answer file, a checker failure.
TEST(TestlibChecker, UnreadableOutputIsAPresentationErrorOtherFilesCheckerFailures) {
  const std::string missing = temp_path("missing");
  const std::string output = write_temp_file("contestant.out", kSampleAnswers);
  for (const Args& files : {Args{missing, output, output}, Args{kSample, output, missing}}) {
    SCOPED_TRACE(::testing::PrintToString(files));
    const RunResult result = run_poker(concat({"verify", "--testlib"}, files));
    EXPECT_EQ(result.exit_status, 3);
    EXPECT_EQ(result.err, "FAIL " + missing + ": cannot open: No such file or directory\n");
  }
  const RunResult result = run_poker({"verify", "--testlib", kSample, missing, output});
  EXPECT_EQ(result.exit_status, 2);
  EXPECT_EQ(result.err, "wrong output format " + missing + ": cannot open: No such file or directory\n");
}

TEST(TestlibChecker, VerdictLineQuotesTheExpectedAnswerOnlyWhenRevealed) {
  EXPECT_EQ(testlib({}, kSample, "Player 1\nDraw\nDraw\n").err,
            "wrong answer on instance 2 (output line 2): the token differs\n");
  EXPECT_EQ(testlib({}, kSample, "Player 1\nDraw\nDraw\n", {"--reveal-expected"}).err,
            "wrong answer on instance 2 (output line 2): expected \"Player\", found \"Draw\"\n");
  EXPECT_EQ(testlib({}, kSample, "Player 1\n", {"--reveal-expected"}).err,
            "wrong answer on instance 2 (output line 2): the output ends where the answers go on with \"Player\"\n");
}

// ---- Usage ------------------------------------------------------------------

// A usage error is a judge error: poker's status 2 for Kattis (neither 42
// nor 43), testlib's checker failure (3) where 2 is a presentation error.
TEST(CheckerProtocols, UsageErrorsAreJudgeErrors) {
  const std::string dir = feedback_dir();
  const std::string output = write_temp_file("contestant.out", kSampleAnswers);
  const std::vector<std::pair<Args, int>> cases = {
      {{"verify", "--kattis", kSample, output}, 2},
      {{"verify", "--kattis", kSample, output, dir, "--answers", output}, 2},
      {{"verify", "--kattis", kSample, output, dir, "-i", kSample}, 2},
      {{"verify", "--kattis", kSample, output, dir, "--json"}, 2},
      {{"verify", "--kattis", kSample, output, dir, "-o", temp_path("report")}, 2},
      {{"verify", "--kattis", "-", output, dir}, 2},
      {{"verify", "euler", "--kattis", kSample, output, dir, "extra"}, 2},
      {{"verify", "--kattis", kSample, output, dir, "float_tolerance"}, 2},
      {{"verify", "--case-sensitive", "-i", kSample, "--answers", output}, 2},
      {{"verify", "--ejudge", "-i", kSample, "--answers", output}, 2},
      {{"verify", "--ejudge", "--testlib", kSample, output}, 6},
      {{"verify", "--reveal-expected", "-i", kSample, "--answers", output}, 2},
      {{"verify", "--kattis", kSample, output, dir, "--gradescope", dir}, 2},
      {{"verify", "--testlib", kSample, output}, 3},
      {{"verify", "--testlib", kSample, output, output, "--answers", output}, 3},
      {{"verify", "--testlib", kSample, output, output, "--kattis", kSample, output, dir}, 3},
      {{"verify", "--testlib", kSample, output, output, "--no-such-option"}, 3},
  };
  for (const auto& [args, status] : cases) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args, kSampleAnswers);
    EXPECT_EQ(result.exit_status, status) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err.rfind("poker: ", 0), 0u) << result.err;
  }
  EXPECT_EQ(file_or_none(dir + "/judgemessage.txt"), "<none>");  // nothing written before the command line is whole
}

TEST(CheckerProtocols, HelpListsTheOptionsWithTheirOperands) {
  const RunResult help = run_poker({"verify", "euler", "--help"});
  EXPECT_EQ(help.exit_status, 0);
  EXPECT_NE(help.out.find("--kattis INPUT JUDGE_ANSWER FEEDBACK_DIR"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--testlib INPUT OUTPUT ANSWER"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--reveal-expected"), std::string::npos) << help.out;
}

}  // namespace
}  // namespace poker::e2e
