// `poker verify` as graders loop over students: answers aligned
// as diff aligns them, the lenient options, -q, the candidate named in the
// OK line, --json parsed by a JSON reader, and bad candidate files. The
// instances come from `poker generate`.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "e2e_helpers.h"
#include "support/subprocess.h"
#include "support/text_lines.h"

namespace poker::e2e {
namespace {

using Args = std::vector<std::string>;

// A term's worth of instances and their right answers, made once.
struct Term {
  std::string instances;
  std::string answers;
  std::vector<std::string> lines;  // the answers, line by line (without newlines)
};

const Term& term() {
  static const Term made = [] {
    Term t;
    t.instances = temp_path("term.txt");
    EXPECT_EQ(run_poker({"generate", "-n", "1000", "--seed", "4", "-o", t.instances}).exit_status, 0);
    t.answers = run_poker({"-i", t.instances}).out;
    t.lines = testing::split_lines(t.answers);
    return t;
  }();
  return made;
}

std::string joined(const std::vector<std::string>& lines, const std::string& end = "\n") {
  std::string text;
  for (const std::string& line : lines) text += line + end;
  return text;
}

RunResult verify_candidate(const std::string& candidate, const Args& more = {}) {
  const std::string path = write_temp_file("candidate.txt", candidate);
  return run_poker(concat({"verify", "-i", term().instances, "--answers", path}, more));
}

TEST(VerifyAlignment, MissingAnswerCostsOneInstanceAndResynchronises) {
  std::vector<std::string> lines = term().lines;
  lines.erase(lines.begin() + 499);  // sed '500d'
  const RunResult first = verify_candidate(joined(lines));
  EXPECT_EQ(first.exit_status, 4);
  EXPECT_EQ(first.out.rfind("MISSING ANSWER: the answer to instance ", 0), 0u) << first.out;
  EXPECT_NE(first.out.find("is missing"), std::string::npos);
  EXPECT_NE(first.out.find("from there on the candidate matches 1 line earlier\n"), std::string::npos) << first.out;
  const RunResult all = verify_candidate(joined(lines), {"--all"});
  EXPECT_EQ(all.exit_status, 4);
  EXPECT_NE(all.out.find("compared 1000 instances: 999 right, 0 wrong, 1 missing, 0 extra lines\n"), std::string::npos)
      << all.out;
}

TEST(VerifyAlignment, ExtraAnswerIsReportedAndResynchronises) {
  std::vector<std::string> lines = term().lines;
  lines.insert(lines.begin() + 500, "Player 9");
  const RunResult all = verify_candidate(joined(lines), {"--all"});
  EXPECT_EQ(all.exit_status, 4);
  EXPECT_EQ(all.out.rfind("EXTRA LINE: the candidate's line 501 answers no instance (before the answer to instance "
                          "501); from there on the candidate matches 1 line later\n",
                          0),
            0u)
      << all.out;
  EXPECT_NE(all.out.find("compared 1000 instances: 1000 right, 0 wrong, 0 missing, 1 extra line\n"), std::string::npos)
      << all.out;
}

TEST(VerifyAlignment, SeveralGapsAreEachFound) {
  std::vector<std::string> lines = term().lines;
  lines.insert(lines.begin() + 700, "Draw");
  lines.erase(lines.begin() + 300, lines.begin() + 303);  // answers 301..303
  lines.erase(lines.begin() + 99);                        // answer 100
  const RunResult all = verify_candidate(joined(lines), {"--all"});
  EXPECT_NE(all.out.find("compared 1000 instances: 996 right, 0 wrong, 4 missing, 1 extra line\n"), std::string::npos)
      << all.out;
  // Among equal answers diff cannot tell which is missing; the report says so.
  EXPECT_NE(all.out.find("MISSING ANSWERS: the answers to instances 30"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("from there on the candidate matches 4 lines earlier"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("EXTRA LINE: the candidate's line 697 answers no instance"), std::string::npos) << all.out;
}

// Wrong answers every 10 lines are no shift: they stay wrong answers in
// step, not missing and extra ones.
TEST(VerifyAlignment, DenseWrongAnswersStayInStep) {
  std::vector<std::string> lines = term().lines;
  for (std::size_t i = 9; i < lines.size(); i += 10) lines[i] = lines[i] == "Draw" ? "Player 1" : "Draw";
  const RunResult all = verify_candidate(joined(lines), {"--all"});
  EXPECT_NE(all.out.find("compared 1000 instances: 900 right, 100 wrong, 0 missing, 0 extra lines\n"),
            std::string::npos)
      << all.out;
}

TEST(VerifyAlignment, FirstDifferingColumnNamesBlanks) {
  std::vector<std::string> lines = term().lines;
  lines[6] += " ";
  const RunResult space = verify_candidate(joined(lines));
  EXPECT_NE(space.out.find("first difference: line 7, column 9: expected the end of the line, got a space\n"),
            std::string::npos)
      << space.out;
  const RunResult crlf = verify_candidate(joined(term().lines, "\r\n"));
  EXPECT_EQ(crlf.exit_status, 4);
  EXPECT_NE(crlf.out.find("  1 | " + term().lines[0] + "\\x0d\n"), std::string::npos) << crlf.out;
  EXPECT_NE(crlf.out.find(": expected the end of the line, got a CR (\\r)\n"), std::string::npos) << crlf.out;
  lines = term().lines;
  lines[2] = "Player\t1";
  EXPECT_NE(verify_candidate(joined(lines)).out.find("column 7: expected a space, got a tab (\\t)\n"),
            std::string::npos);
}

TEST(VerifyAlignment, LenientOptionsAreOffByDefault) {
  const std::string crlf = joined(term().lines, "\r\n");
  EXPECT_EQ(verify_candidate(crlf).exit_status, 4);
  EXPECT_EQ(verify_candidate(crlf, {"--strip-trailing-cr"}).exit_status, 0);
  EXPECT_EQ(verify_candidate(crlf, {"--ignore-trailing-space"}).exit_status, 0);
  const std::string spaces = joined(term().lines, " \t\n");
  EXPECT_EQ(verify_candidate(spaces).exit_status, 4);
  EXPECT_EQ(verify_candidate(spaces, {"--strip-trailing-cr"}).exit_status, 4);
  EXPECT_EQ(verify_candidate(spaces, {"--ignore-trailing-space"}).exit_status, 0);
  // A space inside a line is still a difference.
  std::vector<std::string> lines = term().lines;
  lines[0] = " " + lines[0];
  EXPECT_EQ(verify_candidate(joined(lines), {"--ignore-trailing-space"}).exit_status, 4);
}

TEST(VerifyAlignment, QuietOnlySetsTheStatusAndOkNamesTheCandidate) {
  std::vector<std::string> lines = term().lines;
  lines[3] = "Draw";
  const RunResult wrong = verify_candidate(joined(lines), {"-q"});
  EXPECT_EQ(wrong.exit_status, 4);
  EXPECT_EQ(wrong.out, "");
  EXPECT_EQ(wrong.err, "");
  const RunResult right = verify_candidate(term().answers, {"-q"});
  EXPECT_EQ(right.exit_status, 0);
  EXPECT_EQ(right.out, "");
  const std::string path = write_temp_file("alice.txt", term().answers);
  const RunResult named = run_poker({"verify", "-i", term().instances, "--answers", path});
  EXPECT_EQ(named.out, "OK: " + path + ": the answers to all 1000 instances match\n");
}

// The JSON goes through python3's json module: it parses, and says what the
// text report says.
TEST(VerifyAlignment, JsonReportParses) {
  std::vector<std::string> lines = term().lines;
  lines.erase(lines.begin() + 9);
  lines[19] = lines[19] == "Draw" ? "Player 1" : "Draw";
  const std::string candidate = write_temp_file("json-candidate.txt", joined(lines) + "Extra\x01\n");
  const std::string script =
      "\"$0\" verify --all --json -i \"$1\" --answers \"$2\" > \"$3\"; echo $?; python3 -c '"
      "import json, sys\n"
      "r = json.load(open(sys.argv[1]))\n"
      "c = r[\"counts\"]\n"
      "print(r[\"schema\"], r[\"verdict\"], r[\"complete\"], c[\"instances\"], c[\"right\"], c[\"wrong\"], "
      "c[\"missing\"], "
      "c[\"extra\"])\n"
      "m = r[\"first_mismatch\"]\n"
      "print(m[\"kind\"], m[\"instance\"], m[\"answer_line\"], m[\"expected\"] == "
      "open(sys.argv[2]).read().split(\"\\n\")[9])\n"
      "print(r[\"mismatches\"][-1][\"kind\"], repr(r[\"mismatches\"][-1][\"got\"]))\n"
      "' \"$3\" \"$4\"";
  testing::SpawnOptions options;
  options.args = {"-c",
                  script,
                  kBinary,
                  term().instances,
                  candidate,
                  temp_path("report.json"),
                  write_temp_file("answers.txt", term().answers)};
  options.working_directory = kSourceDir;
  const RunResult result = testing::run("/bin/sh", options, {}, testing::Milliseconds{20000});
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out,
            "4\n"
            "poker-verify/1 differ True 1000 998 1 1 1\n"
            "missing 10 10 True\n"
            "trailing 'Extra\\x01'\n");
}

TEST(VerifyAlignment, VerboseJsonStatistics) {
  const std::string script =
      "\"$0\" -v --json -j 1 -i \"$1\" 2>&1 >/dev/null | python3 -c '"
      "import json, sys\n"
      "s = json.loads(sys.stdin.read())\n"
      "print(s[\"schema\"], s[\"bytes\"], s[\"instances\"], s[\"threads\"], s[\"seconds\"] >= 0, "
      "s[\"bytes_per_second\"] >= 0, s[\"instances_per_second\"] >= 0)\n"
      "'";
  testing::SpawnOptions options;
  options.args = {"-c", script, kBinary, term().instances};
  options.working_directory = kSourceDir;
  const RunResult result = testing::run("/bin/sh", options, {}, testing::Milliseconds{20000});
  struct stat info {};
  ASSERT_EQ(::stat(term().instances.c_str(), &info), 0);
  EXPECT_EQ(result.out, "poker-stats/1 " + std::to_string(info.st_size) + " 1000 1 True True True\n") << result.err;
}

// Bad candidate files: a clear verdict or message and the right status,
// every answer due compared.
TEST(VerifyAlignment, BadCandidateFiles) {
  const RunResult empty = verify_candidate("");
  EXPECT_EQ(empty.exit_status, 4);
  EXPECT_EQ(empty.out.rfind("MISSING ANSWERS: the candidate ends after 0 answers (0 lines)", 0), 0u) << empty.out;
  const RunResult binary =
      verify_candidate(std::string("\x7f"
                                   "ELF\x02\x01\x01\0\0\0\n\xff\xfe",
                                   14));
  EXPECT_EQ(binary.exit_status, 4);
  EXPECT_NE(binary.out.find("\\x7fELF\\x02\\x01\\x01\\x00\\x00\\x00"), std::string::npos) << binary.out;
  const RunResult directory = run_poker({"verify", "-i", term().instances, "--answers", temp_directory()});
  EXPECT_EQ(directory.exit_status, 3);
  EXPECT_NE(directory.err.find(": cannot open: Is a directory"), std::string::npos) << directory.err;
  // A FIFO: read as it is written, the verdict once the writer closes it.
  const std::string fifo = temp_path("candidate.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string script = "cat \"$2\" > \"$3\" & \"$0\" verify -i \"$1\" --answers \"$3\"; echo $?";
  testing::SpawnOptions options;
  options.args = {"-c", script, kBinary, term().instances, write_temp_file("fifo-answers.txt", term().answers), fifo};
  options.working_directory = kSourceDir;
  const RunResult through_fifo = testing::run("/bin/sh", options, {}, testing::Milliseconds{20000});
  EXPECT_EQ(through_fifo.out, "OK: " + fifo + ": the answers to all 1000 instances match\n0\n") << through_fifo.err;
}

}  // namespace
}  // namespace poker::e2e
