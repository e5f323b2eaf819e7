#include "input_error_hint.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "poker/holdem_format.h"

namespace poker::cli {
namespace {

constexpr std::string_view kByteOrderMark = "\xef\xbb\xbf";
constexpr std::string_view kEscapedByteOrderMark = "\\xef\\xbb\\xbf";

// The words of a line, split at blanks.
std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(" \t\r", at)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(" \t\r", at), line.size());
    words.push_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) break;  // a line cut by the head's limit is no line
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end + 1);
  }
  return lines;
}

bool is_rank(char c) { return std::string_view("23456789TJQKA").find(c) != std::string_view::npos; }

// "5H"-like words: Euler 54's upper-case suits.
bool is_upper_suit_card(std::string_view word) {
  return word.size() == 2 && is_rank(word[0]) && std::string_view("HDSC").find(word[1]) != std::string_view::npos;
}

// The format another subcommand reads, recognised from the input's first
// line, for an input given to the hold'em judge.
std::optional<std::string> other_format(std::string_view head) {
  const std::vector<std::string_view> lines = lines_of(head);
  if (lines.empty()) return std::nullopt;
  const std::vector<std::string_view> words = words_of(lines.front());
  std::size_t upper = 0;
  for (const std::string_view word : words) upper += is_upper_suit_card(word) ? 1 : 0;
  if (words.size() == 10 && upper == 10) return "euler";
  if (lines.front().find(';') != std::string_view::npos) return "eval";
  if (words.size() == 2 && words[0].size() == 1 &&
      std::string_view("RSHK").find(words[0][0]) != std::string_view::npos && !words[1].empty() &&
      std::isdigit(static_cast<unsigned char>(words[1][0])) != 0) {
    return "draw";
  }
  return std::nullopt;
}

// The players per instance of a hold'em input: the lines of two words
// before the first line of five (the board), if that count is a valid one.
// Without a board in `head` there is no count: lines of two words that
// end it may go on after it.
std::optional<int> players_in(std::string_view head) {
  int players = 0;
  for (const std::string_view line : lines_of(head)) {
    const std::size_t words = words_of(line).size();
    if (words == 5) {
      if (players < kMinHoldemPlayers || players > kMaxHoldemPlayers) return std::nullopt;
      return players;
    }
    if (words != 2) return std::nullopt;
    ++players;
  }
  return std::nullopt;
}

// The lines of `head` through the instance `error` is in: the bytes the run
// has read from any source (the framing hands on whole instances), and so
// all the evidence a hint may take from the input.
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

// The quoted token of "invalid card '...'" (or of equity's "unknown hand
// '...'"), escaped as the message has it.
std::optional<std::string_view> invalid_card(std::string_view message) {
  for (const std::string_view prefix : {"invalid card '", "unknown hand '"}) {
    if (!message.starts_with(prefix)) continue;
    message.remove_prefix(prefix.size());
    return message.substr(0, message.find('\''));
  }
  return std::nullopt;
}

bool about_player_count(std::string_view message) {
  return message.starts_with("expected 5 cards for the board") ||
         (message.starts_with("expected the end of the line after 2 cards for player")) ||
         (message.starts_with("expected 2 cards for player") && message.find("found 0") == std::string_view::npos);
}

std::optional<std::string> card_hint(std::string_view token, const ErrorContext& context) {
  if (token.starts_with("10")) {
    const std::string ten = context.command == Command::kEval ? "0" : "T";  // eval writes ten 0
    return "ten is written " + ten + ", like '" + ten + std::string(token.substr(2, 1)) + "'";
  }
  const bool euler = context.command == Command::kEuler;
  if (token.size() != 2) return std::nullopt;
  const char rank = token[0];
  const char suit = token[1];
  if (!euler && is_upper_suit_card(token)) {
    std::string hint = "suits are lower-case: '" + std::string(1, rank) +
                       static_cast<char>(std::tolower(static_cast<unsigned char>(suit))) + "', not '" +
                       std::string(token) + "'";
    if (context.command == Command::kHoldem)
      hint += " (Project Euler 54 files, with upper-case suits, go to 'poker euler')";
    return hint;
  }
  if (euler && is_rank(rank) && std::string_view("hdsc").find(suit) != std::string_view::npos) {
    return "Project Euler 54 writes suits upper-case, like '" + std::string(1, rank) +
           static_cast<char>(std::toupper(static_cast<unsigned char>(suit))) +
           "' (lower-case suits are the hold'em judge's)";
  }
  const char upper_rank = static_cast<char>(std::toupper(static_cast<unsigned char>(rank)));
  if (rank != upper_rank && is_rank(upper_rank)) {
    return "ranks are upper-case, like '" + std::string(1, upper_rank) + suit + "'";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> input_error_hint(const InputError& error, const ErrorContext& whole) {
  ErrorContext context = whole;
  context.head = read_for_sure(whole.head, error, whole.lines_per_instance);
  const std::string_view message = error.message;
  const std::optional<std::string_view> token = invalid_card(message);
  if (error.line == 1 &&
      (context.head.starts_with(kByteOrderMark) || (token && token->starts_with(kEscapedByteOrderMark)))) {
    return "the input starts with a UTF-8 byte-order mark (EF BB BF): save it without one, or strip it with "
           "sed '1s/^\\xEF\\xBB\\xBF//'";
  }
  if (context.command == Command::kHoldem && error.line <= static_cast<std::uint64_t>(context.players) + 1) {
    if (const std::optional<std::string> format = other_format(context.head)) {
      return "this looks like a 'poker " + *format + "' input: try 'poker " + *format + " FILE'";
    }
  }
  if (token) return card_hint(*token, context);
  if (error.column == 1 && message.find("found 0 before the end of the line") != std::string_view::npos) {
    return "line " + std::to_string(error.line) + " is blank: instances follow each other with no blank line between";
  }
  if (context.command == Command::kHoldem && about_player_count(message)) {
    const std::optional<int> players = players_in(context.head);
    if (players && *players != context.players) {
      return "the input seems to hold " + std::to_string(*players) + " players per instance: try 'poker " +
             std::to_string(*players) + "'";
    }
    if (!players) {
      return "an instance is one line per player (" + std::to_string(context.players) +
             " here) then the board: is PLAYERS right?";
    }
  }
  return std::nullopt;
}

std::string input_error_line(const std::string& source, const InputError& error, const ErrorContext& context) {
  std::string line =
      source + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": " + error.message;
  if (context.instance > 0) {
    line += " (" + std::string(context.instance_noun) + " " + std::to_string(context.instance) + ")";
  } else if (context.lines_per_instance > 0 && error.line > 0) {
    line += " (" + std::string(context.instance_noun) + " " +
            std::to_string((error.line - 1) / context.lines_per_instance + 1) + ")";
  }
  if (const std::optional<std::string> hint = input_error_hint(error, context)) line += "; hint: " + *hint;
  return line;
}

io::Window HeadKeepingSource::window(std::uint64_t from, std::size_t min_size) {
  io::Window window = source_->window(from, min_size);
  // Windows move forward from where the last began: each adds its bytes
  // past those kept, up to the limit.
  if (window.error_number == 0 && from <= kept_.size() && kept_.size() < limit_ && from + window.size > kept_.size()) {
    const auto skip = static_cast<std::size_t>(kept_.size() - from);
    kept_.append(window.data + skip, std::min<std::size_t>(window.size, limit_ - from) - skip);
  }
  return window;
}

std::string HeadKeepingSource::head() {
  const std::uint64_t size = source_->size_for_reads_at();
  if (size == io::ByteSource::kInOrderOnly) return kept_;
  const io::Window window = source_->read_at(0, static_cast<std::size_t>(std::min<std::uint64_t>(size, limit_)));
  return window.error_number == 0 ? std::string(window.data, window.size) : std::string();
}

}  // namespace poker::cli
