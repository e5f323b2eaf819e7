// io::TextCursor and run_verify(): the candidate read a byte at a time, in
// tiny buffers, failing on a read; the comparison the same for every thread
// count and chunk size.
#include "poker/verify.h"

#include <tbb/task_arena.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "poker/eval_format.h"
#include "poker/holdem_format.h"
#include "poker/io/input.h"
#include "poker/io/text_cursor.h"
#include "support/fake_io.h"

namespace poker {
namespace {

using poker::testing::fake_stream;

TEST(TextCursor, SkipEqualMovesOnlyOnAMatch) {
  for (const std::size_t step : {std::size_t{1}, std::size_t{3}, std::size_t{100}}) {
    auto source = fake_stream("Player 1\nDraw\n", step, 2);
    io::TextCursor cursor(*source);
    EXPECT_TRUE(cursor.skip_equal("Player 1\n"));
    EXPECT_FALSE(cursor.skip_equal("Draw\nmore"));  // past the end
    EXPECT_FALSE(cursor.skip_equal("Dra!"));
    EXPECT_EQ(cursor.offset(), 9u);
    EXPECT_TRUE(cursor.skip_equal("Draw\n"));
    EXPECT_TRUE(cursor.at_end());
    EXPECT_EQ(cursor.error(), 0);
  }
}

TEST(TextCursor, NextLineKeepsTheHeadOfALongLine) {
  const std::string long_line(100000, 'x');
  for (const std::size_t step : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
    auto source = fake_stream("a\n" + long_line + "\nlast", step, 16);
    io::TextCursor cursor(*source);
    io::TextCursor::Line line;
    ASSERT_TRUE(cursor.next_line(line, 10));
    EXPECT_EQ(line.head, "a");
    EXPECT_EQ(line.length, 1u);
    EXPECT_TRUE(line.has_newline);
    ASSERT_TRUE(cursor.next_line(line, 10));
    EXPECT_EQ(line.head, "xxxxxxxxxx");
    EXPECT_EQ(line.length, 100000u);
    EXPECT_TRUE(line.has_newline);
    ASSERT_TRUE(cursor.next_line(line, 10));
    EXPECT_EQ(line.head, "last");
    EXPECT_FALSE(line.has_newline);
    EXPECT_FALSE(cursor.next_line(line, 10));
    EXPECT_TRUE(cursor.at_end());
  }
}

TEST(TextCursor, ReadErrorStopsTheCursor) {
  auto source = fake_stream("Player 1\nDraw\n", 1, 4, 3);
  io::TextCursor cursor(*source);
  EXPECT_FALSE(cursor.skip_equal("Player 1\n"));
  EXPECT_EQ(cursor.error(), EIO);
  io::TextCursor::Line line;
  EXPECT_FALSE(cursor.next_line(line, 10));
  EXPECT_FALSE(cursor.at_end());
}

TEST(TextCursor, LineLongerThanTheLimitStopsOneBytePastItWhateverTheWindows) {
  // An endless line (`--answers /dev/zero`) once held the reader forever.
  for (const std::size_t step : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
    auto source = fake_stream("1234\n12345\n123456789", step, 4);
    io::TextCursor cursor(*source);
    io::TextCursor::Line line;
    ASSERT_TRUE(cursor.next_line(line, 2, 5));
    EXPECT_EQ(line.length, 4u);
    EXPECT_FALSE(line.too_long);
    ASSERT_TRUE(cursor.next_line(line, 2, 5));  // exactly the limit
    EXPECT_EQ(line.length, 5u);
    EXPECT_TRUE(line.has_newline);
    EXPECT_FALSE(line.too_long);
    ASSERT_TRUE(cursor.next_line(line, 2, 5));
    EXPECT_EQ(line.head, "12");
    EXPECT_EQ(line.length, 6u);
    EXPECT_TRUE(line.too_long);
    EXPECT_FALSE(line.has_newline);
    EXPECT_EQ(cursor.offset(), 17u);
  }
}

TEST(TextCursor, MemorySourceToItsEnd) {
  const std::string text = "one\ntwo\n";
  auto source = io::make_memory_source(text);
  io::TextCursor cursor(*source);
  EXPECT_TRUE(cursor.skip_equal("one\n"));
  io::TextCursor::Line line;
  ASSERT_TRUE(cursor.next_line(line, 100));
  EXPECT_EQ(line.head, "two");
  EXPECT_TRUE(cursor.at_end());
  EXPECT_FALSE(cursor.next_line(line, 100));
}

const std::string kSampleAnswers = "Player 1\nPlayer 2\nDraw\n";
const std::string kInstances =
    "Ah Kh\n2c 3d\nQh Jh Th 5c 6d\n"
    "Ks Qd\n8c 8h\n2s 8d Ad 4c Jh\n"
    "2c 3c\n4d 5d\nAs Ks Qs Js Ts\n";

VerifyOutcome verify(const std::string& instances, const std::string& candidate, const VerifyOptions& options,
                     int threads, std::size_t chunk_size, int fail_read_at = 0, const Format* format = nullptr) {
  const auto holdem = make_holdem_format(HoldemOptions{2, false});
  auto input = fake_stream(instances, 5, 4 * chunk_size);
  auto answers = fake_stream(candidate, 3, 4, fail_read_at);
  PipelineOptions pipeline_options;
  pipeline_options.chunk_size = chunk_size;
  VerifyOutcome outcome;
  tbb::task_arena arena(threads);
  arena.execute([&] {
    outcome = run_verify(format != nullptr ? *format : *holdem, *input, *answers, pipeline_options, options);
  });
  return outcome;
}

TEST(RunVerify, SameVerdictForEveryThreadCountAndChunkSize) {
  for (const int threads : {1, 2}) {
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{20}, std::size_t{1 << 16}}) {
      SCOPED_TRACE(std::to_string(threads) + " threads, chunks of " + std::to_string(chunk));
      const VerifyOutcome same = verify(kInstances, "Player 1\nPlayer 2\nDraw\n", {}, threads, chunk);
      EXPECT_TRUE(same.report.passed());
      EXPECT_EQ(same.report.compared, 3u);

      const VerifyOutcome wrong = verify(kInstances, "Player 1\nDraw\nPlayer 2\n", {}, threads, chunk);
      EXPECT_FALSE(wrong.report.passed());
      ASSERT_EQ(wrong.report.listed.size(), 1u);
      const Mismatch& m = wrong.report.listed[0];
      EXPECT_EQ(m.kind, Mismatch::Kind::kDiffers);
      EXPECT_EQ(m.instance, 2u);
      EXPECT_EQ(m.input_line, 4u);
      EXPECT_EQ(m.answer_line, 2u);
      EXPECT_EQ(m.instance_lines, (std::vector<std::string>{"Ks Qd", "8c 8h", "2s 8d Ad 4c Jh"}));
      EXPECT_EQ(m.expected, (std::vector<std::string>{"Player 2"}));
      ASSERT_EQ(m.got.size(), 1u);
      EXPECT_EQ(m.got[0].head, "Draw");

      VerifyOptions all;
      all.all = true;
      const VerifyOutcome counted = verify(kInstances, "Player 1\nDraw\nPlayer 2\n", all, threads, chunk);
      EXPECT_EQ(counted.report.compared, 3u);
      EXPECT_EQ(counted.report.mismatching, 2u);
      EXPECT_EQ(counted.report.listed.size(), 2u);
      EXPECT_FALSE(counted.report.extra);
    }
  }
}

// The text and JSON reports of run_verify(), with `options`, judging
// `instances` in chunks of `chunk_size` bytes.
std::string reports(const std::string& instances, const std::string& candidate, const VerifyOptions& options,
                    std::size_t chunk_size) {
  const VerifyOutcome outcome = verify(instances, candidate, options, 2, chunk_size);
  return render_verify_report(outcome, options) + render_verify_json(outcome, options, "in.txt", "candidate.txt") +
         (outcome.report.passed() ? "0" : "4");
}

// 120 instances whose answers come in runs of equal ones (the three of
// kInstances, "Player 1", "Player 2" and "Draw", each repeated 1 to 4
// times), and the expected answers.
std::pair<std::string, std::vector<std::string>> runs_of_equal_answers() {
  const std::string kinds[] = {kInstances.substr(0, 27), kInstances.substr(27, 27), kInstances.substr(54)};
  const std::string answers[] = {"Player 1", "Player 2", "Draw"};
  std::pair<std::string, std::vector<std::string>> made;
  std::uint32_t state = 2026;
  const auto next = [&state](std::uint32_t below) {
    state = state * 1664525u + 1013904223u;
    return (state >> 16) % below;
  };
  for (std::uint32_t kind = 0; made.second.size() < 120;) {
    kind = (kind + 1 + next(2)) % 3;
    for (std::uint32_t n = next(4) + 1; n > 0 && made.second.size() < 120; --n) {
      made.first += kinds[kind];
      made.second.push_back(answers[kind]);
    }
  }
  return made;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// Chunks end wherever their size puts them, and a chunk whose answers all
// agree is compared in one memcmp. The run of equal answers a missing one
// is in (the note "or that to instance N, the same answer") must be kept
// whichever way the answers were compared, and without --all the counts
// must not take in the instances queued past the candidate's end, however
// many the chunk holds: the report is the same at --chunk-size 1 and the
// default.
TEST(RunVerify, ReportIsTheSameForEveryChunkSize) {
  const auto [instances, expected] = runs_of_equal_answers();
  std::vector<std::string> candidates;
  candidates.push_back(joined(expected));
  std::size_t in_run = 1;  // an answer equal to the one before it
  while (expected[in_run] != expected[in_run - 1] || in_run < 20) ++in_run;
  for (const std::size_t line : {in_run, std::size_t{1}, std::size_t{100}}) {
    std::vector<std::string> missing = expected;
    missing.erase(missing.begin() + static_cast<std::ptrdiff_t>(line));
    candidates.push_back(joined(missing));
    std::vector<std::string> extra = expected;
    extra.insert(extra.begin() + static_cast<std::ptrdiff_t>(line), "Player 3");
    candidates.push_back(joined(extra));
  }
  std::vector<std::string> changed = expected;
  changed[10] = "Player 3";  // in step: no shift is found, so a gap before the next search
  std::vector<std::string> then_missing = changed;
  then_missing.erase(then_missing.begin() + 60);  // after more than 24 agreeing lines: searched
  std::vector<std::string> later_missing = changed;
  later_missing.erase(later_missing.begin() + 100);  // past the window read at the first
  candidates.push_back(joined(changed));
  candidates.push_back(joined(then_missing));
  candidates.push_back(joined(later_missing));
  std::vector<std::string> dense = expected;
  for (std::size_t line = 3; line < dense.size(); line += 5) dense[line] = "Tie";
  candidates.push_back(joined(dense));
  candidates.push_back(joined(std::vector<std::string>(expected.begin(), expected.begin() + 50)));  // ends early
  candidates.push_back(joined(expected) + "Draw\nDraw\n");
  candidates.push_back("");

  std::vector<std::size_t> chunk_sizes;
  for (std::size_t size = 1; size <= 64; ++size) chunk_sizes.push_back(size);
  for (const std::size_t size : {100, 333, 1000, 4096}) chunk_sizes.push_back(size);
  for (const std::string& candidate : candidates) {
    for (const bool all : {false, true}) {
      VerifyOptions options;
      options.all = all;
      const std::string whole = reports(instances, candidate, options, PipelineOptions{}.chunk_size);
      for (const std::size_t chunk_size : chunk_sizes) {
        ASSERT_EQ(reports(instances, candidate, options, chunk_size), whole)
            << "chunks of " << chunk_size << (all ? " with --all" : "") << ", candidate:\n"
            << candidate;
      }
    }
  }
}

// The blocks of VerifyOptions::block_instances, as a line of text: each
// block's right, missing and extra counts, then the blocks of the listed
// mismatches.
std::string blocks_of(const VerifyOutcome& outcome) {
  std::string text;
  for (const VerifyBlock& block : outcome.report.blocks) {
    text += std::to_string(block.right) + "/" + std::to_string(block.missing) + "/" +
            std::to_string(block.extra_lines) + " ";
  }
  text += "listed in";
  for (const Mismatch& m : outcome.report.listed) text += " " + std::to_string(m.block);
  return text;
}

// `poker verify --gradescope --tests-of N` scores each block of N instances
// by its tally: the tally must add up to the whole report's counts, and be
// the same whatever the chunk size (a chunk whose answers agree is counted
// in one memcmp, the others instance by instance), as must the first
// mismatch listed per block.
TEST(RunVerify, BlocksAreTalliedTheSameForEveryChunkSize) {
  const auto [instances, expected] = runs_of_equal_answers();
  std::vector<std::string> candidates;
  std::vector<std::string> changed = expected;
  changed[10] = "Player 3";
  changed.erase(changed.begin() + 60);
  changed.insert(changed.begin() + 90, "Tie");
  candidates.push_back(joined(changed));
  candidates.push_back(joined(std::vector<std::string>(expected.begin(), expected.begin() + 50)) + "x\n");
  candidates.push_back(joined(expected) + "Draw\n");
  candidates.push_back(joined(expected));
  for (const std::string& candidate : candidates) {
    for (const std::uint64_t block : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{50}}) {
      VerifyOptions options;
      options.all = true;
      options.max_listed = 1;
      options.block_instances = block;
      const VerifyOutcome whole = verify(instances, candidate, options, 2, PipelineOptions{}.chunk_size);
      std::uint64_t right = 0, missing = 0, extra = 0;
      for (const VerifyBlock& tally : whole.report.blocks) {
        right += tally.right;
        missing += tally.missing;
        extra += tally.extra_lines;
      }
      EXPECT_EQ(right, whole.report.right);
      EXPECT_EQ(missing, whole.report.missing);
      EXPECT_EQ(extra, whole.report.extra_inside);
      EXPECT_LE(whole.report.blocks.size(), (120 + block - 1) / block);
      for (std::size_t k = 1; k < whole.report.listed.size(); ++k) {
        // One per block, in order (the lines after the last answer are the last block's too).
        EXPECT_LE(whole.report.listed[k - 1].block, whole.report.listed[k].block);
      }
      for (const std::size_t chunk_size : {std::size_t{1}, std::size_t{13}, std::size_t{100}, std::size_t{4096}}) {
        ASSERT_EQ(blocks_of(verify(instances, candidate, options, 2, chunk_size)), blocks_of(whole))
            << "blocks of " << block << ", chunks of " << chunk_size << ", candidate:\n"
            << candidate;
      }
    }
  }
  // Instance 11 (block 1 of 10) wrong; then 61 missing (block 6), "Tie" extra near instance 92 (block 9).
  VerifyOptions options;
  options.all = true;
  options.max_listed = 1;
  options.block_instances = 10;
  const VerifyOutcome outcome = verify(instances, candidates[0], options, 2, 64);
  ASSERT_EQ(outcome.report.blocks.size(), 12u);
  EXPECT_EQ(outcome.report.blocks[0].right, 10u);
  EXPECT_EQ(outcome.report.blocks[1].right, 9u);
  // Which of a run of equal answers is the missing one, diff cannot say: the run may reach back into block 5.
  EXPECT_EQ(outcome.report.blocks[5].missing + outcome.report.blocks[6].missing, 1u);
  EXPECT_EQ(outcome.report.blocks[8].extra_lines + outcome.report.blocks[9].extra_lines, 1u);
}

TEST(RunVerify, MissingAndExtra) {
  VerifyOptions all;
  all.all = true;
  const VerifyOutcome missing = verify(kInstances, "Player 1\n", all, 2, 20);
  EXPECT_EQ(missing.report.mismatching, 2u);
  EXPECT_EQ(missing.report.missing, 2u);
  ASSERT_EQ(missing.report.listed.size(), 1u);  // the first missing one says it for all
  EXPECT_EQ(missing.report.listed[0].kind, Mismatch::Kind::kMissing);
  EXPECT_EQ(missing.report.listed[0].candidate_lines, 1u);

  const VerifyOutcome extra = verify(kInstances, "Player 1\nPlayer 2\nDraw\nDraw\n", {}, 2, 20);
  EXPECT_TRUE(extra.report.extra);
  EXPECT_EQ(extra.report.mismatching, 0u);
  ASSERT_EQ(extra.report.listed.size(), 1u);
  EXPECT_EQ(extra.report.listed[0].kind, Mismatch::Kind::kExtra);
  EXPECT_EQ(extra.report.listed[0].answer_line, 4u);
}

TEST(RunVerify, CandidateLineTooLongStopsTheComparison) {
  VerifyOptions options;
  options.max_candidate_line = 20;
  for (const bool all : {false, true}) {
    options.all = all;
    const VerifyOutcome mismatch = verify(kInstances, "Player 1\n" + std::string(100, 'x'), options, 2, 20);
    EXPECT_FALSE(mismatch.report.passed());
    EXPECT_EQ(mismatch.report.too_long_line, 2u);
    EXPECT_EQ(mismatch.report.compared, 2u);  // none after it, even with --all
    ASSERT_EQ(mismatch.report.listed.size(), 1u);
    ASSERT_EQ(mismatch.report.listed[0].got.size(), 1u);
    EXPECT_TRUE(mismatch.report.listed[0].got[0].too_long);
    EXPECT_EQ(mismatch.report.listed[0].got[0].length, 21u);

    const VerifyOutcome extra = verify(kInstances, kSampleAnswers + "Draw\n" + std::string(100, 'x'), options, 2, 20);
    EXPECT_TRUE(extra.report.extra);
    EXPECT_EQ(extra.report.too_long_line, 5u);
    EXPECT_EQ(extra.report.extra_lines, 2u);
    EXPECT_TRUE(extra.report.extra_uncounted);
  }
}

// Found by poker_fuzz_verify: a candidate line as long as the right answer but
// over the limit passed in chunks whose answers agreed whole (one memcmp, no
// line reading) and stopped the comparison in others.
TEST(RunVerify, RightLineOverTheLimitIsTooLongWhateverTheChunkSize) {
  VerifyOptions options;
  options.max_candidate_line = 5;  // "Player 1" is 8 bytes
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{20}, std::size_t{1 << 16}}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk));
    const VerifyOutcome outcome = verify(kInstances, kSampleAnswers, options, 2, chunk);
    EXPECT_FALSE(outcome.report.passed());
    EXPECT_EQ(outcome.report.too_long_line, 1u);
    EXPECT_EQ(outcome.report.right, 0u);
  }
}

TEST(RunVerify, ExtraLinesAreCountedWithinABudget) {
  VerifyOptions options;
  options.all = true;
  options.max_extra_bytes = 20;
  std::string lines;
  for (int i = 0; i < 10; ++i) lines += "Draw\n";
  const VerifyOutcome capped = verify(kInstances, kSampleAnswers + lines, options, 2, 20);
  EXPECT_TRUE(capped.report.extra);
  EXPECT_EQ(capped.report.extra_lines, 8u);  // 3 shown, then 5 lines: past 20 bytes
  EXPECT_TRUE(capped.report.extra_uncounted);
  options.max_extra_bytes = 35;  // the candidate ends first
  const VerifyOutcome counted = verify(kInstances, kSampleAnswers + lines, options, 2, 20);
  EXPECT_EQ(counted.report.extra_lines, 10u);
  EXPECT_FALSE(counted.report.extra_uncounted);
}

// An invalid instance anywhere is the grader's error, whatever the
// candidate: the judging goes on past the first mismatch (which stops only
// the comparison) to find it, in every chunk size.
TEST(RunVerify, InvalidInstanceAfterTheFirstMismatchIsStillFound) {
  const std::string invalid = kInstances + kInstances.substr(0, 27) + "Ks Qd\n8c 8x\n2s 8d Ad 4c Jh\n";
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{20}, std::size_t{1 << 16}}) {
    SCOPED_TRACE("chunks of " + std::to_string(chunk));
    const VerifyOutcome wrong_first = verify(invalid, "Draw\nPlayer 2\nDraw\nPlayer 1\n", {}, 2, chunk);
    EXPECT_EQ(wrong_first.run.status, RunOutcome::Status::kInvalidInput);
    ASSERT_TRUE(wrong_first.run.input_error.has_value());
    EXPECT_EQ(wrong_first.run.input_error->line, 14u);
    const VerifyOutcome candidate_fails = verify(invalid, "Player 1\nPlayer 2\nDraw\n", {}, 2, chunk, 2);
    EXPECT_EQ(candidate_fails.run.status, RunOutcome::Status::kInvalidInput);
  }
}

// The JSON report names the files as given and quotes the candidate's
// lines: whatever their bytes (no UTF-8, control bytes), it is one line of
// printable ASCII, each byte escaped, in the schema's field order.
TEST(RunVerify, JsonReportEscapesAnyBytesOfNamesAndLines) {
  VerifyOptions all;
  all.all = true;
  const VerifyOutcome outcome = verify(kInstances, "Player 1\nPlayer \xff\x01\x7f\nDraw\nExtra\x80\n", all, 2, 20);
  const std::string json = render_verify_json(outcome, all, "in\xc3(\t.txt", "c\x80\n.txt");
  const std::string wrong =
      R"({"kind":"wrong","instance":2,"input_line":4,"answer_line":2,"candidate_line":2,"expected":"Player 2",)"
      R"("got":"Player \u00ff\u0001\u007f","column":8})";
  EXPECT_EQ(json, R"({"schema":"poker-verify/1","verdict":"differ","instances_file":"in\u00c3(\t.txt",)"
                  R"("candidate":"c\u0080\n.txt","complete":true,)"
                  R"("counts":{"instances":3,"right":2,"wrong":1,"missing":0,"extra":1},"extra_uncounted":false,)"
                  R"("summary_differs":false,"line_too_long":null,"input_error":null,"wrong_lines_forgiven_by":null,)"
                  R"("first_mismatch":)" +
                      wrong + R"(,"mismatches":[)" + wrong +
                      R"(,{"kind":"trailing","instance":null,"input_line":null,"answer_line":4,"candidate_line":null,)"
                      R"("expected":null,"got":"Extra\u0080","column":null}]})"
                      "\n");
  EXPECT_TRUE(nlohmann::json::accept(json)) << json;
}

// A CRLF candidate, or one with blanks after its answers, is wrong on every
// line, and the report names the option that forgives it.
TEST(RunVerify, WrongLinesThatDifferOnlyAtTheirEndNameTheLenientOption) {
  VerifyOptions all;
  all.all = true;
  const VerifyOutcome crlf = verify(kInstances, "Player 1\r\nPlayer 2\r\nDraw\r\n", all, 2, 20);
  EXPECT_EQ(crlf.report.wrong_lines, 3u);
  EXPECT_EQ(crlf.report.forgiving_option(), "--strip-trailing-cr");
  EXPECT_NE(
      render_verify_report(crlf, all).find("\nnote: all 3 wrong lines differ from the expected ones only by a "
                                           "CR at their end (CRLF line ends); --strip-trailing-cr forgives that\n"),
      std::string::npos)
      << render_verify_report(crlf, all);
  EXPECT_NE(
      render_verify_json(crlf, all, "in.txt", "c.txt").find("\"wrong_lines_forgiven_by\":\"--strip-trailing-cr\""),
      std::string::npos);

  const VerifyOutcome blanks = verify(kInstances, "Player 1 \nPlayer 2\t\nDraw", all, 2, 20);
  EXPECT_EQ(blanks.report.wrong_lines, 3u);  // the last one lacks its newline
  EXPECT_EQ(blanks.report.forgiving_option(), "--ignore-trailing-space");
  VerifyOptions lenient = all;
  lenient.ignore_trailing_space = true;
  EXPECT_TRUE(verify(kInstances, "Player 1 \nPlayer 2\t\nDraw", lenient, 2, 20).report.passed());

  // One line wrong for another reason: no option would make it right.
  const VerifyOutcome mixed = verify(kInstances, "Player 1\r\nPlayer 2\r\nPlayer 1\r\n", all, 2, 20);
  EXPECT_EQ(mixed.report.forgiving_option(), "");
  EXPECT_EQ(render_verify_report(mixed, all).find("note:"), std::string::npos);
  EXPECT_NE(render_verify_json(mixed, all, "in.txt", "c.txt").find("\"wrong_lines_forgiven_by\":null"),
            std::string::npos);

  // With --strip-trailing-cr given, blanks before the CR are what is left.
  VerifyOptions stripped = all;
  stripped.strip_trailing_cr = true;
  const VerifyOutcome blank_cr = verify(kInstances, "Player 1 \r\nPlayer 2\r\nDraw\r\n", stripped, 2, 20);
  EXPECT_EQ(blank_cr.report.forgiving_option(), "--ignore-trailing-space");
}

// A checker's presentation error: every difference forgiven by one option,
// none a line missing or extra.
TEST(RunVerify, OnlyForgivableDifferencesNeedEveryDifferenceInStep) {
  VerifyOptions all;
  all.all = true;
  EXPECT_TRUE(verify(kInstances, "Player 1\r\nPlayer 2\r\nDraw\r\n", all, 2, 20).report.only_forgivable_differences());
  EXPECT_TRUE(verify(kInstances, "Player 1 \nPlayer 2\nDraw", all, 2, 20).report.only_forgivable_differences());
  const VerifyOutcome missing = verify(kInstances, "Player 1\r\nPlayer 2\r\n", all, 2, 20);
  EXPECT_EQ(missing.report.missing_lines, 1u);
  EXPECT_FALSE(missing.report.only_forgivable_differences());
  EXPECT_FALSE(
      verify(kInstances, "Player 1\r\nPlayer 2\r\nDraw\r\nDraw\r\n", all, 2, 20).report.only_forgivable_differences());
  EXPECT_FALSE(verify(kInstances, "Player 1\r\nDraw\r\nDraw\r\n", all, 2, 20).report.only_forgivable_differences());
  EXPECT_FALSE(verify(kInstances, "Player 1\nPlayer 2\nDraw\n", all, 2, 20).report.only_forgivable_differences());
}

// The contestant's line: where the output first differs, the expected line
// only when asked, whatever the chunk size.
TEST(RunVerify, OneLineVerdictNamesThePlaceAndRevealsOnlyWhenAsked) {
  VerifyOptions all;
  all.all = true;
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{20}, std::size_t{4096}}) {
    SCOPED_TRACE(chunk);
    EXPECT_EQ(render_verify_line(verify(kInstances, "Player 1\nPlayer 2\nDraw\n", all, 2, chunk), false),
              "3 instances");
    const VerifyOutcome wrong = verify(kInstances, "Player 1\nDraw\nDraw\n", all, 2, chunk);
    EXPECT_EQ(render_verify_line(wrong, false), "on instance 2 (output line 2)");
    EXPECT_EQ(render_verify_line(wrong, true), "on instance 2 (output line 2): expected \"Player 2\", found \"Draw\"");
    const VerifyOutcome quoted = verify(kInstances, "Player 1\nPl\"ay\x01\nDraw\n", all, 2, chunk);
    EXPECT_EQ(render_verify_line(quoted, true),
              "on instance 2 (output line 2): expected \"Player 2\", found \"Pl\\x22ay\\x01\"");
    const VerifyOutcome ended = verify(kInstances, "Player 1\n", all, 2, chunk);
    EXPECT_EQ(render_verify_line(ended, false), "on instance 2 (the output ends after 1 line)");
    EXPECT_EQ(render_verify_line(ended, true), "on instance 2 (the output ends after 1 line): expected \"Player 2\"");
    const VerifyOutcome extra = verify(kInstances, "Player 1\nPlayer 2\nDraw\nmore\n", all, 2, chunk);
    EXPECT_EQ(render_verify_line(extra, false), "at output line 4 (output after the last answer)");
    EXPECT_EQ(render_verify_line(extra, true), "at output line 4 (output after the last answer): found \"more\"");
  }
  const std::string long_line(1000, 'x');
  const VerifyOutcome cut = verify(kInstances, "Player 1\n" + long_line + "\nDraw\n", all, 2, 20);
  EXPECT_EQ(render_verify_line(cut, true),
            "on instance 2 (output line 2): expected \"Player 2\", found \"" + long_line.substr(0, 80) + "...\"");
}

TEST(RunVerify, CandidateReadErrorIsReported) {
  const VerifyOutcome failed = verify(kInstances, "Player 1\nPlayer 2\nDraw\n", {}, 2, 20, 2);
  EXPECT_EQ(failed.report.candidate_error, EIO);
}

TEST(RunVerify, EvalInstancesAreThreeLines) {
  const auto eval = make_eval_format();
  const std::string instances = "2c 3c 4c 5c 6c ; 2d 3d 4d 5d 7h\n2c 3c 4c 5c 6c ; 2d 3d 4d 5d 7h\n";
  const std::string answers =
      "Hand 1: Straight flush [6c 5c 4c 3c 2c]\nHand 2: High card [7h 5d 4d 3d 2d]\n"
      "Hand 1 wins\n";
  EXPECT_TRUE(verify(instances, answers + answers, {}, 2, 1, 0, eval.get()).report.passed());
  const VerifyOutcome wrong =
      verify(instances, answers + answers.substr(0, answers.size() - 12) + "Tie\n", {}, 2, 1, 0, eval.get());
  ASSERT_EQ(wrong.report.listed.size(), 1u);
  EXPECT_EQ(wrong.report.listed[0].instance, 2u);
  EXPECT_EQ(wrong.report.listed[0].answer_line, 4u);
  EXPECT_EQ(wrong.report.listed[0].expected.size(), 3u);
  EXPECT_EQ(wrong.report.listed[0].got.size(), 3u);
}

TEST(VerifyReport, EscapesAndCounts) {
  VerifyOutcome outcome;
  outcome.report.compared = 2;
  outcome.report.mismatching = 1;
  outcome.report.right = 1;
  Mismatch m;
  m.instance = 2;
  m.input_line = 4;
  m.answer_line = 2;
  m.candidate_line = 2;
  m.instance_lines = {"a\tb"};
  m.expected = {"Draw"};
  m.got = {io::TextCursor::Line{"x\xff", 500, false}};
  outcome.report.listed.push_back(m);
  VerifyOptions all;
  all.all = true;
  EXPECT_EQ(render_verify_report(outcome, all),
            "MISMATCH at instance 2 (input line 4, answer line 2)\n"
            "instance:\n"
            "  4 | a\\x09b\n"
            "expected:\n"
            "  2 | Draw\n"
            "got:\n"
            "  2 | x\\xff... (500 bytes) (no newline at the end)\n"
            "compared 2 instances: 1 right, 1 wrong, 0 missing, 0 extra lines\n");
}

TEST(VerifyReport, LineTooLongAndUncountedExtraLines) {
  VerifyOutcome outcome;
  outcome.report.compared = 3;
  outcome.report.right = 3;
  outcome.report.extra = true;
  outcome.report.extra_lines = 4;
  outcome.report.extra_uncounted = true;
  outcome.report.too_long_line = 7;
  Mismatch m;
  m.kind = Mismatch::Kind::kExtra;
  m.answer_line = 4;
  m.got = {io::TextCursor::Line{"Draw", 4, true, false}, io::TextCursor::Line{"xy", 21, false, true}};
  outcome.report.listed.push_back(m);
  VerifyOptions all;
  all.all = true;
  all.max_candidate_line = 20;
  EXPECT_EQ(render_verify_report(outcome, all),
            "EXTRA LINES: the candidate goes on after the last expected answer, from line 4\n"
            "got:\n"
            "  4 | Draw\n"
            "  5 | xy... (more than 20 bytes)\n"
            "LINE TOO LONG: the candidate's line 7 is longer than 20 bytes, which no answer line is; the comparison "
            "stops there\n"
            "compared 3 instances: 3 right, 0 wrong, 0 missing, at least 4 extra lines\n");
}

}  // namespace
}  // namespace poker
