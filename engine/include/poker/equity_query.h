// An equity query in words, and its answer in words: what `poker equity`
// reads from the command line and from each line of a query file (the
// batch format, poker/equity_format.h), and what it answers either way.
//
// A query is words, the same on the command line and on a line of a query
// file:
//
//     HAND_OR_RANGE HAND_OR_RANGE... [--board CARDS] [--dead CARDS] [--game GAME]
//                                    [--exact | --mc N | --time S] [--seed N]
//
// --game (parse_equity_game) is read first, wherever it stands, since it
// decides how the players read: hold'em and short deck take hands and
// ranges (range.h); the Omaha games a specific hand of the game's hole
// cards ("AhAsKdKc", cards as --board writes them) or "random", and refuse a
// hold'em range, a hand of the wrong size and a card written twice.
//
// 2..10 hands or ranges (range.h), options anywhere among the hands,
// "--name value" or "--name=value"; "vs" (any case) may stand between two
// hands ("AK vs QQ"). A range split at the blanks after its commas
// ("QQ+, AKs") is one (range_continues). Cards of --board and --dead are written
// as players write them: in either case, one after another or separated by
// blanks and commas ("Ts9s2d", "Ts 9s 2d", "ts,9s,2d"); on a query line,
// where blanks split words, the lone cards after --board or --dead belong to
// it ("--board Ts 9s 2d": a lone card can be no player's hand). The options
// of a line override the defaults (the command line's): a line's --board
// replaces the default board, its --dead the default dead cards.
//
// Answers. Their report is here, with the query, not with the batch
// format: it is made of the query's own words (EquityEcho), and it serves
// both front ends: the command line answers with a table (equity_table) or,
// with --json, a JSON object (append_equity_json); a query file with a line
// per query (append_equity_line) or the same JSON object. The line repeats
// the query, its players as the notation spells them (normalized_range_text:
// "ahkh" is "AhKh") and the board and dead cards it was computed with:
//
//     AhKh QsQd: equity 46.214457 53.785543; win 46.017880 53.588966; tie 0.393154 0.393154; boards 1712304 exact
//     AK QQ --board Ts9s2d: equity 46.2 53.8; win ...; tie ...; error 0.015763 0.015763; deals 1000000 monte-carlo
//
// percentages player by player, with six decimals when exact; Monte Carlo
// adds the standard error of each equity and prints the percentages to the
// largest error's second significant digit (0.157 points: two decimals).
// The JSON object (append_equity_json) is one line too.
//
// Games. An answer repeats "--game GAME" after the players when the game is
// not hold'em, so that its query, given again alone, is the same query; the
// table starts with a "Game:  GAME" line then. Omaha hi-lo answers give, in
// place of win and tie:
//
//     AhAs2d3c KhKs9d8c --game omaha-hilo --board 4h5c8d: equity 89.451220 10.548780; scoop 78.902439 0.000000; high
//     win 78.902439 21.097561; high tie 0.000000 0.000000; low win 100.000000 0.000000; low tie 0.000000 0.000000; no
//     low 0.000000; boards 820 exact
//
// (Monte Carlo's "error ...;" before the count), the table's columns
// Equity %, [Std error,] Scoop %, High win %, High tie %, Low win % and
// Low tie % and a line "No low: X% of the boards".
//
// Thread safety: functions are pure.
#ifndef POKER_EQUITY_QUERY_H_
#define POKER_EQUITY_QUERY_H_

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "poker/cards.h"
#include "poker/equity.h"

namespace poker {

struct EquityRequest {
  EquityQuery query;
  EquitySettings settings;
  // query.board and query.dead, card by card in the order written.
  std::vector<Card> board;
  std::vector<Card> dead;
  // The indices of the words that are the players' hands or ranges.
  std::vector<std::size_t> player_words;
};

// What is wrong with a query's words: the word (its index) and the byte
// offset in it of the offending part, and a one-line message. When a word is
// missing at the end, `word` is words.size() and `message` names what was
// expected ("a value after '--board'"); when the words are each fine but the
// query is not (check_equity_query), `word` is kWholeQuery.
struct QueryError {
  static constexpr std::size_t kWholeQuery = static_cast<std::size_t>(-1);
  std::size_t word = 0;
  std::size_t offset = 0;
  std::string message;
};

// The one-line message of `error` in a query whose first `hands` words are
// its hands, each given alone (the command line's `poker equity HAND...`,
// the Python module's equity()): a wrong hand's message begins
// "hand N 'WORD': ", the word quoted as quote_token() quotes (poker/escape.h).
std::string query_error_message(const QueryError& error, std::span<const std::string_view> words, std::size_t hands);

// The games of --game: "holdem", "shortdeck", "omaha" (4 hole cards),
// "omaha5", "omaha6" and "omaha-hilo" (4 hole cards, eight or better), read
// in either case; nothing for any other word.
std::optional<EquityGame> parse_equity_game(std::string_view name);
// The name parse_equity_game reads for `game`, in lower case.
std::string_view equity_game_name(EquityGame game);

// Reads the value of option `name` (--mc, --time or --seed; the first two
// also choose Monte Carlo) into `settings`, by the rules the command line
// and query files share: numbers as poker/number_text.h reads them, within
// the limits of poker/equity.h. Nothing, or what is wrong in one line that
// quotes the value.
std::optional<std::string> read_equity_number(std::string_view name, std::string_view value, EquitySettings& settings);

// Parses and checks (check_equity_query) a query; `defaults` are the
// settings its options override.
std::variant<EquityRequest, QueryError> parse_equity_request(std::span<const std::string_view> words,
                                                             const EquitySettings& defaults);

// The same, with default board and dead cards too (`defaults` has no players).
std::variant<EquityRequest, QueryError> parse_equity_request(std::span<const std::string_view> words,
                                                             const EquityRequest& defaults);

// The defaults of a query file from the command line's options (words with
// no hand: "--board", "Ts9s2d", ...): a board and dead cards that are valid
// together, and the settings. A hand among the words is an error.
std::variant<EquityRequest, QueryError> parse_equity_defaults(std::span<const std::string_view> words,
                                                              const EquitySettings& settings);

// Whether `word` and the word after it are one range that blanks split: a
// comma ends the one or starts the other ("QQ+," then "AKs", PokerStove's
// and Equilab's "QQ+, AKs"). An option ("--board") joins nothing. The
// command line and a query line join such words into one before parsing.
bool range_continues(std::string_view word, std::string_view next);

// What an answer repeats of its query: the players as written, the board
// and the dead cards (in the order written).
struct EquityEcho {
  EquityGame game = EquityGame::kHoldem;
  std::vector<std::string_view> players;
  std::vector<Card> board;
  std::vector<Card> dead;
};

// The echo of `request`, parsed from `words` (which the echo views).
EquityEcho equity_echo(std::span<const std::string_view> words, const EquityRequest& request);

// The answer as a table: the board and dead cards when there are some, a
// line per player (labelled with its hand or range as the notation spells
// it) headed by the column names: win, tie and equity %, Monte Carlo's
// standard error, and the pots won and tied (the shares times the boards,
// as PokerStove counts them); then the number of boards ("1 board") and the
// method.
std::string equity_table(const EquityEcho& echo, const EquityResult& result);

// The answer as one line, '\n' included (the batch format's answer), after
// the query: "AK QQ --board Ts9s2d: equity ...".
void append_equity_line(std::string& out, const EquityEcho& echo, const EquityResult& result);

// The answer as one JSON object on one line, '\n' included:
//   {"schema":"poker-equity/1","query":"AK QQ --board Ts9s2d","game":"holdem","board":"Ts9s2d",
//    "dead":"","players":[{"hand":"AK","win":0.4,"tie":0.01,"equity":0.405,
//    "std_error":0.0002,"pots_won":400000,"pots_tied":10000},...],
//    "deals":1000000,"method":"monte-carlo"}
// Shares are fractions in [0, 1] (8 decimals); "std_error" is the standard
// error of "equity", 0 for "exact"; "deals" counts the boards dealt (exact)
// or drawn (Monte Carlo). "game" follows "query" (equity_game_name). Omaha
// hi-lo adds to each player "scoop", "low_win" and "low_tie" ("win" and
// "tie" are the high's) and, last, "no_low".
void append_equity_json(std::string& out, const EquityEcho& echo, const EquityResult& result);

}  // namespace poker

#endif  // POKER_EQUITY_QUERY_H_
