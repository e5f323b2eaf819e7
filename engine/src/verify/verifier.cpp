#include "verify/verifier.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "verify/hunk.h"

namespace poker::verify {
namespace {

// Lines a candidate's extra text is shown with.
constexpr std::size_t kExtraLinesShown = 3;

// Whether no line of `answers` is longer than `limit`. The memcmp of a
// chunk that agrees whole skips the line-by-line reading that enforces that
// limit, so without this a line too long would pass in a chunk that agrees
// whole and stop the comparison in one that does not: the report would
// depend on the chunk size. The default limit (1 MiB) is more than a
// chunk's answers.
bool within_line_limit(std::string_view answers, std::uint64_t limit) {
  if (answers.size() <= limit) return true;
  for (std::size_t from = 0; from < answers.size();) {
    const std::size_t newline = std::min(answers.find('\n', from), answers.size());
    if (newline - from > limit) return false;
    from = newline + 1;
  }
  return true;
}

// Where the first line from `from` on that `format` does not skip (a query
// file's comment, a blank line) begins; `skipped` counts the lines passed.
std::size_t skip_lines_skipped_by(const Format& format, std::string_view bytes, std::size_t from,
                                  std::uint64_t& skipped) {
  while (from < bytes.size()) {
    const std::size_t next = skip_lines(bytes, from, 1);
    std::string_view line = bytes.substr(from, next - from);
    if (line.ends_with('\n')) line.remove_suffix(1);
    if (!format.skips_line(line)) break;
    from = next;
    ++skipped;
  }
  return from;
}

}  // namespace

bool Verifier::take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& /*outcome*/) {
  if (result.instances == 0 || stopped()) return true;
  // The common case: the whole chunk's answers agree, one memcmp.
  if (answer_lines_ == 0 ||
      (expected_.empty() && reader_.ahead().empty() && !reader_.ended() &&
       within_line_limit(result.answers, options_.max_candidate_line) && reader_.cursor().skip_equal(result.answers))) {
    report_.compared += result.instances;
    report_.right += result.instances;
    count_right_in_blocks(report_, options_.block_instances, queued_instances_ + 1, result.instances);
    queued_instances_ += result.instances;
    lines_ += result.instances * answer_lines_;
    reader_.skipped(result.instances * answer_lines_);
    matched_whole(result.answers, result.instances);
    return true;
  }
  if (reader_.check_error()) {
    stopped_ = true;
    return true;
  }
  queue(chunk, result);
  align(false);
  return true;
}

void Verifier::finish(std::string_view summary, RunOutcome& /*outcome*/) {
  if (stopped()) return;
  const std::vector<std::string> summary_lines = lines_of(summary, std::string::npos);
  for (std::size_t i = 0; i < summary_lines.size(); ++i) {
    ExpectedLine expected;
    expected.text = options_.ignore_space_change ? squeezed(summary_lines[i]) : summary_lines[i];
    expected.hash = hash_of(expected.text);
    expected.number = ++lines_;
    expected.last_of_instance = i + 1 == summary_lines.size();  // the summary is one whole, like an instance
    expected_.push_back(std::move(expected));
  }
  check_end();
}

void Verifier::check_end() {
  if (stopped()) return;
  if (!align(true) || stopped()) return;
  if (options_.ignore_trailing_blank_lines && reader_.skip_blank_lines()) return;
  if (reader_.check_error()) return;
  if (!reader_.ahead().empty() || (!reader_.ended() && !reader_.cursor().at_end())) report_trailing();
}

void Verifier::matched_whole(std::string_view answers, std::uint64_t instances) {
  const std::uint64_t lines = instances * answer_lines_;
  if (lines == 0) return;
  pacing_.agreed(lines);
  tally_.matched_whole(answers, instances, queued_instances_);
}

void Verifier::queue(const io::Chunk& chunk, const ChunkResult& result) {
  const std::string_view answers = result.answers;
  std::size_t from = 0;
  std::size_t input_from = 0;
  std::uint64_t skipped = 0;  // lines the format skips, before the instance
  for (std::uint64_t i = 0; i < result.instances; ++i) {
    const std::uint64_t instance = ++queued_instances_;
    std::shared_ptr<const std::vector<std::string>> instance_lines;
    input_from = skip_lines_skipped_by(format_, chunk.bytes, input_from, skipped);
    const std::size_t input_to = skip_lines(chunk.bytes, input_from, input_lines_);
    if (may_list(instance)) {
      instance_lines = std::make_shared<const std::vector<std::string>>(
          lines_of(chunk.bytes.substr(input_from, input_to - input_from), options_.max_line));
    }
    input_from = input_to;
    for (std::uint64_t k = 0; k < answer_lines_; ++k) {
      const std::size_t newline = answers.find('\n', from);
      ExpectedLine line;
      const std::string_view text = answers.substr(from, newline - from);
      line.text = options_.ignore_space_change ? squeezed(text) : std::string(text);
      line.hash = hash_of(line.text);
      line.instance = instance;
      line.number = ++lines_;
      line.last_of_instance = k + 1 == answer_lines_;
      line.input_line = chunk.first_line + i * input_lines_ + skipped;
      line.instance_lines = instance_lines;
      expected_.push_back(std::move(line));
      from = newline + 1;
    }
  }
}

bool Verifier::align(bool final) {
  std::deque<CandidateLine>& ahead = reader_.ahead();
  for (;;) {
    while (!expected_.empty() && (!ahead.empty() || reader_.read_ahead(1)) && same(expected_.front(), ahead.front())) {
      pacing_.agreed(1);
      resolve(LineFate::kMatched, &ahead.front().line);
      ahead.pop_front();
    }
    if (stopped()) return false;
    if (expected_.empty()) return true;
    if (ahead.empty() && report_.too_long_line != 0) {
      stopped_ = true;
      return false;
    }
    if (ahead.empty()) {
      // The candidate ended: every answer left is missing.
      report_ended();
      if (!options_.all) {
        stopped_ = true;
        return false;
      }
      if (!final) return true;
      continue;
    }
    if (!final && expected_.size() < kWindow) return true;  // the window is not known yet
    reader_.read_ahead(kWindow);
    if (stopped()) return false;
    report_hunk(final);
    if (!options_.all || (report_.too_long_line != 0 && ahead.empty())) {
      // An instance the hunk cut through counts, as it differs.
      if (!expected_.empty() && expected_.front().instance != 0) tally_.count_cut_instance();
      stopped_ = true;
      return false;
    }
  }
}

std::pair<std::size_t, std::size_t> Verifier::next_hunk(bool final) {
  std::pair<std::size_t, std::size_t> hunk{1, 1};
  if (pacing_.search()) {
    hunk = find_hunk(AlignmentWindow{expected_, reader_.ahead(), reader_.ended(), final});
    pacing_.searched(hunk.first != hunk.second);
  }
  if (expected_.front().instance == 0) {
    // A summary differs as a whole: its lines beside the candidate's.
    hunk.first = expected_.size();
    hunk.second = std::min(reader_.ahead().size(), hunk.first);
  }
  if (hunk.first == 0 && hunk.second == 0) hunk = {1, 1};
  return {std::min(hunk.first, expected_.size()), std::min(hunk.second, reader_.ahead().size())};
}

void Verifier::report_hunk(bool final) {
  std::deque<CandidateLine>& ahead = reader_.ahead();
  const auto [skip_expected, skip_candidate] = next_hunk(final);
  const std::size_t changed = std::min(skip_expected, skip_candidate);
  shift_ += static_cast<std::int64_t>(skip_candidate) - static_cast<std::int64_t>(skip_expected);
  const Hunk hunk{expected_, ahead,           tally_,        options_.max_line, shift_, answer_lines_,
                  lines_,    reader_.lines(), skip_expected, skip_candidate,    changed};
  for (std::size_t k = 0; k < changed; ++k) count_wrong_line(expected_[k].text, ahead[k].line, report_);
  for (Mismatch& mismatch : hunk.changed_lines()) list(std::move(mismatch));
  if (skip_expected > changed) list(hunk.missing_lines());
  if (skip_candidate > changed) {
    report_.extra_inside += skip_candidate - changed;
    Mismatch extra = hunk.extra_lines();
    if (options_.block_instances != 0) block_tally(report_, block_of(extra.instance)).extra_lines += extra.got.size();
    list(std::move(extra));
  }
  for (std::size_t m = 0; m < skip_expected; ++m) resolve(m < changed ? LineFate::kChanged : LineFate::kMissing);
  for (std::size_t m = 0; m < skip_candidate; ++m) ahead.pop_front();
}

void Verifier::report_ended() {
  if (expected_.front().instance == 0) report_.summary_differs = true;
  if (!ended_listed_) {
    list(ended_mismatch(expected_, reader_.lines()));
    ended_listed_ = true;
  }
  if (options_.all) {
    while (!expected_.empty()) resolve(LineFate::kMissing);
    return;
  }
  // The comparison stops at this first difference, and the counts with
  // it: they take in the instance whose answer the candidate ends before
  // (or inside), not the others queued after it, as many as the chunk
  // size happened to put there.
  const std::uint64_t instance = expected_.front().instance;
  while (!expected_.empty() && expected_.front().instance == instance) resolve(LineFate::kMissing);
}

void Verifier::report_trailing() {
  std::deque<CandidateLine>& ahead = reader_.ahead();
  report_.extra = true;
  Mismatch mismatch;
  mismatch.kind = Mismatch::Kind::kExtra;
  reader_.read_ahead(kExtraLinesShown);
  if (reader_.check_error()) return;
  mismatch.answer_line = ahead.empty() ? reader_.lines() + 1 : ahead.front().number;
  for (std::size_t k = 0; k < ahead.size() && k < kExtraLinesShown; ++k) mismatch.got.push_back(ahead[k].line);
  report_.extra_lines += ahead.size();
  reader_.set_lines(std::max(reader_.lines(), ahead.empty() ? reader_.lines() : ahead.back().number));
  ahead.clear();
  if (options_.all && report_.too_long_line == 0 && !reader_.ended()) {
    reader_.count_extra_lines();
    if (reader_.check_error()) return;
  }
  report_.extra_uncounted = report_.extra_uncounted || report_.too_long_line != 0;
  // Listed even past max_listed: it is the last thing to say.
  mismatch.block = block_of(0);
  report_.listed.push_back(std::move(mismatch));
}

void Verifier::resolve(LineFate fate, const io::TextCursor::Line* got) {
  if (fate == LineFate::kMissing) ++report_.missing_lines;
  tally_.settle(expected_.front(), fate, got);
  expected_.pop_front();
}

void Verifier::list(Mismatch mismatch) {
  if (!options_.all && !report_.listed.empty()) return;
  mismatch.block = block_of(mismatch.instance);
  if (may_list(mismatch.instance)) report_.listed.push_back(std::move(mismatch));
}

std::uint64_t Verifier::block_of(std::uint64_t instance) const {
  if (options_.block_instances == 0) return 0;
  const std::uint64_t at = instance != 0 ? instance : queued_instances_;
  return at == 0 ? 0 : (at - 1) / options_.block_instances;
}

bool Verifier::may_list(std::uint64_t instance) const {
  if (options_.block_instances == 0) return report_.listed.size() < options_.max_listed;
  const std::uint64_t block = block_of(instance);
  std::size_t in_block = 0;
  for (auto m = report_.listed.rbegin(); m != report_.listed.rend() && m->block == block; ++m) {
    if (++in_block >= options_.max_listed) return false;
  }
  return in_block < options_.max_listed;
}

}  // namespace poker::verify
