// Internal: what the formats' hints (Format::hint, poker/input_hint.h) share,
// and each format's recogniser of its own input.
#ifndef POKER_ENGINE_FORMATS_FORMAT_HINTS_H_
#define POKER_ENGINE_FORMATS_FORMAT_HINTS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "poker/cards.h"
#include "poker/format.h"
#include "poker/input_hint.h"

namespace poker::hints {

// The tokens of a line, split at blanks as the formats split them.
std::vector<std::string_view> tokens_of(std::string_view line);

// The whole lines of `text` (a last line with no '\n' is none: the head's
// limit may have cut it).
std::vector<std::string_view> lines_of(std::string_view text);

// Whether `error` is in the input's first instance.
bool in_first_instance(const InputError& error, const HintContext& context);

// "this looks like a Project Euler 54 input: try …", where the input's
// first lines are another format's than `own`'s and the error is in the
// first instance; otherwise nothing.
std::optional<std::string> other_format(const InputError& error, const HintContext& context, std::string_view own);

// The likely cause of a token that is no card in `notation` but is, or is
// close to, a card as another notation or case writes it ("10h", "KH",
// "ah", "Th" for eval's "0h"), or cards joined by commas; otherwise nothing.
std::optional<std::string> card_hint(std::string_view token, Notation notation);

}  // namespace poker::hints

namespace poker {

// Each format's recogniser of its own input, defined beside the format:
// what the input's first whole lines (at least one) make of it if they start
// like an input of that format, or nothing.
std::optional<FormatGuess> sniff_holdem(std::span<const std::string_view> lines);
std::optional<FormatGuess> sniff_omaha(std::span<const std::string_view> lines);
std::optional<FormatGuess> sniff_euler(std::span<const std::string_view> lines);
std::optional<FormatGuess> sniff_eval(std::span<const std::string_view> lines);
std::optional<FormatGuess> sniff_draw(std::span<const std::string_view> lines);
// A query file of `poker equity`: its first query (comments and blank
// lines skipped) is a valid one.
std::optional<FormatGuess> sniff_equity(std::span<const std::string_view> lines);

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_FORMAT_HINTS_H_
