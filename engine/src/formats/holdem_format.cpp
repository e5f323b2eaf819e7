#include "poker/holdem_format.h"
#include "poker/answer_buffer.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "formats/answer_lines.h"
#include "formats/card_line_reader.h"
#include "formats/explain_line.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "formats/holdem2_kernel.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

// How many lines of two tokens, a player's, `lines` start with.
std::size_t player_lines(std::span<const std::string_view> lines) {
  std::size_t count = 0;
  while (count < lines.size() && hints::tokens_of(lines[count]).size() == 2) ++count;
  return count;
}

bool valid_player_count(std::size_t players) {
  return players >= static_cast<std::size_t>(kMinHoldemPlayers) &&
         players <= static_cast<std::size_t>(kMaxHoldemPlayers);
}

class HoldemFormat final : public Format {
 public:
  explicit HoldemFormat(const HoldemOptions& options) : options_(options), layout_(cards_per_line(options.players)) {
    for (int player = 1; player <= options.players; ++player) {
      labels_.push_back("player " + std::to_string(player));
      answer_lines_.push_back(AnswerLine::of("Player " + std::to_string(player) + "\n"));
      explain_prefixes_.push_back(explain_prefix("Player", player));
    }
    labels_.push_back("the board");
    answer_lines_.push_back(AnswerLine::of("Draw\n"));
  }

  std::size_t lines_per_instance() const override { return static_cast<std::size_t>(options_.players) + 1; }
  std::size_t closing_line_tokens() const override { return 5; }  // the board's cards; a player's are 2
  std::size_t answer_lines_per_instance() const override {
    return options_.explain ? static_cast<std::size_t>(options_.players) + 1 : 1;
  }

  // The players' hole cards, then the board's five.
  static constexpr std::size_t cards_per_instance(int players) { return 2 * static_cast<std::size_t>(players) + 5; }

  static std::vector<int> cards_per_line(int players) {
    std::vector<int> counts(static_cast<std::size_t>(players), 2);
    counts.push_back(5);
    return counts;
  }

  std::optional<std::string> hint(const InputError& error, const HintContext& context) const override {
    if (std::optional<std::string> other = hints::other_format(error, context, "holdem")) return other;
    if (error.kind == InputErrorKind::kInvalidCard) return hints::card_hint(error.token, Notation::kHoldem);
    const bool player_line = (error.line - 1) % lines_per_instance() < static_cast<std::size_t>(options_.players);
    if (error.kind == InputErrorKind::kShortLine || (error.kind == InputErrorKind::kExtraToken && player_line)) {
      return player_count_hint(context);
    }
    return std::nullopt;
  }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    if (options_.explain) {
      // Room for every line up front: growing by copies took more than a
      // line's rendering.
      result.answers.reserve_more(
          max_instances(chunk) *
          (static_cast<std::size_t>(options_.players) * kMaxExplainLineBytes + AnswerLine::kMaxSize));
      const auto explain = [&](const Card* cards) { explain_instance(cards, result.answers); };
      const std::size_t stride = cards_per_instance(options_.players);
      // stride by value: the lines' byte stores may alias any memory, and
      // would otherwise reload it at every instance.
      process_instances<0, kBatch>(chunk, result, explain, [&](CardLineReader& reader, Card* cards) {
        return decode_run(reader, cards, kBatch, [&, stride](const Card* run_cards, std::size_t run) {
          for (std::size_t i = 0; i < run; ++i) explain(run_cards + i * stride);
        });
      });
      return;
    }
    AnswerLineAppender answers(result.answers, max_instances(chunk));
    // The common player counts get loops unrolled for them.
    switch (options_.players) {
      case 2: judge<2>(chunk, result, answers); break;
      case 8: judge<8>(chunk, result, answers); break;
      default: judge<0>(chunk, result, answers); break;
    }
    answers.finish();
  }

 private:
  // Instances decoded per call of the canonical decoder.
  static constexpr std::size_t kBatch = 32;
  // Instances judged per call of the kernel that judges as it decodes: it
  // needs no card array, and its set-up is paid once per call.
  static constexpr std::size_t kFusedBatch = 8 * kBatch;

  template <int kPlayers>
  void judge(const io::Chunk& chunk, ChunkResult& result, AnswerLineAppender& answers) const {
    const int players = kPlayers != 0 ? kPlayers : options_.players;
    const std::size_t stride = cards_per_instance(players);
    // Captured by value: the answers' byte stores may alias any memory, and
    // would otherwise reload what a reference points to at every instance.
    // `=` rather than naming players and stride: with kPlayers fixed they
    // are constants, which need no capture.
    const auto line_of = [=, lines = answer_lines_.data()](const Card* cards) -> const AnswerLine& {
      return lines[holdem_winner(cards + 2 * players, cards, players)];
    };
    const auto render_run = [&](const Card* cards, std::size_t run) {
      answers.add_run(run, [=](std::size_t i) -> const AnswerLine& { return line_of(cards + i * stride); });
    };
    const auto render = [&](const Card* cards) { answers.add(line_of(cards)); };
    const simd::Holdem2Judge fused = kPlayers == 2 ? simd::holdem2_judge_for(decode_path()) : nullptr;
    if (fused == nullptr) {
      process_instances<kPlayers, kBatch>(chunk, result, render, [&](CardLineReader& reader, Card* cards) {
        return decode_run(reader, cards, kBatch, render_run);
      });
      return;
    }
    // Two players have a kernel that judges as it decodes (holdem2_kernel.h)
    // on the paths that have one, kFusedBatch instances a call. After a
    // group it rejects, the decoder takes the run, and the kernel waits for
    // a whole run that the decoder takes: input that is seldom canonical then
    // costs it nothing.
    bool fuse = true;
    process_instances<kPlayers, kFusedBatch>(chunk, result, render, [&](CardLineReader& reader, Card* cards) {
      std::size_t run = 0;
      if (fuse) {
        run = reader.take_canonical_instances(layout_, kFusedBatch, [&](const char* text, std::size_t count) {
          std::size_t judged = 0;
          answers.add_written([&](char* at) {
            judged = fused(text, count, layout_.plan(), reader.alphabet(), answer_lines_.data(), at);
            return at;
          });
          return judged;
        });
        if (run == kFusedBatch) return run;
      }
      while (run < kFusedBatch) {
        const std::size_t wanted = std::min(kBatch, kFusedBatch - run);
        const std::size_t decoded = decode_run(reader, cards, wanted, render_run);
        run += decoded;
        if (decoded < wanted) break;
      }
      fuse = run == kFusedBatch;
      return run;
    });
  }

  // Up to `max` canonical instances decoded into `cards`, then handed to
  // render_run(cards, run); returns how many.
  template <typename RenderRun>
  std::size_t decode_run(CardLineReader& reader, Card* cards, std::size_t max, RenderRun&& render_run) const {
    const std::size_t run = reader.read_canonical_instances(layout_, cards, max);
    render_run(cards, run);
    return run;
  }

  // Reads the chunk's instances up to the first error, calling render(cards)
  // for each valid one read line by line (cards[0..2*players) are the
  // players' hole cards, then the board's five), and before each,
  // canonical_run(reader, cards), which takes the canonical instances at
  // the reader's cursor, up to kRunBatch of them, answers them (it may
  // decode them into `cards`, room for kBatch instances), and returns how
  // many.
  // kPlayers: the player count, or 0 to read it from the options.
  template <int kPlayers, std::size_t kRunBatch, typename Render, typename CanonicalRun>
  void process_instances(const io::Chunk& chunk, ChunkResult& result, Render&& render,
                         CanonicalRun&& canonical_run) const {
    const int players = kPlayers != 0 ? kPlayers : options_.players;
    CardLineReader reader(chunk, Notation::kHoldem);
    std::array<Card, kBatch*(2 * kMaxHoldemPlayers + 5) + kDecodeSlack> cards;
    for_each_instance<kRunBatch>(
        reader, result,
        [&] {
          bool valid = true;
          for (int player = 0; valid && player < players; ++player) {
            valid = reader.read_line(2, labels_[static_cast<std::size_t>(player)],
                                     &cards[2 * static_cast<std::size_t>(player)]);
          }
          valid = valid && reader.read_line(5, labels_.back(), &cards[2 * static_cast<std::size_t>(players)]);
          if (valid) render(cards.data());
          return valid;
        },
        NeverStopped{}, [&] { return canonical_run(reader, cards.data()); });
  }

  // For an error about the cards of a line: the player count the input
  // shows, where it is not the one given. Without a board among the lines
  // read, the lines of two cards show at least how many players there are.
  std::optional<std::string> player_count_hint(const HintContext& context) const {
    const std::vector<std::string_view> lines = hints::lines_of(context.lines);
    const std::optional<FormatGuess> guess = lines.empty() ? std::nullopt : sniff_holdem(lines);
    const auto given = static_cast<std::size_t>(options_.players);
    if (guess && guess->players > 0) {
      if (static_cast<std::size_t>(guess->players) == given) return std::nullopt;
      return "the input seems to hold " + std::to_string(guess->players) + " players per instance: try " +
             context.suggest(*guess);
    }
    const std::size_t at_least = player_lines(lines);
    if (guess && at_least > given && valid_player_count(at_least)) {
      return "the input seems to hold at least " + std::to_string(at_least) + " players per instance: try " +
             context.suggest(FormatGuess{"holdem", static_cast<int>(at_least)});
    }
    return "an instance is one line per player (" + std::to_string(given) + " here) then the board: is PLAYERS right?";
  }

  // A bound on the instances in `chunk`: none is shorter than the canonical
  // layout (two bytes a card, one separator after each).
  std::size_t max_instances(const io::Chunk& chunk) const { return chunk.bytes.size() / layout_.bytes() + 1; }

  void explain_instance(const Card* cards, AnswerBuffer& out) const {
    const int players = options_.players;
    const Card* const board = cards + 2 * players;
    const std::uint64_t board_key = five_card_key(board);
    CardMask board_cards = 0;
    for (int i = 0; i < 5; ++i) board_cards |= mask_of(board[i]);
    // The winner by holdem_winner()'s rule, from the values the lines need.
    detail::DealLeader leader;
    for (int player = 0; player < players; ++player) {
      const Card first = cards[2 * player];
      const Card second = cards[2 * player + 1];
      const HandValue value = evaluate7(board_key, board, first, second);
      append_explain_line(out, explain_prefixes_[static_cast<std::size_t>(player)],
                          best_five(board_cards | mask_of(first) | mask_of(second), value), Notation::kHoldem);
      leader.see(player, value.raw(), players);
    }
    AnswerLineAppender verdict(out, 1);
    verdict.add(answer_lines_[static_cast<std::size_t>(leader.player)]);
    verdict.finish();
  }

  const HoldemOptions options_;
  std::vector<std::string> labels_;              // "player 1", ..., "the board"
  std::vector<AnswerLine> answer_lines_;         // "Player 1\n", ..., then "Draw\n"
  std::vector<ExplainPrefix> explain_prefixes_;  // "Player 1: ", ...
  const CanonicalLayout layout_;
};

}  // namespace

// Hold'em: a first line of two cards; the players, where a line of five
// (the board) follows the lines of two.
std::optional<FormatGuess> sniff_holdem(std::span<const std::string_view> lines) {
  const std::vector<std::string_view> first = hints::tokens_of(lines.front());
  if (first.size() != 2 || !parse_card(first[0], Notation::kHoldem) || !parse_card(first[1], Notation::kHoldem)) {
    return std::nullopt;
  }
  const std::size_t players = player_lines(lines);
  const bool board = players < lines.size() && hints::tokens_of(lines[players]).size() == 5;
  return FormatGuess{"holdem", board && valid_player_count(players) ? static_cast<int>(players) : 0};
}

std::unique_ptr<Format> make_holdem_format(const HoldemOptions& options) {
  return std::make_unique<HoldemFormat>(options);
}

}  // namespace poker
