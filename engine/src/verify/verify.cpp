#include "poker/verify.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <optional>

#include "pipeline/answer_destination.h"

namespace poker {
namespace {

// Lines a candidate's extra text is shown with.
constexpr std::size_t kExtraLinesShown = 3;
// The alignment after a difference (as diff's, on a bounded window): the
// hunk is the fewest lines skipped on either side, at most kMaxSkip, after
// which the next kResyncRun lines agree but for at most kResyncSlack of
// them, the first one agreeing (or a side ends). Without such evidence the
// lines stay in step and the first one is a wrong answer: answers of two
// or three values ("Player 1", "Draw") agree by chance too often for less
// to prove a shift, and a candidate whose errors are dense must not be
// read as lines missing and extra.
constexpr std::size_t kMaxSkip = 32;
constexpr std::size_t kResyncRun = 24;
constexpr std::size_t kResyncSlack = 2;
constexpr std::size_t kWindow = kMaxSkip + kResyncRun;
// Bytes of a candidate line kept for comparing: answer lines are far
// shorter, so a longer line equals none.
constexpr std::size_t kKeptLine = 4096;
// The blanks --ignore-trailing-space does not compare at a line's end.
constexpr const char* kBlanks = " \t\r\v\f";

// The end of the `count` lines of `text` from `from` (text.size() if fewer).
std::size_t skip_lines(std::string_view text, std::size_t from, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count && from < text.size(); ++i) {
    const std::size_t newline = text.find('\n', from);
    from = newline == std::string_view::npos ? text.size() : newline + 1;
  }
  return from;
}

// The lines of `text` (a line without a newline at the end counts too), each
// cut at `keep` bytes.
std::vector<std::string> lines_of(std::string_view text, std::size_t keep) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    lines.emplace_back(line.substr(0, keep));
    if (line.size() > keep) lines.back() += "...";
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
  }
  return lines;
}

std::size_t hash_of(std::string_view text) { return std::hash<std::string_view>{}(text); }

// Block `block`'s tally in the report (VerifyOptions::block_instances).
VerifyBlock& block_tally(VerifyReport& report, std::uint64_t block) {
  if (report.blocks.size() <= block) report.blocks.resize(block + 1);
  return report.blocks[block];
}

// `count` instances from `first` (1-based) are right: in the report's
// blocks of `block_instances` (none when 0).
void count_right_in_blocks(VerifyReport& report, std::uint64_t block_instances, std::uint64_t first,
                           std::uint64_t count) {
  if (block_instances == 0) return;
  while (count > 0) {
    const std::uint64_t block = (first - 1) / block_instances;
    const std::uint64_t in_block = std::min(count, (block + 1) * block_instances - first + 1);
    block_tally(report, block).right += in_block;
    first += in_block;
    count -= in_block;
  }
}

std::string_view without_trailing_blanks(std::string_view line) {
  while (!line.empty() && std::strchr(kBlanks, line.back()) != nullptr) line.remove_suffix(1);
  return line;
}

// One expected answer line waiting to be aligned.
struct ExpectedLine {
  std::string text;  // without the newline
  std::size_t hash = 0;
  std::uint64_t instance = 0;  // 1-based; 0: a summary line
  std::uint64_t number = 0;    // 1-based output line
  bool last_of_instance = false;
  std::uint64_t input_line = 0;                                    // the instance's first input line
  std::shared_ptr<const std::vector<std::string>> instance_lines;  // kept only while mismatches may be listed
};

// One candidate line read ahead.
struct CandidateLine {
  io::TextCursor::Line line;
  std::string compared;  // the line as compared (lenient options applied)
  std::size_t hash = 0;
  bool comparable = false;  // whole, and ends with a newline (or leniency forgives its absence)
  std::uint64_t number = 0;
};

bool same(const ExpectedLine& expected, const CandidateLine& got) {
  return got.comparable && expected.hash == got.hash && expected.text == got.compared;
}

// A wrong line, counted by what would make it right: a wrong answer is
// often only a line end that Windows wrote (CRLF) or blanks at the end,
// which a lenient option forgives.
void count_wrong_line(std::string_view expected, const io::TextCursor::Line& got, VerifyReport& report) {
  ++report.wrong_lines;
  const std::string_view head = got.head;
  if (got.too_long || got.length != head.size()) return;
  if (got.has_newline && head.size() == expected.size() + 1 && head.back() == '\r' && head.starts_with(expected)) {
    ++report.wrong_lines_cr_only;
  }
  if (without_trailing_blanks(head) == expected) ++report.wrong_lines_blank_only;
}

// The candidate's lines, read ahead into a window for the alignment.
//
// Borrows the cursor, the options and the report for its lifetime; used by
// one thread at a time (the pipeline's writer stage, then its caller).
class CandidateReader {
 public:
  CandidateReader(io::TextCursor& cursor, const VerifyOptions& options, VerifyReport& report)
      : cursor_(cursor), options_(options), report_(report) {}

  std::deque<CandidateLine>& ahead() { return ahead_; }
  const std::deque<CandidateLine>& ahead() const { return ahead_; }
  bool ended() const { return ended_; }    // no more lines to give
  bool failed() const { return failed_; }  // a read failed: no verdict
  std::uint64_t lines() const { return lines_; }
  void set_lines(std::uint64_t lines) { lines_ = lines; }
  io::TextCursor& cursor() { return cursor_; }

  // Whether the cursor's last read failed; records its errno in the report.
  bool check_error() {
    report_.candidate_error = cursor_.error();
    return report_.candidate_error != 0;
  }

  // `lines` whole lines the cursor skipped as equal to the expected ones.
  void skipped(std::uint64_t lines) { lines_ += lines; }

  // Reads candidate lines until ahead() holds `count` (fewer at its end);
  // false when it cannot (the end, a read error, or a line too long).
  bool read_ahead(std::size_t count) {
    while (ahead_.size() < count) {
      if (ended_ || failed_) return false;
      CandidateLine next;
      if (!cursor_.next_line(next.line, kKeptLine, options_.max_candidate_line)) {
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

  // Counts the candidate's lines on to its end, or through max_extra_bytes
  // (then past the next line), or to a line that is too long.
  void count_extra_lines() {
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

 private:
  // The line as the lenient options compare it.
  CandidateLine compared_line(CandidateLine next) const {
    std::string_view compared = next.line.head;
    bool comparable = next.line.length == next.line.head.size() && next.line.has_newline;
    if (options_.strip_trailing_cr && !compared.empty() && compared.back() == '\r') compared.remove_suffix(1);
    if (options_.ignore_trailing_space) {
      compared = without_trailing_blanks(compared);
      comparable = next.line.length == next.line.head.size();
    }
    next.compared = std::string(compared);
    next.hash = hash_of(next.compared);
    next.comparable = comparable;
    return next;
  }

  io::TextCursor& cursor_;
  const VerifyOptions& options_;
  VerifyReport& report_;
  std::deque<CandidateLine> ahead_;  // candidate lines read, not yet aligned
  std::uint64_t lines_ = 0;          // candidate lines read so far
  bool ended_ = false;
  bool failed_ = false;
};

// What skipping `d` expected and `a` candidate lines at the front costs
// (lines in trouble: max(d, a), plus any left unpaired at an end), or
// nothing when the two sides do not agree after it: through a run of
// kResyncRun lines, or up to the candidate's end, or to both ends.
struct HunkCost {
  std::size_t cost = 0;
  bool by_end = false;  // proved by reaching an end, not by a full run
};

// The lines at the front of both sides where they differ, and whether they
// are all there is (`final`: the expected lines are all queued; the
// candidate's end is known when `candidate_ended`).
struct AlignmentWindow {
  const std::deque<ExpectedLine>& expected;
  const std::deque<CandidateLine>& ahead;
  bool candidate_ended;
  bool final;
};

std::optional<HunkCost> hunk_cost(const AlignmentWindow& w, std::size_t d, std::size_t a) {
  const std::size_t e_size = std::min(w.expected.size(), kWindow);
  const std::size_t c_size = w.ahead.size();
  if (d > e_size || a > c_size) return std::nullopt;
  const std::size_t run = std::min({kResyncRun, e_size - d, c_size - a});
  const std::size_t cost = std::max(d, a);
  if (run == kResyncRun && same(w.expected[d], w.ahead[a])) {
    std::size_t differing = 0;
    for (std::size_t k = 1; k < run && differing <= kResyncSlack; ++k)
      differing += same(w.expected[d + k], w.ahead[a + k]) ? 0 : 1;
    if (differing <= kResyncSlack) return HunkCost{cost, false};
  }
  for (std::size_t k = 0; k < run; ++k) {
    if (!same(w.expected[d + k], w.ahead[a + k])) return std::nullopt;
  }
  const bool candidate_ends = w.candidate_ended && a + run == c_size;
  const bool expected_ends = w.final && e_size == w.expected.size() && d + run == e_size;
  if (candidate_ends) return HunkCost{cost + (e_size - d - run), true};  // the answers left are missing
  if (expected_ends) return HunkCost{cost + (c_size - a - run), true};   // the lines left are extra
  return std::nullopt;
}

// The hunk at the front: (expected lines, candidate lines) skipped before
// the two agree again. One wrong answer in step is tried first; beyond it
// only shifts (d != a) need finding, as lines in step stay in step: the
// cheapest, at equal cost the most balanced, then missing before extra.
// Without one, the first line of each is a wrong answer, in step.
std::pair<std::size_t, std::size_t> find_hunk(const AlignmentWindow& w) {
  std::pair<std::size_t, std::size_t> best{1, 1};
  std::optional<HunkCost> best_cost;
  std::size_t best_imbalance = SIZE_MAX;
  const auto consider = [&](std::size_t d, std::size_t a) {
    const std::optional<HunkCost> cost = hunk_cost(w, d, a);
    const std::size_t imbalance = d > a ? d - a : a - d;
    if (cost &&
        (!best_cost || cost->cost < best_cost->cost || (cost->cost == best_cost->cost && imbalance < best_imbalance))) {
      best = {d, a};
      best_cost = cost;
      best_imbalance = imbalance;
    }
  };
  consider(1, 1);
  for (std::size_t most = 1; most <= kMaxSkip && (!best_cost || most <= best_cost->cost); ++most) {
    for (std::size_t other = most; other-- > 0;) {
      consider(most, other);
      consider(other, most);
    }
  }
  if (best_cost && best_cost->by_end) {
    // Proved only by reaching an end: it must cost less, over the same
    // lines, than keeping them in step.
    const std::size_t e_size = std::min(w.expected.size(), kWindow);
    std::size_t in_step = e_size > w.ahead.size() ? e_size - w.ahead.size() : w.ahead.size() - e_size;
    for (std::size_t k = 0; k < e_size && k < w.ahead.size(); ++k) in_step += same(w.expected[k], w.ahead[k]) ? 0 : 1;
    if (best_cost->cost >= in_step) return {1, 1};
  }
  return best;
}

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

enum class LineFate { kMatched, kChanged, kMissing };

// The instances counted right, wrong and missing as their expected lines
// are settled, the current instance's lines that matched so far (shown with
// a later line of it that differs), and the run of equal one-line answers
// the last matched one ends: for a missing line in it, diff cannot say which
// of them is missing; nor can this.
//
// Borrows the report for its lifetime; used by one thread at a time.
class InstanceTally {
 public:
  InstanceTally(std::uint64_t answer_lines, std::uint64_t block_instances, VerifyReport& report)
      : answer_lines_(answer_lines), block_instances_(block_instances), report_(report) {}

  const std::vector<std::string>& matched_expected() const { return matched_expected_; }
  const std::vector<io::TextCursor::Line>& matched_got() const { return matched_got_; }
  const std::string& run_text() const { return run_text_; }
  std::uint64_t run_first_instance() const { return run_first_instance_; }

  // `line` is settled as `fate` (`got`: the candidate's line it matched).
  // Counts its instance once its last line is.
  void settle(const ExpectedLine& line, LineFate fate, const io::TextCursor::Line* got = nullptr) {
    if (answer_lines_ == 1 && fate == LineFate::kMatched) {
      if (line.text != run_text_) {
        run_text_ = line.text;
        run_first_instance_ = line.instance;
      }
    } else {
      run_text_.clear();
      run_first_instance_ = 0;
    }
    if (fate != LineFate::kMatched) instance_differs_ = true;
    if (fate != LineFate::kMissing) instance_all_missing_ = false;
    if (!line.last_of_instance) {
      if (got != nullptr) {
        matched_expected_.push_back(line.text);
        matched_got_.push_back(*got);
      }
      return;
    }
    if (line.instance == 0) {
      report_.summary_differs = report_.summary_differs || instance_differs_;
    } else {
      ++report_.compared;
      if (!instance_differs_) {
        ++report_.right;
        count_right_in_blocks(report_, block_instances_, line.instance, 1);
      } else {
        ++report_.mismatching;
        if (instance_all_missing_) {
          ++report_.missing;
          if (block_instances_ != 0) ++block_tally(report_, (line.instance - 1) / block_instances_).missing;
        }
      }
    }
    instance_differs_ = false;
    instance_all_missing_ = true;
    matched_expected_.clear();
    matched_got_.clear();
  }

  // The comparison stops inside an instance: if it differs, it counts.
  void count_cut_instance() {
    if (!instance_differs_) return;
    ++report_.compared;
    ++report_.mismatching;
    instance_differs_ = false;
  }

  // `instances` whole one-line answers, the last one instance `last`, matched
  // the candidate's in one memcmp: the run of equal answers they end is
  // kept as settle() keeps it, so that what follows reads the same whatever
  // the chunk size. The answers the chunk ends with that equal its last one
  // are compared backwards a whole line at a time, one that ends as the
  // last does being no equal unless it starts a line.
  void matched_whole(std::string_view answers, std::uint64_t instances, std::uint64_t last) {
    if (answer_lines_ != 1) {
      run_text_.clear();
      run_first_instance_ = 0;
      return;
    }
    const std::size_t previous = answers.size() < 2 ? std::string_view::npos : answers.rfind('\n', answers.size() - 2);
    const std::size_t step = answers.size() - (previous == std::string_view::npos ? 0 : previous + 1);
    const char* const last_line = answers.data() + answers.size() - step;  // with its newline
    const std::string_view last_text(last_line, step - 1);
    std::uint64_t equal = 1;
    for (std::size_t at = answers.size() - step; at >= step; at -= step, ++equal) {
      const bool line_start = at == step || answers[at - step - 1] == '\n';
      if (!line_start || std::memcmp(answers.data() + at - step, last_line, step) != 0) break;
    }
    if (equal < instances || last_text != run_text_) {
      run_text_ = std::string(last_text);
      run_first_instance_ = last - equal + 1;
    }
  }

 private:
  const std::uint64_t answer_lines_;  // per instance
  const std::uint64_t block_instances_;
  VerifyReport& report_;
  bool instance_differs_ = false;
  bool instance_all_missing_ = true;
  std::vector<std::string> matched_expected_;      // the current instance's lines matched so far
  std::vector<io::TextCursor::Line> matched_got_;  // and the candidate's lines they matched
  std::string run_text_;                           // the last matched one-line answer
  std::uint64_t run_first_instance_ = 0;           // where the run of answers equal to it starts
};

// The mismatches of one hunk at the front of the window: `skip_expected`
// expected and `skip_candidate` candidate lines, the first `changed` of each
// in step.
//
// Borrows everything it is given for its lifetime, a moment inside
// Verifier::report_hunk().
struct Hunk {
  const std::deque<ExpectedLine>& expected;
  const std::deque<CandidateLine>& ahead;
  const InstanceTally& tally;
  std::size_t max_line;
  std::int64_t shift;          // after the hunk: candidate line number less expected line number
  std::uint64_t answer_lines;  // per instance
  std::uint64_t lines;         // expected lines queued so far
  std::uint64_t candidate_lines;
  std::size_t skip_expected, skip_candidate, changed;

  // The changed lines, as mismatches instance by instance.
  std::vector<Mismatch> changed_lines() const {
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

  // The expected lines the candidate lacks.
  Mismatch missing_lines() const {
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

  // The candidate's lines that answer nothing.
  Mismatch extra_lines() const {
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
};

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

// The first thing to say when the candidate ends before `expected`'s first
// line, having `candidate_lines` lines.
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

// When to search for a hunk. After a search that found no shift, the next
// few differences are taken in step without one (a gap that doubles, up to
// kMaxSkip, and ends after kResyncRun agreeing lines): a candidate with
// dense errors costs a search per kMaxSkip differences, not per line. A real
// shift goes on differing, so it is found a little later all the same.
class SearchPacing {
 public:
  // `lines` more lines agree.
  void agreed(std::uint64_t lines) {
    agreeing_ += lines;
    if (agreeing_ >= kResyncRun) gap_ = 0;
  }
  // A difference: whether to search for its hunk.
  bool search() {
    agreeing_ = 0;
    if (skipped_ < gap_) {
      ++skipped_;
      return false;
    }
    return true;
  }
  void searched(bool shifted) {
    gap_ = shifted ? 0 : std::min(kMaxSkip, std::max<std::size_t>(1, 2 * gap_));
    skipped_ = 0;
  }

 private:
  std::size_t gap_ = 0;         // differences to take in step before the next search
  std::size_t skipped_ = 0;     // of them, taken so far
  std::uint64_t agreeing_ = 0;  // lines agreeing since the last difference
};

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

// Compares the answers the pipeline's writer stage hands it with the
// candidate's, aligning them as diff does where they differ. The judging
// goes on after the comparison stops (take() never stops the run), so that
// an invalid instance anywhere in the file is seen: an instance file that
// does not judge cleanly gives no verdict.
//
// Borrows the cursor, the options and the report for its lifetime; called
// from the pipeline's writer stage only.
class Verifier final : public AnswerDestination {
 public:
  Verifier(const Format& format, io::TextCursor& candidate, const VerifyOptions& options, VerifyReport& report)
      : format_(format),
        input_lines_(format.lines_per_instance()),
        answer_lines_(format.answer_lines_per_instance()),
        options_(options),
        report_(report),
        reader_(candidate, options, report),
        tally_(answer_lines_, options.block_instances, report) {}

  bool take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& /*outcome*/) override {
    if (result.instances == 0 || stopped()) return true;
    // The common case: the whole chunk's answers agree, one memcmp.
    if (answer_lines_ == 0 || (expected_.empty() && reader_.ahead().empty() && !reader_.ended() &&
                               within_line_limit(result.answers, options_.max_candidate_line) &&
                               reader_.cursor().skip_equal(result.answers))) {
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

  void finish(std::string_view summary, RunOutcome& /*outcome*/) override {
    if (stopped()) return;
    const std::vector<std::string> summary_lines = lines_of(summary, std::string::npos);
    for (std::size_t i = 0; i < summary_lines.size(); ++i) {
      ExpectedLine expected;
      expected.text = summary_lines[i];
      expected.hash = hash_of(expected.text);
      expected.number = ++lines_;
      expected.last_of_instance = i + 1 == summary_lines.size();  // the summary is one whole, like an instance
      expected_.push_back(std::move(expected));
    }
    check_end();
  }

 private:
  // The expected answers are over: align what is left, then the candidate
  // must be over too. Only after the last instance, as instances that do not
  // judge cleanly give no verdict.
  void check_end() {
    if (stopped()) return;
    if (!align(true) || stopped()) return;
    if (!reader_.ahead().empty() || (!reader_.ended() && !reader_.cursor().at_end())) report_trailing();
  }

  bool stopped() const { return stopped_ || reader_.failed(); }

  // The chunk's `instances` whole answers, up to queued_instances_, matched
  // the candidate's in one memcmp: the state kept line by line is kept here
  // too, so that what follows (whether a hunk is searched for, the run of
  // equal answers a missing one is in) reads the same whatever the chunk
  // size.
  void matched_whole(std::string_view answers, std::uint64_t instances) {
    const std::uint64_t lines = instances * answer_lines_;
    if (lines == 0) return;
    pacing_.agreed(lines);
    tally_.matched_whole(answers, instances, queued_instances_);
  }

  // The chunk's answers, line by line, onto expected_.
  void queue(const io::Chunk& chunk, const ChunkResult& result) {
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
        line.text = std::string(answers.substr(from, newline - from));
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

  // Aligns expected_ with the candidate as far as it can: matching lines,
  // then at a difference the hunk, once the window past it is known (at
  // the end, `final`). False when the comparison stops.
  bool align(bool final) {
    std::deque<CandidateLine>& ahead = reader_.ahead();
    for (;;) {
      while (!expected_.empty() && (!ahead.empty() || reader_.read_ahead(1)) &&
             same(expected_.front(), ahead.front())) {
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

  // The hunk at the front, as (expected lines, candidate lines) skipped.
  std::pair<std::size_t, std::size_t> next_hunk(bool final) {
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

  // The lines at the front differ: find the hunk, list it, apply it.
  void report_hunk(bool final) {
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

  // The candidate ended before expected_.front().
  void report_ended() {
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

  void report_trailing() {
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

  // expected_.front() is settled.
  void resolve(LineFate fate, const io::TextCursor::Line* got = nullptr) {
    if (fate == LineFate::kMissing) ++report_.missing_lines;
    tally_.settle(expected_.front(), fate, got);
    expected_.pop_front();
  }

  // Without --all, the first hunk's first mismatch is all there is to say.
  void list(Mismatch mismatch) {
    if (!options_.all && !report_.listed.empty()) return;
    mismatch.block = block_of(mismatch.instance);
    if (may_list(mismatch.instance)) report_.listed.push_back(std::move(mismatch));
  }

  // The block a mismatch at `instance` counts against (0: after the last
  // instance queued, which is the last one when the summary or the
  // candidate's end comes).
  std::uint64_t block_of(std::uint64_t instance) const {
    if (options_.block_instances == 0) return 0;
    const std::uint64_t at = instance != 0 ? instance : queued_instances_;
    return at == 0 ? 0 : (at - 1) / options_.block_instances;
  }

  // Whether a mismatch at `instance` is still listed: max_listed in all, or
  // in its block. The listed ones are in output order, so its block's are
  // the last ones.
  bool may_list(std::uint64_t instance) const {
    if (options_.block_instances == 0) return report_.listed.size() < options_.max_listed;
    const std::uint64_t block = block_of(instance);
    std::size_t in_block = 0;
    for (auto m = report_.listed.rbegin(); m != report_.listed.rend() && m->block == block; ++m) {
      if (++in_block >= options_.max_listed) return false;
    }
    return in_block < options_.max_listed;
  }

  const Format& format_;
  const std::uint64_t input_lines_;   // per instance
  const std::uint64_t answer_lines_;  // per instance
  const VerifyOptions& options_;
  VerifyReport& report_;
  CandidateReader reader_;
  InstanceTally tally_;
  std::deque<ExpectedLine> expected_;  // expected lines not yet aligned
  std::uint64_t queued_instances_ = 0;
  std::uint64_t lines_ = 0;  // expected output lines queued or compared so far
  std::int64_t shift_ = 0;   // candidate lines less expected lines so far
  bool ended_listed_ = false;
  bool stopped_ = false;  // no more comparing
  SearchPacing pacing_;
};

}  // namespace

VerifyOutcome run_verify(const Format& format, io::ByteSource& input, io::ByteSource& candidate,
                         const PipelineOptions& pipeline_options, const VerifyOptions& options) {
  VerifyOutcome outcome;
  io::TextCursor cursor(candidate);
  Verifier verifier(format, cursor, options, outcome.report);
  bool stopped_by_verifier = false;  // never: the instances are judged to their end
  outcome.run = run_pipeline_to(format, input, verifier, pipeline_options, stopped_by_verifier);
  return outcome;
}

}  // namespace poker
