// The `poker verify --json` report: schema "poker-verify/1" (its fields are
// documented in docs/grading.md). Fields are only ever added, never renamed.
#include <nlohmann/json.hpp>
#include <string>

#include "poker/json_text.h"
#include "poker/verify.h"

namespace poker {
namespace {

using Json = nlohmann::ordered_json;

std::string_view kind_name(Mismatch::Kind kind) {
  switch (kind) {
    case Mismatch::Kind::kDiffers: return "wrong";
    case Mismatch::Kind::kMissing: return "ended";
    case Mismatch::Kind::kSummary: return "summary";
    case Mismatch::Kind::kExtra: return "trailing";
    case Mismatch::Kind::kMissingLines: return "missing";
    case Mismatch::Kind::kExtraLines: break;
  }
  return "extra";
}

// A line number (from 1) or a column; 0, none, is null.
Json number_or_null(std::uint64_t value) { return value == 0 ? Json() : Json(value); }

// A string; empty, none, is null.
Json text_or_null(std::string_view text) { return text.empty() ? Json() : Json(text); }

Json mismatch_json(const Mismatch& m) {
  return {{"kind", kind_name(m.kind)},
          {"instance", number_or_null(m.instance)},
          {"input_line", number_or_null(m.input_line)},
          {"answer_line", number_or_null(m.answer_line)},
          {"candidate_line", number_or_null(m.candidate_line)},
          {"expected", m.expected.empty() ? Json() : Json(m.expected.front())},
          {"got", m.got.empty() ? Json() : Json(m.got.front().head)},
          // The column is that of the first line, `expected` and `got`: null
          // when the instance's first line agrees and a later one differs.
          {"column",
           number_or_null(m.kind == Mismatch::Kind::kDiffers && !m.got.empty() && m.first_wrong == 0 ? m.column : 0)}};
}

}  // namespace

std::string render_verify_json(const VerifyOutcome& outcome, const VerifyOptions& options, std::string_view input_name,
                               std::string_view candidate_name) {
  const VerifyReport& report = outcome.report;
  Json mismatches = Json::array();
  for (const Mismatch& m : report.listed) mismatches.push_back(mismatch_json(m));
  const Json verdict = {{"schema", "poker-verify/1"},
                        {"verdict", report.passed() ? "match" : "differ"},
                        {"instances_file", input_name},
                        {"candidate", candidate_name},
                        // Without --all the comparison stops at the first difference: the
                        // counts cover the instances up to it.
                        {"complete", options.all || report.passed()},
                        {"counts",
                         {{"instances", report.compared},
                          {"right", report.right},
                          {"wrong", report.wrong()},
                          {"missing", report.missing},
                          {"extra", report.extra_inside + report.extra_lines}}},
                        {"extra_uncounted", report.extra_uncounted},
                        {"summary_differs", report.summary_differs},
                        {"line_too_long", number_or_null(report.too_long_line)},
                        // Instances that do not judge cleanly give no verdict, so no JSON: the
                        // field stays, null, for the readers of the schema.
                        {"input_error", nullptr},
                        {"wrong_lines_forgiven_by", text_or_null(report.forgiving_option())},
                        {"first_mismatch", report.listed.empty() ? Json() : mismatches.front()},
                        {"mismatches", std::move(mismatches)}};
  return json_text(verdict) + "\n";
}

}  // namespace poker
