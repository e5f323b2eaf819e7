#include "verify/hunk.h"

#include <string_view>

namespace poker::verify {
namespace {

// A candidate line as a report shows it: at most `max_line` bytes.
io::TextCursor::Line shown(const io::TextCursor::Line& line, std::size_t max_line) {
  io::TextCursor::Line copy = line;
  if (copy.head.size() > max_line) copy.head.resize(max_line);
  return copy;
}

// The 1-based byte where `got` first differs from `expected` (past the
// shorter one's end if one is the other's beginning).
std::uint64_t first_difference(std::string_view expected, const CandidateLine& got) {
  const std::string_view head = got.line.head;
  std::size_t at = 0;
  while (at < expected.size() && at < head.size() && expected[at] == head[at]) ++at;
  return at + 1;
}

}  // namespace

std::vector<Mismatch> Hunk::changed_lines() const {
  std::vector<Mismatch> mismatches;
  for (std::size_t k = 0; k < changed;) {
    const ExpectedLine& first = expected[k];
    Mismatch& mismatch = mismatches.emplace_back();
    mismatch.kind = first.instance == 0 ? Mismatch::Kind::kSummary : Mismatch::Kind::kDiffers;
    mismatch.instance = first.instance;
    mismatch.input_line = first.input_line;
    mismatch.answer_line = first.number;
    mismatch.candidate_line = ahead[k].number;
    mismatch.shift = shift;
    if (first.instance_lines) mismatch.instance_lines = *first.instance_lines;
    mismatch.column = first_difference(first.text, ahead[k]);
    if (k == 0 && !tally.matched_expected().empty()) {
      // The instance's lines before, which matched: shown with it.
      mismatch.first_wrong = tally.matched_expected().size();
      mismatch.answer_line -= mismatch.first_wrong;
      mismatch.candidate_line -= mismatch.first_wrong;
      mismatch.expected = tally.matched_expected();
      mismatch.got = tally.matched_got();
    }
    for (; k < changed && expected[k].instance == first.instance; ++k) {
      mismatch.expected.push_back(expected[k].text);
      mismatch.got.push_back(shown(ahead[k].line, max_line));
    }
    if (first.instance == 0) {
      // A summary is shown whole, with the candidate's lines beside it.
      for (std::size_t more = k; more < skip_candidate; ++more)
        mismatch.got.push_back(shown(ahead[more].line, max_line));
    }
    // An instance cut by the hunk's end: its other lines are shown too.
    for (std::size_t more = k; more < skip_expected && expected[more].instance == first.instance; ++more) {
      mismatch.expected.push_back(expected[more].text);
    }
  }
  return mismatches;
}

Mismatch Hunk::missing_lines() const {
  const ExpectedLine& first = expected[changed];
  Mismatch mismatch;
  mismatch.kind = first.instance == 0 ? Mismatch::Kind::kSummary : Mismatch::Kind::kMissingLines;
  mismatch.instance = first.instance;
  mismatch.last_instance = expected[skip_expected - 1].instance;
  if (skip_expected - changed == 1 && first.text == tally.run_text()) mismatch.same_from = tally.run_first_instance();
  mismatch.input_line = first.input_line;
  mismatch.answer_line = first.number;
  mismatch.candidate_line = changed < ahead.size() ? ahead[changed].number : candidate_lines + 1;
  mismatch.shift = shift;
  if (first.instance_lines) mismatch.instance_lines = *first.instance_lines;
  for (std::size_t m = changed; m < skip_expected; ++m) mismatch.expected.push_back(expected[m].text);
  const ExpectedLine& last = expected[skip_expected - 1];
  mismatch.whole_instances = answer_lines > 0 && (first.number - 1) % answer_lines == 0 && last.last_of_instance;
  return mismatch;
}

Mismatch Hunk::extra_lines() const {
  Mismatch mismatch;
  mismatch.kind = Mismatch::Kind::kExtraLines;
  const bool before_answer = skip_expected < expected.size();
  mismatch.instance = before_answer ? expected[skip_expected].instance : 0;
  mismatch.answer_line = before_answer ? expected[skip_expected].number : lines + 1;
  mismatch.candidate_line = ahead[changed].number;
  mismatch.shift = shift;
  for (std::size_t m = changed; m < skip_candidate; ++m) mismatch.got.push_back(shown(ahead[m].line, max_line));
  return mismatch;
}

Mismatch ended_mismatch(const std::deque<ExpectedLine>& expected, std::uint64_t candidate_lines) {
  const ExpectedLine& first = expected.front();
  Mismatch mismatch;
  mismatch.answer_line = first.number;
  if (first.instance == 0) {
    // The summary's lines from here on, and none of the candidate's.
    mismatch.kind = Mismatch::Kind::kSummary;
    for (const ExpectedLine& line : expected) mismatch.expected.push_back(line.text);
    return mismatch;
  }
  mismatch.kind = Mismatch::Kind::kMissing;
  mismatch.instance = first.instance;
  mismatch.input_line = first.input_line;
  mismatch.candidate_lines = candidate_lines;
  if (first.instance_lines) mismatch.instance_lines = *first.instance_lines;
  for (std::size_t k = 0; k < expected.size() && expected[k].instance == first.instance; ++k) {
    mismatch.expected.push_back(expected[k].text);
  }
  return mismatch;
}

}  // namespace poker::verify
