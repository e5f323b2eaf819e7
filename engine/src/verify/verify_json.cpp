// The `poker verify --json` report: schema "poker-verify/1" (its fields are
// documented in docs/grading.md). Fields are only ever added, never renamed.
#include <string>

#include "poker/json_text.h"
#include "poker/verify.h"

namespace poker {
namespace {

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

std::string number_or_null(std::uint64_t value) { return value == 0 ? "null" : std::to_string(value); }

std::string mismatch_json(const Mismatch& m) {
  std::string out = "{\"kind\":\"";
  out += kind_name(m.kind);
  out += '"';
  out += ",\"instance\":";
  out += number_or_null(m.instance);
  out += ",\"input_line\":";
  out += number_or_null(m.input_line);
  out += ",\"answer_line\":";
  out += number_or_null(m.answer_line);
  out += ",\"candidate_line\":";
  out += number_or_null(m.candidate_line);
  out += ",\"expected\":";
  out += (m.expected.empty() ? std::string("null") : json_quote(m.expected.front()));
  out += ",\"got\":";
  out += (m.got.empty() ? std::string("null") : json_quote(m.got.front().head));
  out += ",\"column\":";
  // The column is that of the first line, `expected` and `got`: null when
  // the instance's first line agrees and a later one differs.
  out += number_or_null(m.kind == Mismatch::Kind::kDiffers && !m.got.empty() && m.first_wrong == 0 ? m.column : 0);
  out += "}";
  return out;
}

}  // namespace

std::string render_verify_json(const VerifyOutcome& outcome, const VerifyOptions& options, std::string_view input_name,
                               std::string_view candidate_name) {
  const VerifyReport& report = outcome.report;
  std::string out = "{\"schema\":\"poker-verify/1\"";
  out += ",\"verdict\":\"";
  out += std::string(report.passed() ? "match" : "differ");
  out += "\"";
  out += ",\"instances_file\":";
  out += json_quote(input_name);
  out += ",\"candidate\":";
  out += json_quote(candidate_name);
  // Without --all the comparison stops at the first difference: the counts cover
  // the instances up to it.
  out += ",\"complete\":";
  out += std::string(options.all || report.passed() ? "true" : "false");
  out += ",\"counts\":{\"instances\":";
  out += std::to_string(report.compared);
  out += ",\"right\":";
  out += std::to_string(report.right);
  out += ",\"wrong\":";
  out += std::to_string(report.wrong());
  out += ",\"missing\":";
  out += std::to_string(report.missing);
  out += ",\"extra\":";
  out += std::to_string(report.extra_inside + report.extra_lines);
  out += "}";
  out += ",\"extra_uncounted\":";
  out += std::string(report.extra_uncounted ? "true" : "false");
  out += ",\"summary_differs\":";
  out += std::string(report.summary_differs ? "true" : "false");
  out += ",\"line_too_long\":";
  out += number_or_null(report.too_long_line);
  // Instances that do not judge cleanly give no verdict, so no JSON: the
  // field stays, null, for the readers of the schema.
  out += ",\"input_error\":null";
  out += ",\"wrong_lines_forgiven_by\":";
  out += report.forgiving_option().empty() ? std::string("null") : json_quote(report.forgiving_option());
  out += ",\"first_mismatch\":";
  out += (report.listed.empty() ? std::string("null") : mismatch_json(report.listed.front()));
  out += ",\"mismatches\":[";
  for (std::size_t i = 0; i < report.listed.size(); ++i) {
    if (i > 0) out += ',';
    out += mismatch_json(report.listed[i]);
  }
  out += "]}\n";
  return out;
}

}  // namespace poker
