// parse_equity_request: the words of a query into hands, board, dead cards
// and settings.
#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <optional>
#include <vector>

#include "equity/equity_request.h"
#include "poker/equity_query.h"
#include "poker/escape.h"
#include "poker/number_text.h"
#include "poker/range.h"

namespace poker {
namespace {

bool is_card_separator(char c) { return c == ' ' || c == '\t' || c == ','; }

// A word that is nothing but one card and separators ("9s", "2d,"): a board
// or dead cards written with blanks in a query line, where blanks split
// words. It can be no player's hand (a hand has two cards), so reading it as
// part of the cards is never a guess.
bool is_lone_card(std::string_view word) {
  const std::size_t first = word.find_first_not_of(" \t,");
  const std::size_t last = word.find_last_not_of(" \t,");
  return first != std::string_view::npos && last - first == 1 && parse_card_any_case(word.substr(first, 2)).has_value();
}

// Adds the cards of `text` (word `word`, starting `offset` bytes into it) to
// `cards`: two-character cards, in either case, one after another or
// separated by blanks and commas ("Ts9s2d", "Ts 9s 2d", "ts,9s,2d"). `where`
// names the cards in messages ("on the board").
std::optional<QueryError> add_cards(std::string_view text, std::size_t word, std::size_t offset, std::string_view where,
                                    std::vector<Card>& cards) {
  for (std::size_t at = 0; at < text.size();) {
    if (is_card_separator(text[at])) {
      ++at;
      continue;
    }
    // "10h" is quoted whole, so that the message (and its hint) names the ten.
    const std::string_view token = text.substr(at, text.substr(at).starts_with("10") ? 3 : 2);
    const std::optional<Card> card = parse_card_any_case(token);
    if (!card) {
      return QueryError{word, offset + at,
                        "invalid card " + quote_token(token) + ": expected " + card_syntax(Notation::kHoldem) +
                            ", cards separated by nothing, blanks or commas"};
    }
    if (std::find(cards.begin(), cards.end(), *card) != cards.end()) {
      return QueryError{word, offset + at, "duplicate card " + quote_token(token) + ": twice " + std::string(where)};
    }
    cards.push_back(*card);
    at += 2;
  }
  return std::nullopt;
}

CardMask mask_of_cards(const std::vector<Card>& cards) {
  CardMask mask = 0;
  for (const Card card : cards) mask |= mask_of(card);
  return mask;
}

class RequestParser {
 public:
  RequestParser(std::span<const std::string_view> words, const EquityRequest& defaults, equity::QueryCheck check)
      : words_(words), check_(check), request_(defaults) {
    request_.query.players.clear();
    request_.query.hands.clear();
    request_.player_words.clear();
  }

  std::variant<EquityRequest, QueryError> parse() {
    // The game first: it decides how the players' words read.
    if (std::optional<QueryError> error = game()) return *error;
    for (word_ = 0; word_ < words_.size(); ++word_) {
      const std::string_view word = words_[word_];
      std::optional<QueryError> error;
      if (word.starts_with("--")) {
        error = option(word);
      } else if (is_versus(word)) {
        error = versus();
      } else {
        error = player(word);
      }
      if (error) return *error;
    }
    if (check_ == equity::QueryCheck::kSkip) return std::move(request_);
    std::optional<std::string> problem = check_equity_query(request_.query);
    if (!problem) problem = check_equity_method(request_.query, request_.settings.method);
    if (problem) return QueryError{QueryError::kWholeQuery, 0, *std::move(problem)};
    return std::move(request_);
  }

 private:
  // The value of --game, wherever it stands among the words; it replaces
  // the defaults' game.
  std::optional<QueryError> game() {
    bool seen = false;
    for (std::size_t word = 0; word < words_.size(); ++word) {
      const std::string_view text = words_[word];
      if (text != "--game" && !text.starts_with("--game=")) continue;
      if (seen) return QueryError{word, 0, "'--game' after an earlier '--game'"};
      seen = true;
      std::size_t value_word = word;
      std::size_t offset = 7;
      if (text == "--game") {
        if (word + 1 == words_.size()) return QueryError{word + 1, 0, "a value after '--game'"};
        value_word = word + 1;
        offset = 0;
      }
      const std::string_view value = words_[value_word].substr(offset);
      const std::optional<EquityGame> game = parse_equity_game(value);
      if (!game) {
        return QueryError{
            value_word, offset,
            "unknown game " + quote_token(value) + ": expected holdem, shortdeck, omaha, omaha5, omaha6 or omaha-hilo"};
      }
      request_.query.game = *game;
    }
    return std::nullopt;
  }

  std::optional<QueryError> player(std::string_view word) {
    if (is_omaha(request_.query.game)) return omaha_player(word);
    auto parsed = parse_range(word, request_.settings.percent_order);
    if (auto* error = std::get_if<RangeError>(&parsed)) {
      if (is_lone_card(word)) {
        return QueryError{word_, 0,
                          "a hand has two cards, " + quote_token(word) +
                              " is one: write cards of the board or dead cards together ('Ts9s2d'), "
                              "or quote them ('Ts 9s 2d')"};
      }
      return QueryError{word_, error->offset, error->message};
    }
    request_.query.players.push_back(std::get<Range>(std::move(parsed)));
    request_.player_words.push_back(word_);
    return std::nullopt;
  }

  // An Omaha player: "AhAsKdKc" (the game's count of cards, one after
  // another, in either case) or "random".
  std::optional<QueryError> omaha_player(std::string_view word) {
    CardMask hand = 0;
    if (!equals_ignoring_case(word, "random")) {
      const int hole = equity_hole_cards(request_.query.game);
      for (std::size_t at = 0; at < word.size(); at += 2) {
        const std::string_view token = word.substr(at, 2);
        const std::optional<Card> card = parse_card_any_case(token);
        if (!card && std::holds_alternative<Range>(parse_range(word))) {
          return QueryError{word_, 0,
                            "Omaha takes specific hands of " + std::to_string(hole) +
                                " cards (like AhAsKdKc) or random, not hold'em ranges like " + quote_token(word)};
        }
        if (!card) {
          return QueryError{word_, at,
                            "invalid card " + quote_token(token) + " in " + quote_token(word) + ": expected " +
                                card_syntax(Notation::kHoldem)};
        }
        if ((hand & mask_of(*card)) != 0) {
          return QueryError{word_, at, "card " + quote_token(token) + " is twice in " + quote_token(word)};
        }
        hand |= mask_of(*card);
      }
      if (card_count(hand) != hole) {
        return QueryError{word_, 0,
                          "Omaha hands have " + std::to_string(hole) + " cards: " + quote_token(word) + " has " +
                              std::to_string(card_count(hand))};
      }
    }
    request_.query.hands.push_back(hand);
    request_.player_words.push_back(word_);
    return std::nullopt;
  }

  static bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  }

  // "AK vs QQ": the word players write between hands (no hand's name, in
  // any case), taken where it stands between two of them.
  static bool is_versus(std::string_view word) {
    return word.size() == 2 && (word[0] == 'v' || word[0] == 'V') && (word[1] == 's' || word[1] == 'S');
  }

  std::optional<QueryError> versus() {
    const bool after_hand = !request_.player_words.empty() && request_.player_words.back() + 1 == word_;
    const bool before_hand =
        word_ + 1 < words_.size() && !words_[word_ + 1].starts_with("--") && !is_versus(words_[word_ + 1]);
    if (after_hand && before_hand) return std::nullopt;
    return QueryError{word_, 0, quote_token(words_[word_]) + " stands between two hands, like 'AK vs QQ'"};
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
    if (name == "--game") {  // read first (game())
      if (!inline_value && word_ + 1 < words_.size()) ++word_;
      return std::nullopt;
    }
    if (name != "--board" && name != "--dead" && name != "--mc" && name != "--time" && name != "--seed") {
      return QueryError{word_, 0,
                        "unknown option " + quote_token(name) +
                            ": expected --board, --dead, --exact, --mc, --time, --seed or --game"};
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
    if (name == "--board" || name == "--dead") return cards(name, value, value_word, value_offset);
    if (std::optional<std::string> problem = read_equity_number(name, value, request_.settings)) {
      return QueryError{value_word, value_offset, *std::move(problem)};
    }
    if (name == "--seed") return std::nullopt;
    return set_method(EquityMethod::kMonteCarlo, name, option_word);
  }

  // The value of --board or --dead, and the lone cards after it ("--board
  // Ts 9s 2d" on a query line); it replaces the defaults' cards.
  std::optional<QueryError> cards(std::string_view name, std::string_view value, std::size_t word, std::size_t offset) {
    const bool board = name == "--board";
    std::vector<Card>& cards = board ? request_.board : request_.dead;
    const std::string_view where = board ? "on the board" : "among the dead cards";
    cards.clear();
    if (std::optional<QueryError> error = add_cards(value, word, offset, where, cards)) return error;
    while (word_ + 1 < words_.size() && is_lone_card(words_[word_ + 1])) {
      ++word_;
      if (std::optional<QueryError> error = add_cards(words_[word_], word_, 0, where, cards)) return error;
    }
    (board ? request_.query.board : request_.query.dead) = mask_of_cards(cards);
    return std::nullopt;
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

std::optional<std::string> read_equity_number(std::string_view name, std::string_view value, EquitySettings& settings) {
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
    const std::optional<double> seconds = parse_amount(value);  // 0.5, 1e0, 1e-3
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
  EquityRequest request;
  request.settings = defaults;
  return parse_equity_request(words, request);
}

std::variant<EquityRequest, QueryError> parse_equity_request(std::span<const std::string_view> words,
                                                             const EquityRequest& defaults) {
  return equity::parse_request(words, defaults, equity::QueryCheck::kRun);
}

std::variant<EquityRequest, QueryError> parse_equity_defaults(std::span<const std::string_view> words,
                                                              const EquitySettings& settings) {
  EquityRequest request;
  request.settings = settings;
  auto parsed = equity::parse_request(words, request, equity::QueryCheck::kSkip);
  if (const auto* defaults = std::get_if<EquityRequest>(&parsed);
      defaults != nullptr && !defaults->player_words.empty()) {
    return QueryError{defaults->player_words.front(), 0, "expected only options, found a hand"};
  }
  if (const auto* defaults = std::get_if<EquityRequest>(&parsed)) {
    if (std::optional<std::string> problem = check_equity_cards(defaults->query.board, defaults->query.dead)) {
      return QueryError{QueryError::kWholeQuery, 0, *std::move(problem)};
    }
  }
  return parsed;
}

namespace equity {

std::variant<EquityRequest, QueryError> parse_request(std::span<const std::string_view> words,
                                                      const EquityRequest& defaults, QueryCheck check) {
  return RequestParser(words, defaults, check).parse();
}

}  // namespace equity

}  // namespace poker

namespace poker {

bool range_continues(std::string_view word, std::string_view next) {
  return !word.starts_with("--") && !next.starts_with("--") && (word.ends_with(',') || next.starts_with(','));
}

EquityEcho equity_echo(std::span<const std::string_view> words, const EquityRequest& request) {
  EquityEcho echo;
  for (const std::size_t word : request.player_words) echo.players.push_back(words[word]);
  echo.board = request.board;
  echo.dead = request.dead;
  echo.game = request.query.game;
  return echo;
}

std::string query_error_message(const QueryError& error, std::span<const std::string_view> words, std::size_t hands) {
  if (error.word >= hands || error.word >= words.size()) return error.message;
  return "hand " + std::to_string(error.word + 1) + " " + quote_token(words[error.word]) + ": " + error.message;
}

}  // namespace poker

namespace poker {
namespace {

struct GameName {
  EquityGame game;
  std::string_view name;
};

constexpr std::array<GameName, 6> kGameNames = {{{EquityGame::kHoldem, "holdem"},
                                                 {EquityGame::kShortDeck, "shortdeck"},
                                                 {EquityGame::kOmaha, "omaha"},
                                                 {EquityGame::kOmaha5, "omaha5"},
                                                 {EquityGame::kOmaha6, "omaha6"},
                                                 {EquityGame::kOmahaHiLo, "omaha-hilo"}}};

}  // namespace

std::optional<EquityGame> parse_equity_game(std::string_view name) {
  for (const GameName& entry : kGameNames) {
    if (entry.name.size() == name.size() &&
        std::equal(name.begin(), name.end(), entry.name.begin(),
                   [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; })) {
      return entry.game;
    }
  }
  return std::nullopt;
}

std::string_view equity_game_name(EquityGame game) {
  for (const GameName& entry : kGameNames) {
    if (entry.game == game) return entry.name;
  }
  return "holdem";
}

}  // namespace poker
