// The pieces of a `poker verify` report where the two sides differ: the
// mismatches of one hunk (changed, missing and extra lines), and what to
// say when the candidate ends early. Internal to the engine.
//
// Thread safety: plain values; a Hunk borrows what it is given.
#ifndef POKER_ENGINE_VERIFY_HUNK_H_
#define POKER_ENGINE_VERIFY_HUNK_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "poker/verify.h"
#include "verify/instance_tally.h"
#include "verify/verify_lines.h"

namespace poker::verify {

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
  std::vector<Mismatch> changed_lines() const;

  // The expected lines the candidate lacks.
  Mismatch missing_lines() const;

  // The candidate's lines that answer nothing.
  Mismatch extra_lines() const;
};

// The first thing to say when the candidate ends before `expected`'s first
// line, having `candidate_lines` lines.
Mismatch ended_mismatch(const std::deque<ExpectedLine>& expected, std::uint64_t candidate_lines);

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_HUNK_H_
