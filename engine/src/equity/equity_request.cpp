// parse_equity_request: the words of a query into hands, board, dead cards
// and settings.
#include <bit>
#include <optional>

#include "equity/equity_request.h"
#include "poker/equity_format.h"
#include "poker/escape.h"
#include "poker/number_text.h"
#include "poker/range.h"

namespace poker {
namespace {

// Cards written one after another, "Ts9s2d": a set, each card once.
std::variant<CardMask, QueryError> parse_card_run(std::string_view text, std::size_t word) {
  if (text.empty() || text.size() % 2 != 0) {
    return QueryError{word, 0, "expected cards written one after another, like 'Ts9s2d', found " + quote_token(text)};
  }
  CardMask cards = 0;
  for (std::size_t at = 0; at < text.size(); at += 2) {
    const std::string_view token = text.substr(at, 2);
    const std::optional<Card> card = parse_card(token, Notation::kHoldem);
    if (!card) {
      return QueryError{word, at, "invalid card " + quote_token(token) +
                                      ": expected a rank (2-9, T, J, Q, K, A) then a suit (h, d, s, c)"};
    }
    if ((cards & mask_of(*card)) != 0) return QueryError{word, at, "duplicate card " + quote_token(token)};
    cards |= mask_of(*card);
  }
  return cards;
}

class RequestParser {
 public:
  RequestParser(std::span<const std::string_view> words, const EquitySettings& defaults, equity::QueryCheck check)
      : words_(words), check_(check) {
    request_.settings = defaults;
  }

  std::variant<EquityRequest, QueryError> parse() {
    for (word_ = 0; word_ < words_.size(); ++word_) {
      const std::string_view word = words_[word_];
      if (std::optional<QueryError> error = word.starts_with("--") ? option(word) : player(word)) return *error;
    }
    if (check_ == equity::QueryCheck::kSkip) return std::move(request_);
    std::optional<std::string> problem = check_equity_query(request_.query);
    if (!problem) problem = check_equity_method(request_.query, request_.settings.method);
    if (problem) return QueryError{QueryError::kWholeQuery, 0, *std::move(problem)};
    return std::move(request_);
  }

 private:
  std::optional<QueryError> player(std::string_view word) {
    auto parsed = parse_range(word);
    if (auto* error = std::get_if<RangeError>(&parsed)) return QueryError{word_, error->offset, error->message};
    request_.query.players.push_back(std::get<Range>(std::move(parsed)));
    return std::nullopt;
  }

  std::optional<QueryError> option(std::string_view word) {
    const std::size_t equals = word.find('=');
    const std::string_view name = word.substr(0, equals);
    std::optional<std::string_view> inline_value;
    if (equals != std::string_view::npos) inline_value = word.substr(equals + 1);
    const std::size_t option_word = word_;
    if (name == "--exact") {
      if (inline_value) return QueryError{word_, 0, "option '--exact' takes no value"};
      return set_method(EquityMethod::kExact, name, option_word);
    }
    if (name != "--board" && name != "--dead" && name != "--mc" && name != "--time" && name != "--seed") {
      return QueryError{word_, 0,
                        "unknown option " + quote_token(name) +
                            ": expected --board, --dead, --exact, --mc, --time or --seed"};
    }
    // The options with a value: it follows '=' or is the next word.
    std::size_t value_word = word_;
    std::size_t value_offset = equals + 1;
    if (!inline_value) {
      if (word_ + 1 == words_.size()) return QueryError{word_ + 1, 0, "a value after " + quote_token(name)};
      value_word = ++word_;
      value_offset = 0;
      inline_value = words_[word_];
    }
    const std::string_view value = *inline_value;
    if (name == "--board" || name == "--dead") {
      auto cards = parse_card_run(value, value_word);
      if (auto* error = std::get_if<QueryError>(&cards)) {
        error->offset += value_offset;
        return *error;
      }
      (name == "--board" ? request_.query.board : request_.query.dead) = std::get<CardMask>(cards);
      return std::nullopt;
    }
    if (std::optional<std::string> problem = read_equity_number(name, value, request_.settings)) {
      return QueryError{value_word, value_offset, *std::move(problem)};
    }
    if (name == "--seed") return std::nullopt;
    return set_method(EquityMethod::kMonteCarlo, name, option_word);
  }

  // --exact, --mc and --time exclude each other (among these words; they
  // override the defaults).
  std::optional<QueryError> set_method(EquityMethod method, std::string_view name, std::size_t word) {
    if (explicit_method_) {
      return QueryError{word, 0, quote_token(name) + " after an earlier '--exact', '--mc' or '--time'"};
    }
    explicit_method_ = true;
    request_.settings.method = method;
    return std::nullopt;
  }

  const std::span<const std::string_view> words_;
  const equity::QueryCheck check_;
  std::size_t word_ = 0;
  bool explicit_method_ = false;  // set by an option of these words, not by the defaults
  EquityRequest request_;
};

}  // namespace

std::optional<std::string> read_equity_number(std::string_view name, std::string_view value,
                                              EquitySettings& settings) {
  const auto expected = [&](const std::string& what) {
    return "expected " + what + " after " + quote_token(name) + ", found " + quote_token(value);
  };
  if (name == "--mc") {
    const std::optional<std::uint64_t> samples = parse_count(value);  // 1M, 1e6
    if (!samples || *samples == 0 || *samples > kMaxSamples) {
      return expected("a number of deals from 1 to 1e15, like 100000, 1M or 1e6");
    }
    settings.method = EquityMethod::kMonteCarlo;
    settings.samples = *samples;
    settings.seconds = 0;
    return std::nullopt;
  }
  if (name == "--time") {
    const std::optional<double> seconds = parse_decimal(value);
    if (!seconds || *seconds < kMinSeconds || *seconds > kMaxSeconds) {
      return expected("a number of seconds from 0.001 to 1000000");
    }
    settings.method = EquityMethod::kMonteCarlo;
    settings.seconds = *seconds;
    settings.samples = 0;
    return std::nullopt;
  }
  const std::optional<std::uint64_t> seed = parse_whole_number(value);  // --seed
  if (!seed) return expected("a seed (a whole number from 0 to 18446744073709551615)");
  settings.seed = *seed;
  return std::nullopt;
}

std::variant<EquityRequest, QueryError> parse_equity_request(std::span<const std::string_view> words,
                                                             const EquitySettings& defaults) {
  return equity::parse_request(words, defaults, equity::QueryCheck::kRun);
}

namespace equity {

std::variant<EquityRequest, QueryError> parse_request(std::span<const std::string_view> words,
                                                      const EquitySettings& defaults, QueryCheck check) {
  return RequestParser(words, defaults, check).parse();
}

}  // namespace equity

}  // namespace poker
