// run_token_verify: the pipeline run with a TokenComparison as its
// destination; and its verdict in words.
#include "poker/token_verify.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "pipeline/answer_destination.h"
#include "poker/escape.h"
#include "verify/token_comparison.h"

namespace poker {
namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  out += escape_bytes(text, "\"");
  out += '"';
  return out;
}

}  // namespace

bool read_checker_number(const std::string& text, double& value) {
  // problemtools' test, on this C library: a number, then nothing.
  char rest[2];
  return std::sscanf(text.c_str(), "%lf%1s", &value, rest) == 1 && std::isfinite(value);
}

TokenVerifyOutcome run_token_verify(const Format& format, io::ByteSource& input, io::ByteSource& output,
                                    const PipelineOptions& pipeline_options, const TokenRule& rule) {
  TokenVerifyOutcome outcome;
  io::TextCursor cursor(output);
  verify::TokenComparison comparison(cursor, rule, outcome);
  bool stopped_by_comparison = false;  // never: the instances are judged to their end
  outcome.run = run_pipeline_to(format, input, comparison, pipeline_options, stopped_by_comparison);
  return outcome;
}

std::string describe_token_difference(const TokenVerdict& verdict, bool show_expected) {
  using Kind = TokenVerdict::Kind;
  const std::string expected = show_expected ? quoted(verdict.expected) : std::string();
  switch (verdict.kind) {
    case Kind::kAccepted: return "no difference";
    case Kind::kTokenDiffers:
      return show_expected ? "expected " + expected + ", found " + quoted(verdict.found) : "the token differs";
    case Kind::kNotANumber:
      return show_expected ? "expected a number close to " + expected + ", found " + quoted(verdict.found)
                           : "expected a number, found " + quoted(verdict.found);
    case Kind::kOutputEnded:
      return show_expected ? "the output ends where the answers go on with " + expected : "the output ends";
    case Kind::kOutputGoesOn: return "the output goes on after the last answer with " + quoted(verdict.found);
    case Kind::kSpaceDiffers:
      if (verdict.expected.empty()) return "whitespace " + quoted(verdict.found) + " where the answers have none";
      return "whitespace: expected " + quoted(verdict.expected) + ", found " +
             (verdict.found.empty() ? std::string("the end of the output") : quoted(verdict.found));
    case Kind::kTokenTooLong: return "a token over 32 MiB long";
    case Kind::kOutputUnreadable:
      return std::string("the output could not be read: ") + std::strerror(verdict.read_error);
  }
  return {};
}

std::string describe_token_verdict(const TokenVerdict& verdict) {
  if (verdict.accepted()) return "accepted";
  return "token " + std::to_string(verdict.token) + " (line " + std::to_string(verdict.expected_line) +
         " of the answers, line " + std::to_string(verdict.output_line) +
         " of the output): " + describe_token_difference(verdict, true);
}

}  // namespace poker
