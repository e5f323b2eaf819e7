// A judge system's default checker, as `poker verify --kattis` and
// `--testlib` give its verdict: the team's output compared with poker's
// answers token by token, by the rules of problemtools' default output
// validator (Kattis, DOMjudge) or of testlib's `wcmp` (Codeforces, Polygon,
// ejudge). A course that plugs poker in as the checker gets the verdict its
// system's own checker would give when handed poker's answers
// (docs/grading.md says what each forgives).
//
// The answers are the pipeline's, compared as its writer stage hands them
// over, against the team's output read forward through an io::TextCursor:
// memory stays bounded whatever the size of the output or of its tokens.
//
// Thread safety: run_token_verify() runs the pipeline as run_pipeline()
// does and borrows its arguments for the call only; a TokenVerdict is a
// plain value.
#ifndef POKER_TOKEN_VERIFY_H_
#define POKER_TOKEN_VERIFY_H_

#include <cstdint>
#include <optional>
#include <string>

#include "poker/format.h"
#include "poker/io/byte_source.h"
#include "poker/pipeline.h"

namespace poker {

struct TokenRule {
  enum class Checker {
    // problemtools' default output validator: tokens separated by any of C's
    // isspace bytes (space, \t, \n, \v, \f, \r), compared as C strings
    // (up to a NUL byte), letters' case ignored unless case_sensitive.
    kProblemtools,
    // testlib's wcmp: tokens separated by space, \t, \n and \r only,
    // compared byte for byte; a UTF-8 byte order mark opening the output is
    // skipped; a token of over 32 MiB is a presentation error.
    kTestlibWcmp,
  };
  Checker checker = Checker::kProblemtools;
  // problemtools' validator_flags.
  bool case_sensitive = false;
  // Whitespace byte for byte too: each of the answers' must be the output's
  // at that place, and the output has none where the answers have none.
  bool space_change_sensitive = false;
  // A tolerance flag given: an answer token that reads wholly as a finite
  // number (as sscanf's %lf reads it) is compared as one, within either
  // tolerance.
  std::optional<double> float_absolute_tolerance;
  std::optional<double> float_relative_tolerance;
};

// Where, and how, the output first departs from the answers.
struct TokenVerdict {
  enum class Kind {
    kAccepted,
    kTokenDiffers,      // a token is not the answers' (or, floats compared, not close enough)
    kNotANumber,        // floats compared: the answers' token is a number, the output's is not
    kOutputEnded,       // the output ends while the answers have tokens left
    kOutputGoesOn,      // the output has tokens after the answers' last
    kSpaceDiffers,      // space_change_sensitive: a whitespace byte is not the answers'
    kTokenTooLong,      // testlib: a token of over 32 MiB (a presentation error there)
    kOutputUnreadable,  // reading the output failed (read_error): no verdict
  };
  Kind kind = Kind::kAccepted;
  std::uint64_t token = 0;          // 1-based: the answers' token compared, or the output's extra one
  std::uint64_t expected_line = 0;  // 1-based line of the answers where it is
  std::uint64_t output_line = 0;    // 1-based line of the output where the difference is
  std::string expected;             // the answers' token (or whitespace byte), cut at kShownBytes
  std::string found;                // the output's, cut at kShownBytes; empty at its end
  int read_error = 0;               // errno, with kOutputUnreadable

  static constexpr std::size_t kShownBytes = 200;

  bool accepted() const { return kind == Kind::kAccepted; }
  // testlib's presentation error (rather than a wrong answer).
  bool presentation_error() const { return kind == Kind::kTokenTooLong; }
};

struct TokenVerifyOutcome {
  // How judging went; only kOk gives a verdict (instances that do not judge
  // cleanly are the grader's to fix, whatever the output holds). The
  // instances are judged to their end past the first difference.
  RunOutcome run;
  TokenVerdict verdict;
  std::uint64_t tokens = 0;  // the answers' tokens (with run kOk)
};

// Whether `text` reads as a number as problemtools reads one (C's scanf
// `%lf`, in the C locale, with nothing after it: `2e` is 2), and a finite
// one: into `value`. The float flags' values are read so too.
bool read_checker_number(const std::string& text, double& value);

// Judges `input` with `format` and compares its answers with `output` under
// `rule`.
TokenVerifyOutcome run_token_verify(const Format& format, io::ByteSource& input, io::ByteSource& output,
                                    const PipelineOptions& pipeline_options, const TokenRule& rule);

// The difference in words, without where it is: `expected "Player",
// found "Playr"`; with `show_expected` false, nothing of the answers'
// tokens (what a contestant may read: `the token differs`). Bytes outside
// printable ASCII are written \xNN.
std::string describe_token_difference(const TokenVerdict& verdict, bool show_expected);

// The verdict in one line, without a newline, for the judge: `token 5
// (line 3 of the answers, line 3 of the output): expected "Player", found
// "Playr"`, or "accepted".
std::string describe_token_verdict(const TokenVerdict& verdict);

}  // namespace poker

#endif  // POKER_TOKEN_VERIFY_H_
