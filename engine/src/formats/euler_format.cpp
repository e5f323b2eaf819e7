#include "poker/euler_format.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "formats/answer_lines.h"
#include "formats/card_line_reader.h"
#include "poker/evaluator.h"

namespace poker {
namespace {

constexpr CardSyntax kEulerCards{Notation::kEuler, card_syntax(Notation::kEuler)};

constexpr int kHandCards = 5;

// The answers, indexed like the tally: 0 player 1 wins, 1 player 2, 2 draw.
const std::array<AnswerLine, 3> kAnswers = {AnswerLine::of("Player 1\n"), AnswerLine::of("Player 2\n"),
                                            AnswerLine::of("Draw\n")};

class EulerFormat final : public Format {
 public:
  explicit EulerFormat(const EulerOptions& options) : options_(options) {}

  std::size_t lines_per_instance() const override { return 1; }
  std::size_t answer_lines_per_instance() const override { return options_.summary ? 0 : 1; }

  void process(const io::Chunk& chunk, ChunkResult& result) const override {
    // No instance is shorter than the canonical layout.
    AnswerWriter answers(result.answers, options_.summary ? 0 : chunk.bytes.size() / layout_.bytes() + 1);
    process_instances(chunk, result, answers);
    answers.finish();
  }

  std::string summary(const Tally& totals) const override {
    if (!options_.summary) return {};
    return "Player 1: " + std::to_string(totals[0]) + "\nPlayer 2: " + std::to_string(totals[1]) +
           "\nDraw: " + std::to_string(totals[2]) + "\n";
  }

 private:
  void process_instances(const io::Chunk& chunk, ChunkResult& result, AnswerWriter& answers) const {
    CardLineReader reader(chunk, kEulerCards);
    std::array<Card, 2 * kHandCards + kDecodeSlack> cards{};
    while (!reader.at_end()) {
      if (!reader.read_canonical_instance(layout_, cards.data())) {
        reader.begin_instance();
        if (!reader.read_line(2 * kHandCards, "players 1 and 2", cards.data())) {
          reader.finish_with_error(result);
          return;
        }
      }
      const std::size_t outcome = judge(cards);
      ++result.tally[outcome];
      if (!options_.summary) answers.add(kAnswers[outcome]);
      ++result.instances;
    }
  }

  // 0 if player 1 wins, 1 if player 2 does, 2 for a draw.
  static std::size_t judge(const std::array<Card, 2 * kHandCards + kDecodeSlack>& cards) {
    Hand first;
    Hand second;
    for (int i = 0; i < kHandCards; ++i) {
      first.add(cards[static_cast<std::size_t>(i)]);
      second.add(cards[static_cast<std::size_t>(kHandCards + i)]);
    }
    const HandValue a = first.evaluate();
    const HandValue b = second.evaluate();
    return a > b ? 0 : (b > a ? 1 : 2);
  }

  const EulerOptions options_;
  const CanonicalLayout layout_{std::vector<int>{2 * kHandCards}};
};

}  // namespace

std::unique_ptr<Format> make_euler_format(const EulerOptions& options) {
  return std::make_unique<EulerFormat>(options);
}

}  // namespace poker
