// The lines `poker verify` compares: an expected answer line waiting to be
// aligned, a candidate's line read ahead, and the few text helpers both
// sides share. Internal to the engine.
//
// Thread safety: plain values and pure functions.
#ifndef POKER_ENGINE_VERIFY_VERIFY_LINES_H_
#define POKER_ENGINE_VERIFY_VERIFY_LINES_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "poker/io/text_cursor.h"

namespace poker::verify {

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

inline bool same(const ExpectedLine& expected, const CandidateLine& got) {
  return got.comparable && expected.hash == got.hash && expected.text == got.compared;
}

inline std::size_t hash_of(std::string_view text) { return std::hash<std::string_view>{}(text); }

// The end of the `count` lines of `text` from `from` (text.size() if fewer).
std::size_t skip_lines(std::string_view text, std::size_t from, std::uint64_t count);

// The lines of `text` (a line without a newline at the end counts too), each
// cut at `keep` bytes.
std::vector<std::string> lines_of(std::string_view text, std::size_t keep);

// The blanks of a line: CMS's white-diff's whitespace but the newline.
inline constexpr const char* kLineBlanks = " \t\r\v\f";

// `line` as VerifyOptions::ignore_space_change compares it: each run of
// blanks one space, none at either end.
std::string squeezed(std::string_view line);

// `line` without the blanks --ignore-trailing-space does not compare at a
// line's end.
std::string_view without_trailing_blanks(std::string_view line);

}  // namespace poker::verify

#endif  // POKER_ENGINE_VERIFY_VERIFY_LINES_H_
