#include "verify/candidate_reader.h"

#include <string>
#include <string_view>
#include <utility>

namespace poker::verify {
namespace {

// Bytes of a candidate line kept for comparing: answer lines are far
// shorter, so a longer line equals none.
constexpr std::size_t kKeptLine = 4096;

}  // namespace

bool CandidateReader::read_ahead(std::size_t count) {
  while (ahead_.size() < count) {
    if (ended_ || failed_) return false;
    CandidateLine next;
    if (!cursor_.next_line(next.line, kKeptLine, options_.max_candidate_line, options_.ignore_space_change)) {
      if (cursor_.error() == 0) {
        ended_ = true;
      } else {
        check_error();
        failed_ = true;
      }
      return false;
    }
    next.number = ++lines_;
    if (next.line.too_long) {
      // Past a line too long the candidate's lines cannot be aligned:
      // it is the last line read, and compared with nothing.
      report_.too_long_line = next.number;
      ended_ = true;
      ahead_.push_back(std::move(next));
      return false;
    }
    ahead_.push_back(compared_line(std::move(next)));
  }
  return true;
}

bool CandidateReader::skip_blank_lines() {
  while (!ahead_.empty() && is_blank(ahead_.front())) ahead_.pop_front();
  if (!ahead_.empty() || failed_) return false;
  if (ended_) return true;
  // The rest in bulk, not line by line: a file of millions of empty lines
  // is read in a blink, as a stop signal needs.
  std::uint64_t newlines = 0;
  if (!cursor_.skip_whitespace(options_.max_trailing_blank_bytes, newlines)) {
    check_error();
    failed_ = true;
    return false;
  }
  lines_ += newlines;  // a line the skip went into is numbered on
  ended_ = cursor_.at_end();
  return ended_;
}

bool CandidateReader::is_blank(const CandidateLine& line) const {
  if (line.line.too_long || line.line.length != line.line.head.size()) return false;
  return line.line.head.find_first_not_of(kLineBlanks) == std::string::npos;
}

void CandidateReader::count_extra_lines() {
  const std::uint64_t from = cursor_.offset();
  for (io::TextCursor::Line line;;) {
    if (cursor_.offset() - from > options_.max_extra_bytes) {
      report_.extra_uncounted = !cursor_.at_end();
      return;
    }
    if (!cursor_.next_line(line, 0, options_.max_candidate_line)) return;
    ++report_.extra_lines;
    ++lines_;
    if (line.too_long) {
      report_.too_long_line = lines_;
      return;
    }
  }
}

CandidateLine CandidateReader::compared_line(CandidateLine next) const {
  std::string_view compared = next.line.head;  // squeezed already with ignore_space_change
  const bool whole = next.line.length == next.line.head.size();
  bool comparable = whole && next.line.has_newline;
  if (options_.strip_trailing_cr && !compared.empty() && compared.back() == '\r') compared.remove_suffix(1);
  if (options_.ignore_trailing_space) compared = without_trailing_blanks(compared);
  if (options_.ignore_trailing_space || options_.ignore_trailing_blank_lines) comparable = whole;
  next.compared = std::string(compared);
  next.hash = hash_of(next.compared);
  next.comparable = comparable;
  return next;
}

}  // namespace poker::verify
