#include "poker/omaha_format.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/answer_lines.h"
#include "formats/card_line_reader.h"
#include "formats/explain_line.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "poker/answer_buffer.h"
#include "poker/evaluator.h"
#include "poker/omaha.h"

namespace poker {
namespace {

// A hi-lo answer line ("Player 11 / Player 11\n" at most) in a 32-byte slot.
using HiloLine = SlotText<32>;

// How many lines of `hole` tokens, the players', `lines` start with.
std::size_t hole_lines(std::span<const std::string_view> lines, std::size_t hole) {
  std::size_t count = 0;
  while (count < lines.size() && hints::tokens_of(lines[count]).size() == hole) ++count;
  return count;
}

bool valid_players(std::size_t players, int hole) {
  return players >= static_cast<std::size_t>(kMinOmahaPlayers) &&
         players <= static_cast<std::size_t>(max_omaha_players(hole));
}

// The five cards of a choice: hole cards i and j, board cards a, b and c.
std::array<Card, 5> choice(const Card* board, const Card* hole, int i, int j, int a, int b, int c) {
  return {hole[i], hole[j], board[a], board[b], board[c]};
}

// Calls take(five) for every choice of two of the hole cards and three of
// the board's.
template <typename Take>
void for_each_choice(const Card* board, const Card* hole, int hole_count, Take&& take) {
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      for (int a = 0; a < 5; ++a) {
        for (int b = a + 1; b < 5; ++b) {
          for (int c = b + 1; c < 5; ++c) take(choice(board, hole, i, j, a, b, c));
        }
      }
    }
  }
}

// The five cards of the high hand `value`, in explain mode's order (the
// specification, section 3): of the choices worth `value`, the one whose
// cards in that order are the highest, card by card (so, among cards of
// equal rank, the higher suit).
BestFive high_five(const Card* board, const Card* hole, int hole_count, HandValue value) {
  BestFive best{value, {}};
  bool found = false;
  for_each_choice(board, hole, hole_count, [&](const std::array<Card, 5>& five) {
    if (evaluate5(five.data()) != value) return;
    CardMask cards = 0;
    for (const Card card : five) cards |= mask_of(card);
    const BestFive ordered = best_five(cards, value);
    if (!found || ordered.cards > best.cards) best = ordered;
    found = true;
  });
  return best;
}

// A card's place in a low, from the highest: its low rank (the eight 7, the
// ace 0) then its suit.
int low_order(Card card) { return 4 * std::countr_zero(unsigned{detail::kLowRankBit[card]}) + suit_of(card); }

// The five cards of the low `low` (which qualifies), from the highest rank
// down, the ace last: of the choices that make it, the one with the higher
// suits, card by card.
std::array<Card, 5> low_five(const Card* board, const Card* hole, int hole_count, LowValue low) {
  std::array<Card, 5> best{};
  std::array<int, 5> best_order{};
  bool found = false;
  for_each_choice(board, hole, hole_count, [&](std::array<Card, 5> five) {
    unsigned ranks = 0;
    for (const Card card : five) {
      const unsigned bit = detail::kLowRankBit[card];
      if (bit == 0 || (ranks & bit) != 0) return;
      ranks |= bit;
    }
    if (ranks != low.ranks()) return;
    std::sort(five.begin(), five.end(), [](Card x, Card y) { return low_order(x) > low_order(y); });
    std::array<int, 5> order{};
    std::transform(five.begin(), five.end(), order.begin(), low_order);
    if (!found || order > best_order) {
      best = five;
      best_order = order;
    }
    found = true;
  });
  return best;
}

// Replaces the '\n' that ends an explain line in `out` with " / Low [c1 c2
// c3 c4 c5]\n", or " / No low\n".
void append_low(AnswerBuffer& out, const Card* board, const Card* hole, int hole_count, LowValue low) {
  out.truncate(out.size() - 1);
  if (!low.qualifies()) {
    out += " / No low\n";
    return;
  }
  std::string text = " / Low [";
  for (const Card card : low_five(board, hole, hole_count, low)) {
    append_card(text, card, Notation::kHoldem);
    text += ' ';
  }
  text.back() = ']';
  out += text;
  out += "\n";
}

// render_run(cards, count) for a render(cards) of one instance: `count`
// instances `stride` cards apart.
template <typename Render>
auto each(const Render& render, std::size_t stride) {
  return [&render, stride](const Card* cards, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) render(cards + i * stride);
  };
}

class OmahaFormat final : public Format {
 public:
  explicit OmahaFormat(const OmahaOptions& options) : options_(options), layout_(cards_per_line(options)) {
    const int players = options.players;
    for (int player = 1; player <= players; ++player) {
      labels_.push_back("player " + std::to_string(player));
      answer_lines_.push_back(AnswerLine::of(verdict(player - 1) + "\n"));
      explain_prefixes_.push_back(explain_prefix("Player", player));
    }
    labels_.push_back("the board");
    answer_lines_.push_back(AnswerLine::of(verdict(players) + "\n"));
    // Every high verdict (a player, or players: a draw) with every low
    // verdict (the same, or players + 1: no low).
    for (int high = 0; high <= players; ++high) {
      for (int low = 0; low <= players + 1; ++low) {
        hilo_lines_.push_back(HiloLine::of(verdict(high) + " / " + verdict(low) + "\n"));
      }
    }
  }

  std::size_t lines_per_instance() const override { return static_cast<std::size_t>(options_.players) + 1; }
  // The board's five cards, unless a player's line holds five too.
  std::size_t closing_line_tokens() const override { return options_.hole == 5 ? 0 : 5; }
  std::size_t answer_lines_per_instance() const override {
    return options_.explain ? static_cast<std::size_t>(options_.players) + 1 : 1;
  }

  std::optional<std::string> hint(const InputError& error, const HintContext& context) const override {
    if (std::optional<std::string> other = hints::other_format(error, context, "omaha")) return other;
    if (error.kind == InputErrorKind::kInvalidCard) return hints::card_hint(error.token, Notation::kHoldem);
    const bool player_line = (error.line - 1) % lines_per_instance() < static_cast<std::size_t>(options_.players);
    if (error.kind == InputErrorKind::kShortLine || (error.kind == InputErrorKind::kExtraToken && player_line)) {
      return layout_hint(context);
    }
    return std::nullopt;
  }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    if (options_.explain) {
      result.answers.reserve_more(max_instances(chunk) * static_cast<std::size_t>(options_.players + 1) *
                                  (kMaxExplainLineBytes + 32));
      const auto explain = [&](const Card* cards) { explain_instance(cards, result.answers); };
      run(chunk, result, explain, each(explain, stride()));
    } else if (options_.hilo) {
      SlotTextAppender<HiloLine::kMaxSize> answers(result.answers, max_instances(chunk));
      const auto render = [&](const Card* cards) { answers.add(hilo_lines_[hilo_verdict(cards)]); };
      run(chunk, result, render, each(render, stride()));
      answers.finish();
    } else {
      AnswerLineAppender answers(result.answers, max_instances(chunk));
      switch (options_.hole) {
        case 4: judge<4>(chunk, result, answers); break;
        case 5: judge<5>(chunk, result, answers); break;
        default: judge<6>(chunk, result, answers); break;
      }
      answers.finish();
    }
  }

 private:
  // Instances decoded per call of the canonical decoder.
  static constexpr std::size_t kBatch = 32;

  // A verdict's words: "Player K" for the 0-based player K - 1, "Draw" for
  // `players`, "No low" for `players` + 1 (a low's).
  std::string verdict(int winner) const {
    if (winner == options_.players) return "Draw";
    if (winner == options_.players + 1) return "No low";
    return "Player " + std::to_string(winner + 1);
  }

  static std::vector<int> cards_per_line(const OmahaOptions& options) {
    std::vector<int> counts(static_cast<std::size_t>(options.players), options.hole);
    counts.push_back(5);
    return counts;
  }

  std::size_t stride() const { return static_cast<std::size_t>(options_.players * options_.hole + 5); }

  template <int kHole>
  void judge(const io::Chunk& chunk, ChunkResult& result, AnswerLineAppender& answers) const {
    const int players = options_.players;
    // Captured by value: the answers' byte stores may alias any memory, and
    // would otherwise reload what a reference points to at every instance.
    const auto line_of = [players, lines = answer_lines_.data()](const Card* cards) -> const AnswerLine& {
      const OmahaBoard board(cards + kHole * players);
      detail::DealLeader leader;
      for (int player = 0; player < players; ++player) {
        leader.see(player, board.high(cards + kHole * player, kHole).raw(), players);
      }
      return lines[leader.player];
    };
    const std::size_t stride = this->stride();
    run(
        chunk, result, [&](const Card* cards) { answers.add(line_of(cards)); },
        [&](const Card* cards, std::size_t count) {
          answers.add_run(count, [=](std::size_t i) -> const AnswerLine& { return line_of(cards + i * stride); });
        });
  }

  // Reads the chunk's instances up to the first error: each run of
  // canonical instances decoded at once and handed to render_run(cards,
  // run), each other valid instance read line by line and handed to
  // render(cards) (the players' hole cards, then the board's five).
  template <typename Render, typename RenderRun>
  void run(const io::Chunk& chunk, ChunkResult& result, Render&& render, RenderRun&& render_run) const {
    const int players = options_.players;
    const int hole = options_.hole;
    CardLineReader reader(chunk, Notation::kHoldem);
    std::array<Card, kBatch * kCardCount + kDecodeSlack> cards;
    for_each_instance<kBatch>(
        reader, result,
        [&] {
          bool valid = true;
          for (int player = 0; valid && player < players; ++player) {
            valid = reader.read_line(hole, labels_[static_cast<std::size_t>(player)],
                                     &cards[static_cast<std::size_t>(hole * player)]);
          }
          valid = valid && reader.read_line(5, labels_.back(), &cards[static_cast<std::size_t>(hole * players)]);
          if (valid) render(cards.data());
          return valid;
        },
        NeverStopped{},
        [&] {
          const std::size_t count = reader.read_canonical_instances(layout_, cards.data(), kBatch);
          render_run(cards.data(), count);
          return count;
        });
  }

  // The hi-lo line of an instance: its index in hilo_lines_.
  std::size_t hilo_verdict(const Card* cards) const {
    const int players = options_.players;
    const int hole = options_.hole;
    const OmahaBoard board(cards + hole * players);
    detail::DealLeader high;
    detail::DealLeader low;
    for (int player = 0; player < players; ++player) {
      const Card* const hand = cards + hole * player;
      high.see(player, board.high(hand, hole).raw(), players);
      low.see(player, board.low(hand, hole).raw(), players);
    }
    return hilo_index(high, low);
  }

  std::size_t hilo_index(const detail::DealLeader& high, const detail::DealLeader& low) const {
    const int players = options_.players;
    const int low_player = low.best == 0 ? players + 1 : low.player;
    return static_cast<std::size_t>(high.player * (players + 2) + low_player);
  }

  void explain_instance(const Card* cards, AnswerBuffer& out) const {
    const int players = options_.players;
    const int hole = options_.hole;
    const Card* const board_cards = cards + hole * players;
    const OmahaBoard board(board_cards);
    detail::DealLeader high;
    detail::DealLeader low;
    for (int player = 0; player < players; ++player) {
      const Card* const hand = cards + hole * player;
      const HandValue value = board.high(hand, hole);
      append_explain_line(out, explain_prefixes_[static_cast<std::size_t>(player)],
                          high_five(board_cards, hand, hole, value), Notation::kHoldem);
      high.see(player, value.raw(), players);
      if (!options_.hilo) continue;
      const LowValue low_value = board.low(hand, hole);
      append_low(out, board_cards, hand, hole, low_value);
      low.see(player, low_value.raw(), players);
    }
    if (options_.hilo) {
      out += hilo_lines_[hilo_index(high, low)].text();
    } else {
      out += answer_lines_[static_cast<std::size_t>(high.player)].text();
    }
  }

  // For an error about the cards of a line: the hole cards or the player
  // count the input shows, where they are not the ones given.
  std::optional<std::string> layout_hint(const HintContext& context) const {
    const std::vector<std::string_view> lines = hints::lines_of(context.lines);
    const std::optional<FormatGuess> guess = lines.empty() ? std::nullopt : sniff_omaha(lines);
    const auto given = static_cast<std::size_t>(options_.players);
    if (guess && guess->hole != options_.hole) {
      return "the input seems to hold " + std::to_string(guess->hole) + " hole cards a player: try " +
             context.suggest(*guess);
    }
    if (guess && guess->players > 0) {
      if (static_cast<std::size_t>(guess->players) == given) return std::nullopt;
      return "the input seems to hold " + std::to_string(guess->players) + " players per instance: try " +
             context.suggest(*guess);
    }
    const std::size_t at_least = hole_lines(lines, static_cast<std::size_t>(options_.hole));
    if (guess && options_.hole != 5 && at_least > given && valid_players(at_least, options_.hole)) {
      return "the input seems to hold at least " + std::to_string(at_least) + " players per instance: try " +
             context.suggest(FormatGuess{"omaha", static_cast<int>(at_least), options_.hole});
    }
    return "an instance is one line of " + std::to_string(options_.hole) + " hole cards per player (" +
           std::to_string(given) + " here) then the board: are PLAYERS and --hole right?";
  }

  // A bound on the instances in `chunk`: none is shorter than the canonical
  // layout.
  std::size_t max_instances(const io::Chunk& chunk) const { return chunk.bytes.size() / layout_.bytes() + 1; }

  const OmahaOptions options_;
  const CanonicalLayout layout_;
  std::vector<std::string> labels_;              // "player 1", ..., "the board"
  std::vector<AnswerLine> answer_lines_;         // "Player 1\n", ..., then "Draw\n"
  std::vector<HiloLine> hilo_lines_;             // "Player 1 / Player 2\n", ... by hilo_index()
  std::vector<ExplainPrefix> explain_prefixes_;  // "Player 1: ", ...
};

}  // namespace

// Omaha: a first line of 4, 5 or 6 cards, the hole cards; the players,
// where a line of five (the board) follows the lines of hole cards (with
// five hole cards the board's line looks like them: no count).
std::optional<FormatGuess> sniff_omaha(std::span<const std::string_view> lines) {
  const std::vector<std::string_view> first = hints::tokens_of(lines.front());
  const std::size_t hole = first.size();
  if (hole < 4 || hole > 6) return std::nullopt;
  for (const std::string_view token : first) {
    if (!parse_card(token, Notation::kHoldem)) return std::nullopt;
  }
  const int hole_count = static_cast<int>(hole);
  const std::size_t players = hole_lines(lines, hole);
  // A lone line of five is more likely a hold'em board out of place.
  if (hole == 5 && players < 2 && lines.size() >= 2) return std::nullopt;
  const bool board = hole != 5 && players < lines.size() && hints::tokens_of(lines[players]).size() == 5;
  return FormatGuess{"omaha", board && valid_players(players, hole_count) ? static_cast<int>(players) : 0, hole_count};
}

std::unique_ptr<Format> make_omaha_format(const OmahaOptions& options) {
  return std::make_unique<OmahaFormat>(options);
}

}  // namespace poker
