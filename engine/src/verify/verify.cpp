#include "poker/verify.h"

#include <algorithm>
#include <cstring>

#include "pipeline/answer_destination.h"

namespace poker {
namespace {

// Lines a candidate's extra text is shown with.
constexpr std::size_t kExtraLinesShown = 3;

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

// Compares the answers the pipeline's writer stage hands it with the
// candidate's, chunk by chunk.
class Verifier final : public AnswerDestination {
 public:
  Verifier(const Format& format, io::TextCursor& candidate, const VerifyOptions& options, VerifyReport& report)
      : input_lines_(format.lines_per_instance()), answer_lines_(format.answer_lines_per_instance()),
        candidate_(candidate), options_(options), report_(report) {}

  bool take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& /*outcome*/) override {
    if (result.instances == 0) return true;
    if (report_.too_long_line != 0) return false;
    // The common case: the whole chunk's answers agree, one memcmp.
    if (answer_lines_ == 0 || (!candidate_ended_ && candidate_.skip_equal(result.answers))) {
      report_.compared += result.instances;
      lines_ += result.instances * answer_lines_;
      candidate_lines_ += result.instances * answer_lines_;
      return true;
    }
    if (candidate_failed()) return false;
    return compare_each(chunk, result);
  }

  void finish(std::string_view summary, RunOutcome& /*outcome*/) override {
    if (!summary.empty()) {
      if (candidate_ended_ || !candidate_.skip_equal(summary)) {
        if (candidate_failed()) return;
        report_.summary_differs = true;
        Mismatch mismatch;
        mismatch.kind = Mismatch::Kind::kSummary;
        mismatch.answer_line = lines_ + 1;
        mismatch.expected = lines_of(summary, std::string::npos);
        read_candidate_lines(mismatch.expected.size(), mismatch.got);
        if (candidate_failed()) return;
        list(std::move(mismatch));
        return;  // what follows a summary that differs says nothing more
      }
      lines_ += lines_of(summary, 0).size();
      candidate_lines_ += lines_of(summary, 0).size();
    }
    check_end();
  }

  // The expected answers are over: the candidate must be too.
  void check_end() {
    if (report_.too_long_line != 0 || candidate_ended_ || candidate_.at_end()) return;
    if (candidate_failed()) return;
    report_.extra = true;
    Mismatch mismatch;
    mismatch.kind = Mismatch::Kind::kExtra;
    mismatch.answer_line = candidate_lines_ + 1;
    read_candidate_lines(kExtraLinesShown, mismatch.got);
    if (candidate_failed()) return;
    report_.extra_lines = mismatch.got.size();
    if (options_.all && report_.too_long_line == 0) {
      count_extra_lines();
      if (candidate_failed()) return;
    }
    report_.extra_uncounted = report_.extra_uncounted || report_.too_long_line != 0;
    // Listed even past max_listed: it is the last thing to say.
    report_.listed.push_back(std::move(mismatch));
  }

 private:
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

  // The chunk's answers differ somewhere: compare them instance by instance.
  bool compare_each(const io::Chunk& chunk, const ChunkResult& result) {
    const std::string_view answers = result.answers;
    std::size_t from = 0;
    for (std::uint64_t i = 0; i < result.instances; ++i) {
      const std::size_t to = skip_lines(answers, from, answer_lines_);
      const std::string_view expected = answers.substr(from, to - from);
      from = to;
      ++report_.compared;
      if (!candidate_ended_ && candidate_.skip_equal(expected)) {
        lines_ += answer_lines_;
        candidate_lines_ += answer_lines_;
        continue;
      }
      if (candidate_failed()) return false;
      ++report_.mismatching;
      Mismatch mismatch;
      mismatch.instance = report_.compared;
      mismatch.answer_line = lines_ + 1;
      mismatch.candidate_lines = candidate_lines_;
      read_candidate_lines(answer_lines_, mismatch.got);
      if (candidate_failed()) return false;
      lines_ += answer_lines_;
      if (mismatch.got.empty()) {
        mismatch.kind = Mismatch::Kind::kMissing;
        ++report_.missing;
      }
      // Past the candidate's end every instance is missing: the first says it.
      const bool worth_listing = mismatch.kind != Mismatch::Kind::kMissing || report_.missing == 1;
      if (worth_listing && report_.listed.size() < options_.max_listed) {
        mismatch.input_line = chunk.first_line + i * input_lines_;
        mismatch.expected = lines_of(expected, std::string::npos);
        const std::size_t start = skip_lines(chunk.bytes, 0, i * input_lines_);
        const std::size_t end = skip_lines(chunk.bytes, start, input_lines_);
        mismatch.instance_lines = lines_of(chunk.bytes.substr(start, end - start), options_.max_line);
        list(std::move(mismatch));
      }
      // Past a line too long the candidate's lines cannot be aligned.
      if (!options_.all || report_.too_long_line != 0) return false;
    }
    return true;
  }

  // Up to `count` lines of the candidate into `got`; fewer when it ends or
  // has a line too long (the last in `got`; nothing more is read then).
  void read_candidate_lines(std::size_t count, std::vector<io::TextCursor::Line>& got) {
    for (std::size_t k = 0; k < count && !candidate_ended_ && report_.too_long_line == 0; ++k) {
      io::TextCursor::Line line;
      if (!candidate_.next_line(line, options_.max_line, options_.max_candidate_line)) {
        if (candidate_.error() == 0) candidate_ended_ = true;
        return;
      }
      ++candidate_lines_;
      if (line.too_long) report_.too_long_line = candidate_lines_;
      got.push_back(std::move(line));
    }
  }

  void list(Mismatch mismatch) {
    if (report_.listed.size() < options_.max_listed) report_.listed.push_back(std::move(mismatch));
  }

  bool candidate_failed() {
    report_.candidate_error = candidate_.error();
    return report_.candidate_error != 0;
  }

  const std::uint64_t input_lines_;   // per instance
  const std::uint64_t answer_lines_;  // per instance
  io::TextCursor& candidate_;
  const VerifyOptions& options_;
  VerifyReport& report_;
  std::uint64_t lines_ = 0;  // expected output lines compared so far
  std::uint64_t candidate_lines_ = 0;  // candidate lines read so far: lines_ until it ends early
  bool candidate_ended_ = false;  // the candidate had no more lines to give
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
