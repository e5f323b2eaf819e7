#include "poker/euler_format.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "formats/answer_lines.h"
#include "formats/card_line_reader.h"
#include "formats/for_each_instance.h"
#include "formats/format_hints.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

constexpr int kHandCards = 5;

// The answers, indexed by judge()'s verdict: 0 player 1 wins, 1 player 2, 2 draw.
const std::array<AnswerLine, 3> kAnswers = {AnswerLine::of("Player 1\n"), AnswerLine::of("Player 2\n"),
                                            AnswerLine::of("Draw\n")};

class EulerFormat final : public Format {
 public:
  explicit EulerFormat(const EulerOptions& options) : options_(options) {}

  std::size_t lines_per_instance() const override { return 1; }
  std::size_t answer_lines_per_instance() const override { return options_.summary ? 0 : 1; }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    // No instance is shorter than the canonical layout.
    AnswerLineAppender answers(result.answers, options_.summary ? 0 : chunk.bytes.size() / layout_.bytes() + 1);
    process_instances(chunk, result, answers);
    answers.finish();
  }

  std::optional<std::string> hint(const InputError& error, const HintContext& context) const override {
    if (std::optional<std::string> other = hints::other_format(error, context, "euler")) return other;
    if (error.kind == InputErrorKind::kInvalidCard) return hints::card_hint(error.token, Notation::kEuler);
    return std::nullopt;
  }

  std::string summary(const Tally& totals) const override {
    if (!options_.summary) return {};
    return "Player 1: " + std::to_string(totals.player1_wins) + "\nPlayer 2: " + std::to_string(totals.player2_wins) +
           "\nDraw: " + std::to_string(totals.draws) + "\n";
  }

 private:
  // Runs of canonical instances are decoded kBatch at a time.
  void process_instances(const io::Chunk& chunk, ChunkResult& result, AnswerLineAppender& answers) const {
    constexpr std::size_t kBatch = 32;
    constexpr std::size_t kStride = 2 * kHandCards;
    CardLineReader reader(chunk, Notation::kEuler);
    std::array<Card, kBatch * kStride + kDecodeSlack> cards;
    const bool write_answers = !options_.summary;
    std::array<std::uint64_t, 3> verdicts{};  // counted by judge()'s verdict, an index
    const auto answer = [&](const Card* instance) {
      const std::size_t outcome = judge(instance);
      ++verdicts[outcome];
      if (write_answers) answers.add(kAnswers[outcome]);
    };
    for_each_instance<kBatch>(
        reader, result,
        [&] {
          if (!reader.read_line(2 * kHandCards, "players 1 and 2", cards.data())) return false;
          answer(cards.data());
          return true;
        },
        NeverStopped{}, [&] { return answer_canonical_run<kBatch>(reader, layout_, cards.data(), kStride, answer); });
    result.tally += Tally{verdicts[0], verdicts[1], verdicts[2]};
  }

  // 0 if player 1 wins, 1 if player 2 does, 2 for a draw.
  static std::size_t judge(const Card* cards) {
    const HandValue a = evaluate5(cards);
    const HandValue b = evaluate5(cards + kHandCards);
    return static_cast<std::size_t>(stronger_of_two(a, b, 2));
  }

  const EulerOptions options_;
  const CanonicalLayout layout_{std::vector<int>{2 * kHandCards}};
};

}  // namespace

// Euler 54: a first line of ten cards in its notation.
std::optional<FormatGuess> sniff_euler(std::span<const std::string_view> lines) {
  const std::vector<std::string_view> first = hints::tokens_of(lines.front());
  const bool cards = std::all_of(first.begin(), first.end(), [](std::string_view token) {
    return parse_card(token, Notation::kEuler).has_value();
  });
  if (first.size() != static_cast<std::size_t>(2 * kHandCards) || !cards) return std::nullopt;
  return FormatGuess{"euler"};
}

std::unique_ptr<Format> make_euler_format(const EulerOptions& options) {
  return std::make_unique<EulerFormat>(options);
}

}  // namespace poker
