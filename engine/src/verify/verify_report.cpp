// The text of a `poker verify` report.
#include <string>

#include "poker/escape.h"
#include "poker/verify.h"

namespace poker {
namespace {

std::string count(std::uint64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

void add_lines(std::string& out, std::string_view title, std::uint64_t first, const std::vector<std::string>& lines) {
  out += title;
  out += ":\n";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out += "  " + std::to_string(first + i) + " | " + escape_bytes(lines[i]) + "\n";
  }
}

void add_candidate_lines(std::string& out, std::uint64_t first, const std::vector<io::TextCursor::Line>& lines,
                         std::size_t wanted) {
  out += "got:\n";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const io::TextCursor::Line& line = lines[i];
    out += "  " + std::to_string(first + i) + " | " + escape_bytes(line.head);
    if (line.too_long) {
      out += "... (more than " + std::to_string(line.length - 1) + " bytes)";
    } else {
      if (line.length > line.head.size()) out += "... (" + std::to_string(line.length) + " bytes)";
      if (!line.has_newline) out += " (no newline at the end)";
    }
    out += "\n";
  }
  // A line too long ends what was read of the candidate, not the candidate.
  if (lines.size() < wanted && (lines.empty() || !lines.back().too_long)) out += "  (the candidate ends here)\n";
}

void describe(std::string& out, const Mismatch& m) {
  const std::string where = "(input line " + std::to_string(m.input_line) + ", answer line " +
                            std::to_string(m.answer_line) + ")";
  switch (m.kind) {
    case Mismatch::Kind::kDiffers:
      out += "MISMATCH at instance " + std::to_string(m.instance) + " " + where + "\n";
      break;
    case Mismatch::Kind::kMissing:
      out += "MISSING ANSWERS: the candidate ends after " + count(m.instance - 1, "answer", "answers") + " (" +
             count(m.candidate_lines, "line", "lines") + "); expected the answer to instance " +
             std::to_string(m.instance) + " " + where + "\n";
      break;
    case Mismatch::Kind::kSummary:
      out += "MISMATCH in the summary (answer line " + std::to_string(m.answer_line) + ")\n";
      add_lines(out, "expected", m.answer_line, m.expected);
      add_candidate_lines(out, m.answer_line, m.got, m.expected.size());
      return;
    case Mismatch::Kind::kExtra:
      out += "EXTRA LINES: the candidate goes on after the last expected answer, from line " +
             std::to_string(m.answer_line) + "\n";
      add_candidate_lines(out, m.answer_line, m.got, 0);
      return;
  }
  add_lines(out, "instance", m.input_line, m.instance_lines);
  add_lines(out, "expected", m.answer_line, m.expected);
  add_candidate_lines(out, m.answer_line, m.got, m.expected.size());
}

}  // namespace

std::string render_verify_report(const VerifyOutcome& outcome, const VerifyOptions& options,
                                 std::string_view input_name) {
  const VerifyReport& report = outcome.report;
  const bool at_error = outcome.run.status == RunOutcome::Status::kInvalidInput && outcome.run.input_error;
  std::string out;
  if (report.passed() && report.compared == 0) {
    out += at_error ? "OK: the first instance is invalid, so no answer is expected, and the candidate has none\n"
                    : "OK: there are no instances, and the candidate has no answers\n";
  } else if (report.passed()) {
    out += "OK: the answers to " + std::string(report.compared == 1 ? "the " : "all ") +
           count(report.compared, "instance", "instances") +
           (at_error ? " before the invalid one match, and the candidate stops there too\n" : " match\n");
  }
  std::uint64_t listed_instances = 0;
  for (const Mismatch& m : report.listed) {
    if (m.kind == Mismatch::Kind::kExtra && options.all && listed_instances < report.mismatching) {
      out += "... and " + count(report.mismatching - listed_instances, "more mismatching instance",
                                "more mismatching instances") + "\n";
      listed_instances = report.mismatching;
    }
    describe(out, m);
    if (m.kind == Mismatch::Kind::kDiffers || m.kind == Mismatch::Kind::kMissing) ++listed_instances;
  }
  if (options.all && listed_instances < report.mismatching) {
    out += "... and " + count(report.mismatching - listed_instances, "more mismatching instance",
                              "more mismatching instances") + "\n";
  }
  if (report.too_long_line != 0) {
    out += "LINE TOO LONG: the candidate's line " + std::to_string(report.too_long_line) + " is longer than " +
           std::to_string(options.max_candidate_line) + " bytes, which no answer line is; the comparison stops there\n";
  }
  if (at_error) {
    // The message is already one printable line, its bytes escaped as the
    // judge prints them: escaping it again made `\x00` read `\x5cx00`.
    const InputError& error = *outcome.run.input_error;
    out += "note: the instances stop at an error: " + std::string(input_name) + ":" + std::to_string(error.line) +
           ":" + std::to_string(error.column) + ": " + error.message +
           "; the expected answers end before it\n";
  }
  if (options.all) {
    out += "compared " + count(report.compared, "instance", "instances") + ": " +
           std::to_string(report.compared - report.mismatching) + " match, " +
           std::to_string(report.mismatching) + " differ";
    if (report.missing > 0) out += " (" + std::to_string(report.missing) + " of them missing)";
    if (report.summary_differs) out += "; the summary differs";
    if (report.extra) {
      out += "; the candidate has " + std::string(report.extra_uncounted ? "at least " : "") +
             count(report.extra_lines, "extra line", "extra lines");
    }
    out += "\n";
  }
  return out;
}

}  // namespace poker
