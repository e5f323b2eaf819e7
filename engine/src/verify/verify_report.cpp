// The text of a `poker verify` report.
#include <string>

#include "poker/escape.h"
#include "poker/verify.h"

namespace poker {
namespace {

std::string count(std::uint64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// A section of numbered lines; none without lines (a report that hides the
// expected answers clears them).
void add_lines(std::string& out, std::string_view title, std::uint64_t first, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
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

// How a byte reads in a note: blanks by name, so that a trailing space, a
// tab and a CR are visible.
std::string byte_name(std::string_view line, std::uint64_t column) {
  if (column > line.size()) return "the end of the line";
  const char c = line[column - 1];
  if (c == ' ') return "a space";
  if (c == '\t') return "a tab (\\t)";
  if (c == '\r') return "a CR (\\r)";
  std::string quoted = escape_bytes(std::string_view(&line[column - 1], 1), "'");
  quoted.insert(quoted.begin(), '\'');
  quoted.push_back('\'');
  return quoted;
}

// "from there on the candidate matches N lines earlier/later", or in step.
std::string shift_note(std::int64_t shift) {
  if (shift == 0) return "from there on the candidate is in step again";
  const std::uint64_t lines = static_cast<std::uint64_t>(shift < 0 ? -shift : shift);
  return "from there on the candidate matches " + count(lines, "line", "lines") + (shift < 0 ? " earlier" : " later");
}

// "first difference: line N, column C: ...", unless the difference is only
// the newline or bytes not kept.
void add_first_difference(std::string& out, const Mismatch& m) {
  const std::size_t i = m.first_wrong;
  if (m.column == 0 || i >= m.got.size() || i >= m.expected.size()) return;
  const io::TextCursor::Line& got = m.got[i];
  const std::string& expected = m.expected[i];
  if (got.too_long || got.length != got.head.size() || (m.column > expected.size() && m.column > got.head.size())) {
    return;
  }
  out += "first difference: line " + std::to_string(m.candidate_line + i) + ", column " + std::to_string(m.column) +
         ": expected " + byte_name(expected, m.column) + ", got " + byte_name(got.head, m.column) + "\n";
}

// The note that names the lenient option every wrong line needs, if any.
void add_forgiving_note(std::string& out, const VerifyReport& report) {
  const std::string_view option = report.forgiving_option();
  if (option.empty()) return;
  const bool one = report.wrong_lines == 1;
  out +=
      one ? std::string("note: the wrong line differs from the expected one only by ")
          : "note: all " + std::to_string(report.wrong_lines) + " wrong lines differ from the expected ones only by ";
  if (option == "--strip-trailing-cr") {
    out += one ? "a CR at its end (a CRLF line end)" : "a CR at their end (CRLF line ends)";
  } else {
    out += "blanks at the end or a missing final newline";
  }
  out += "; " + std::string(option) + " forgives that\n";
}

void describe(std::string& out, const Mismatch& m) {
  const std::string where =
      "(input line " + std::to_string(m.input_line) + ", answer line " + std::to_string(m.answer_line) + ")";
  switch (m.kind) {
    case Mismatch::Kind::kDiffers:
      out += "MISMATCH at instance " + std::to_string(m.instance) + " " + where;
      if (m.candidate_line != m.answer_line) out += ", the candidate's line " + std::to_string(m.candidate_line);
      out += "\n";
      add_lines(out, "instance", m.input_line, m.instance_lines);
      add_lines(out, "expected", m.answer_line, m.expected);
      add_candidate_lines(out, m.candidate_line, m.got, m.expected.size());
      add_first_difference(out, m);
      return;
    case Mismatch::Kind::kMissingLines:
      if (!m.whole_instances) {
        out += "MISSING " +
               std::string(m.expected.size() == 1 ? "LINE: the candidate lacks answer line "
                                                  : "LINES: the candidate lacks answer lines ") +
               std::to_string(m.answer_line) +
               (m.expected.size() == 1 ? "" : " to " + std::to_string(m.answer_line + m.expected.size() - 1)) +
               " (instance " + std::to_string(m.instance) + ", input line " + std::to_string(m.input_line) + ")";
      } else if (m.last_instance == m.instance) {
        out += "MISSING ANSWER: the answer to instance " + std::to_string(m.instance) + " " + where + " is missing";
        if (m.same_from != 0) {
          out += m.same_from + 1 == m.instance
                     ? " (or that to instance " + std::to_string(m.same_from) + ", the same answer)"
                     : " (or that to one of instances " + std::to_string(m.same_from) + " to " +
                           std::to_string(m.instance - 1) + ", the same answer)";
        }
      } else {
        out += "MISSING ANSWERS: the answers to instances " + std::to_string(m.instance) + " to " +
               std::to_string(m.last_instance) + " " + where + " are missing";
      }
      out += "; " + shift_note(m.shift) + "\n";
      add_lines(out, "instance", m.input_line, m.instance_lines);
      add_lines(out, "expected", m.answer_line, m.expected);
      return;
    case Mismatch::Kind::kExtraLines:
      out += "EXTRA " +
             std::string(m.got.size() == 1 ? "LINE: the candidate's line " : "LINES: the candidate's lines ") +
             std::to_string(m.candidate_line) +
             (m.got.size() == 1 ? "" : " to " + std::to_string(m.candidate_line + m.got.size() - 1)) +
             (m.got.size() == 1 ? " answers no instance" : " answer no instance") +
             (m.instance > 0 ? " (before the answer to instance " + std::to_string(m.instance) + ")" : "") + "; " +
             shift_note(m.shift) + "\n";
      add_candidate_lines(out, m.candidate_line, m.got, 0);
      return;
    case Mismatch::Kind::kMissing:
      out += "MISSING ANSWERS: the candidate ends after " + count(m.instance - 1, "answer", "answers") + " (" +
             count(m.candidate_lines, "line", "lines") + "); expected the answer to instance " +
             std::to_string(m.instance) + " " + where + "\n";
      break;
    case Mismatch::Kind::kSummary:
      // The summary is shown whole; the heading names its first line that differs.
      out += "MISMATCH in the summary (answer line " + std::to_string(m.answer_line + m.first_wrong) + ")\n";
      add_lines(out, "expected", m.answer_line, m.expected);
      add_candidate_lines(out, m.answer_line, m.got, m.expected.size());
      add_first_difference(out, m);
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

// A line as render_verify_line() quotes it: its first `max_line` bytes,
// "..." after them when there are more.
std::string quoted(std::string_view line, bool more, std::size_t max_line) {
  std::string out = "\"";
  out += escape_bytes(line.substr(0, max_line), "\"");
  out += more || line.size() > max_line ? "...\"" : "\"";
  return out;
}

// `: expected "E", found "F"`, either part left out when absent.
std::string expected_and_found(const std::string* expected, const io::TextCursor::Line* found, std::size_t max_line) {
  std::string out;
  if (expected != nullptr) out += ": expected " + quoted(*expected, false, max_line);
  if (found != nullptr) {
    out += out.empty() ? ": found " : ", found ";
    out += quoted(found->head, found->length > found->head.size(), max_line);
  }
  return out;
}

}  // namespace

std::string render_verify_line(const VerifyOutcome& outcome, bool show_expected) {
  const VerifyReport& report = outcome.report;
  if (report.passed()) return count(report.compared, "instance", "instances");
  if (report.listed.empty()) {
    return "at output line " + std::to_string(report.too_long_line) + " (a line longer than any answer)";
  }
  // Only the first difference: the line it is on, and what kind it is.
  const Mismatch& m = report.listed.front();
  const std::size_t at = m.first_wrong;
  const std::string* expected = at < m.expected.size() ? &m.expected[at] : nullptr;
  const io::TextCursor::Line* found = at < m.got.size() ? &m.got[at] : nullptr;
  constexpr std::size_t kShown = 80;  // one line, whatever the answer's length
  std::string where;
  switch (m.kind) {
    case Mismatch::Kind::kDiffers:
      where =
          "on instance " + std::to_string(m.instance) + " (output line " + std::to_string(m.candidate_line + at) + ")";
      break;
    case Mismatch::Kind::kSummary:
      where = "in the summary (output line " + std::to_string(m.answer_line + at) + ")";
      break;
    case Mismatch::Kind::kMissingLines:
      where = "on instance " + std::to_string(m.instance) + " (answer lines missing before output line " +
              std::to_string(m.candidate_line) + ")";
      found = nullptr;
      break;
    case Mismatch::Kind::kMissing:
      where = "on instance " + std::to_string(m.instance) + " (the output ends after " +
              count(m.candidate_lines, "line", "lines") + ")";
      found = nullptr;
      break;
    case Mismatch::Kind::kExtraLines:
      where = "at output line " + std::to_string(m.candidate_line) + " (a line that answers no instance)";
      expected = nullptr;
      break;
    case Mismatch::Kind::kExtra:
      where = "at output line " + std::to_string(m.answer_line) + " (output after the last answer)";
      expected = nullptr;
      found = m.got.empty() ? nullptr : &m.got.front();
      break;
  }
  if (!show_expected) return where;
  return where + expected_and_found(expected, found, kShown);
}

std::string render_verify_report(const VerifyOutcome& outcome, const VerifyOptions& options,
                                 std::string_view candidate_name) {
  const VerifyReport& report = outcome.report;
  std::string out;
  std::string ok = "OK: ";
  if (!candidate_name.empty()) ok.append(candidate_name).append(": ");
  if (report.passed() && report.compared == 0) {
    out += ok;
    out += "there are no instances, and the candidate has no answers\n";
  } else if (report.passed()) {
    out += ok;
    out += "the answers to " + std::string(report.compared == 1 ? "the " : "all ") +
           count(report.compared, "instance", "instances") + " match\n";
  }
  std::uint64_t listed_instances = 0;
  for (const Mismatch& m : report.listed) {
    if (m.kind == Mismatch::Kind::kExtra && options.all && listed_instances < report.mismatching) {
      out += "... and " +
             count(report.mismatching - listed_instances, "more mismatching instance", "more mismatching instances") +
             "\n";
      listed_instances = report.mismatching;
    }
    describe(out, m);
    if (m.kind == Mismatch::Kind::kDiffers || m.kind == Mismatch::Kind::kMissing) ++listed_instances;
    if (m.kind == Mismatch::Kind::kMissingLines) listed_instances += m.last_instance - m.instance + 1;
  }
  if (options.all && listed_instances < report.mismatching) {
    out += "... and " +
           count(report.mismatching - listed_instances, "more mismatching instance", "more mismatching instances") +
           "\n";
  }
  out += render_verify_tail(report, options);
  return out;
}

std::string render_verify_tail(const VerifyReport& report, const VerifyOptions& options) {
  std::string out;
  if (report.too_long_line != 0) {
    out += "LINE TOO LONG: the candidate's line " + std::to_string(report.too_long_line) + " is longer than " +
           std::to_string(options.max_candidate_line) + " bytes, which no answer line is; the comparison stops there\n";
  }
  if (options.all) {
    // right + wrong + missing = compared; extra counts lines that answer nothing.
    out += "compared " + count(report.compared, "instance", "instances") + ": " + std::to_string(report.right) +
           " right, " + std::to_string(report.wrong()) + " wrong, " + std::to_string(report.missing) + " missing, " +
           std::string(report.extra_uncounted ? "at least " : "") +
           count(report.extra_inside + report.extra_lines, "extra line", "extra lines");
    if (report.summary_differs) out += "; the summary differs";
    out += "\n";
  }
  add_forgiving_note(out, report);
  return out;
}

}  // namespace poker
