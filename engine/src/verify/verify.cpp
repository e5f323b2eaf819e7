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

// Compares the answers the pipeline's writer stage hands it with the
// candidate's, aligning them as diff does where they differ.
class Verifier final : public AnswerDestination {
 public:
  Verifier(const Format& format, io::TextCursor& candidate, const VerifyOptions& options, VerifyReport& report)
      : format_(format),
        input_lines_(format.lines_per_instance()),
        answer_lines_(format.answer_lines_per_instance()),
        candidate_(candidate),
        options_(options),
        report_(report) {}

  bool take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& /*outcome*/) override {
    if (result.instances == 0) return true;
    if (stopped_) return false;
    // The common case: the whole chunk's answers agree, one memcmp.
    if (answer_lines_ == 0 || (expected_.empty() && ahead_.empty() && !candidate_ended_ &&
                               within_line_limit(result.answers) && candidate_.skip_equal(result.answers))) {
      report_.compared += result.instances;
      report_.right += result.instances;
      queued_instances_ += result.instances;
      lines_ += result.instances * answer_lines_;
      candidate_lines_ += result.instances * answer_lines_;
      matched_whole(result.answers, result.instances);
      return true;
    }
    if (candidate_failed()) return false;
    queue(chunk, result);
    return align(false);
  }

  void finish(std::string_view summary, RunOutcome& /*outcome*/) override {
    if (stopped_) return;
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

  // The expected answers are over: align what is left, then the candidate
  // must be over too.
  void check_end() {
    if (stopped_) return;
    if (!align(true) || stopped_) return;
    if (!ahead_.empty() || (!candidate_ended_ && !candidate_.at_end())) report_trailing();
  }

 private:
  // Whether no line of `answers` is longer than a candidate line may be. The
  // memcmp above skips the line-by-line reading that enforces that limit, so
  // without this a line too long would pass in a chunk that agrees whole and
  // stop the comparison in one that does not: the report would depend on the
  // chunk size. The default limit (1 MiB) is more than a chunk's answers.
  bool within_line_limit(std::string_view answers) const {
    if (answers.size() <= options_.max_candidate_line) return true;
    for (std::size_t from = 0; from < answers.size();) {
      const std::size_t newline = std::min(answers.find('\n', from), answers.size());
      if (newline - from > options_.max_candidate_line) return false;
      from = newline + 1;
    }
    return true;
  }

  // The chunk's `instances` whole answers, up to queued_instances_, matched
  // the candidate's in one memcmp: the state resolve() keeps line by line
  // is kept here too, so that what follows (whether a hunk is searched for,
  // the run of equal answers a missing one is in) reads the same whatever
  // the chunk size.
  void matched_whole(std::string_view answers, std::uint64_t instances) {
    const std::uint64_t lines = instances * answer_lines_;
    if (lines == 0) return;
    agreeing_ += lines;
    if (agreeing_ >= kResyncRun) search_gap_ = 0;
    if (answer_lines_ != 1) {
      run_text_.clear();
      run_first_instance_ = 0;
      return;
    }
    // The answers the chunk ends with that equal its last one: compared
    // backwards a whole line at a time, one that ends as the last does
    // being no equal unless it starts a line.
    const std::size_t previous = answers.size() < 2 ? std::string_view::npos : answers.rfind('\n', answers.size() - 2);
    const std::size_t step = answers.size() - (previous == std::string_view::npos ? 0 : previous + 1);
    const char* const last_line = answers.data() + answers.size() - step;  // with its newline
    const std::string_view last(last_line, step - 1);
    std::uint64_t equal = 1;
    for (std::size_t at = answers.size() - step; at >= step; at -= step, ++equal) {
      const bool line_start = at == step || answers[at - step - 1] == '\n';
      if (!line_start || std::memcmp(answers.data() + at - step, last_line, step) != 0) break;
    }
    if (equal < instances || last != run_text_) {
      run_text_ = std::string(last);
      run_first_instance_ = queued_instances_ - equal + 1;
    }
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
      while (input_from < chunk.bytes.size()) {
        const std::size_t next = skip_lines(chunk.bytes, input_from, 1);
        std::string_view line = chunk.bytes.substr(input_from, next - input_from);
        if (line.ends_with('\n')) line.remove_suffix(1);
        if (!format_.skips_line(line)) break;
        input_from = next;
        ++skipped;
      }
      const std::size_t input_to = skip_lines(chunk.bytes, input_from, input_lines_);
      if (report_.listed.size() < options_.max_listed) {
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

  // Reads candidate lines until ahead_ holds `count` (fewer at its end);
  // false when it cannot (the end, a read error, or a line too long).
  bool read_ahead(std::size_t count) {
    while (ahead_.size() < count) {
      if (candidate_ended_ || stopped_) return false;
      CandidateLine next;
      if (!candidate_.next_line(next.line, kKeptLine, options_.max_candidate_line)) {
        if (candidate_.error() == 0) {
          candidate_ended_ = true;
        } else {
          candidate_failed();
          stopped_ = true;
        }
        return false;
      }
      next.number = ++candidate_lines_;
      if (next.line.too_long) {
        // Past a line too long the candidate's lines cannot be aligned:
        // it is the last line read, and compared with nothing.
        report_.too_long_line = next.number;
        candidate_ended_ = true;
        ahead_.push_back(std::move(next));
        return false;
      }
      std::string_view compared = next.line.head;
      bool comparable = next.line.length == next.line.head.size() && next.line.has_newline;
      if (options_.strip_trailing_cr && !compared.empty() && compared.back() == '\r') compared.remove_suffix(1);
      if (options_.ignore_trailing_space) {
        while (!compared.empty() && std::strchr(" \t\r\v\f", compared.back()) != nullptr) compared.remove_suffix(1);
        comparable = next.line.length == next.line.head.size();
      }
      next.compared = std::string(compared);
      next.hash = hash_of(next.compared);
      next.comparable = comparable;
      ahead_.push_back(std::move(next));
    }
    return true;
  }

  static bool same(const ExpectedLine& expected, const CandidateLine& got) {
    return got.comparable && expected.hash == got.hash && expected.text == got.compared;
  }

  // Aligns expected_ with the candidate as far as it can: matching lines,
  // then at a difference the hunk, once the window past it is known (at
  // the end, `final`). False to stop the run.
  bool align(bool final) {
    for (;;) {
      while (!expected_.empty() && (!ahead_.empty() || read_ahead(1)) && same(expected_.front(), ahead_.front())) {
        if (!expected_.front().last_of_instance) {
          instance_expected_.push_back(expected_.front().text);
          instance_got_.push_back(ahead_.front().line);
        }
        if (++agreeing_ >= kResyncRun) search_gap_ = 0;
        resolve(LineFate::kMatched);
        ahead_.pop_front();
      }
      if (stopped_) return false;
      if (expected_.empty()) return true;
      if (ahead_.empty() && report_.too_long_line != 0) {
        stopped_ = true;
        return false;
      }
      if (ahead_.empty()) {
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
      read_ahead(kWindow);
      if (stopped_) return false;
      agreeing_ = 0;
      report_hunk(final);
      if (!options_.all || stopped_ || (report_.too_long_line != 0 && ahead_.empty())) {
        // An instance the hunk cut through counts, as it differs.
        if (instance_differs_ && !expected_.empty() && expected_.front().instance != 0) {
          ++report_.compared;
          ++report_.mismatching;
          instance_differs_ = false;
        }
        stopped_ = true;
        return false;
      }
    }
  }

  // What skipping `d` expected and `a` candidate lines at the front costs
  // (lines in trouble: max(d, a), plus any left unpaired at an end), or
  // nothing when the two sides do not agree after it: through a run of
  // kResyncRun lines, or up to the candidate's end, or to both ends.
  struct HunkCost {
    std::size_t cost = 0;
    bool by_end = false;  // proved by reaching an end, not by a full run
  };
  std::optional<HunkCost> hunk_cost(std::size_t d, std::size_t a, bool final) const {
    const std::size_t e_size = std::min(expected_.size(), kWindow);
    const std::size_t c_size = ahead_.size();
    if (d > e_size || a > c_size) return std::nullopt;
    const std::size_t run = std::min({kResyncRun, e_size - d, c_size - a});
    const std::size_t cost = std::max(d, a);
    if (run == kResyncRun && same(expected_[d], ahead_[a])) {
      std::size_t differing = 0;
      for (std::size_t k = 1; k < run && differing <= kResyncSlack; ++k)
        differing += same(expected_[d + k], ahead_[a + k]) ? 0 : 1;
      if (differing <= kResyncSlack) return HunkCost{cost, false};
    }
    for (std::size_t k = 0; k < run; ++k) {
      if (!same(expected_[d + k], ahead_[a + k])) return std::nullopt;
    }
    const bool candidate_ends = candidate_ended_ && a + run == c_size;
    const bool expected_ends = final && e_size == expected_.size() && d + run == e_size;
    if (candidate_ends) return HunkCost{cost + (e_size - d - run), true};  // the answers left are missing
    if (expected_ends) return HunkCost{cost + (c_size - a - run), true};   // the lines left are extra
    return std::nullopt;
  }

  // The hunk at the front: (expected lines, candidate lines) skipped before
  // the two agree again. One wrong answer in step is tried first; beyond it
  // only shifts (d != a) need finding, as lines in step stay in step: the
  // cheapest, at equal cost the most balanced, then missing before extra.
  // Without one, the first line of each is a wrong answer, in step.
  std::pair<std::size_t, std::size_t> find_hunk(bool final) const {
    std::pair<std::size_t, std::size_t> best{1, 1};
    std::optional<HunkCost> best_cost;
    std::size_t best_imbalance = SIZE_MAX;
    const auto consider = [&](std::size_t d, std::size_t a) {
      const std::optional<HunkCost> cost = hunk_cost(d, a, final);
      const std::size_t imbalance = d > a ? d - a : a - d;
      if (cost && (!best_cost || cost->cost < best_cost->cost ||
                   (cost->cost == best_cost->cost && imbalance < best_imbalance))) {
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
      const std::size_t e_size = std::min(expected_.size(), kWindow);
      std::size_t in_step = e_size > ahead_.size() ? e_size - ahead_.size() : ahead_.size() - e_size;
      for (std::size_t k = 0; k < e_size && k < ahead_.size(); ++k) in_step += same(expected_[k], ahead_[k]) ? 0 : 1;
      if (best_cost->cost >= in_step) return {1, 1};
    }
    return best;
  }

  // The lines at the front differ: find the hunk, list it, apply it.
  void report_hunk(bool final) {
    // After a search that found no shift, the next few differences are
    // taken in step without one (a gap that doubles, up to kMaxSkip, and
    // ends after kResyncRun agreeing lines): a candidate with dense errors
    // costs a search per kMaxSkip differences, not per line. A real shift
    // goes on differing, so it is found a little later all the same.
    std::pair<std::size_t, std::size_t> hunk{1, 1};
    if (searches_skipped_ < search_gap_) {
      ++searches_skipped_;
    } else {
      hunk = find_hunk(final);
      const bool shifted = hunk.first != hunk.second;
      search_gap_ = shifted ? 0 : std::min(kMaxSkip, std::max<std::size_t>(1, 2 * search_gap_));
      searches_skipped_ = 0;
    }
    auto [skip_expected, skip_candidate] = hunk;
    if (expected_.front().instance == 0) {
      // A summary differs as a whole: its lines beside the candidate's.
      skip_expected = expected_.size();
      skip_candidate = std::min(ahead_.size(), skip_expected);
    }
    if (skip_expected == 0 && skip_candidate == 0) skip_expected = skip_candidate = 1;
    skip_expected = std::min(skip_expected, expected_.size());
    skip_candidate = std::min(skip_candidate, ahead_.size());
    const std::size_t changed = std::min(skip_expected, skip_candidate);
    shift_ += static_cast<std::int64_t>(skip_candidate) - static_cast<std::int64_t>(skip_expected);
    // The changed lines, listed instance by instance.
    std::size_t k = 0;
    while (k < changed) {
      const ExpectedLine& first = expected_[k];
      Mismatch mismatch;
      mismatch.kind = first.instance == 0 ? Mismatch::Kind::kSummary : Mismatch::Kind::kDiffers;
      mismatch.instance = first.instance;
      mismatch.input_line = first.input_line;
      mismatch.answer_line = first.number;
      mismatch.candidate_line = ahead_[k].number;
      mismatch.shift = shift_;
      if (first.instance_lines) mismatch.instance_lines = *first.instance_lines;
      mismatch.column = first_difference(first.text, ahead_[k]);
      if (k == 0 && !instance_expected_.empty()) {
        // The instance's lines before, which matched: shown with it.
        mismatch.answer_line -= instance_expected_.size();
        mismatch.candidate_line -= instance_got_.size();
        mismatch.expected = instance_expected_;
        mismatch.got = instance_got_;
        mismatch.column = 0;
      }
      for (; k < changed && expected_[k].instance == first.instance; ++k) {
        mismatch.expected.push_back(expected_[k].text);
        mismatch.got.push_back(shown(ahead_[k].line));
      }
      if (first.instance == 0) {
        // A summary is shown whole, with the candidate's lines beside it.
        for (std::size_t more = k; more < skip_candidate; ++more) mismatch.got.push_back(shown(ahead_[more].line));
      }
      // An instance cut by the hunk's end: its other lines are shown too.
      for (std::size_t more = k; more < skip_expected && expected_[more].instance == first.instance; ++more) {
        mismatch.expected.push_back(expected_[more].text);
      }
      list(std::move(mismatch));
    }
    if (skip_expected > changed) {
      const ExpectedLine& first = expected_[changed];
      Mismatch mismatch;
      mismatch.kind = first.instance == 0 ? Mismatch::Kind::kSummary : Mismatch::Kind::kMissingLines;
      mismatch.instance = first.instance;
      mismatch.last_instance = expected_[skip_expected - 1].instance;
      if (skip_expected - changed == 1 && first.text == run_text_) mismatch.same_from = run_first_instance_;
      mismatch.input_line = first.input_line;
      mismatch.answer_line = first.number;
      mismatch.candidate_line = changed < ahead_.size() ? ahead_[changed].number : candidate_lines_ + 1;
      mismatch.shift = shift_;
      if (first.instance_lines) mismatch.instance_lines = *first.instance_lines;
      for (std::size_t m = changed; m < skip_expected; ++m) mismatch.expected.push_back(expected_[m].text);
      const ExpectedLine& last = expected_[skip_expected - 1];
      mismatch.whole_instances = answer_lines_ > 0 && (first.number - 1) % answer_lines_ == 0 && last.last_of_instance;
      list(std::move(mismatch));
    }
    if (skip_candidate > changed) {
      Mismatch mismatch;
      mismatch.kind = Mismatch::Kind::kExtraLines;
      const bool before_answer = skip_expected < expected_.size();
      mismatch.instance = before_answer ? expected_[skip_expected].instance : 0;
      mismatch.answer_line = before_answer ? expected_[skip_expected].number : lines_ + 1;
      mismatch.candidate_line = ahead_[changed].number;
      mismatch.shift = shift_;
      for (std::size_t m = changed; m < skip_candidate; ++m) mismatch.got.push_back(shown(ahead_[m].line));
      report_.extra_inside += skip_candidate - changed;
      list(std::move(mismatch));
    }
    for (std::size_t m = 0; m < skip_expected; ++m) resolve(m < changed ? LineFate::kChanged : LineFate::kMissing);
    for (std::size_t m = 0; m < skip_candidate; ++m) ahead_.pop_front();
  }

  // A candidate line as a report shows it: at most max_line bytes.
  io::TextCursor::Line shown(const io::TextCursor::Line& line) const {
    io::TextCursor::Line copy = line;
    if (copy.head.size() > options_.max_line) copy.head.resize(options_.max_line);
    return copy;
  }

  // The 1-based byte where `got` first differs from `expected` (past the
  // shorter one's end if one is the other's beginning).
  static std::uint64_t first_difference(std::string_view expected, const CandidateLine& got) {
    const std::string_view head = got.line.head;
    std::size_t at = 0;
    while (at < expected.size() && at < head.size() && expected[at] == head[at]) ++at;
    return at + 1;
  }

  // The candidate ended before expected_.front().
  void report_ended() {
    const ExpectedLine& first = expected_.front();
    const bool in_summary = first.instance == 0;
    if (in_summary) report_.summary_differs = true;
    if (!ended_listed_) {
      Mismatch mismatch;
      mismatch.answer_line = first.number;
      if (in_summary) {
        // The summary's lines from here on, and none of the candidate's.
        mismatch.kind = Mismatch::Kind::kSummary;
        for (const ExpectedLine& line : expected_) mismatch.expected.push_back(line.text);
      } else {
        mismatch.kind = Mismatch::Kind::kMissing;
        mismatch.instance = first.instance;
        mismatch.input_line = first.input_line;
        mismatch.candidate_lines = candidate_lines_;
        if (first.instance_lines) mismatch.instance_lines = *first.instance_lines;
        for (std::size_t k = 0; k < expected_.size() && expected_[k].instance == first.instance; ++k) {
          mismatch.expected.push_back(expected_[k].text);
        }
      }
      list(std::move(mismatch));
      ended_listed_ = true;
    }
    if (options_.all) {
      while (!expected_.empty()) resolve(LineFate::kMissing);
      return;
    }
    // The run stops at this first difference, and the counts with it: they
    // take in the instance whose answer the candidate ends before (or
    // inside), not the others queued after it, as many as the chunk size
    // happened to put there.
    const std::uint64_t instance = expected_.front().instance;
    while (!expected_.empty() && expected_.front().instance == instance) resolve(LineFate::kMissing);
  }

  void report_trailing() {
    report_.extra = true;
    Mismatch mismatch;
    mismatch.kind = Mismatch::Kind::kExtra;
    read_ahead(kExtraLinesShown);
    if (candidate_failed()) return;
    mismatch.answer_line = ahead_.empty() ? candidate_lines_ + 1 : ahead_.front().number;
    for (std::size_t k = 0; k < ahead_.size() && k < kExtraLinesShown; ++k) mismatch.got.push_back(ahead_[k].line);
    report_.extra_lines += ahead_.size();
    candidate_lines_ = std::max(candidate_lines_, ahead_.empty() ? candidate_lines_ : ahead_.back().number);
    ahead_.clear();
    if (options_.all && report_.too_long_line == 0 && !candidate_ended_) {
      count_extra_lines();
      if (candidate_failed()) return;
    }
    report_.extra_uncounted = report_.extra_uncounted || report_.too_long_line != 0;
    // Listed even past max_listed: it is the last thing to say.
    report_.listed.push_back(std::move(mismatch));
  }

  // Counts the candidate's lines on to its end, or through max_extra_bytes
  // (then past the next line), or to a line that is too long.
  void count_extra_lines() {
    const std::uint64_t from = candidate_.offset();
    for (io::TextCursor::Line line;;) {
      if (candidate_.offset() - from > options_.max_extra_bytes) {
        report_.extra_uncounted = !candidate_.at_end();
        return;
      }
      if (!candidate_.next_line(line, 0, options_.max_candidate_line)) return;
      ++report_.extra_lines;
      ++candidate_lines_;
      if (line.too_long) {
        report_.too_long_line = candidate_lines_;
        return;
      }
    }
  }

  enum class LineFate { kMatched, kChanged, kMissing };

  // expected_.front() is settled: counts its instance once its last line is.
  void resolve(LineFate fate) {
    const ExpectedLine& line = expected_.front();
    // The run of equal one-line answers this one ends (for a missing line
    // in it, diff cannot say which of them is missing; nor can this).
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
    if (line.last_of_instance) {
      if (line.instance == 0) {
        report_.summary_differs = report_.summary_differs || instance_differs_;
      } else {
        ++report_.compared;
        if (!instance_differs_) {
          ++report_.right;
        } else {
          ++report_.mismatching;
          if (instance_all_missing_) ++report_.missing;
        }
      }
      instance_differs_ = false;
      instance_all_missing_ = true;
      instance_expected_.clear();
      instance_got_.clear();
    }
    expected_.pop_front();
  }

  // Without --all, the first hunk's first mismatch is all there is to say.
  void list(Mismatch mismatch) {
    if (!options_.all && !report_.listed.empty()) return;
    if (report_.listed.size() < options_.max_listed) report_.listed.push_back(std::move(mismatch));
  }

  bool candidate_failed() {
    report_.candidate_error = candidate_.error();
    return report_.candidate_error != 0;
  }

  const Format& format_;
  const std::uint64_t input_lines_;   // per instance
  const std::uint64_t answer_lines_;  // per instance
  io::TextCursor& candidate_;
  const VerifyOptions& options_;
  VerifyReport& report_;
  std::deque<ExpectedLine> expected_;  // expected lines not yet aligned
  std::deque<CandidateLine> ahead_;    // candidate lines read, not yet aligned
  std::uint64_t queued_instances_ = 0;
  std::uint64_t lines_ = 0;            // expected output lines queued or compared so far
  std::uint64_t candidate_lines_ = 0;  // candidate lines read so far
  std::int64_t shift_ = 0;             // candidate lines less expected lines so far
  bool candidate_ended_ = false;       // the candidate had no more lines to give
  bool ended_listed_ = false;
  bool stopped_ = false;  // no more comparing: the run stops
  bool instance_differs_ = false;
  bool instance_all_missing_ = true;
  std::vector<std::string> instance_expected_;      // the current instance's lines matched so far
  std::vector<io::TextCursor::Line> instance_got_;  // and the candidate's lines they matched
  std::size_t search_gap_ = 0;                      // differences to take in step before the next search
  std::size_t searches_skipped_ = 0;                // of them, taken so far
  std::size_t agreeing_ = 0;                        // lines agreeing since the last difference
  std::string run_text_;                            // the last matched one-line answer
  std::uint64_t run_first_instance_ = 0;            // where the run of answers equal to it starts
};

}  // namespace

VerifyOutcome run_verify(const Format& format, io::ByteSource& input, io::ByteSource& candidate,
                         const PipelineOptions& pipeline_options, const VerifyOptions& options) {
  VerifyOutcome outcome;
  io::TextCursor cursor(candidate);
  Verifier verifier(format, cursor, options, outcome.report);
  bool stopped_by_verifier = false;
  outcome.run = run_pipeline_to(format, input, verifier, pipeline_options, stopped_by_verifier);
  // At an invalid instance the expected answers end; so must the candidate's.
  if (!stopped_by_verifier && outcome.run.status == RunOutcome::Status::kInvalidInput) verifier.check_end();
  return outcome;
}

}  // namespace poker
