// "Did you mean …?": the known word closest to a mistyped one, for unknown
// subcommands and long options.
#ifndef POKER_CLI_COMMAND_LINE_DID_YOU_MEAN_H_
#define POKER_CLI_COMMAND_LINE_DID_YOU_MEAN_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace poker::cli {

// The edit distance between `a` and `b`, ignoring case: insertions,
// deletions, substitutions and swaps of two neighbours count one each.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `typed`, if one is close enough to be the word
// meant (one edit in a short word, two in a longer one) and no other is as close.
std::optional<std::string> closest_word(std::string_view typed, std::span<const std::string> candidates);

}  // namespace poker::cli

#endif  // POKER_CLI_COMMAND_LINE_DID_YOU_MEAN_H_
