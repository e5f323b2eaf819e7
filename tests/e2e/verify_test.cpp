// `poker verify` (docs/grading.md): the judge's answers
// compared with a candidate's, as a grader runs it. The candidate is given
// as a file or through a pipe (`--answers -`); every report must be the same
// for any thread count and chunk size.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/subprocess.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

const std::string kSample = "examples/sample.txt";
const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";

// The report and status of `poker verify ARGS -i INPUT --answers CANDIDATE`,
// the same through every path (candidate as a file or on stdin, -j 1 or 2,
// tiny or default chunks); checked here, returned for the caller to check.
// The OK line names the candidate: CANDIDATE here, whatever its path.
RunResult named(RunResult result, const std::string& name) {
  const std::string ok = "OK: " + name + ": ";
  if (result.out.rfind(ok, 0) == 0) result.out = "OK: CANDIDATE: " + result.out.substr(ok.size());
  return result;
}

RunResult verify(const Args& args, const std::string& input_path, const std::string& candidate) {
  const std::string candidate_path = write_temp_file("candidate.txt", candidate);
  const Args base = concat(concat(Args{"verify"}, args), {"-i", input_path});
  const RunResult first = named(run_poker(concat(base, {"--answers", candidate_path, "-j", "2"})), candidate_path);
  EXPECT_FALSE(first.timed_out);
  for (const Args& tuning : {Args{"-j", "1"}, Args{"-j", "2", "--chunk-size", "7"}, Args{"--chunk-size", "1"}}) {
    SCOPED_TRACE("options: " + ::testing::PrintToString(tuning));
    const RunResult from_file =
        named(run_poker(concat(concat(base, tuning), {"--answers", candidate_path})), candidate_path);
    EXPECT_EQ(from_file.out, first.out);
    EXPECT_EQ(from_file.err, first.err);
    EXPECT_EQ(from_file.exit_status, first.exit_status);
    const RunResult from_pipe =
        named(run_poker(concat(concat(base, tuning), {"--answers", "-"}), candidate), "<stdin>");
    EXPECT_EQ(from_pipe.out, first.out);
    EXPECT_EQ(from_pipe.err, first.err);
    EXPECT_EQ(from_pipe.exit_status, first.exit_status);
  }
  return first;
}

void expect_report(const RunResult& result, int status, const std::string& report) {
  EXPECT_EQ(result.out, report);
  EXPECT_EQ(result.exit_status, status) << result.err;
  EXPECT_EQ(result.err, "");
}

TEST(Verify, IdenticalAnswersAreStatusZero) {
  expect_report(verify({}, kSample, kSampleAnswers), 0, "OK: CANDIDATE: the answers to all 3 instances match\n");
  expect_report(verify({"--all"}, kSample, kSampleAnswers), 0,
                "OK: CANDIDATE: the answers to all 3 instances match\ncompared 3 instances: 3 right, 0 wrong, 0 "
                "missing, 0 extra lines\n");
}

// A last print() of an empty line once made every option fail the output:
// blank lines after the answers are trailing blanks too.
TEST(Verify, IgnoreTrailingSpaceForgivesBlankLinesAfterTheAnswers) {
  const std::string blank_lines = kSampleAnswers + "\n \t\n\n";
  EXPECT_EQ(verify({}, kSample, blank_lines).exit_status, 4);
  expect_report(verify({"--ignore-trailing-space"}, kSample, blank_lines), 0,
                "OK: CANDIDATE: the answers to all 3 instances match\n");
  EXPECT_EQ(verify({"--ignore-trailing-space"}, kSample, kSampleAnswers + "\nDraw\n").exit_status, 4);
}

TEST(Verify, NoInstancesNoAnswers) {
  const std::string blank = write_temp_file("blank.txt", "\n \n");
  expect_report(verify({}, blank, ""), 0, "OK: CANDIDATE: there are no instances, and the candidate has no answers\n");
  expect_report(verify({}, blank, "Draw\n"), 4,
                "EXTRA LINES: the candidate goes on after the last expected answer, from line 1\n"
                "got:\n"
                "  1 | Draw\n");
}

TEST(Verify, FirstMismatchInTheMiddle) {
  expect_report(verify({}, kSample, "Player 1\nDraw\nPlayer 1\n"), 4,
                "MISMATCH at instance 2 (input line 4, answer line 2)\n"
                "instance:\n"
                "  4 | Ks Qd\n"
                "  5 | 8c 8h\n"
                "  6 | 2s 8d Ad 4c Jh\n"
                "expected:\n"
                "  2 | Player 2\n"
                "got:\n"
                "  2 | Draw\n"
                "first difference: line 2, column 1: expected 'P', got 'D'\n");
}

TEST(Verify, OptionsStandBeforeOrAfterVerify) {
  const std::string candidate = write_temp_file("candidate.txt", "Player 1\nDraw\nDraw\n");
  const RunResult after = run_poker({"verify", "-i", kSample, "--answers", candidate, "-j", "1"});
  const RunResult before = run_poker({"-j", "1", "-i", kSample, "verify", "--answers", candidate});
  EXPECT_EQ(after.exit_status, 4);
  EXPECT_EQ(before.exit_status, 4);
  EXPECT_EQ(before.out, after.out);
}

TEST(Verify, NonPrintableBytesAndMissingNewlineAreShown) {
  expect_report(verify({}, kSample, "Player 1\nPlayer 2\nDr\x01\\w"), 4,
                "MISMATCH at instance 3 (input line 7, answer line 3)\n"
                "instance:\n"
                "  7 | 2c 3c\n"
                "  8 | 4d 5d\n"
                "  9 | As Ks Qs Js Ts\n"
                "expected:\n"
                "  3 | Draw\n"
                "got:\n"
                "  3 | Dr\\x01\\x5cw (no newline at the end)\n"
                "first difference: line 3, column 3: expected 'a', got '\\x01'\n");
  expect_report(verify({}, kSample, "Player 1\nPlayer 2\nDraw"), 4,
                "MISMATCH at instance 3 (input line 7, answer line 3)\n"
                "instance:\n"
                "  7 | 2c 3c\n"
                "  8 | 4d 5d\n"
                "  9 | As Ks Qs Js Ts\n"
                "expected:\n"
                "  3 | Draw\n"
                "got:\n"
                "  3 | Draw (no newline at the end)\n"
                "note: the wrong line differs from the expected one only by blanks at the end or a missing final "
                "newline; --ignore-trailing-space forgives that\n");
}

TEST(Verify, MissingAnswers) {
  expect_report(verify({}, kSample, "Player 1\n"), 4,
                "MISSING ANSWERS: the candidate ends after 1 answer (1 line); expected the answer to instance 2 "
                "(input line 4, answer line 2)\n"
                "instance:\n"
                "  4 | Ks Qd\n"
                "  5 | 8c 8h\n"
                "  6 | 2s 8d Ad 4c Jh\n"
                "expected:\n"
                "  2 | Player 2\n"
                "got:\n"
                "  (the candidate ends here)\n");
  const RunResult empty = verify({}, kSample, "");
  EXPECT_EQ(empty.exit_status, 4);
  EXPECT_EQ(empty.out.rfind("MISSING ANSWERS: the candidate ends after 0 answers (0 lines); expected the answer to "
                            "instance 1 (input line 1, answer line 1)\n",
                            0),
            0u)
      << empty.out;
}

TEST(Verify, ExtraLines) {
  expect_report(verify({}, kSample, kSampleAnswers + "Draw\nPlayer 9\n\n\nmore\n"), 4,
                "EXTRA LINES: the candidate goes on after the last expected answer, from line 4\n"
                "got:\n"
                "  4 | Draw\n"
                "  5 | Player 9\n"
                "  6 | \n");
  expect_report(verify({}, kSample, kSampleAnswers + "\n"), 4,
                "EXTRA LINES: the candidate goes on after the last expected answer, from line 4\n"
                "got:\n"
                "  4 | \n");
  // --all counts them all, a last line without its newline included.
  expect_report(verify({"--all"}, kSample, kSampleAnswers + "Draw\nPlayer 9\n\n\nmore\nand more"), 4,
                "EXTRA LINES: the candidate goes on after the last expected answer, from line 4\n"
                "got:\n"
                "  4 | Draw\n"
                "  5 | Player 9\n"
                "  6 | \n"
                "compared 3 instances: 3 right, 0 wrong, 0 missing, 6 extra lines\n");
}

// An instance file that does not judge cleanly is the grader's error: the
// judge's own message (and hint) and status 1, no verdict, whatever the
// candidate holds: the right prefix, an answer to the invalid instance, too
// few answers, a first answer wrong before an error further on.
TEST(Verify, InvalidInstancesAreTheGradersErrorWithTheJudgesMessage) {
  const std::string input = write_temp_file("invalid.txt",
                                            "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n"
                                            "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n"
                                            "2c 3c\n4d 5x\nAs Ks Qs Js Ts\n");
  const RunResult judged = run_poker({"-i", input});
  ASSERT_EQ(judged.exit_status, 1);
  for (const std::string candidate :
       {"Player 1\nPlayer 2\n", "Player 1\nPlayer 2\nDraw\n", "Player 1\n", "Draw\n", ""}) {
    for (const Args& mode : {Args{}, Args{"--all"}, Args{"--json"}, Args{"-q"}}) {
      SCOPED_TRACE(::testing::PrintToString(mode) + ", candidate " + ::testing::PrintToString(candidate));
      const RunResult result = verify(mode, input, candidate);
      EXPECT_EQ(result.exit_status, 1);
      EXPECT_EQ(result.out, "");
      EXPECT_EQ(result.err, judged.err);
    }
  }
}

// `poker verify 3` on a two-player file: the judge's player-count hint,
// status 1, before any candidate line is compared.
TEST(Verify, WrongPlayerCountIsTheGradersErrorWithTheJudgesHint) {
  const RunResult judged = run_poker({"3", kSample});
  ASSERT_EQ(judged.exit_status, 1);
  ASSERT_NE(judged.err.find("hint"), std::string::npos) << judged.err;
  for (const Args& mode : {Args{}, Args{"--all", "--json"}}) {
    const RunResult result = verify(concat({"3"}, mode), kSample, kSampleAnswers);
    EXPECT_EQ(result.exit_status, 1);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err, judged.err);
  }
}

// An invalid first instance gives the judge's error without a read of the
// candidate: a candidate pipe that stays open and silent (a student's
// program that hangs) does not hold the grader's error back.
TEST(Verify, InvalidFirstInstanceDoesNotWaitForTheCandidate) {
  testing::SpawnOptions options;
  options.args = {"verify", "3", "-i", kSample, "--answers", "-"};
  options.working_directory = kSourceDir;
  testing::Subprocess poker(kBinary, options);  // its stdin stays open, and nothing is written to it
  const testing::Milliseconds deadline{60000};
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(poker.read_stdout_line(deadline).has_value());  // stdout closes: the program has ended
  EXPECT_LT(std::chrono::steady_clock::now() - start, deadline) << "verify waited for the candidate";
  const RunResult result = poker.wait(deadline);
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.err, run_poker({"3", kSample}).err);
}

// A CRLF candidate is wrong on every line; the report says why, and names
// the option that forgives it.
TEST(Verify, CrlfCandidateGetsANoteNamingStripTrailingCr) {
  const std::string crlf = "Player 1\r\nPlayer 2\r\nDraw\r\n";
  const RunResult all = verify({"--all"}, kSample, crlf);
  EXPECT_EQ(all.exit_status, 4);
  const std::string tail =
      "compared 3 instances: 0 right, 3 wrong, 0 missing, 0 extra lines\n"
      "note: all 3 wrong lines differ from the expected ones only by a CR at their end (CRLF line ends); "
      "--strip-trailing-cr forgives that\n";
  ASSERT_GE(all.out.size(), tail.size());
  EXPECT_EQ(all.out.substr(all.out.size() - tail.size()), tail) << all.out;
  const RunResult first = verify({}, kSample, crlf);
  EXPECT_NE(first.out.find("first difference: line 1, column 9: expected the end of the line, got a CR (\\r)\n"
                           "note: the wrong line differs from the expected one only by a CR at its end (a CRLF line "
                           "end); --strip-trailing-cr forgives that\n"),
            std::string::npos)
      << first.out;
  const std::string crlf_path = write_temp_file("crlf.txt", crlf);
  EXPECT_NE(run_poker({"verify", "--all", "--json", "-i", kSample, "--answers", crlf_path})
                .out.find("\"wrong_lines_forgiven_by\":\"--strip-trailing-cr\""),
            std::string::npos);
  expect_report(verify({"--strip-trailing-cr"}, kSample, crlf), 0,
                "OK: CANDIDATE: the answers to all 3 instances match\n");
  // Blanks after the answers: the other option.
  const RunResult blanks = verify({"--all"}, kSample, "Player 1  \nPlayer 2\t\nDraw\n");
  EXPECT_NE(blanks.out.find("note: all 2 wrong lines differ from the expected ones only by blanks at the end or a "
                            "missing final newline; --ignore-trailing-space forgives that\n"),
            std::string::npos)
      << blanks.out;
  // A line wrong for another reason: no note.
  EXPECT_EQ(verify({"--all"}, kSample, "Player 1\r\nPlayer 2\r\nPlayer 1\r\n").out.find("note:"), std::string::npos);
}

TEST(Verify, VerboseNamesTheCandidate) {
  const RunResult result = run_poker({"verify", "-v", "-i", kSample, "--answers", "examples/sample.expected"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.err.find(" bytes, candidate examples/sample.expected, input examples/sample.txt ("),
            std::string::npos)
      << result.err;
}

// Random instances and the reference's answers, with the answers of the
// instances `wrong` (0-based) changed.
struct Graded {
  std::string input_path;
  std::string answers;
  std::string candidate;
};

Graded graded(std::size_t count, const std::vector<std::size_t>& wrong, bool explain, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const Dataset data = make_dataset(2, random_instances(2, count, rng), Blanks::kCanonical, rng, explain);
  Graded result{write_temp_file("instances.txt", data.input), data.answers, {}};
  std::size_t from = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::string answer = data.answers.substr(from, data.answer_ends[i] - from);
    from = data.answer_ends[i];
    if (std::find(wrong.begin(), wrong.end(), i) != wrong.end()) {
      // The last line, the verdict, turned into another one.
      const std::size_t last = answer.rfind('\n', answer.size() - 2) + 1;
      answer = answer.substr(0, last) + (answer.substr(last) == "Draw\n" ? "Player 1\n" : "Draw\n");
    }
    result.candidate += answer;
  }
  return result;
}

TEST(Verify, AllCountsEveryMismatch) {
  const Graded data = graded(300, {2, 50, 51, 299}, false, 7);
  const RunResult all = verify({"--all"}, data.input_path, data.candidate);
  EXPECT_EQ(all.exit_status, 4) << all.err;
  EXPECT_EQ(all.out.rfind("MISMATCH at instance 3 (input line 7, answer line 3)\n", 0), 0u) << all.out;
  for (const char* heading : {"MISMATCH at instance 51 (input line 151, answer line 51)\n",
                              "MISMATCH at instance 52 (input line 154, answer line 52)\n",
                              "MISMATCH at instance 300 (input line 898, answer line 300)\n"}) {
    EXPECT_NE(all.out.find(heading), std::string::npos) << heading << all.out;
  }
  EXPECT_NE(all.out.find("\ncompared 300 instances: 296 right, 4 wrong, 0 missing, 0 extra lines\n"), std::string::npos)
      << all.out;
  EXPECT_EQ(all.out.find("more mismatching"), std::string::npos) << all.out;
  // Without --all, the first one only.
  const RunResult first = verify({}, data.input_path, data.candidate);
  EXPECT_EQ(first.exit_status, 4);
  EXPECT_EQ(first.out.find("instance 51"), std::string::npos) << first.out;
  EXPECT_EQ(first.out.find("compared"), std::string::npos) << first.out;
}

TEST(Verify, AllListsTheFirstFewAndCountsTheRest) {
  std::vector<std::size_t> wrong;
  for (std::size_t i = 10; i < 200; i += 10) wrong.push_back(i);  // 19 instances
  const Graded data = graded(200, wrong, false, 8);
  // And the candidate ends two answers early.
  const std::string candidate = data.candidate.substr(0, data.candidate.size() - 1);
  const std::size_t cut = candidate.rfind('\n', candidate.rfind('\n') - 1) + 1;
  const RunResult all = verify({"--all"}, data.input_path, candidate.substr(0, cut));
  EXPECT_EQ(all.exit_status, 4);
  std::size_t listed = 0;
  for (std::size_t at = all.out.find("MISMATCH at"); at != std::string::npos;
       at = all.out.find("MISMATCH at", at + 1)) {
    ++listed;
  }
  EXPECT_EQ(listed, 5u) << all.out;
  EXPECT_NE(
      all.out.find("... and 16 more mismatching instances\ncompared 200 instances: 179 right, 19 wrong, 2 missing, "
                   "0 extra lines\n"),
      std::string::npos)
      << all.out;
}

TEST(Verify, ExplainModeReportsTheInstanceOfTheFirstDifferingLine) {
  const Graded data = graded(120, {77}, true, 9);
  const RunResult result = verify({"-e"}, data.input_path, data.candidate);
  EXPECT_EQ(result.exit_status, 4) << result.err;
  // Three lines per instance: instance 78's answers are lines 232..234; the
  // explain lines agree, the verdict (line 234) differs.
  EXPECT_EQ(result.out.rfind("MISMATCH at instance 78 (input line 232, answer line 232)\ninstance:\n  232 | ", 0), 0u)
      << result.out;
  EXPECT_NE(result.out.find("expected:\n  232 | Player 1: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("got:\n  232 | Player 1: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\n  234 | "), std::string::npos) << result.out;
  expect_report(verify({"-e"}, data.input_path, data.answers), 0,
                "OK: CANDIDATE: the answers to all 120 instances match\n");
  // Without -e the explain lines are not answers.
  EXPECT_EQ(verify({}, data.input_path, data.answers).exit_status, 4);
}

TEST(Verify, EvalHasThreeLinesPerInstance) {
  const std::string expected = read_whole_file(kSourceDir + "/examples/eval.expected");
  expect_report(verify({"eval"}, "examples/eval.txt", expected), 0,
                "OK: CANDIDATE: the answers to all 4 instances match\n");
  // A candidate with a line too few in instance 2: the line is missing, and
  // the comparison goes on one line earlier.
  const std::size_t second_line = expected.find('\n') + 1;
  const std::size_t fourth_line = expected.find('\n', expected.find('\n', second_line) + 1) + 1;
  const std::string candidate = expected.substr(0, fourth_line) + expected.substr(expected.find('\n', fourth_line) + 1);
  const RunResult result = verify({"eval"}, "examples/eval.txt", candidate);
  EXPECT_EQ(result.exit_status, 4);
  EXPECT_EQ(result.out.rfind("MISSING LINE: the candidate lacks answer line 4 (instance 2, input line 2); from there "
                             "on the candidate matches 1 line earlier\n",
                             0),
            0u)
      << result.out;
  const RunResult all = verify({"eval", "--all"}, "examples/eval.txt", candidate);
  EXPECT_NE(all.out.find("compared 4 instances: 3 right, 1 wrong, 0 missing, 0 extra lines\n"), std::string::npos)
      << all.out;
}

TEST(Verify, EulerSummary) {
  const std::string summary = read_whole_file(kSourceDir + "/examples/euler.summary.expected");
  expect_report(verify({"euler", "--summary"}, "examples/euler.txt", summary), 0,
                "OK: CANDIDATE: the answers to all 6 instances match\n");
  expect_report(verify({"euler", "--summary"}, "examples/euler.txt", "Player 1: 3\nPlayer 2: 3\nDraw: 0\n"), 4,
                "MISMATCH in the summary (answer line 2)\n"
                "expected:\n"
                "  1 | Player 1: 3\n"
                "  2 | Player 2: 2\n"
                "  3 | Draw: 1\n"
                "got:\n"
                "  1 | Player 1: 3\n"
                "  2 | Player 2: 3\n"
                "  3 | Draw: 0\n"
                "first difference: line 2, column 11: expected '2', got '3'\n");
  const std::string answers = read_whole_file(kSourceDir + "/examples/euler.expected");
  expect_report(verify({"euler"}, "examples/euler.txt", answers), 0,
                "OK: CANDIDATE: the answers to all 6 instances match\n");
}

// The summary is shown whole, but its heading and the first difference name
// the line that differs, not the summary's first line.
TEST(Verify, SummaryMismatchNamesTheLineThatDiffers) {
  expect_report(verify({"euler", "--summary"}, "examples/euler.txt", "Player 1: 3\nPlayer 2: 2\nDraw: 2\n"), 4,
                "MISMATCH in the summary (answer line 3)\n"
                "expected:\n"
                "  1 | Player 1: 3\n"
                "  2 | Player 2: 2\n"
                "  3 | Draw: 1\n"
                "got:\n"
                "  1 | Player 1: 3\n"
                "  2 | Player 2: 2\n"
                "  3 | Draw: 2\n"
                "first difference: line 3, column 7: expected '1', got '2'\n");
}

// A candidate that ends where the summary should start, or inside it, got
// an empty report (poker_fuzz_verify's input "C").
TEST(Verify, ASummaryTheCandidateLacksIsReported) {
  expect_report(verify({"euler", "--summary"}, "examples/euler.txt", ""), 4,
                "MISMATCH in the summary (answer line 1)\n"
                "expected:\n"
                "  1 | Player 1: 3\n"
                "  2 | Player 2: 2\n"
                "  3 | Draw: 1\n"
                "got:\n"
                "  (the candidate ends here)\n");
  expect_report(verify({"euler", "--summary"}, "examples/euler.txt", "Player 1: 3\n"), 4,
                "MISMATCH in the summary (answer line 2)\n"
                "expected:\n"
                "  2 | Player 2: 2\n"
                "  3 | Draw: 1\n"
                "got:\n"
                "  (the candidate ends here)\n");
}

TEST(Verify, HugeCandidateStreamedThroughAPipe) {
  // About 3 MB of instances and 1 MB of answers: many chunks, many reads.
  const Graded data = graded(100000, {99990}, false, 10);
  for (const Args& tuning : {Args{"-j", "1"}, Args{"-j", "2", "--chunk-size", "4K"}}) {
    SCOPED_TRACE(::testing::PrintToString(tuning));
    const RunResult same = named(
        run_poker(concat(Args{"verify", "-i", data.input_path, "--answers", "-"}, tuning), data.answers), "<stdin>");
    expect_report(same, 0, "OK: CANDIDATE: the answers to all 100000 instances match\n");
    const RunResult wrong =
        run_poker(concat(Args{"verify", "-i", data.input_path, "--answers", "-"}, tuning), data.candidate);
    EXPECT_EQ(wrong.exit_status, 4);
    EXPECT_EQ(wrong.out.rfind("MISMATCH at instance 99991 (input line 299971, answer line 99991)\n", 0), 0u)
        << wrong.out;
  }
}

// A candidate larger than the memory bound, through a pipe, against a
// mapped instance file four times its size: compared as it streams. (Under
// sanitizers, whose bound is larger, a tenth of it: the same paths, faster.)
TEST(Verify, CandidateLargerThanTheMemoryBoundIsStreamed) {
  // The sample's 3 instances repeated: 15 M instances, 405 MB, and 115 MB of answers.
  constexpr long kRepeats = kUnderSanitizer ? 500'000 : 5'000'000;
  std::string instances;
  std::string answers;
  const std::string sample = read_whole_file(kSourceDir + "/" + kSample);
  for (int i = 0; i < 10'000; ++i) {
    instances += sample;
    answers += kSampleAnswers;
  }
  std::string input;
  for (long written = 0; written < kRepeats; written += 10'000) input += instances;
  const std::string input_path = write_temp_file("huge-instances.txt", input);
  input.clear();
  input.shrink_to_fit();
  testing::Subprocess poker(kBinary,
                            testing::SpawnOptions{{"verify", "-i", input_path, "--answers", "-"}, kSourceDir, {}, {}});
  std::uint64_t fed = 0;
  for (long written = 0; written < kRepeats && poker.write_stdin(answers, testing::Milliseconds{120000});
       written += 10'000) {
    fed += answers.size();
  }
  const RunResult result = poker.wait(testing::Milliseconds{120000});
  EXPECT_EQ(fed, static_cast<std::uint64_t>(kRepeats / 10'000) * answers.size());
  expect_report(named(result, "<stdin>"), 0,
                "OK: CANDIDATE: the answers to all " + std::to_string(3 * kRepeats) + " instances match\n");
  EXPECT_LT(result.max_rss_kib, kMemoryBoundKib);
  ::unlink(input_path.c_str());
}

TEST(Verify, UnreadableCandidateIsAnIoError) {
  const std::string missing = temp_path("missing.txt");
  const RunResult result = run_poker({"verify", "-i", kSample, "--answers", missing});
  EXPECT_EQ(result.exit_status, 3);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "poker: " + missing + ": cannot open: No such file or directory\n");
  const RunResult directory = run_poker({"verify", "-i", kSample, "--answers", temp_directory()});
  EXPECT_EQ(directory.exit_status, 3);
  EXPECT_EQ(directory.err, "poker: " + temp_directory() + ": cannot open: Is a directory\n");
  const RunResult instances = run_poker({"verify", "-i", missing, "--answers", "examples/sample.expected"});
  EXPECT_EQ(instances.exit_status, 3);
  EXPECT_EQ(instances.err, "poker: " + missing + ": cannot open: No such file or directory\n");
}

TEST(Verify, UsageErrors) {
  for (const Args& args : {Args{"verify", "-i", kSample}, Args{"verify", "--answers", "-"},
                           Args{"verify", "euler", "-e", "-i", kSample, "--answers", "x"},
                           Args{"verify", "3", "eval", "-i", kSample, "--answers", "x"},
                           Args{"verify", "3", "-p", "3", "-i", kSample, "--answers", "x"}, Args{"euler", "verify"},
                           Args{"--answers", "x", "-i", kSample}, Args{"verify", "--all", "--answers"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    const RunResult result = run_poker(args, kSampleAnswers);
    EXPECT_EQ(result.exit_status, 2) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(result.err.rfind("poker: ", 0), 0u) << result.err;
  }
}

// The chunk size is a tuning option: verify's report, text or JSON, with or
// without --all, and its status must not depend on it. Two ways it could:
// the note "(or that to instance N, the same answer)" must come whether the
// answers before the missing one were compared line by line or in one memcmp
// of a whole chunk; and without --all the JSON counts must not take in
// whatever the chunk held past the candidate's end.
TEST(Verify, ReportIsTheSameForEveryChunkSize) {
  // 90 instances whose answers come in runs of equal ones.
  const std::string kinds[] = {"Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n", "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n",
                               "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n"};
  const std::string answers[] = {"Player 1", "Player 2", "Draw"};
  const int runs[] = {2, 3, 1, 1, 4, 2, 2, 3, 1, 2, 4, 1, 3, 2, 2, 1, 3, 4, 2, 1};
  std::string instances;
  std::vector<std::string> expected;
  for (std::size_t i = 0; expected.size() < 90; ++i) {
    for (int n = 0; n < runs[i % std::size(runs)] && expected.size() < 90; ++n) {
      instances += kinds[i % 3];
      expected.push_back(answers[i % 3]);
    }
  }
  const std::string input = write_temp_file("runs.txt", instances);
  const auto joined = [](const std::vector<std::string>& lines, std::size_t without = SIZE_MAX) {
    std::string text;
    for (std::size_t i = 0; i < lines.size(); ++i) text += i == without ? "" : lines[i] + "\n";
    return text;
  };
  std::vector<std::string> changed = expected;
  changed[10] = "Player 3";
  std::vector<std::string> candidates = {
      joined(expected, 4),                                // missing, the third of a run of equal answers
      joined(changed, 83),                                // wrong in step, then missing in a run, 72 lines on
      joined({expected.begin(), expected.begin() + 50}),  // ends early
      joined(expected) + "Draw\n",                        // an extra line at the end
  };
  std::vector<std::string> with_extra = expected;
  with_extra.insert(with_extra.begin() + 40, "Tie");
  candidates.push_back(joined(with_extra));
  candidates.push_back(joined(expected));

  std::vector<std::string> chunk_sizes;
  for (int size = 1; size <= 64; ++size) chunk_sizes.push_back(std::to_string(size));
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const std::string candidate = write_temp_file("candidate.txt", candidates[c]);
    const Args modes[] = {{}, {"--json"}, {"--all"}, {"--all", "--json"}, {"-q"}};
    for (std::size_t m = 0; m < std::size(modes); ++m) {
      const Args& mode = modes[m];
      const Args base = concat(concat(Args{"verify", "-i", input, "--answers", candidate}, mode), {"-j", "2"});
      const RunResult whole = run_poker(base);
      EXPECT_EQ(whole.exit_status, c + 1 == candidates.size() ? 0 : 4) << whole.err;
      // One size in seven, a different one for each mode and candidate,
      // keeps the runs few; together they cover every size.
      for (std::size_t k = (c * std::size(modes) + m) % 7; k < chunk_sizes.size(); k += 7) {
        const RunResult chunked = run_poker(concat(base, {"--chunk-size", chunk_sizes[k]}));
        ASSERT_EQ(chunked.out, whole.out)
            << "--chunk-size " << chunk_sizes[k] << " " << ::testing::PrintToString(mode) << ", candidate " << c;
        ASSERT_EQ(chunked.err, whole.err);
        ASSERT_EQ(chunked.exit_status, whole.exit_status);
      }
    }
  }
}

TEST(Verify, HelpDocumentsTheExitStatuses) {
  for (const Args& args : {Args{"verify", "--help"}, Args{"verify", "euler", "--help"}}) {
    const RunResult result = run_poker(args);
    EXPECT_EQ(result.exit_status, 0);
    EXPECT_NE(result.out.find("--answers"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--all"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("4 they differ"), std::string::npos) << result.out;
  }
  // The main help names verify's own status beside what verify does, in a
  // sentence the help may wrap anywhere.
  std::string main_help = run_poker({"--help"}).out;
  std::replace(main_help.begin(), main_help.end(), '\n', ' ');
  EXPECT_NE(main_help.find("instead of printing them (status 4 when they differ)"), std::string::npos) << main_help;
}

}  // namespace
}  // namespace poker::e2e
