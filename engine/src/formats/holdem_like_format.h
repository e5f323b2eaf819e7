// Internal: the judge of the games dealt as hold'em (two hole cards a
// player, five board cards), written once for each of them: hold'em
// (holdem_format.cpp) and short deck (shortdeck_format.cpp). Only the rules
// differ, given by a Game:
//
//   struct Game {
//     static constexpr std::string_view kName;    // as the command line names it: "holdem"
//     static constexpr int kMaxPlayers;
//     static constexpr Card kLowestCard;          // the deck's lowest card (cards below: invalid)
//     static constexpr std::string_view kRefusedCards;  // why they are (when kLowestCard > 0)
//     static constexpr bool kFusedTwoPlayers;     // holdem2_kernel.h judges its 2-player deals,
//     static simd::Holdem2Values fused_values();  // by these values (kLowestCard's among them)
//     static int winner(const Card* board, const Card* holes, int players);
//     // Each player's explain line, through line(player, category as
//     // hold'em's of that name, best five cards, value raw).
//     template <typename Line>
//     static void explain(const Card* board, const Card* holes, int players, Line&& line);
//     // The game's own hint for an error, or nothing.
//     static std::optional<std::string> hint(const InputError& error, const HintContext& context, int players);
//   };
//
// An instance is one line of 2 cards per player, then one line of 5 board
// cards. The answer is "Player K" for the single best hand, or "Draw"; with
// explain, each player's category and best five cards come first.
#ifndef POKER_ENGINE_FORMATS_HOLDEM_LIKE_FORMAT_H_
#define POKER_ENGINE_FORMATS_HOLDEM_LIKE_FORMAT_H_

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/answer_lines.h"
#include "formats/card_line_reader.h"
#include "formats/explain_line.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "formats/holdem2_kernel.h"
#include "poker/answer_buffer.h"
#include "poker/evaluator.h"
#include "poker/holdem_format.h"

namespace poker {

// How many lines of two tokens, a player's, `lines` start with.
inline std::size_t holdem_player_lines(std::span<const std::string_view> lines) {
  std::size_t count = 0;
  while (count < lines.size() && hints::tokens_of(lines[count]).size() == 2) ++count;
  return count;
}

template <typename Game>
class HoldemLikeFormat final : public Format {
 public:
  explicit HoldemLikeFormat(const HoldemOptions& options)
      : options_(options), layout_(cards_per_line(options.players)) {
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
    // The recognisers cannot tell the games apart: hold'em's is everyone's.
    if (std::optional<std::string> other = hints::other_format(error, context, "holdem")) return other;
    if (std::optional<std::string> own = Game::hint(error, context, options_.players)) return own;
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
      return lines[Game::winner(cards + 2 * players, cards, players)];
    };
    const auto render_run = [&](const Card* cards, std::size_t run) {
      answers.add_run(run, [=](std::size_t i) -> const AnswerLine& { return line_of(cards + i * stride); });
    };
    const auto render = [&](const Card* cards) { answers.add(line_of(cards)); };
    const simd::Holdem2Judge fused =
        Game::kFusedTwoPlayers && kPlayers == 2 ? simd::holdem2_judge_for(decode_path()) : nullptr;
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
    const simd::Holdem2Values fused_values = Game::fused_values();
    process_instances<kPlayers, kFusedBatch>(chunk, result, render, [&](CardLineReader& reader, Card* cards) {
      std::size_t run = 0;
      if (fuse) {
        run = reader.take_canonical_instances(layout_, kFusedBatch, [&](const char* text, std::size_t count) {
          std::size_t judged = 0;
          answers.add_written([&](char* at) {
            judged = fused(text, count, layout_.plan(), reader.alphabet(), fused_values, answer_lines_.data(), at);
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
    reader.refuse_cards_below(Game::kLowestCard, Game::kRefusedCards);  // none for a lowest card of 0
    std::array<Card, kBatch*(2 * Game::kMaxPlayers + 5) + kDecodeSlack> cards;
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
    const auto valid = [](std::size_t players) {
      return players >= static_cast<std::size_t>(kMinHoldemPlayers) &&
             players <= static_cast<std::size_t>(Game::kMaxPlayers);
    };
    if (guess && guess->players > 0 && valid(static_cast<std::size_t>(guess->players))) {
      if (static_cast<std::size_t>(guess->players) == given) return std::nullopt;
      return "the input seems to hold " + std::to_string(guess->players) + " players per instance: try " +
             context.suggest(FormatGuess{Game::kName, guess->players});
    }
    const std::size_t at_least = holdem_player_lines(lines);
    if (guess && at_least > given && valid(at_least)) {
      return "the input seems to hold at least " + std::to_string(at_least) + " players per instance: try " +
             context.suggest(FormatGuess{Game::kName, static_cast<int>(at_least)});
    }
    return "an instance is one line per player (" + std::to_string(given) + " here) then the board: is PLAYERS right?";
  }

  // A bound on the instances in `chunk`: none is shorter than the canonical
  // layout (two bytes a card, one separator after each).
  std::size_t max_instances(const io::Chunk& chunk) const { return chunk.bytes.size() / layout_.bytes() + 1; }

  void explain_instance(const Card* cards, AnswerBuffer& out) const {
    const int players = options_.players;
    // The winner by winner()'s rule, from the values the lines need.
    detail::DealLeader leader;
    Game::explain(cards + 2 * players, cards, players,
                  [&](int player, Category category, const std::array<Card, 5>& best, unsigned value) {
                    append_explain_line(out, explain_prefixes_[static_cast<std::size_t>(player)], category, best,
                                        Notation::kHoldem);
                    leader.see(player, value, players);
                  });
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

}  // namespace poker

#endif  // POKER_ENGINE_FORMATS_HOLDEM_LIKE_FORMAT_H_
