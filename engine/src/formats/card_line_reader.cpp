#include "formats/card_line_reader.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "poker/escape.h"

namespace poker {
namespace {

std::string cards_word(int count) { return count == 1 ? "1 card" : std::to_string(count) + " cards"; }

}  // namespace

CardLineReader::CardLineReader(const io::Chunk& chunk, Notation notation, DecodePath path)
    : chunk_(chunk),
      notation_(notation),
      alphabet_(simd::alphabet_of(notation)),
      path_(path),
      cursor_(chunk.bytes.data()),
      end_(chunk.bytes.data() + chunk.bytes.size()),
      line_start_(cursor_),
      line_(chunk.first_line) {}

void CardLineReader::begin_instance() {
  instance_start_ = cursor_;
  instance_line_start_ = line_start_;
  instance_line_ = line_;
  begin_card_set();
}

void CardLineReader::begin_card_set() {
  set_start_ = cursor_;
  set_line_start_ = line_start_;
  set_line_ = line_;
  seen_ = 0;
}

CanonicalLayout::CanonicalLayout(const std::vector<int>& cards_per_line) {
  for (const int count : cards_per_line) {
    for (int i = 0; i < count; ++i) {
      image_ += std::string(2, '\0') + (i + 1 == count ? '\n' : ' ');
    }
    cards_ += static_cast<std::size_t>(count);
    ++lines_;
  }
  plan_ = simd::make_plan(cards_, image_);
  for (const DecodePath path : {DecodePath::kScalar, DecodePath::kSse41, DecodePath::kAvx2}) {
    decoders_[static_cast<std::size_t>(path)] = simd::decoder_for(path, plan_);
    batch_decoders_[static_cast<std::size_t>(path)] = simd::batch_decoder_for(path, plan_);
  }
}

bool CardLineReader::read_canonical_line(int count, Card* cards) {
  // "Ah Kd\n": each card, then one space, the last one a newline. Members are
  // read into locals first: stores through `cards` (bytes) may alias anything,
  // and would otherwise reload them at every card.
  const char* const line = cursor_;
  const auto length = static_cast<std::ptrdiff_t>(3 * count);
  if (end_ - line < length || line[length - 1] != '\n') return false;
  const auto& alphabet = detail::kAlphabets[static_cast<int>(notation_)];
  const CardMask seen = seen_;
  const Card lowest = lowest_card_;
  CardMask line_cards = 0;
  for (int i = 0; i < count; ++i) {
    const auto* token = reinterpret_cast<const unsigned char*>(line + 3 * i);
    const unsigned rank = alphabet.rank[token[0]];
    const unsigned suit = alphabet.suit[token[1]];
    if (((rank | suit) & 0x80) != 0 || (i + 1 != count && token[2] != ' ')) return false;
    const Card card = make_card(static_cast<int>(rank), static_cast<int>(suit));
    if (card < lowest) return false;
    if (((seen | line_cards) & mask_of(card)) != 0) return false;
    line_cards |= mask_of(card);
    cards[i] = card;
  }
  seen_ = seen | line_cards;
  cursor_ = line + length;
  line_start_ = cursor_;
  ++line_;
  return true;
}

bool CardLineReader::read_canonical_two_sets(int min_cards, char separator, CardMask (&sets)[2]) {
  // "Ah Kd 2c 3s 4h ; 5d ...\n", one token (two bytes and its space or
  // newline) at a time through the token table.
  const std::uint8_t* const decode = alphabet_.token_cards;
  const char* p = cursor_;
  CardMask first = 0;
  CardMask set = 0;
  int found = 0;
  bool second = false;
  for (;;) {
    if (end_ - p < 3) return false;
    if (p[0] == separator && p[1] == ' ' && !second) {
      if (found < min_cards) return false;
      first = set;
      set = 0;
      found = 0;
      second = true;
      p += 2;
      continue;
    }
    std::uint16_t token;
    std::memcpy(&token, p, sizeof token);
    const std::uint8_t card = decode[token];
    if ((card & 0x80) != 0 || card < lowest_card_ || (set & mask_of(card)) != 0) return false;
    set |= mask_of(card);
    ++found;
    const char after = p[2];
    p += 3;
    if (after == ' ') continue;
    if (after != '\n' || !second || found < min_cards) return false;
    break;
  }
  sets[0] = first;
  sets[1] = set;
  cursor_ = p;
  line_start_ = p;
  ++line_;
  return true;
}

CardLineReader::Token CardLineReader::next_token() {
  while (cursor_ != end_ && is_blank(*cursor_)) ++cursor_;
  const char* const start = cursor_;
  while (cursor_ != end_ && *cursor_ != '\n' && !is_blank(*cursor_)) ++cursor_;
  return Token{std::string_view(start, static_cast<std::size_t>(cursor_ - start)), start};
}

bool CardLineReader::cut_by_limit(const Token& token, std::size_t longest_valid) const {
  return chunk_.end == io::Chunk::End::kRecordTooLong && token.start + token.text.size() == end_ &&
         token.text.size() <= longest_valid;
}

bool CardLineReader::read_card(const Token& token, Card& card) {
  const std::optional<Card> parsed = parse_card(token.text, notation_);
  if (!parsed) {
    return fail(token.start, "invalid card " + quote_token(token.text) + ": expected " + card_syntax(notation_),
                InputErrorKind::kInvalidCard, token.text);
  }
  if (*parsed < lowest_card_) {
    return fail(token.start, "invalid card " + quote_token(token.text) + ": " + std::string(lowest_card_rule_),
                InputErrorKind::kInvalidCard, token.text);
  }
  if ((seen_ & mask_of(*parsed)) != 0) {
    std::uint64_t first_line = 0;
    std::uint64_t first_column = 0;
    locate_first(*parsed, first_line, first_column);
    return fail(token.start,
                "duplicate card " + quote_token(token.text) + ": already at line " + std::to_string(first_line) +
                    ", column " + std::to_string(first_column),
                InputErrorKind::kDuplicateCard, token.text);
  }
  seen_ |= mask_of(*parsed);
  card = *parsed;
  return true;
}

bool CardLineReader::finish_line(std::string_view label) {
  if (cursor_ == end_) return fail_at_chunk_end(label, {});
  ++cursor_;  // the '\n'
  ++line_;
  line_start_ = cursor_;
  return true;
}

bool CardLineReader::end_line(std::string_view what) {
  const Token extra = next_token();
  if (!extra.text.empty()) {
    return fail(extra.start,
                "expected the end of the line after " + std::string(what) + ", found " + quote_token(extra.text),
                InputErrorKind::kExtraToken, extra.text);
  }
  return finish_line(what);
}

bool CardLineReader::read_line(int count, std::string_view label, Card* cards) {
  if (read_canonical_line(count, cards)) return true;
  for (int found = 0; found < count; ++found) {
    const Token token = next_token();
    // A token cut by the length limit is judged only if what was read already
    // decides: one longer than any card (2 bytes).
    if (cut_by_limit(token, 2)) return fail_at_chunk_end(label, {});
    if (token.text.empty()) return fail_short(cards_word(count) + " for " + std::string(label), found, label);
    if (!read_card(token, cards[found])) return false;
  }
  return end_line(cards_word(count) + " for " + std::string(label));
}

bool CardLineReader::read_two_sets(int min_cards, std::string_view separator, const std::string_view (&labels)[2],
                                   CardMask (&sets)[2]) {
  if (separator.size() == 1 && read_canonical_two_sets(min_cards, separator[0], sets)) return true;
  int set = 0;  // which set the cards go to: 0 before the separator, 1 after it
  int found = 0;
  for (;;) {
    const Token token = next_token();
    if (cut_by_limit(token, 2)) return fail_at_chunk_end(labels[set], {});
    const auto at_least = [&] { return "at least " + cards_word(min_cards) + " for " + std::string(labels[set]); };
    if (token.text.empty()) {
      if (found < min_cards) return fail_short(at_least(), found, labels[set]);
      if (set == 1) {
        sets[1] = seen_;
        return finish_line(labels[1]);
      }
      return fail_missing(quote_token(separator) + " then the cards of " + std::string(labels[1]), labels[0]);
    }
    if (token.text == separator) {
      if (set == 1) {
        return fail(token.start, "expected a card or the end of the line for " + std::string(labels[1]) + ", found " +
                                     quote_token(token.text));
      }
      if (found < min_cards) {
        return fail(token.start, "expected " + at_least() + ", found " + std::to_string(found) + " before " +
                                     quote_token(separator));
      }
      sets[0] = seen_;
      set = 1;
      found = 0;
      begin_card_set();
      continue;
    }
    Card card;
    if (!read_card(token, card)) return false;
    ++found;
  }
}

bool CardLineReader::fail(const char* where, std::string message, InputErrorKind kind, std::string_view token) {
  error_.line = line_;
  error_.column = static_cast<std::uint64_t>(where - line_start_) + 1;
  error_.message = std::move(message);
  error_.kind = kind;
  error_.token = token;
  return false;
}

bool CardLineReader::fail_short(std::string_view expected, int found, std::string_view label) {
  return fail_at_line_end(
      "expected " + std::string(expected) + ", found " + std::to_string(found) + " before the end of the ", label);
}

bool CardLineReader::fail_missing(std::string_view expected, std::string_view label) {
  return fail_at_line_end("expected " + std::string(expected) + ", found the end of the ", label);
}

bool CardLineReader::fail_at_line_end(const std::string& message_head, std::string_view label) {
  if (cursor_ == end_) return fail_at_chunk_end(label, message_head + "input");
  const bool blank = is_blank_text(std::string_view(line_start_, static_cast<std::size_t>(cursor_ - line_start_)));
  return fail(cursor_, message_head + "line", blank ? InputErrorKind::kBlankLine : InputErrorKind::kShortLine);
}

std::string CardLineReader::too_long_message() const {
  return "instance longer than the limit of " + std::to_string(chunk_.bytes.size()) +
         " bytes (the rest of the input was not read)";
}

bool CardLineReader::fail_at_chunk_end(std::string_view label, std::string short_message) {
  if (chunk_.end == io::Chunk::End::kRecordTooLong) return fail(end_, too_long_message());
  if (cursor_ == line_start_) {
    return fail(cursor_,
                "incomplete instance: expected the line of " + std::string(label) + ", found the end of the input");
  }
  if (!short_message.empty()) return fail(cursor_, std::move(short_message), InputErrorKind::kShortLine);
  return fail(cursor_, "missing newline at the end of the input");
}

void CardLineReader::locate_first(Card card, std::uint64_t& line, std::uint64_t& column) const {
  line = set_line_;
  const char* line_start = set_line_start_;
  for (const char* p = set_start_; p < end_;) {
    if (*p == '\n') {
      ++line;
      line_start = ++p;
    } else if (is_blank(*p)) {
      ++p;
    } else {
      const char* token_start = p;
      while (p < end_ && *p != '\n' && !is_blank(*p)) ++p;
      const std::string_view token(token_start, static_cast<std::size_t>(p - token_start));
      if (parse_card(token, notation_) == card) {
        column = static_cast<std::uint64_t>(token_start - line_start) + 1;
        return;
      }
    }
  }
}

void CardLineReader::finish_with_error(ChunkResult& result) const {
  const std::string_view rest(instance_start_, static_cast<std::size_t>(end_ - instance_start_));
  const bool blank_rest = is_blank_text(rest);
  switch (chunk_.end) {
    case io::Chunk::End::kEndOfInput:
      if (blank_rest) return;  // trailing blanks: the clean end of the input
      result.error = error_;
      return;
    case io::Chunk::End::kRecords:
      result.error = error_;
      result.error_starts_blank_tail = blank_rest;
      return;
    case io::Chunk::End::kRecordTooLong:
      // Over a megabyte of blanks with text after it: the limit is what
      // stops us, not the blank line it starts with.
      if (!blank_rest) {
        result.error = error_;
        return;
      }
      result.error =
          InputError{end_line(), static_cast<std::uint64_t>(end_ - end_line_start()) + 1, too_long_message()};
      return;
  }
}

const char* CardLineReader::end_line_start() const {
  const char* start = end_;
  while (start != instance_start_ && start[-1] != '\n') --start;
  return start == instance_start_ ? instance_line_start_ : start;
}

std::uint64_t CardLineReader::end_line() const {
  const std::string_view rest(instance_start_, static_cast<std::size_t>(end_ - instance_start_));
  return instance_line_ + static_cast<std::uint64_t>(std::count(rest.begin(), rest.end(), '\n'));
}

}  // namespace poker
