#include "poker/input_hint.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "formats/format_hints.h"
#include "poker/escape.h"
#include "poker/io/blank_text.h"
#include "poker/range.h"

namespace poker {
namespace hints {
namespace {

constexpr std::string_view kByteOrderMark = "\xef\xbb\xbf";

// The lines of `head` through the instance `error` is in: the evidence a
// hint may take from the input.
std::string_view read_for_sure(std::string_view head, const InputError& error, std::size_t lines_per_instance) {
  const std::uint64_t lines =
      lines_per_instance == 0 || error.line == 0
          ? error.line
          : ((error.line - 1) / lines_per_instance + 1) * static_cast<std::uint64_t>(lines_per_instance);
  std::size_t end = 0;
  for (std::uint64_t line = 0; line < lines && end < head.size(); ++line) {
    const std::size_t newline = head.find('\n', end);
    end = newline == std::string_view::npos ? head.size() : newline + 1;
  }
  return head.substr(0, end);
}

// Line `line` (1-based) of `lines`, without its '\n'; as much of it as
// `lines` holds.
std::string_view line_at(std::string_view lines, std::uint64_t line) {
  std::size_t start = 0;
  for (std::uint64_t at = 1; at < line; ++at) {
    const std::size_t newline = lines.find('\n', start);
    if (newline == std::string_view::npos) return {};
    start = newline + 1;
  }
  const std::size_t end = std::min(lines.find('\n', start), lines.size());
  return lines.substr(start, end - start);
}

// A CR that ends no line: the line ends of classic Mac OS, where the whole
// input is one line of blanks and tokens.
bool has_lone_cr(std::string_view line) {
  const std::size_t cr = line.find('\r');
  return cr != std::string_view::npos && std::any_of(line.begin() + static_cast<std::ptrdiff_t>(cr), line.end(),
                                                     [](char c) { return !io::is_blank(c); });
}

// The hints that hold whatever the format.
std::optional<std::string> input_hint(const InputError& error, std::string_view head, const HintContext& context) {
  if (error.line == 1 && (head.starts_with(kByteOrderMark) || error.token.starts_with(kByteOrderMark))) {
    return "the input starts with a UTF-8 byte-order mark (EF BB BF): save it without one, or strip it with "
           "sed '1s/^\\xEF\\xBB\\xBF//'";
  }
  if (has_lone_cr(line_at(context.lines, error.line))) {
    return "lines here end with a lone CR (classic Mac OS line ends), which is a blank, not a line end: convert "
           "them to LF, e.g. with tr '\\r' '\\n'";
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> tokens;
  for (std::size_t at = 0; at < line.size();) {
    if (io::is_blank(line[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < line.size() && !io::is_blank(line[end])) ++end;
    tokens.push_back(line.substr(at, end - at));
    at = end;
  }
  return tokens;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t end; (end = text.find('\n')) != std::string_view::npos; text.remove_prefix(end + 1)) {
    lines.push_back(text.substr(0, end));
  }
  return lines;
}

bool in_first_instance(const InputError& error, const HintContext& context) {
  return error.line >= 1 && error.line <= context.lines_per_instance;
}

std::optional<std::string> other_format(const InputError& error, const HintContext& context, std::string_view own) {
  if (!in_first_instance(error, context)) return std::nullopt;
  const std::vector<std::string_view> lines = lines_of(context.lines);
  if (lines.empty()) return std::nullopt;
  struct Recogniser {
    std::optional<FormatGuess> (*sniff)(std::span<const std::string_view>);
    std::string_view input;  // what the hint calls the format's input
  };
  static constexpr std::array<Recogniser, 6> kRecognisers = {{
      {&sniff_holdem, "a hold'em input"},
      {&sniff_omaha, "an Omaha input"},
      {&sniff_euler, "a Project Euler 54 input"},
      {&sniff_eval, "an eval input (HAND1 ; HAND2)"},
      {&sniff_draw, "a draw puzzle input"},
      {&sniff_equity, "a 'poker equity' query file"},
  }};
  for (const Recogniser& recogniser : kRecognisers) {
    const std::optional<FormatGuess> guess = recogniser.sniff(lines);
    if (!guess || guess->format == own) continue;
    std::string hint = "this looks like " + std::string(recogniser.input);
    if (guess->players > 0) hint += " of " + std::to_string(guess->players) + " players";
    if (guess->hole > 0) hint += " with " + std::to_string(guess->hole) + " hole cards a player";
    return hint + ": try " + context.suggest(*guess);
  }
  return std::nullopt;
}

std::optional<std::string> card_hint(std::string_view token, Notation notation) {
  if (token.find(',') != std::string_view::npos) {
    std::string spaced(token);
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    const std::vector<std::string_view> cards = tokens_of(spaced);
    std::string joined;
    for (const std::string_view card : cards) {
      if (!joined.empty()) joined += ' ';
      joined += card;
    }
    return "cards are separated by blanks, not commas: " + quote_token(joined) + ", not " + quote_token(token);
  }
  if (token.size() == 4 && parse_card(token.substr(0, 2), notation) && parse_card(token.substr(2), notation)) {
    return "cards are separated by blanks: '" + std::string(token.substr(0, 2)) + " " + std::string(token.substr(2)) +
           "', not '" + std::string(token) + "'";
  }
  // The card the token is meant to be: ten written "10" or "0" (eval's) in
  // any notation, ranks and suits in either case.
  const std::size_t ten = token.starts_with("10") ? 2 : token.starts_with("0") ? 1 : 0;
  const std::string meant = ten == 0 ? std::string(token) : std::string("T").append(token.substr(ten));
  const std::optional<Card> card = parse_card_any_case(meant);
  if (!card || token.size() < 2) return std::nullopt;
  const std::string want = card_name(*card, notation);
  const char rank = token.front();
  const char suit = token.back();
  if (std::toupper(static_cast<unsigned char>(rank)) != want[0]) {
    return "ten is written " + std::string(1, want[0]) + ", like '" + want + "'";
  }
  if (rank != want[0]) return "ranks are upper-case, like '" + want + "'";
  if (suit == want[1]) return std::nullopt;
  if (std::islower(static_cast<unsigned char>(want[1])) != 0) {
    std::string hint = "suits are lower-case: '" + want + "', not '" + std::string(token) + "'";
    if (notation == Notation::kHoldem) hint += " (Project Euler 54 files, with upper-case suits, go to 'poker euler')";
    return hint;
  }
  return "Project Euler 54 writes suits upper-case, like '" + want + "' (lower-case suits are the hold'em judge's)";
}

}  // namespace hints

std::optional<std::string> input_error_hint(const Format& format, const InputError& error, std::string_view head,
                                            const SuggestRun& suggest) {
  const HintContext context{hints::read_for_sure(head, error, format.lines_per_instance()), format.lines_per_instance(),
                            suggest};
  if (std::optional<std::string> hint = hints::input_hint(error, head, context)) return hint;
  if (std::optional<std::string> hint = format.hint(error, context)) return hint;
  if (error.kind == InputErrorKind::kBlankLine) {
    return "line " + std::to_string(error.line) + " is blank: instances follow each other with no blank line between";
  }
  return std::nullopt;
}

std::optional<std::string> equity_word_hint(std::string_view word) {
  if (!word.starts_with("10") || word.size() < 3) return std::nullopt;
  return hints::card_hint(word.substr(0, 3), Notation::kHoldem);
}

std::string input_error_line(std::string_view source, const Format& format, const InputError& error,
                             std::string_view head, const SuggestRun& suggest, std::uint64_t instance) {
  std::string line = std::string(source) + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) +
                     ": " + error.message;
  const std::size_t lines_per_instance = format.lines_per_instance();
  if (instance == 0 && lines_per_instance > 0 && error.line > 0) instance = (error.line - 1) / lines_per_instance + 1;
  if (instance > 0) line += " (" + std::string(format.instance_noun().one) + " " + std::to_string(instance) + ")";
  if (const std::optional<std::string> hint = input_error_hint(format, error, head, suggest)) {
    line += "; hint: " + *hint;
  }
  return line;
}

}  // namespace poker
