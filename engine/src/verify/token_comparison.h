// run_token_verify()'s AnswerDestination: the answers the pipeline's writer
// stage hands over, compared token by token with the team's output under a
// judge system's rule (poker/token_verify.h). Internal to the engine.
#ifndef POKER_ENGINE_VERIFY_TOKEN_COMPARISON_H_
#define POKER_ENGINE_VERIFY_TOKEN_COMPARISON_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "pipeline/answer_destination.h"
#include "poker/io/text_cursor.h"
#include "poker/token_verify.h"

namespace poker::verify {

// The team's output a byte at a time, counting its lines.
class OutputBytes {
 public:
  explicit OutputBytes(io::TextCursor& cursor) : cursor_(cursor) {}
  // The next byte (0..255), or -1 at the end of the output or after a read
  // error (error()).
  int peek() {
    if (at_ == bytes_.size() && !refill()) return -1;
    return static_cast<unsigned char>(bytes_[at_]);
  }
  // Moves past the byte peek() showed.
  void next() {
    if (bytes_[at_++] == '\n') ++line_;
  }
  // Moves past `text` if the output goes on with it (no newline in it).
  bool skip_if_next(std::string_view text);
  std::uint64_t line() const { return line_; }
  int error() const { return cursor_.error(); }

 private:
  bool refill();

  io::TextCursor& cursor_;
  std::string_view bytes_;  // what the cursor showed, from its offset on
  std::size_t at_ = 0;      // of them, those gone past
  std::uint64_t line_ = 1;
};

// Borrows the cursor, the rule and the outcome for its lifetime; called from
// the pipeline's writer stage only. The instances are judged to their end
// (take() never stops the run), so that an invalid instance anywhere in the
// file is seen.
class TokenComparison final : public AnswerDestination {
 public:
  TokenComparison(io::TextCursor& output, const TokenRule& rule, TokenVerifyOutcome& outcome);

  bool take(const io::Chunk& chunk, const ChunkResult& result, RunOutcome& outcome) override;
  void finish(std::string_view summary, RunOutcome& outcome) override;

 private:
  // The answers' next bytes, against the output.
  void feed(std::string_view answers);
  bool is_space(int byte) const;
  // An answers' whitespace byte: under space_change_sensitive the output's
  // next byte must be it.
  void answers_space(char byte);
  // Before the answers' next token, and at their end: the output's
  // whitespace, which space_change_sensitive does not allow there.
  void skip_output_space();
  // The answers' token is whole: the output's next one must match it.
  void compare_token();
  void compare_problemtools_token();
  void compare_wcmp_token();
  void end_of_answers();
  void differ(TokenVerdict::Kind kind, std::string expected, std::string found, std::uint64_t output_line);
  bool done() const { return verdict_.kind != TokenVerdict::Kind::kAccepted; }

  OutputBytes output_;
  const TokenRule& rule_;
  TokenVerdict& verdict_;
  std::uint64_t& tokens_;
  bool bom_checked_ = false;
  bool in_token_ = false;
  std::string token_;               // the answers' token being read
  std::uint64_t answers_line_ = 1;  // of the answers' next byte
  std::uint64_t token_line_ = 0;    // of token_
};

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_TOKEN_COMPARISON_H_
