#include "verify/token_comparison.h"

#include <cmath>
#include <cstdlib>

namespace poker::verify {
namespace {

// testlib's limit on a token, over which the output is badly formatted;
// problemtools reads any token whole, but one of this length is no answer
// (and an endless one must end somewhere).
constexpr std::uint64_t kMaxTokenBytes = std::uint64_t{32} << 20;

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_ignoring_case(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

std::string shown(const std::string& text) { return text.substr(0, TokenVerdict::kShownBytes); }

}  // namespace

bool OutputBytes::skip_if_next(std::string_view text) {
  cursor_.skip(at_);
  at_ = 0;
  bytes_ = {};
  return cursor_.skip_equal(text);
}

bool OutputBytes::refill() {
  cursor_.skip(at_);
  at_ = 0;
  bytes_ = {};
  return cursor_.peek(bytes_) && !bytes_.empty();
}

TokenComparison::TokenComparison(io::TextCursor& output, const TokenRule& rule, TokenVerifyOutcome& outcome)
    : output_(output), rule_(rule), verdict_(outcome.verdict), tokens_(outcome.tokens) {}

bool TokenComparison::take(const io::Chunk& /*chunk*/, const ChunkResult& result, RunOutcome& /*outcome*/) {
  feed(result.answers.view());
  return true;
}

void TokenComparison::finish(std::string_view summary, RunOutcome& /*outcome*/) {
  feed(summary);
  end_of_answers();
}

bool TokenComparison::is_space(int byte) const {
  if (rule_.checker == TokenRule::Checker::kTestlibWcmp) {
    return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r';
  }
  return byte == ' ' || (byte >= '\t' && byte <= '\r');
}

void TokenComparison::feed(std::string_view answers) {
  for (const char byte : answers) {
    if (is_space(static_cast<unsigned char>(byte))) {
      if (in_token_ && !done()) compare_token();
      in_token_ = false;
      if (rule_.space_change_sensitive && !done()) answers_space(byte);
      if (byte == '\n') ++answers_line_;
      continue;
    }
    if (!in_token_) {
      in_token_ = true;
      token_.clear();
      token_line_ = answers_line_;
      ++tokens_;
      if (!done()) skip_output_space();
    }
    if (!done()) token_ += byte;
  }
}

void TokenComparison::answers_space(char byte) {
  const int got = output_.peek();
  if (got == static_cast<unsigned char>(byte)) {
    output_.next();
    return;
  }
  verdict_.token = tokens_;
  verdict_.expected_line = answers_line_;
  differ(TokenVerdict::Kind::kSpaceDiffers, std::string(1, byte), got < 0 ? "" : std::string(1, static_cast<char>(got)),
         output_.line());
}

void TokenComparison::skip_output_space() {
  if (!bom_checked_) {
    bom_checked_ = true;
    // testlib skips a UTF-8 byte order mark (an editor's) opening the output.
    if (rule_.checker == TokenRule::Checker::kTestlibWcmp) output_.skip_if_next("\xEF\xBB\xBF");
  }
  for (int byte; is_space(byte = output_.peek()); output_.next()) {
    if (rule_.space_change_sensitive) {
      verdict_.token = tokens_;
      verdict_.expected_line = answers_line_;
      differ(TokenVerdict::Kind::kSpaceDiffers, "", std::string(1, static_cast<char>(byte)), output_.line());
      return;
    }
  }
}

void TokenComparison::compare_token() {
  verdict_.token = tokens_;
  verdict_.expected_line = token_line_;
  if (output_.peek() < 0) {
    differ(TokenVerdict::Kind::kOutputEnded, shown(token_), "", output_.line());
    return;
  }
  if (rule_.checker == TokenRule::Checker::kTestlibWcmp) {
    compare_wcmp_token();
  } else {
    compare_problemtools_token();
  }
}

void TokenComparison::compare_problemtools_token() {
  // C strings: what follows a NUL byte is not compared.
  const std::string expected = token_.substr(0, token_.find('\0'));
  const bool floats = rule_.float_absolute_tolerance || rule_.float_relative_tolerance;
  double expected_value = 0;
  const bool as_number = floats && read_checker_number(expected, expected_value);
  const std::size_t keep = as_number ? kMaxTokenBytes : expected.size() + 1;
  const std::uint64_t line = output_.line();
  const auto same_text = [&](const std::string& text) {
    return rule_.case_sensitive ? text == expected : same_ignoring_case(text, expected);
  };
  std::string found, text;
  bool after_nul = false;
  std::uint64_t length = 0;
  for (int byte; (byte = output_.peek()) >= 0 && !is_space(byte); output_.next()) {
    if (found.size() < TokenVerdict::kShownBytes) found += static_cast<char>(byte);
    after_nul = after_nul || byte == 0;
    if (!after_nul && text.size() < keep) text += static_cast<char>(byte);
    // Decided, whatever follows: longer than the answers' token, too long
    // for a number, or all that is compared read (a NUL) and different.
    const bool decided =
        as_number ? text.size() >= keep : text.size() > expected.size() || (after_nul && !same_text(text));
    if (decided) {
      output_.next();
      break;
    }
    // Only the rest of a token that matched so far is left: an endless one
    // (an output of NUL bytes) must not hold the comparison for ever.
    if (++length > kMaxTokenBytes) {
      differ(TokenVerdict::Kind::kTokenTooLong, shown(token_), found, line);
      return;
    }
  }
  // Decided before the token's end: the rest of what is shown, read on.
  for (int byte; found.size() < TokenVerdict::kShownBytes && (byte = output_.peek()) >= 0 && !is_space(byte);
       output_.next()) {
    found += static_cast<char>(byte);
  }
  if (output_.error() != 0) {
    differ(TokenVerdict::Kind::kOutputUnreadable, "", "", line);
    return;
  }
  double value = 0;
  if (as_number) {
    if (text.size() >= keep || !read_checker_number(text, value)) {
      differ(TokenVerdict::Kind::kNotANumber, shown(token_), found, line);
      return;
    }
    const double difference = std::fabs(expected_value - value);
    const bool close = difference <= rule_.float_absolute_tolerance.value_or(-1) ||
                       difference <= rule_.float_relative_tolerance.value_or(-1) * std::fabs(expected_value);
    if (!close) differ(TokenVerdict::Kind::kTokenDiffers, shown(token_), found, line);
    return;
  }
  if (!same_text(text)) differ(TokenVerdict::Kind::kTokenDiffers, shown(token_), found, line);
}

void TokenComparison::compare_wcmp_token() {
  const std::uint64_t line = output_.line();
  std::string found;
  std::uint64_t length = 0;
  bool same = true;
  // testlib reads the whole token before it compares: one too long is
  // badly formatted even where its first byte already differs.
  for (int byte; (byte = output_.peek()) >= 0 && !is_space(byte); output_.next()) {
    if (found.size() < TokenVerdict::kShownBytes) found += static_cast<char>(byte);
    same = same && length < token_.size() && static_cast<char>(byte) == token_[length];
    if (++length > kMaxTokenBytes) {
      differ(TokenVerdict::Kind::kTokenTooLong, shown(token_), found, line);
      return;
    }
  }
  if (output_.error() != 0) {
    differ(TokenVerdict::Kind::kOutputUnreadable, "", "", line);
    return;
  }
  if (!same || length != token_.size()) differ(TokenVerdict::Kind::kTokenDiffers, shown(token_), found, line);
}

void TokenComparison::end_of_answers() {
  if (in_token_ && !done()) compare_token();
  in_token_ = false;
  if (!done()) skip_output_space();
  if (!done() && output_.peek() >= 0) {
    verdict_.token = tokens_ + 1;
    verdict_.expected_line = answers_line_;
    const std::uint64_t line = output_.line();
    std::string found;
    for (int byte; (byte = output_.peek()) >= 0 && !is_space(byte) && found.size() < TokenVerdict::kShownBytes;
         output_.next()) {
      found += static_cast<char>(byte);
    }
    differ(TokenVerdict::Kind::kOutputGoesOn, "", found, line);
  }
  if (!done() && output_.error() != 0) differ(TokenVerdict::Kind::kOutputUnreadable, "", "", output_.line());
}

void TokenComparison::differ(TokenVerdict::Kind kind, std::string expected, std::string found,
                             std::uint64_t output_line) {
  if (output_.error() != 0) {
    kind = TokenVerdict::Kind::kOutputUnreadable;
    verdict_.read_error = output_.error();
  }
  verdict_.kind = kind;
  verdict_.expected = std::move(expected);
  verdict_.found = std::move(found);
  verdict_.output_line = output_line;
}

}  // namespace poker::verify
