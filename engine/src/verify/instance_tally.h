// What `poker verify` counts as the expected lines are settled: instances
// right, wrong and missing (in all and per block), and the wrong lines by
// what would make them right. Internal to the engine.
//
// Borrows the report for its lifetime; used by one thread at a time.
#ifndef POKER_ENGINE_VERIFY_INSTANCE_TALLY_H_
#define POKER_ENGINE_VERIFY_INSTANCE_TALLY_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "poker/io/text_cursor.h"
#include "poker/verify.h"
#include "verify/verify_lines.h"

namespace poker::verify {

enum class LineFate { kMatched, kChanged, kMissing };

// Block `block`'s tally in the report (VerifyOptions::block_instances).
VerifyBlock& block_tally(VerifyReport& report, std::uint64_t block);

// `count` instances from `first` (1-based) are right: in the report's
// blocks of `block_instances` (none when 0).
void count_right_in_blocks(VerifyReport& report, std::uint64_t block_instances, std::uint64_t first,
                           std::uint64_t count);

// A wrong line, counted by what would make it right: a wrong answer is
// often only a line end that Windows wrote (CRLF) or blanks at the end,
// which a lenient option forgives.
void count_wrong_line(std::string_view expected, const io::TextCursor::Line& got, VerifyReport& report);

// The instances counted right, wrong and missing as their expected lines
// are settled, the current instance's lines that matched so far (shown with
// a later line of it that differs), and the run of equal one-line answers
// the last matched one ends: for a missing line in it, diff cannot say which
// of them is missing; nor can this.
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
  void settle(const ExpectedLine& line, LineFate fate, const io::TextCursor::Line* got = nullptr);

  // The comparison stops inside an instance: if it differs, it counts.
  void count_cut_instance();

  // `instances` whole one-line answers, the last one instance `last`, matched
  // the candidate's in one memcmp: the run of equal answers they end is
  // kept as settle() keeps it, so that what follows reads the same whatever
  // the chunk size. The answers the chunk ends with that equal its last one
  // are compared backwards a whole line at a time, one that ends as the
  // last does being no equal unless it starts a line.
  void matched_whole(std::string_view answers, std::uint64_t instances, std::uint64_t last);

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

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_INSTANCE_TALLY_H_
