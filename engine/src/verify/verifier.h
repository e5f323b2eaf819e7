// `poker verify`'s AnswerDestination: the Verifier, which the pipeline's
// writer stage hands the expected answers. Internal to the engine.
#ifndef POKER_ENGINE_VERIFY_VERIFIER_H_
#define POKER_ENGINE_VERIFY_VERIFIER_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string_view>
#include <utility>

#include "pipeline/answer_destination.h"
#include "poker/format.h"
#include "poker/io/chunk.h"
#include "poker/io/text_cursor.h"
#include "poker/verify.h"
#include "verify/alignment.h"
#include "verify/candidate_reader.h"
#include "verify/instance_tally.h"
#include "verify/verify_lines.h"

namespace poker::verify {

// Compares the answers the pipeline's writer stage hands it with the
// candidate's, aligning them as diff does where they differ. The judging
// goes on after the comparison stops (take() never stops the run), so that
// an invalid instance anywhere in the file is seen: an instance file that
// does not judge cleanly gives no verdict.
//
// Borrows the format, the cursor, the options and the report for its
// lifetime; called from the pipeline's writer stage only.
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

  bool take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& outcome) override;
  void finish(std::string_view summary, RunOutcome& outcome) override;

 private:
  // The expected answers are over: align what is left, then the candidate
  // must be over too. Only after the last instance, as instances that do not
  // judge cleanly give no verdict.
  void check_end();

  bool stopped() const { return stopped_ || reader_.failed(); }

  // The chunk's `instances` whole answers, up to queued_instances_, matched
  // the candidate's in one memcmp: the state kept line by line is kept here
  // too, so that what follows (whether a hunk is searched for, the run of
  // equal answers a missing one is in) reads the same whatever the chunk
  // size.
  void matched_whole(std::string_view answers, std::uint64_t instances);

  // The chunk's answers, line by line, onto expected_.
  void queue(const io::Chunk& chunk, const ChunkResult& result);

  // Aligns expected_ with the candidate as far as it can: matching lines,
  // then at a difference the hunk, once the window past it is known (at
  // the end, `final`). False when the comparison stops.
  bool align(bool final);

  // The hunk at the front, as (expected lines, candidate lines) skipped.
  std::pair<std::size_t, std::size_t> next_hunk(bool final);

  // The lines at the front differ: find the hunk, list it, apply it.
  void report_hunk(bool final);

  // The candidate ended before expected_.front().
  void report_ended();

  void report_trailing();

  // expected_.front() is settled.
  void resolve(LineFate fate, const io::TextCursor::Line* got = nullptr);

  // Without --all, the first hunk's first mismatch is all there is to say.
  void list(Mismatch mismatch);

  // The block a mismatch at `instance` counts against (0: after the last
  // instance queued, which is the last one when the summary or the
  // candidate's end comes).
  std::uint64_t block_of(std::uint64_t instance) const;

  // Whether a mismatch at `instance` is still listed: max_listed in all, or
  // in its block. The listed ones are in output order, so its block's are
  // the last ones.
  bool may_list(std::uint64_t instance) const;

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

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_VERIFIER_H_
