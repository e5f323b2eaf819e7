// `poker verify`: judge the instances and compare the answers, as the judge
// would print them, with a candidate's answers, reporting where they differ.
//
// The judging is the pipeline's (parallel, in bounded memory); the
// comparison happens in its in-order writer stage, one chunk's answers at a
// time against the candidate read forward through an io::TextCursor: one
// memcmp per chunk while they agree, a closer look instance by instance only
// in a chunk where they do not. Memory stays bounded whatever the size of
// the candidate or of its lines.
//
// The comparison is byte for byte (unless a lenient option says otherwise),
// aligned by lines as diff aligns them: where the candidate differs, the
// hunk is the fewest lines skipped on either side (at most 64) after which
// 24 lines agree again, or both sides end; lines skipped on both sides are
// wrong answers, on the expected side alone missing ones, on the
// candidate's alone extra ones; then the comparison goes on in step. The
// window this looks through is bounded, so memory is too. An instance is
// right when all its answer lines (answer_lines_per_instance()) match,
// missing when all are missing, wrong otherwise.
//
// Thread safety: run_verify() runs the pipeline as run_pipeline() does and
// borrows its arguments for the call only (the candidate is read by one
// thread at a time); a VerifyOutcome is a plain value that owns its text.
#ifndef POKER_VERIFY_H_
#define POKER_VERIFY_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "poker/format.h"
#include "poker/io/byte_source.h"
#include "poker/io/text_cursor.h"
#include "poker/pipeline.h"

namespace poker {

struct VerifyOptions {
  bool all = false;            // go on after the first mismatch, counting every one
  std::size_t max_listed = 5;  // mismatches described in full: the first ones
  std::size_t max_line = 400;  // bytes of a line kept for a description
  // A candidate line longer than this stops the comparison ("line too long"):
  // an endless line (`--answers /dev/zero`) must not hold verify forever, and
  // no answer line comes near it.
  std::uint64_t max_candidate_line = 1 << 20;
  // With `all`, the candidate's extra lines are counted through this many of
  // its bytes past the expected answers, no further (an endless candidate:
  // `yes | poker verify --all ...`).
  std::uint64_t max_extra_bytes = 64 << 20;
  bool strip_trailing_cr = false;      // a candidate line's one "\r" before its newline is not compared
  bool ignore_trailing_space = false;  // nor its blanks (space, \t, \r, \v, \f) at the end, nor a missing final newline
  // Within a line, each run of blanks (space, \t, \v, \f, \r) compares
  // equal to one space, and those at either end of a line are not compared,
  // on both sides (CMS's white-diff's view of a line).
  bool ignore_space_change = false;
  // The candidate's lines of only blanks after the last expected line are
  // not extra (read through max_trailing_blank_bytes of them, no further:
  // an endless run of empty lines), and a missing final newline is
  // forgiven. With ignore_space_change too, passed() is CMS's white-diff's
  // verdict (poker's answer lines are never blank, so the expected side has
  // no trailing blank lines to forgive), but for a line whose squeezed text
  // is longer than max_candidate_line, which is never right.
  bool ignore_trailing_blank_lines = false;
  std::uint64_t max_trailing_blank_bytes = std::uint64_t{4} << 30;
  // > 0: the report also tallies the instances in blocks of this many
  // (VerifyReport::blocks), each mismatch names its block, and max_listed
  // counts per block rather than in all: a grader that scores each block
  // apart (`--gradescope --tests-of N`) has each one's first difference.
  std::uint64_t block_instances = 0;
};

// One place where the candidate differs from the expected answers.
struct Mismatch {
  enum class Kind {
    kDiffers,       // an instance's answer lines differ (the candidate may end inside them)
    kMissing,       // the candidate ends before the instance's answers
    kSummary,       // the lines after the last answer (the format's summary) differ
    kExtra,         // the candidate goes on after the last expected line
    kMissingLines,  // answer lines the candidate lacks, and then it goes on in step
    kExtraLines,    // candidate lines that answer nothing, and then it goes on in step
  };
  Kind kind = Kind::kDiffers;
  std::uint64_t instance = 0;         // 1-based; 0 for kSummary and kExtra
  std::uint64_t input_line = 0;       // the instance's first line in the input
  std::uint64_t answer_line = 0;      // 1-based output line where the compared lines start
  std::uint64_t candidate_lines = 0;  // lines the candidate holds before answer_line (kMissing)
  std::uint64_t candidate_line = 0;   // the candidate's line where `got` starts (kDiffers, kExtraLines)
  std::uint64_t last_instance = 0;    // kMissingLines: the last instance whose lines are missing
  bool whole_instances = false;       // kMissingLines: the lines are instances' whole answers
  std::uint64_t same_from = 0;        // kMissingLines: instances same_from.. before `instance` expect the same answer
  std::int64_t shift = 0;             // after this: candidate line number less expected line number
  std::uint64_t column = 0;           // kDiffers, kSummary: 1-based byte of the first difference in line first_wrong
  std::size_t first_wrong = 0;        // kDiffers, kSummary: the first differing line of `expected` and `got`
                                      // (the instance's lines before it agree, shown for context)
  std::vector<std::string> instance_lines;  // the instance's lines (cut at max_line bytes)
  std::vector<std::string> expected;        // the expected lines, without their newlines
  std::vector<io::TextCursor::Line> got;    // the candidate's lines at the same place, as many as it has
  std::uint64_t block = 0;                  // with block_instances: the 0-based block it counts against
                                            // (lines after the last answer: the last block)
};

// With VerifyOptions::block_instances, the tally of block k: instances
// k * block_instances + 1 on, as many.
struct VerifyBlock {
  std::uint64_t right = 0;        // instances whose answers match
  std::uint64_t missing = 0;      // instances whose answer lines are all missing
  std::uint64_t extra_lines = 0;  // candidate lines that answer nothing, before an answer of the block; those
                                  // after the last answer are VerifyReport::extra_lines
};

// Without VerifyOptions::all the counts stop at the first difference, the
// instances it covers included: the same whatever the chunk size.
struct VerifyReport {
  std::uint64_t compared = 0;      // instances whose answers were compared
  std::uint64_t right = 0;         // of them, those whose answers match
  std::uint64_t mismatching = 0;   // of them, those whose answers differ or are missing
  std::uint64_t missing = 0;       // of those, the ones whose answer lines are all missing
  std::uint64_t extra_inside = 0;  // candidate lines between answers that answer nothing
  bool summary_differs = false;
  bool extra = false;               // the candidate goes on after the last expected line
  std::uint64_t extra_lines = 0;    // with --all: how many lines it goes on for (a last one without newline counts)
  bool extra_uncounted = false;     // counting stopped before the candidate's end: it has at least extra_lines
  std::uint64_t too_long_line = 0;  // 1-based candidate line longer than max_candidate_line, where
                                    // the comparison stopped; 0: none
  std::vector<Mismatch> listed;     // the first max_listed mismatches, in output order
  int candidate_error = 0;          // errno of a failed read of the candidate: no verdict
  std::uint64_t wrong_lines = 0;    // candidate lines compared with an expected line in step, and differing
  std::uint64_t wrong_lines_cr_only = 0;     // of them, those that differ only by a "\r" before the newline
  std::uint64_t wrong_lines_blank_only = 0;  // those that differ only by trailing blanks or a missing final newline
  // With VerifyOptions::block_instances: the blocks up to the last one that
  // has a right instance or an extra line (a caller that knows how many
  // instances there are extends it with empty ones).
  std::vector<VerifyBlock> blocks;
  std::uint64_t missing_lines = 0;  // expected lines the candidate lacks (summary lines too)

  bool passed() const {
    return mismatching == 0 && !summary_differs && !extra && extra_inside == 0 && too_long_line == 0 && listed.empty();
  }
  std::uint64_t wrong() const { return mismatching - missing; }
  // The lenient option under which every wrong line would be right
  // ("--strip-trailing-cr", else "--ignore-trailing-space"), or empty: a
  // candidate written with CRLF line ends, or with blanks after its answers,
  // is most often right but for that.
  std::string_view forgiving_option() const {
    if (wrong_lines == 0) return {};
    if (wrong_lines_cr_only == wrong_lines) return "--strip-trailing-cr";
    if (wrong_lines_blank_only == wrong_lines) return "--ignore-trailing-space";
    return {};
  }
  // Whether forgiving_option() would make the candidate pass: its only
  // differences are lines compared in step that the option forgives (a
  // checker protocol's presentation error). Only VerifyOptions::all counts
  // every difference; without it this speaks of the first one.
  bool only_forgivable_differences() const {
    return !forgiving_option().empty() && missing_lines == 0 && !extra && extra_inside == 0 && too_long_line == 0;
  }
};

struct VerifyOutcome {
  // How judging went. The instances are judged to their end, even past the
  // first mismatch that stops the comparison, so that an error anywhere in
  // them is seen. Only kOk gives a verdict: instances that do not judge
  // cleanly are the grader's to fix, whatever the candidate holds (the
  // report then covers the answers before the error, and the candidate is
  // read no further than they need).
  RunOutcome run;
  VerifyReport report;
};

// Judges `input` with `format` and compares its answers with `candidate`.
VerifyOutcome run_verify(const Format& format, io::ByteSource& input, io::ByteSource& candidate,
                         const PipelineOptions& pipeline_options, const VerifyOptions& options);

// The report, for a grader to read: lines of printable ASCII (other bytes
// written \xNN), `candidate_name` (when given) naming the candidate in the
// OK line.
// REQUIRES: outcome.report.candidate_error == 0, and outcome.run.status kOk.
std::string render_verify_report(const VerifyOutcome& outcome, const VerifyOptions& options,
                                 std::string_view candidate_name = {});

// The lines that end the report: the candidate's line too long, with
// VerifyOptions::all the counts ("compared N instances: ..."), and the note
// that names the lenient option under which every wrong line would be right.
std::string render_verify_tail(const VerifyReport& report, const VerifyOptions& options);
// The verdict in one line, without a newline, for a reader who may be the
// candidate's author (a judge system's team message, a checker's comment):
// "N instances" when the answers match, else where they first differ, in
// words that follow "wrong answer": "on instance 17 (output line 17)", "at
// output line 1001 (output after the last answer)". With `show_expected`
// the expected and the candidate's line follow (`: expected "Draw", found
// "Player 1"`); without it, nothing that the candidate's own output and
// the instances do not tell. The same REQUIRES.
std::string render_verify_line(const VerifyOutcome& outcome, bool show_expected);

// The same verdict as one line of JSON, schema "poker-verify/1"
// (docs/grading.md documents its fields); the same REQUIRES.
std::string render_verify_json(const VerifyOutcome& outcome, const VerifyOptions& options, std::string_view input_name,
                               std::string_view candidate_name);

}  // namespace poker

#endif  // POKER_VERIFY_H_
