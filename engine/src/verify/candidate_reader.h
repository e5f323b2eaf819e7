// The candidate's answers, read ahead line by line into the window that
// `poker verify` aligns with the expected answers. Internal to the engine.
//
// Borrows the cursor, the options and the report for its lifetime; used by
// one thread at a time (the pipeline's writer stage, then its caller).
#ifndef POKER_ENGINE_VERIFY_CANDIDATE_READER_H_
#define POKER_ENGINE_VERIFY_CANDIDATE_READER_H_

#include <cstddef>
#include <cstdint>
#include <deque>

#include "poker/io/text_cursor.h"
#include "poker/verify.h"
#include "verify/verify_lines.h"

namespace poker::verify {

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
  bool read_ahead(std::size_t count);

  // Drops the lines of only blanks ahead, then skips the whitespace that
  // follows, through max_extra_bytes of it; whether the candidate ended
  // there. Past it, the next line read starts at the first byte that is no
  // whitespace (its blanks before it not shown), numbered as the line it
  // is in.
  bool skip_blank_lines();

  // Counts the candidate's lines on to its end, or through max_extra_bytes
  // (then past the next line), or to a line that is too long.
  void count_extra_lines();

 private:
  // Whether the line, read whole, holds only blanks.
  bool is_blank(const CandidateLine& line) const;

  // The line as the lenient options compare it.
  CandidateLine compared_line(CandidateLine next) const;

  io::TextCursor& cursor_;
  const VerifyOptions& options_;
  VerifyReport& report_;
  std::deque<CandidateLine> ahead_;  // candidate lines read, not yet aligned
  std::uint64_t lines_ = 0;          // candidate lines read so far
  bool ended_ = false;
  bool failed_ = false;
};

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_CANDIDATE_READER_H_
