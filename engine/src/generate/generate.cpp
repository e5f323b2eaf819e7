#include "poker/generate.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "poker/evaluator.h"
#include "poker/holdem_format.h"
#include "poker/omaha.h"
#include "poker/shortdeck.h"
#include "poker/shortdeck_format.h"

namespace poker {
namespace {

constexpr int kDrawDeck = 52;  // lines of a draw instance: the whole deck
constexpr int kBoardCards = 5;
constexpr int kAceRank = kRankCount - 1;
constexpr int kJackRank = kAceRank - 3;
constexpr int kTenRank = kAceRank - 4;
// Tries at a natural deal of the kind wanted before building one.
constexpr int kNaturalTries = 64;

std::string card_text(Card card, Notation notation) { return card_name(card, notation); }

bool has_ties(GenerateFormat format) {
  return format == GenerateFormat::kHoldem || format == GenerateFormat::kEuler || format == GenerateFormat::kEval ||
         format == GenerateFormat::kOmaha || format == GenerateFormat::kShortDeck;
}

// Players the format's deck serves, or why not.
std::optional<std::string> check_players(const GenerateOptions& options) {
  const int players = options.players;
  switch (options.format) {
    case GenerateFormat::kOmaha: {
      if (options.hole < kOmahaMinHoleCards || options.hole > kOmahaMaxHoleCards) return "--hole must be 4, 5 or 6";
      const int most = (kCardCount - kBoardCards) / options.hole;
      if (players < 2 || players > most) {
        return "PLAYERS must be 2.." + std::to_string(most) + " in omaha with " + std::to_string(options.hole) +
               " hole cards (the deck holds " + std::to_string(kCardCount - kBoardCards) + " besides the board)";
      }
      return std::nullopt;
    }
    case GenerateFormat::kShortDeck:
      if (players < 2 || players > kMaxShortDeckPlayers) return "PLAYERS must be 2..15 in shortdeck (36 cards)";
      return std::nullopt;
    default:
      if (players < kMinHoldemPlayers || players > kMaxHoldemPlayers) return "PLAYERS must be 2..23";
      return std::nullopt;
  }
}

// The Omaha high verdict: the 0-based player with the best high hand, or
// `players` when two or more share it. holes: `hole` cards a player.
int omaha_high_winner(const Card* board, const Card* holes, int players, int hole) {
  const OmahaBoard judged(board);
  HandValue best = judged.high(holes, hole);
  int winner = 0;
  for (int player = 1; player < players; ++player) {
    const HandValue value = judged.high(holes + hole * player, hole);
    if (value > best) {
      best = value;
      winner = player;
    } else if (value == best) {
      winner = players;
    }
  }
  return winner;
}

}  // namespace

std::optional<FaultKind> parse_fault_kind(std::string_view name) {
  for (std::size_t i = 0; i < kFaultNames.size(); ++i) {
    if (kFaultNames[i] == name) return static_cast<FaultKind>(i + 1);
  }
  return std::nullopt;
}

std::optional<std::string> check_generate_options(const GenerateOptions& options) {
  if (std::optional<std::string> problem = check_players(options)) return problem;
  if (options.min_hand < 5 || options.max_hand > kCardCount || options.min_hand > options.max_hand) {
    return "--hand-size must be N or MIN-MAX within 5..52";
  }
  if (options.ties && !has_ties(options.format)) {
    return "--ties applies to hold'em, omaha, shortdeck, euler and eval only";
  }
  // Written so that a NaN, which compares false with everything, fails too.
  if (options.ties && !(*options.ties >= 0 && *options.ties <= 1)) return "--ties must be a fraction from 0 to 1";
  if (options.error_at > 0) {
    const FaultKind kind = options.error_kind;
    const GenerateFormat format = options.format;
    if (kind == FaultKind::kLowCard && format != GenerateFormat::kShortDeck) {
      return "--error-kind low-card applies to shortdeck only (its deck has no card ranked 2 to 5)";
    }
    // A longer eval hand or one more equity hand is still valid: no "extra" there.
    if (kind == FaultKind::kExtraCard && (format == GenerateFormat::kEval || format == GenerateFormat::kEquity)) {
      return "--error-kind extra-card does not apply to this format (any number of cards or hands is valid)";
    }
    if (kind == FaultKind::kMissingCard && format == GenerateFormat::kEquity) {
      return "--error-kind missing-card does not apply to equity queries (one card less is a range)";
    }
    if ((kind == FaultKind::kBlankLine || kind == FaultKind::kCrlfLine) && format == GenerateFormat::kEquity) {
      return "--error-kind blank-line and crlf-line do not apply to equity queries (blank lines are skipped)";
    }
  }
  return std::nullopt;
}

std::uint64_t generate_lines_per_instance(const GenerateOptions& options) {
  switch (options.format) {
    case GenerateFormat::kHoldem:
    case GenerateFormat::kOmaha:
    case GenerateFormat::kShortDeck: return static_cast<std::uint64_t>(options.players) + 1;
    case GenerateFormat::kDraw: return kDrawDeck;
    case GenerateFormat::kEuler:
    case GenerateFormat::kEval:
    case GenerateFormat::kEquity: break;
  }
  return 1;
}

std::uint64_t planned_fault_line(const GenerateOptions& options) {
  const std::uint64_t lines = generate_lines_per_instance(options);
  const std::uint64_t first = (options.error_at - 1) * lines + 1;
  switch (options.error_kind) {
    case FaultKind::kDuplicateCard: return options.format == GenerateFormat::kDraw ? first + 1 : first;
    case FaultKind::kMissingFinalNewline: return first + lines - 1;
    case FaultKind::kTruncated: return lines > 1 ? first + 1 : first;
    default: return first;
  }
}

Generator::Generator(const GenerateOptions& options) : options_(options), random_(options.seed) {
  if (options.format == GenerateFormat::kShortDeck) deck_size_ = kShortDeckCardCount;
  for (int card = 0; card < kCardCount; ++card) {
    const auto chars = card_chars(static_cast<Card>(card), Notation::kHoldem);
    card_text_[static_cast<std::size_t>(card)] = {chars[0], chars[1], ' ', ' '};
  }
  // The deck's cards are the last deck_size_ card codes (all 52, or ranks 6..A).
  for (int i = 0; i < deck_size_; ++i)
    deck_[static_cast<std::size_t>(i)] = static_cast<Card>(kCardCount - deck_size_ + i);
}

bool Generator::ends_after(std::uint64_t number) const {
  return number == options_.error_at &&
         (options_.error_kind == FaultKind::kMissingFinalNewline || options_.error_kind == FaultKind::kTruncated);
}

// A partial Fisher-Yates shuffle; each 64-bit random number gives two
// draws (Lemire's multiply-shift on each half), half the generator's work.
void Generator::deal(int count) {
  for (int i = 0; i < count; i += 2) {
    const std::uint64_t bits = random_.next();
    const auto first = static_cast<std::size_t>(i) +
                       static_cast<std::size_t>(((bits >> 32) * static_cast<std::uint64_t>(deck_size_ - i)) >> 32);
    std::swap(deck_[static_cast<std::size_t>(i)], deck_[first]);
    if (i + 1 == count) break;
    const auto second =
        static_cast<std::size_t>(i + 1) +
        static_cast<std::size_t>(((bits & 0xFFFFFFFF) * static_cast<std::uint64_t>(deck_size_ - i - 1)) >> 32);
    std::swap(deck_[static_cast<std::size_t>(i + 1)], deck_[second]);
  }
}

bool Generator::wants_tie() { return options_.ties && random_.unit() < *options_.ties; }

// A card of the format's deck not in `used`.
Card Generator::unused_card(CardMask used) {
  for (;;) {
    const auto card = static_cast<Card>(kCardCount - deck_size_ +
                                        static_cast<int>(random_.below(static_cast<std::uint32_t>(deck_size_))));
    if ((used & mask_of(card)) == 0) return card;
  }
}

char* Generator::write_holdem_fast(char* out) {
  const int players = options_.players;
  // Every card is written as "Rs " (rank, suit, space); the last space of
  // each line then becomes its newline. The board is deck_[0..4], the
  // players' cards follow.
  // Four bytes are copied per card (one past it, overwritten next).
  for (int i = 0; i < 2 * players; i += 2) {
    std::memcpy(out, card_text_[deck_[static_cast<std::size_t>(5 + i)]].data(), 4);
    std::memcpy(out + 3, card_text_[deck_[static_cast<std::size_t>(6 + i)]].data(), 4);
    out[5] = '\n';
    out += 6;
  }
  for (int i = 0; i < 5; ++i) {
    std::memcpy(out, card_text_[deck_[static_cast<std::size_t>(i)]].data(), 4);
    out += 3;
  }
  out[-1] = '\n';
  return out;
}

// Omaha's lines as write_holdem_fast writes hold'em's: hole cards of
// player p at deck_[5 + hole * p ..], the board at deck_[0..4].
char* Generator::write_omaha_fast(char* out) {
  const int hole = options_.hole;
  for (int p = 0; p < options_.players; ++p) {
    for (int c = 0; c < hole; ++c) {
      std::memcpy(out, card_text_[deck_[static_cast<std::size_t>(kBoardCards + hole * p + c)]].data(), 4);
      out += 3;
    }
    out[-1] = '\n';
  }
  for (int i = 0; i < kBoardCards; ++i) {
    std::memcpy(out, card_text_[deck_[static_cast<std::size_t>(i)]].data(), 4);
    out += 3;
  }
  out[-1] = '\n';
  return out;
}

int Generator::hole_cards() const { return options_.format == GenerateFormat::kOmaha ? options_.hole : 2; }

int Generator::winner() const {
  const int players = options_.players;
  if (options_.format == GenerateFormat::kOmaha) {
    return omaha_high_winner(deck_.data(), deck_.data() + kBoardCards, players, options_.hole);
  }
  if (options_.format == GenerateFormat::kShortDeck) {
    return shortdeck_winner(deck_.data(), deck_.data() + kBoardCards, players);
  }
  return holdem_winner(deck_.data(), deck_.data() + kBoardCards, players);
}

// deck_[0..4] is the board, deck_[5 + h * p .. 5 + h * p + h - 1] player
// p's cards (h = hole_cards()).
void Generator::deal_holdem() {
  const int players = options_.players;
  const int needed = hole_cards() * players + kBoardCards;
  if (!options_.ties) {
    deal(needed);
    return;
  }
  if (wants_tie()) {
    deal_holdem_tie();
    return;
  }
  do {
    deal(needed);
  } while (winner() == players);
}

// A deal where two or more players share the best (high) hand: a natural
// one if one turns up soon (half the time with player 2 mirroring player
// 1's ranks), else one built to be a draw: in hold'em and short deck a
// royal flush on the board, which plays for everyone; in Omaha, where a
// hand plays exactly two hole cards, see build_omaha_tie.
void Generator::deal_holdem_tie() {
  const int players = options_.players;
  const int hole = hole_cards();
  const int needed = hole * players + kBoardCards;
  for (int tries = 0; tries < kNaturalTries; ++tries) {
    deal(needed);
    if (random_.below(2) == 0) {
      // Player 2 takes player 1's ranks in suits still in the deck's tail.
      for (int c = 0; c < hole; ++c) {
        const int rank = rank_of(deck_[static_cast<std::size_t>(kBoardCards + c)]);
        for (int k = needed; k < deck_size_; ++k) {
          if (rank_of(deck_[static_cast<std::size_t>(k)]) == rank) {
            std::swap(deck_[static_cast<std::size_t>(kBoardCards + hole + c)], deck_[static_cast<std::size_t>(k)]);
            break;
          }
        }
      }
    }
    if (winner() == players) return;
  }
  if (options_.format == GenerateFormat::kOmaha) {
    build_omaha_tie();
    return;
  }
  const int suit = static_cast<int>(random_.below(kSuitCount));
  // Move the royal flush to the front, in a random order, then shuffle the rest behind it.
  for (int i = 0; i < kBoardCards; ++i) place(i, make_card(kAceRank - i, suit));
  shuffle_slots(0, kBoardCards);
  for (int i = kBoardCards; i < needed; ++i) {
    const auto j = static_cast<std::size_t>(i) + random_.below(static_cast<std::uint32_t>(deck_size_ - i));
    std::swap(deck_[static_cast<std::size_t>(i)], deck_[j]);
  }
}

// Two players who share the nut straight, A-K-Q-J-T: the board holds an
// ace, a king, a queen and two ranks from 2 to 9, so no pair, and at most
// two cards of a suit, so that nobody can make a flush, a full house or a
// better straight; the two players each hold a jack and a ten. The other
// cards are dealt at random (a third player may make the straight too).
void Generator::build_omaha_tie() {
  const int players = options_.players;
  const int hole = options_.hole;
  deal(hole * players + kBoardCards);
  std::array<Card, kBoardCards> board{};
  for (bool fits = false; !fits;) {
    const int low = static_cast<int>(random_.below(8));
    int other = static_cast<int>(random_.below(7));
    if (other >= low) ++other;
    const std::array<int, kBoardCards> ranks = {kAceRank, kAceRank - 1, kAceRank - 2, low, other};
    std::array<int, kSuitCount> per_suit{};
    fits = true;
    for (std::size_t i = 0; i < board.size(); ++i) {
      const int suit = static_cast<int>(random_.below(kSuitCount));
      board[i] = make_card(ranks[i], suit);
      fits = ++per_suit[static_cast<std::size_t>(suit)] <= 2 && fits;
    }
  }
  for (int i = 0; i < kBoardCards; ++i) place(i, board[static_cast<std::size_t>(i)]);
  shuffle_slots(0, kBoardCards);
  const int first = static_cast<int>(random_.below(static_cast<std::uint32_t>(players)));
  int second = static_cast<int>(random_.below(static_cast<std::uint32_t>(players - 1)));
  if (second >= first) ++second;
  // The two jacks, and the two tens, in two different suits.
  const int jack_suit = static_cast<int>(random_.below(kSuitCount));
  const int ten_suit = static_cast<int>(random_.below(kSuitCount));
  const int other_suit = 1 + static_cast<int>(random_.below(kSuitCount - 1));
  for (const int player : {first, second}) {
    const int base = kBoardCards + hole * player;
    const int shift = player == first ? 0 : other_suit;
    place(base, make_card(kJackRank, (jack_suit + shift) % kSuitCount));
    place(base + 1, make_card(kTenRank, (ten_suit + shift) % kSuitCount));
    shuffle_slots(base, hole);
  }
}

void Generator::place(int slot, Card card) {
  const auto at = std::find(deck_.begin(), deck_.begin() + deck_size_, card);
  std::swap(deck_[static_cast<std::size_t>(slot)], *at);
}

void Generator::shuffle_slots(int first, int count) {
  for (int i = count - 1; i > 0; --i) {
    std::swap(deck_[static_cast<std::size_t>(first + i)],
              deck_[static_cast<std::size_t>(first) + random_.below(static_cast<std::uint32_t>(i + 1))]);
  }
}

Generator::Lines Generator::holdem_lines() const {
  const int hole = hole_cards();
  Lines lines;
  for (int p = 0; p < options_.players; ++p) {
    std::vector<std::string> line;
    for (int c = 0; c < hole; ++c) {
      line.push_back(card_text(deck_[static_cast<std::size_t>(kBoardCards + hole * p + c)], Notation::kHoldem));
    }
    lines.push_back(std::move(line));
  }
  std::vector<std::string> board;
  for (int i = 0; i < kBoardCards; ++i) {
    board.push_back(card_text(deck_[static_cast<std::size_t>(i)], Notation::kHoldem));
  }
  lines.push_back(std::move(board));
  return lines;
}

Generator::Lines Generator::euler_lines() {
  const bool tie = wants_tie();
  CardMask hands[2] = {0, 0};
  for (;;) {
    deal(10);
    hands[0] = hands[1] = 0;
    for (int i = 0; i < 5; ++i) hands[0] |= mask_of(deck_[static_cast<std::size_t>(i)]);
    if (tie && random_.below(4) != 0) {
      // Player 2 takes player 1's ranks in other suits, where there are some.
      CardMask used = hands[0];
      for (int i = 0; i < 5; ++i) {
        const int rank = rank_of(deck_[static_cast<std::size_t>(i)]);
        for (int s = 0; s < kSuitCount; ++s) {
          const Card mirror = make_card(rank, (suit_of(deck_[static_cast<std::size_t>(i)]) + 1 + s) % kSuitCount);
          if ((used & mask_of(mirror)) == 0) {
            deck_[static_cast<std::size_t>(5 + i)] = mirror;
            used |= mask_of(mirror);
            break;
          }
        }
      }
      // A rank held thrice leaves no fourth suit for a second copy: deal again.
      if (card_count(used) != 10) {
        for (int card = 0; card < kCardCount; ++card) deck_[static_cast<std::size_t>(card)] = static_cast<Card>(card);
        continue;
      }
    }
    for (int i = 5; i < 10; ++i) hands[1] |= mask_of(deck_[static_cast<std::size_t>(i)]);
    if (!options_.ties || (evaluate(hands[0]) == evaluate(hands[1])) == tie) break;
  }
  // The mirroring above may have left the deck with repeats: deck_[0..9]
  // hold the ten cards, the other 42 follow, a permutation again.
  CardMask used = hands[0] | hands[1];
  std::vector<std::string> line;
  for (int i = 0; i < 10; ++i) line.push_back(card_text(deck_[static_cast<std::size_t>(i)], Notation::kEuler));
  int next = 10;
  for (int card = 0; card < kCardCount; ++card) {
    if ((used & mask_of(static_cast<Card>(card))) == 0)
      deck_[static_cast<std::size_t>(next++)] = static_cast<Card>(card);
  }
  return {std::move(line)};
}

Generator::Lines Generator::eval_lines() {
  const bool tie = wants_tie();
  const auto size = [this] {
    return options_.min_hand +
           static_cast<int>(random_.below(static_cast<std::uint32_t>(options_.max_hand - options_.min_hand + 1)));
  };
  std::vector<Card> hands[2];
  for (;;) {
    for (auto& hand : hands) {
      const int n = size();
      deal(n);
      hand.assign(deck_.begin(), deck_.begin() + n);
    }
    if (tie && random_.below(2) == 0) {
      // The same cards in another order (the hands may share cards).
      hands[1] = hands[0];
      for (std::size_t i = hands[1].size() - 1; i > 0; --i) {
        std::swap(hands[1][i], hands[1][random_.below(static_cast<std::uint32_t>(i + 1))]);
      }
    }
    if (!options_.ties) break;
    CardMask masks[2] = {0, 0};
    for (int h = 0; h < 2; ++h) {
      for (Card card : hands[h]) masks[h] |= mask_of(card);
    }
    if ((evaluate(masks[0]) == evaluate(masks[1])) == tie) break;
  }
  std::vector<std::string> line;
  for (int h = 0; h < 2; ++h) {
    if (h == 1) line.emplace_back(";");
    for (Card card : hands[h]) line.push_back(card_text(card, Notation::kEval));
  }
  return {std::move(line)};
}

Generator::Lines Generator::draw_lines() {
  static constexpr char kSuits[] = {'R', 'S', 'H', 'K'};
  deal(kCardCount);
  Lines lines;
  for (int i = 0; i < kDrawDeck; ++i) {
    const Card card = deck_[static_cast<std::size_t>(i)];
    lines.push_back({std::string(1, kSuits[suit_of(card)]), std::to_string(rank_of(card) + 1)});
  }
  return lines;
}

// Two or three exact hands on a board of 3 to 5 cards: exact equity over at
// most a thousand boards, so that judging a query file stays quick.
Generator::Lines Generator::equity_lines() {
  const int hands = 2 + static_cast<int>(random_.below(2));
  const int board = 3 + static_cast<int>(random_.below(3));
  deal(2 * hands + board);
  std::vector<std::string> line;
  for (int h = 0; h < hands; ++h) {
    line.push_back(card_text(deck_[static_cast<std::size_t>(2 * h)], Notation::kHoldem) +
                   card_text(deck_[static_cast<std::size_t>(2 * h + 1)], Notation::kHoldem));
  }
  std::string cards;
  for (int i = 0; i < board; ++i) cards += card_text(deck_[static_cast<std::size_t>(2 * hands + i)], Notation::kHoldem);
  line.emplace_back("--board");
  line.push_back(std::move(cards));
  return {std::move(line)};
}

Generator::Lines Generator::instance_lines() {
  switch (options_.format) {
    case GenerateFormat::kHoldem:
    case GenerateFormat::kOmaha:
    case GenerateFormat::kShortDeck: deal_holdem(); return holdem_lines();
    case GenerateFormat::kEuler: return euler_lines();
    case GenerateFormat::kEval: return eval_lines();
    case GenerateFormat::kDraw: return draw_lines();
    case GenerateFormat::kEquity: break;
  }
  return equity_lines();
}

// Changes the instance's tokens so that the judge finds options_.error_kind
// (see planned_fault_line for where).
void Generator::plant(Lines& lines, std::vector<std::string>& extra_before, bool& cut_newline, bool& cut_after_first) {
  std::vector<std::string>& first = lines.front();
  const GenerateFormat format = options_.format;
  switch (options_.error_kind) {
    case FaultKind::kNone: break;
    case FaultKind::kInvalidCard: first.front()[0] = 'X'; break;
    case FaultKind::kLowCard:
      first.front() = card_text(
          make_card(static_cast<int>(random_.below(kShortDeckLowestRank)), static_cast<int>(random_.below(kSuitCount))),
          Notation::kHoldem);
      break;
    case FaultKind::kDuplicateCard:
      if (format == GenerateFormat::kDraw) {
        lines[1] = lines[0];
      } else {
        first[1] = first[0];
      }
      break;
    case FaultKind::kMissingCard:
      if (format == GenerateFormat::kEval) {
        // The first hand keeps four cards.
        const auto semicolon = std::find(first.begin(), first.end(), ";");
        first.erase(first.begin() + 4, semicolon);
      } else {
        first.pop_back();
      }
      break;
    case FaultKind::kExtraCard: {
      if (format == GenerateFormat::kDraw) {
        first.push_back(first.back());
        break;
      }
      const Notation notation = format == GenerateFormat::kEuler ? Notation::kEuler : Notation::kHoldem;
      CardMask used = 0;
      for (const auto& line : lines) {
        for (const auto& token : line) used |= mask_of(*parse_card(token, notation));
      }
      first.push_back(card_text(unused_card(used), notation));
      break;
    }
    case FaultKind::kBlankLine: extra_before.emplace_back(); break;
    case FaultKind::kCrlfLine: extra_before.emplace_back("\r"); break;
    case FaultKind::kMissingFinalNewline: cut_newline = true; break;
    case FaultKind::kTruncated:
      if (lines.size() > 1) {
        cut_after_first = true;
      } else {
        // A one-line instance stops after its first token, without a newline.
        first.resize(1);
        cut_newline = true;
      }
      break;
  }
}

char* Generator::write(std::uint64_t number, char* out) {
  const bool fault = number == options_.error_at;
  if (!fault) {
    switch (options_.format) {
      case GenerateFormat::kHoldem:
      case GenerateFormat::kShortDeck: deal_holdem(); return write_holdem_fast(out);
      case GenerateFormat::kOmaha: deal_holdem(); return write_omaha_fast(out);
      default: break;
    }
  }
  Lines lines = instance_lines();
  std::vector<std::string> extra_before;
  bool cut_newline = false;
  bool cut_after_first = false;
  if (fault) plant(lines, extra_before, cut_newline, cut_after_first);
  for (const std::string& line : extra_before) {
    std::memcpy(out, line.data(), line.size());
    out += line.size();
    *out++ = '\n';
  }
  for (std::size_t l = 0; l < lines.size(); ++l) {
    for (std::size_t t = 0; t < lines[l].size(); ++t) {
      if (t > 0) *out++ = ' ';
      std::memcpy(out, lines[l][t].data(), lines[l][t].size());
      out += lines[l][t].size();
    }
    const bool last = l + 1 == lines.size() || cut_after_first;
    if (!(last && cut_newline)) *out++ = '\n';
    if (cut_after_first) break;
  }
  return out;
}

}  // namespace poker
